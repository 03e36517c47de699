import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BffSecrets {
  /** 32-byte key sealing the login transaction cookie. */
  transactionKey: Uint8Array;
  /** The built-in provider's client secret for our own web client. */
  clientSecret: string;
  /** Keys oidc-provider signs its cookies with. */
  providerCookieKeys: string[];
  /** Signs the unsubscribe links of job alert mails (api/job-alerts/unsubscribe-token.ts). */
  unsubscribeKey: string;
}

interface SecretsFile {
  sessionSecret: string;
  clientSecret: string;
  cookieKey: string;
}

const MIN_SECRET_LENGTH = 32;

/**
 * Secrets come from the environment (SESSION_SECRET, AUTH_CLIENT_SECRET) when set, which
 * several instances must share; otherwise they are generated once and kept in the data
 * directory, so a single embedded instance needs no configuration.
 */
export async function loadSecrets(env: Record<string, string | undefined>, dataDir: string): Promise<BffSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: SecretsFile | null = null;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as SecretsFile;
  } catch {
    stored = null;
  }
  if (!stored) {
    stored = {
      sessionSecret: randomBytes(32).toString('base64url'),
      clientSecret: randomBytes(32).toString('base64url'),
      cookieKey: randomBytes(32).toString('base64url'),
    };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored), { mode: 0o600 });
  }
  const sessionSecret = env.SESSION_SECRET?.trim() || stored.sessionSecret;
  if (sessionSecret.length < MIN_SECRET_LENGTH) throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  return {
    transactionKey: createHash('sha256').update(sessionSecret).digest(),
    clientSecret: env.AUTH_CLIENT_SECRET?.trim() || stored.clientSecret,
    providerCookieKeys: [createHash('sha256').update(`provider-cookies:${sessionSecret}`).digest('base64url'), stored.cookieKey],
    unsubscribeKey: createHash('sha256').update(`job-alert-unsubscribe:${sessionSecret}`).digest('base64url'),
  };
}
