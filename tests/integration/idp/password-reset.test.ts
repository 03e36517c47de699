import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { identityAccount } from '../../../src/server/db/schema';
import { verifyPassword } from '../../../src/server/crypto/password-hash';
import { startIdpServer, seedIdentityAccount, type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { linkIn, readOutbox, waitForMail } from '../../support/outbox';
import { Browser, parsePage, type PageResponse } from './browser';
import { buildAuthorization, discoverClient, isCallback, signIn, submitForm } from './relying-party';

// "Forgot your password?": the owner of an address takes the account back with a
// single-use, one-hour link; the request answers alike whether or not the address has an
// account; every session of the account ends (docs/security.md, "Confirmed before used").

describeEachDatabase('built-in identity provider: password reset', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;
  const ended: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startIdpServer(database.db, {
      passwordResetsPerHour: { perClient: 50, perAddress: 3 },
      endSessions: async (accountId) => {
        ended.push(accountId);
        return 1;
      },
    });
    config = await discoverClient(server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const resetUrl = () => new URL(`${server.issuer}/password-reset`);

  /** From the sign-in page's "Forgot your password?" link to the request form. */
  async function openRequestForm(browser = new Browser()): Promise<{ browser: Browser; page: PageResponse }> {
    const request = await buildAuthorization(config, server, {});
    const signInPage = await browser.follow(request.url, isCallback(server));
    const forgot = parsePage(signInPage.html).links.find((link) => link.text === 'Forgot your password?');
    expect(forgot?.href).toBe('/oidc/password-reset');
    const page = await browser.request(new URL(forgot!.href, signInPage.url));
    expect(page.status).toBe(200);
    expect(parsePage(page.html).title).toBe('Reset your password | Talentplace');
    return { browser, page };
  }

  async function askForLink(email: string) {
    const { browser, page } = await openRequestForm();
    return submitForm(browser, server, page, { email });
  }

  async function resetLinkFor(email: string) {
    await askForLink(email);
    const mail = await waitForMail(server.outboxDir, email, { subject: /^Choose a new password/ });
    return new URL(linkIn(mail, server.issuer));
  }

  async function chooseNewPassword(link: URL, password: string, browser = new Browser()) {
    const page = await browser.request(link);
    expect(page.status).toBe(200);
    // The form carries the link's token in a hidden field, as a browser would post it.
    const token = /name="token" value="([^"]+)"/.exec(page.html)?.[1];
    expect(token).toBe(link.searchParams.get('token'));
    return submitForm(browser, server, page, { token: token!, password });
  }

  it('answers the same whether or not the address has an account, and mails only the account', async () => {
    await seedIdentityAccount(database.db, { email: 'known@talentplace.test', roles: [] });
    const known = await askForLink('known@talentplace.test');
    const unknown = await askForLink('nobody@talentplace.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const normalise = (html: string) => html.replace(/(known|nobody)@talentplace\.test/g, 'EMAIL');
    expect(normalise(known.html)).toBe(normalise(unknown.html));
    expect(parsePage(known.html).title).toBe('Check your email | Talentplace');
    await waitForMail(server.outboxDir, 'known@talentplace.test', { subject: /^Choose a new password/ });
    expect(readOutbox(server.outboxDir).filter((mail) => mail.to === 'nobody@talentplace.test')).toEqual([]);
  });

  it('the link sets a new password once, ends every session of the account, and the old password stops working', async () => {
    const account = await seedIdentityAccount(database.db, { email: 'forgetful@talentplace.test', password: 'the old password', roles: [] });
    const before = await signIn(config, server, { email: account.email, password: 'the old password' });
    const link = await resetLinkFor(account.email);

    const done = await chooseNewPassword(link, 'the new password');
    expect(done.status).toBe(200);
    expect(parsePage(done.html).title).toBe('Password changed | Talentplace');
    expect(parsePage(done.html).links.find((item) => item.text === 'Sign in')?.href).toBe(`${server.origin}/sign-in`);
    expect(ended).toContain(account.id);
    // The provider's session and refresh token from before are gone.
    await expect(oidc.refreshTokenGrant(config, before.tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const expired = await before.browser.follow((await buildAuthorization(config, server, {})).url, isCallback(server));
    expect(parsePage(expired.html).title).toBe('Sign in | Talentplace');

    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, account.id));
    await expect(verifyPassword('the new password', row!.passwordHash)).resolves.toBe(true);
    await expect(signIn(config, server, { email: account.email, password: 'the old password' })).rejects.toThrow(/expected the callback/);
    await expect(signIn(config, server, { email: account.email, password: 'the new password' })).resolves.toBeTruthy();

    // Single use: the same link, opened or posted again, does nothing.
    const again = await new Browser().request(link);
    expect(again.status).toBe(400);
    expect(parsePage(again.html).title).toBe('This link does not work | Talentplace');
    const replay = await new Browser().request(resetUrl(), { form: { token: link.searchParams.get('token')!, password: 'a third password' }, headers: { origin: server.origin } });
    expect(replay.status).toBe(400);
  });

  it('lets the owner of an address take back an account someone else signed up with and never confirmed', async () => {
    // Someone signs up with an address they do not own and never confirms it: the address's
    // owner sets a password of their own through the reset link, and the squatter's is gone.
    const browser = new Browser();
    const request = await buildAuthorization(config, server, { prompt: 'create' });
    const form = await browser.follow(request.url, isCallback(server));
    await submitForm(browser, server, form, { name: 'Squatter', email: 'owner-of-address@talentplace.test', password: 'squatter password' });
    const link = await resetLinkFor('owner-of-address@talentplace.test');
    expect((await chooseNewPassword(link, 'owner password here')).status).toBe(200);
    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.email, 'owner-of-address@talentplace.test'));
    expect(row?.emailVerified).toBe(true);
    await expect(signIn(config, server, { email: 'owner-of-address@talentplace.test', password: 'owner password here' })).resolves.toBeTruthy();
    await expect(signIn(config, server, { email: 'owner-of-address@talentplace.test', password: 'squatter password' })).rejects.toThrow();
  });

  it('keeps the link usable when the new password is refused, saying why', async () => {
    const account = await seedIdentityAccount(database.db, { email: 'short@talentplace.test', roles: [] });
    const link = await resetLinkFor(account.email);
    const refused = await chooseNewPassword(link, 'short');
    expect(refused.status).toBe(400);
    expect(parsePage(refused.html).fields[0]?.descriptions).toContain('Password must be at least 10 characters.');
    expect(refused.html).not.toContain('value="short"');
    expect((await chooseNewPassword(link, 'long enough now')).status).toBe(200);
  });

  it('refuses a forged, altered or expired link, and an address that is not one', async () => {
    for (const bad of ['abc.def', 'x', `${'a'.repeat(40)}.${'b'.repeat(43)}`]) {
      const link = resetUrl();
      link.searchParams.set('token', bad);
      const answer = await new Browser().request(link);
      expect(answer.status, bad).toBe(400);
      expect(parsePage(answer.html).links.find((item) => item.text === 'Ask for a new link')?.href).toBe('/oidc/password-reset');
    }
    const { browser, page } = await openRequestForm();
    const invalid = await submitForm(browser, server, page, { email: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect(parsePage(invalid.html).fields[0]).toMatchObject({ value: 'not-an-address', descriptions: ['Enter a valid email address, like name@example.com.'] });
  });

  it('refuses a form posted from another origin', async () => {
    const answer = await new Browser().request(resetUrl(), { form: { email: 'known@talentplace.test' }, headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
  });

  it('throttles requests per address asked for, so nobody floods a mailbox, with the same answer for unknown addresses', async () => {
    for (const email of ['flooded@talentplace.test', 'unknown-flooded@talentplace.test']) {
      if (email === 'flooded@talentplace.test') await seedIdentityAccount(database.db, { email, roles: [] });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await askForLink(email)).status);
      expect(statuses, email).toEqual([200, 200, 200, 429]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readOutbox(server.outboxDir).filter((mail) => mail.to === 'flooded@talentplace.test')).toHaveLength(3);
  });

  it('throttles requests per client address', async () => {
    const limited = await startIdpServer(database.db, { passwordResetsPerHour: { perClient: 2, perAddress: 10 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const answer = await new Browser().request(new URL(`${limited.issuer}/password-reset`), { form: { email: `client-${i}@talentplace.test` }, headers: { origin: limited.origin } });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
