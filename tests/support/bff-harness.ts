import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createApi } from '../../src/server/api/yoga';
import { createApiCaller } from '../../src/server/bff/api-caller';
import { createBff, type Bff } from '../../src/server/bff/bff';
import { createFileSessionStore } from '../../src/server/bff/file-session-store';
import { createOidcClient } from '../../src/server/bff/oidc-client';
import type { SessionStore } from '../../src/server/bff/session-record';
import { createSessionManager, type LoadedSession } from '../../src/server/bff/sessions';
import type { Database } from '../../src/server/db/client';
import { Browser } from '../integration/idp/browser';
import { isCallback, passSignIn } from '../integration/idp/relying-party';
import { seedIdentityAccount, startIdpServer, TEST_ROLES_CLAIM, type IdpTestServer, type SeededAccount } from './idp-server';
import type { FaultProxy } from './fault-proxy';
import { openTestDatabase } from './test-database';
import type { Language } from '../../src/lib/i18n/namespaces';

/**
 * The BFF in-process with the real built-in provider over HTTP, the real API verifying
 * its tokens and a file session store: what the product wires up, minus Astro.
 */
export interface BffHarness {
  database: Database;
  idp: IdpTestServer;
  store: SessionStore;
  account: SeededAccount;
  bff: Bff;
  /** A second BFF on the same session store and provider: another instance of the product. */
  anotherInstance(): Bff;
  logs: string[];
  /** Signs in through the BFF and the provider's own form, as the harness's account unless another is given. */
  signIn(returnTo?: string | null, as?: SeededAccount, language?: Language): Promise<{ session: LoadedSession; browser: Browser; location: string }>;
  close(): Promise<void>;
}

export function cookieValue(setCookies: string[], name: string): string | undefined {
  const cookie = setCookies.find((candidate) => candidate.startsWith(`${name}=`));
  return cookie ? decodeURIComponent(cookie.slice(name.length + 1).split(';')[0]!) : undefined;
}

/**
 * `idpBehind`: the provider is reached only through this proxy (its issuer is the
 * proxy's address), so a test can stop and start it (checklist H42).
 */
export async function startBffHarness(options: { idpBehind?: FaultProxy } = {}): Promise<BffHarness> {
  const database = await openTestDatabase('pglite');
  const proxy = options.idpBehind;
  const idp = await startIdpServer(database.db, proxy ? { issuer: `http://${proxy.host}:${proxy.port}/oidc` } : {});
  if (proxy) proxy.target = { host: '127.0.0.1', port: idp.port };
  const { issuer } = idp;
  const account = await seedIdentityAccount(database.db, { roles: [] });
  const sessionDir = await mkdtemp(path.join(tmpdir(), 'tp-sessions-'));
  const store = await createFileSessionStore(sessionDir);
  const logs: string[] = [];
  const auth = {
    builtIn: false,
    issuer,
    clientId: idp.client.clientId,
    clientSecret: idp.client.clientSecret,
    audience: idp.audience,
    rolesClaim: TEST_ROLES_CLAIM,
    adminRole: 'super:admin',
    impersonateRole: 'super:impersonate',
    extraScopes: [],
    refreshTokens: true,
    organization: null,
    maxAgeSeconds: null,
    signUpsPerHour: 20,
  };
  const sessions = createSessionManager(store, { idleSeconds: 3600, absoluteSeconds: 86_400, cookieName: 'tp-session', secure: false });
  const api = createApi({
    db: database.db,
    path: '/graphql',
    production: false,
    auth: { issuer, audience: idp.audience, rolesClaim: TEST_ROLES_CLAIM, adminRole: 'super:admin', impersonateRole: 'super:impersonate' },
    // As services.ts wires it: an admin's block ends the user's sessions in this store.
    userSessions: { endAll: (externalId) => sessions.endUserSessions(externalId) },
  });
  // One BFF per instance of the product: each has its own in-process state, all share the store.
  const newInstance = () =>
    createBff({
      sessions: createSessionManager(store, { idleSeconds: 3600, absoluteSeconds: 86_400, cookieName: 'tp-session', secure: false }),
      oidc: createOidcClient({ auth, clientSecret: idp.client.clientSecret, redirectUri: idp.client.redirectUri, postLogoutRedirectUri: idp.client.postLogoutRedirectUri }),
      callApi: createApiCaller({ api, url: null, path: '/graphql' }),
      transactionKey: new Uint8Array(32).fill(7),
      transactionCookieName: 'tp-login',
      secureCookies: false,
      log: (message) => logs.push(message),
    });
  const bff = newInstance();

  return {
    database,
    idp,
    store,
    account,
    bff,
    anotherInstance: newInstance,
    logs,
    async signIn(returnTo = '/talent/dashboard', as = account, language: Language = 'en') {
      const start = await bff.startLogin(returnTo, false, language);
      const browser = new Browser();
      const page = await browser.follow(new URL(start.location), isCallback(idp));
      const callback = await passSignIn(browser, idp, page, as);
      expect(isCallback(idp)(callback.url)).toBe(true);
      const done = await bff.completeLogin(callback.url, cookieValue(start.setCookies, 'tp-login'), undefined);
      const session = await bff.loadSession(cookieValue(done.setCookies, 'tp-session'), { touch: true });
      expect(session?.record.tokens.refreshToken).toBeTruthy();
      return { session: session!, browser, location: done.location };
    },
    async close() {
      await store.close();
      await idp.close();
      await database.close();
      await rm(sessionDir, { recursive: true, force: true });
    },
  };
}
