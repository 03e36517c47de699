import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { user } from '../../../src/server/db/schema';
import { seedIdentityAccount, startIdpServer, type IdpTestServer, type SeededAccount } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { Browser, parsePage } from './browser';
import { buildAuthorization, discoverClient, isCallback, signIn, submitForm } from './relying-party';

// A user an admin blocked cannot sign in at the built-in provider, and is told
// why; what they already hold there (the provider's session, refresh tokens) stops working.
describeEachDatabase('built-in identity provider: a blocked account', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;
  let account: SeededAccount;

  const setStatus = (status: 'active' | 'blocked') => database.db.update(user).set({ status }).where(eq(user.externalId, account.id));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startIdpServer(database.db);
    config = await discoverClient(server);
    account = await seedIdentityAccount(database.db, { email: 'blocked@talentplace.test', roles: [] });
    // The API's user row for this subject, as the first call of the product made it.
    await database.db.insert(user).values({ externalId: account.id, email: account.email });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('refuses the right password with a clear message (403), and keeps the wrong-password answer for a wrong one', async () => {
    await setStatus('blocked');
    const browser = new Browser();
    const request = await buildAuthorization(config, server);
    const page = await browser.follow(request.url, isCallback(server));
    const refused = await submitForm(browser, server, page, { email: account.email, password: account.password });
    expect(refused.status).toBe(403);
    expect(isCallback(server)(refused.url)).toBe(false);
    expect(parsePage(refused.html).alerts).toEqual([
      'This account has been blocked by the Talentplace team, so it cannot sign in. If you think this is a mistake, write to the Talentplace team.',
    ]);
    expect(server.logs.some((line) => line.startsWith('idp: sign-in refused, the account is blocked'))).toBe(true);
    // Without the password nothing says the account exists, let alone that it is blocked.
    const wrong = await submitForm(browser, server, page, { email: account.email, password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(parsePage(wrong.html).alerts).toEqual(['Wrong email or password.']);
    await setStatus('active');
  });

  it("stops what the account already held: its provider session asks to sign in again, its refresh token is refused", async () => {
    const { browser, tokens } = await signIn(config, server, account);
    await setStatus('blocked');
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The provider's own session cookie no longer signs in silently: the sign-in form shows.
    const again = await buildAuthorization(config, server);
    const page = await browser.follow(again.url, isCallback(server));
    expect(isCallback(server)(page.url)).toBe(false);
    expect(page.url.pathname).toMatch(/^\/oidc\/interaction\//);
    await setStatus('active');
  });

  it('lets the account in again once unblocked', async () => {
    const { tokens } = await signIn(config, server, account);
    expect(tokens.claims()?.sub).toBe(account.id);
  });
});
