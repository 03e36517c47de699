import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../src/server/crypto/secret-box';

describe('stored secrets: sealed with AES-256-GCM, bound to their row', () => {
  const box = createSecretBox(randomBytes(32));
  const ROW = '9d0e7c1a-0000-4000-8000-000000000001';

  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    const sealed = box.seal('client-secret-value', ROW);
    expect(sealed).not.toContain('client-secret-value');
    expect(box.seal('client-secret-value', ROW)).not.toBe(sealed);
    expect(box.open(sealed, ROW)).toBe('client-secret-value');
  });

  it('does not open it for another row, under another key, or altered', () => {
    const sealed = box.seal('client-secret-value', ROW);
    expect(box.open(sealed, 'another-row')).toBeNull();
    expect(createSecretBox(randomBytes(32)).open(sealed, ROW)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(box.open(parts.join('.'), ROW)).toBeNull();
  });
});
