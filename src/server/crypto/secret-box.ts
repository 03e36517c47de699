import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets the product keeps for others (a company's identity provider client secret),
// encrypted at rest: AES-256-GCM under a 32-byte key, bound to the row they belong to (the
// additional data), so a sealed value copied onto another row does not open. Sealed text
// is `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url): the key id says which key sealed
// it, so a value sealed under a key no longer configured is reported as such, not garbled.

const VERSION = 'v1';

export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  /** The plaintext, or null when the value was sealed under another key, for another row, or altered. */
  open(sealed: string, boundTo: string): string | null;
}

const keyIdOf = (key: Uint8Array) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('The stored-secrets key must be 32 bytes');
  const keyId = keyIdOf(key);
  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, boundTo) {
      const [version, sealedKeyId, iv, ciphertext, tag] = sealed.split('.');
      if (version !== VERSION || sealedKeyId !== keyId || iv === undefined || ciphertext === undefined || tag === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
