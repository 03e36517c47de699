import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
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
  /**
   * 32 bytes sealing the secrets kept for companies (crypto/secret-box.ts): from
   * STORED_SECRETS_KEY when set, else derived from the session secret. Changing it makes
   * what it sealed unreadable: those secrets must then be entered again.
   */
  storedSecretsKey: Uint8Array;
  /** Signs the reply addresses of message mails (api/messages/reply-address.ts). */
  messageReplyKey: string;
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
async function readStored(file: string): Promise<SecretsFile | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SecretsFile;
  } catch {
    return null;
  }
}

/**
 * Instances sharing one data directory may start at the same moment: the file is written
 * whole under a name of its own, then linked into place only if it is still absent, so the
 * first one wins and every instance reads that one (never a half-written file, never two
 * instances each keeping the secret it generated).
 */
async function storeOnce(file: string, secrets: SecretsFile): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, JSON.stringify(secrets), { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/** STORED_SECRETS_KEY (at least 32 characters) when set: kept apart so that the session secret can rotate alone. */
function storedSecretsSource(env: Record<string, string | undefined>, sessionSecret: string): string {
  const configured = env.STORED_SECRETS_KEY?.trim();
  if (!configured) return `stored-secrets:${sessionSecret}`;
  if (configured.length < MIN_SECRET_LENGTH) throw new Error(`STORED_SECRETS_KEY must be at least ${MIN_SECRET_LENGTH} characters`);
  return `stored-secrets:${configured}`;
}

export async function loadSecrets(env: Record<string, string | undefined>, dataDir: string): Promise<BffSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored = await readStored(file);
  if (!stored) {
    await mkdir(dataDir, { recursive: true });
    await storeOnce(file, {
      sessionSecret: randomBytes(32).toString('base64url'),
      clientSecret: randomBytes(32).toString('base64url'),
      cookieKey: randomBytes(32).toString('base64url'),
    });
    stored = await readStored(file);
    if (!stored) throw new Error(`The generated secrets could not be read back from ${file}`);
  }
  const sessionSecret = env.SESSION_SECRET?.trim() || stored.sessionSecret;
  if (sessionSecret.length < MIN_SECRET_LENGTH) throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  return {
    transactionKey: createHash('sha256').update(sessionSecret).digest(),
    clientSecret: env.AUTH_CLIENT_SECRET?.trim() || stored.clientSecret,
    providerCookieKeys: [createHash('sha256').update(`provider-cookies:${sessionSecret}`).digest('base64url'), stored.cookieKey],
    unsubscribeKey: createHash('sha256').update(`job-alert-unsubscribe:${sessionSecret}`).digest('base64url'),
    storedSecretsKey: createHash('sha256').update(storedSecretsSource(env, sessionSecret)).digest(),
    messageReplyKey: createHash('sha256').update(`message-reply:${sessionSecret}`).digest('base64url'),
  };
}
