import { describe, expect, it } from 'vitest';
import { isNewVersionAvailable, VERSION_CHECK_INTERVAL_MS } from '../../../src/lib/notifications/version-check';

describe('version check', () => {
  it('checks every 60 seconds', () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(60_000);
  });

  it('reports a new version when the home page no longer contains the running build id', () => {
    expect(isNewVersionAvailable('<meta name="build-id" content="b2">', 'b1')).toBe(true);
    expect(isNewVersionAvailable('<meta name="build-id" content="b1">', 'b1')).toBe(false);
  });

  it('never reports without a build id to compare', () => {
    expect(isNewVersionAvailable('<html></html>', '')).toBe(false);
  });
});
