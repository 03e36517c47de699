import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { identityAccount } from '../../../src/server/db/schema';
import { verifyPassword } from '../../../src/server/crypto/password-hash';
import { FAILURES_BEFORE_BACKOFF } from '../../../src/server/idp/login-throttle';
import { startIdpServer, seedIdentityAccount, type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { Browser, parsePage } from './browser';
import { discoverClient, signIn, submitForm } from './relying-party';

// "Change password" from the account page: the provider's own session names the account,
// the current password is checked and throttled like a sign-in, and a new password ends
// every session of the account (docs/security.md, "Confirmed before used").

describeEachDatabase('built-in identity provider: password change', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;
  const ended: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startIdpServer(database.db, { endSessions: async (accountId) => (ended.push(accountId), 1) });
    config = await discoverClient(server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const changeUrl = () => new URL(`${server.issuer}/password-change`);

  async function signedInBrowser(password = 'the old password') {
    const account = await seedIdentityAccount(database.db, { password, roles: [] });
    const { browser, tokens } = await signIn(config, server, { email: account.email, password });
    return { account, browser, tokens };
  }

  it('asks for the current and the new password, and a new one ends every session of the account', async () => {
    const { account, browser, tokens } = await signedInBrowser();
    const page = await browser.request(changeUrl());
    expect(page.status).toBe(200);
    const parsed = parsePage(page.html);
    expect(parsed.title).toBe('Change your password | Talentplace');
    expect(parsed.fields.map((field) => [field.label, field.type, field.autocomplete])).toEqual([
      ['Current password', 'password', 'current-password'],
      ['New password', 'password', 'new-password'],
    ]);

    const done = await submitForm(browser, server, page, { current: 'the old password', password: 'the new password' });
    expect(done.status).toBe(200);
    expect(parsePage(done.html).title).toBe('Password changed | Talentplace');
    expect(ended).toContain(account.id);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, account.id));
    await expect(verifyPassword('the new password', row!.passwordHash)).resolves.toBe(true);
    // The provider session it was changed in has ended as well.
    expect((await browser.request(changeUrl())).status).toBe(401);
  });

  it('refuses a wrong current password and a new one that breaks the rules, saying which field, never echoing a password', async () => {
    const { browser } = await signedInBrowser();
    const page = await browser.request(changeUrl());
    const wrong = await submitForm(browser, server, page, { current: 'not it at all', password: 'the new password' });
    expect(wrong.status).toBe(400);
    expect(parsePage(wrong.html).fields[0]?.descriptions).toEqual(['This is not your current password.']);
    const short = await submitForm(browser, server, page, { current: 'the old password', password: 'short' });
    expect(short.status).toBe(400);
    expect(parsePage(short.html).fields[1]?.descriptions).toContain('Password must be at least 10 characters.');
    expect(wrong.html + short.html).not.toMatch(/not it at all|the old password|value="short"/);
  });

  it('throttles guesses of the current password like sign-ins', async () => {
    const { browser } = await signedInBrowser();
    const page = await browser.request(changeUrl());
    const statuses = [];
    for (let i = 0; i <= FAILURES_BEFORE_BACKOFF; i++) statuses.push((await submitForm(browser, server, page, { current: `guess number ${i}`, password: 'the new password' })).status);
    expect(statuses.at(-1)).toBe(429);
    // Even the right password waits now.
    expect((await submitForm(browser, server, page, { current: 'the old password', password: 'the new password' })).status).toBe(429);
  });

  it('without a provider session, sends the user to sign in first; a foreign origin is refused', async () => {
    const anonymous = await new Browser().request(changeUrl());
    expect(anonymous.status).toBe(401);
    expect(parsePage(anonymous.html).title).toBe('Sign in again first | Talentplace');
    const forged = await new Browser().request(changeUrl(), { form: { current: 'x', password: 'the new password' }, headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
  });
});
