import { describe, expect, it } from 'vitest';
import { currentRequestId, inRequest, requestIdOf } from '../../../src/server/logging/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request id rule', () => {
  it('keeps the id of a trusted balancer, and only then', () => {
    expect(requestIdOf('lb-7f3a:42', true)).toBe('lb-7f3a:42');
    expect(requestIdOf(['first', 'second'], true)).toBe('first');
    expect(requestIdOf('lb-7f3a:42', false)).toMatch(UUID);
  });

  it('makes a new id for a missing one, and for one that could forge a log line', () => {
    expect(requestIdOf(undefined, true)).toMatch(UUID);
    expect(requestIdOf('', true)).toMatch(UUID);
    expect(requestIdOf('a"}\n{"level":60,"msg":"forged', true)).toMatch(UUID);
    expect(requestIdOf('x'.repeat(129), true)).toMatch(UUID);
    expect(requestIdOf('two words', true)).toMatch(UUID);
  });

  it('holds the id for everything the request runs, and none outside', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await inRequest('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [currentRequestId(), await inRequest('req-2', async () => currentRequestId())];
    });
    expect(seen).toEqual(['req-1', 'req-2']);
    expect(currentRequestId()).toBeUndefined();
  });
});
