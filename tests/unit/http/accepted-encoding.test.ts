import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../../src/server/http/guest-page-cache';

describe('the encoding a kept page is sent in (Accept-Encoding and its q-values, RFC 9110)', () => {
  it('prefers Brotli, then gzip, then the page as it is', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBe('identity');
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding('')).toBe('identity');
  });

  it('never picks a coding refused with q=0, and reads the wildcard', () => {
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('BR;Q=0, GZIP')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBe('identity');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity, *;q=0.1')).toBe('br');
    expect(acceptedEncoding('br;q=0, *')).toBe('gzip');
  });
});
