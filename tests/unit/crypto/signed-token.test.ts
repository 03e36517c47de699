import { describe, expect, it } from 'vitest';
import { decodeCanonicalBase64url, hasValidSignature, signPayload } from '../../../src/server/crypto/signed-token';

// Signed tokens are taken only as they were made: Node's base64url decoder ignores the spare
// bits of the last character, so without this rule a link whose signature ended in another
// character of the same bits verified too (a confirmation link test met one by chance).

describe('signed tokens', () => {
  const key = 'k'.repeat(40);
  const signature = signPayload(key, 'test:purpose', 'payload');

  it('accepts the signature as made, for its purpose and key only', () => {
    expect(hasValidSignature([key], 'test:purpose', 'payload', signature)).toBe(true);
    expect(hasValidSignature([key], 'other:purpose', 'payload', signature)).toBe(false);
    expect(hasValidSignature(['x'.repeat(40)], 'test:purpose', 'payload', signature)).toBe(false);
  });

  it('refuses a signature written another way that decodes to the same bytes (its last character changed in the spare bits, or padded)', () => {
    // 32 bytes are 43 characters: the last one carries 4 bits and 2 spare ones.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const index = alphabet.indexOf(last);
    const sibling = alphabet[(index & ~3) | ((index + 1) & 3)]!;
    const altered = `${signature.slice(0, -1)}${sibling}`;
    expect(Buffer.from(altered, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(hasValidSignature([key], 'test:purpose', 'payload', altered)).toBe(false);
    expect(hasValidSignature([key], 'test:purpose', 'payload', `${signature}=`)).toBe(false);
    expect(decodeCanonicalBase64url('abd')).toBeNull();
    expect(decodeCanonicalBase64url('YWJj')?.toString()).toBe('abc');
  });
});
