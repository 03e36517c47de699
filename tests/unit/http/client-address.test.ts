import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../../src/lib/http/client-address';

describe('client address behind trusted proxies (sign-in and sign-up limits count per client)', () => {
  it('without a trusted proxy the socket address is the client, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.4', 0)).toBe('198.51.100.4');
  });

  it('behind one proxy the address it appended is the client, not the proxy shared by everyone', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
  });

  it('an address the client forged in X-Forwarded-For is never taken: only what trusted proxies appended counts', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddress(['6.6.6.6', '203.0.113.9, 10.0.0.1'], '10.0.0.2', 2)).toBe('203.0.113.9');
  });

  it('a request reaching the instance around the proxy (no header) counts as its socket address', () => {
    expect(clientAddress(undefined, '198.51.100.4', 1)).toBe('198.51.100.4');
    expect(clientAddress('', '198.51.100.4', 3)).toBe('198.51.100.4');
  });
});
