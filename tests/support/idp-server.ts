import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOutboxMailer } from '../../src/server/mail/outbox-mailer';
import type { AppDatabase } from '../../src/server/db/client';
import { identityAccount } from '../../src/server/db/schema';
import { createIdentityProvider, type IdentityProvider, type IdentityProviderOptions } from '../../src/server/idp/identity-provider';
import { hashPassword } from '../../src/server/crypto/password-hash';
import { DEFAULT_SECOND_FACTOR_ROLES } from '../../src/server/idp/identity-provider';
import { newTotpSecret, requiresSecondFactor } from '../../src/server/idp/second-factor';

/**
 * The built-in identity provider on a real HTTP server on loopback, mounted at /oidc as
 * in the product. The issuer needs the port, so the server listens first and the
 * provider is created afterwards.
 */
export interface IdpTestServer {
  /** Where browsers reach the provider: its own address, or the issuer's given in overrides (a proxy in front). */
  origin: string;
  /** The port the provider listens on (what a proxy in front forwards to). */
  port: number;
  issuer: string;
  audience: string;
  rolesClaim: string;
  client: {
    clientId: string;
    clientSecret: string;
    /** Registered; nothing listens there (tests stop at the redirect). */
    redirectUri: string;
    postLogoutRedirectUri: string;
  };
  /** A second registered redirect URI with an https scheme, for the variant tests. */
  httpsRedirectUri: string;
  identity: IdentityProvider;
  /** What the provider logged. */
  logs: string[];
  /** The folder the provider's mails are written to (the product's outbox mailer). */
  outboxDir: string;
  /** Every request the provider received, as "METHOD /path". */
  requests: string[];
  /** Holds every token request this long before the provider sees it (a slow provider). */
  delayTokenRequests(ms: number): void;
  /** Serves the app's back-channel logout endpoint (registered for the client) on this origin. */
  serveBackchannelLogout(handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

const BACKCHANNEL_LOGOUT_PATH = '/auth/backchannel-logout';

export const TEST_ROLES_CLAIM = 'https://talentplace.app/roles';

export async function startIdpServer(db: AppDatabase, overrides: Partial<IdentityProviderOptions> = {}): Promise<IdpTestServer> {
  let identity: IdentityProvider | null = null;
  const requests: string[] = [];
  let backchannelLogout: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  let tokenDelayMs = 0;
  const server: Server = createServer(async (req, res) => {
    requests.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
    if (tokenDelayMs > 0 && req.method === 'POST' && req.url === '/oidc/token') await new Promise((resolve) => setTimeout(resolve, tokenDelayMs));
    if (backchannelLogout && req.url === BACKCHANNEL_LOGOUT_PATH) {
      backchannelLogout(req, res);
      return;
    }
    if (identity && req.url?.startsWith('/oidc')) {
      identity.handle(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/oidc`;
  const client = {
    clientId: 'talentplace-web',
    clientSecret: randomBytes(32).toString('base64url'),
    redirectUri: `${origin}/auth/callback`,
    postLogoutRedirectUri: `${origin}/`,
  };
  const httpsRedirectUri = 'https://app.talentplace.test/auth/callback';
  const logs: string[] = [];
  const audience = `${origin}/graphql`;
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'talentplace-outbox-'));
  try {
    identity = await createIdentityProvider({
      db,
      issuer,
      clients: [
        {
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          redirectUris: [client.redirectUri, httpsRedirectUri],
          postLogoutRedirectUris: [client.postLogoutRedirectUri],
          backchannelLogoutUri: `${origin}${BACKCHANNEL_LOGOUT_PATH}`,
        },
      ],
      audience,
      rolesClaim: TEST_ROLES_CLAIM,
      cookieKeys: [randomBytes(32).toString('base64url')],
      productName: 'Talentplace',
      secureCookies: false,
      mailer: createOutboxMailer({ directory: outboxDir, from: 'Talentplace <no-reply@talentplace.test>', log: (message) => logs.push(message) }),
      signInUrl: `${origin}/sign-in`,
      log: (message) => logs.push(message),
      ...overrides,
    });
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  const started = identity;
  return {
    origin: overrides.issuer ? new URL(overrides.issuer).origin : origin,
    port: (server.address() as AddressInfo).port,
    issuer: overrides.issuer ?? issuer,
    audience,
    rolesClaim: TEST_ROLES_CLAIM,
    client,
    httpsRedirectUri,
    identity: started,
    logs,
    outboxDir,
    requests,
    delayTokenRequests: (ms) => {
      tokenDelayMs = ms;
    },
    serveBackchannelLogout: (handler) => {
      backchannelLogout = handler;
    },
    async close() {
      await started.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface SeededAccount {
  id: string;
  email: string;
  password: string;
  name: string;
  roles: string[];
  /** The second factor's secret (base32), or null for an account without one. */
  totpSecret: string | null;
}

/** A password account of the built-in provider, written straight into the database. */
export async function seedIdentityAccount(db: AppDatabase, account: Partial<Omit<SeededAccount, 'id'>> = {}): Promise<SeededAccount> {
  const seeded = {
    email: account.email ?? `user-${randomBytes(4).toString('hex')}@talentplace.test`,
    password: account.password ?? 'correct horse battery',
    name: account.name ?? 'Ada Lovelace',
    roles: account.roles ?? [],
  };
  // An admin or support account signs in with a second factor: seeded with one unless told otherwise.
  const totpSecret = account.totpSecret !== undefined ? account.totpSecret : requiresSecondFactor(seeded.roles, DEFAULT_SECOND_FACTOR_ROLES) ? newTotpSecret() : null;
  const [row] = await db
    .insert(identityAccount)
    .values({
      email: seeded.email,
      name: seeded.name,
      roles: seeded.roles,
      emailVerified: true,
      passwordHash: await hashPassword(seeded.password),
      ...(totpSecret ? { totpSecret, totpEnabledAt: new Date() } : {}),
    })
    .returning({ id: identityAccount.id });
  if (!row) throw new Error('the seeded account was not returned');
  return { id: row.id, ...seeded, totpSecret };
}
