import { eq } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { identityAccount } from '../../../src/server/db/schema';
import { startIdpServer, seedIdentityAccount, type IdpTestServer, type SeededAccount } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { Browser, parsePage, type PageResponse } from './browser';
import { buildAuthorization, discoverClient, isCallback, redeem, submitForm } from './relying-party';

describeEachDatabase('built-in identity provider: the sign-in form', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;
  let account: SeededAccount;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startIdpServer(database.db);
    config = await discoverClient(server);
    account = await seedIdentityAccount(database.db, { email: 'grace@talentplace.test', name: 'Grace Hopper', roles: ['talent'] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  async function openSignIn(parameters: Record<string, string> = {}) {
    const browser = new Browser();
    const request = await buildAuthorization(config, server, parameters);
    const page = await browser.follow(request.url, isCallback(server));
    expect(page.status).toBe(200);
    return { browser, request, page };
  }

  const post = (browser: Browser, page: PageResponse, fields: Record<string, string>) => submitForm(browser, server, page, fields);

  it('shows exactly the contract fields: Email, Password and a Sign in button, accessible and in the product look', async () => {
    const { page } = await openSignIn();
    expect(page.url.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const parsed = parsePage(page.html);
    expect(parsed.title).toBe('Sign in | Talentplace');
    expect(parsed.lang).toBe('en');
    expect(parsed.unboundLabels).toEqual([]);
    expect(parsed.fields.map((field) => field.label)).toEqual(['Email', 'Password']);
    expect(parsed.fields.map((field) => [field.name, field.type, field.autocomplete, field.autofocus])).toEqual([
      ['email', 'email', 'username', true],
      ['password', 'password', 'current-password', false],
    ]);
    expect(parsed.buttons).toEqual(['Sign in', 'Cancel']);
    expect(parsed.links.find((link) => link.text === 'Create an account')?.href).toMatch(/\?screen=signup$/);
    expect(page.html).toContain('#0A73E0');
    expect(page.html).toContain('#f9fafb');
    expect(page.html).toContain('font:12px/1.5 system-ui');
  });

  it('says "Wrong email or password." for a wrong password and keeps the email, never the password', async () => {
    const { browser, page } = await openSignIn();
    const answer = await post(browser, page, { email: account.email, password: 'not the password' });
    expect(answer.status).toBe(400);
    const parsed = parsePage(answer.html);
    expect(parsed.alerts).toEqual(['Wrong email or password.']);
    const [email, password] = parsed.fields;
    expect(email).toMatchObject({ label: 'Email', value: account.email, invalid: true, descriptions: ['Wrong email or password.'] });
    expect(password).toMatchObject({ label: 'Password', value: undefined, descriptions: ['Wrong email or password.'] });
    expect(answer.html).not.toContain('not the password');
  });

  it('says the same for an e-mail without an account', async () => {
    const { browser, page } = await openSignIn();
    const answer = await post(browser, page, { email: 'nobody@talentplace.test', password: 'whatever it is' });
    expect(answer.status).toBe(400);
    expect(parsePage(answer.html).alerts).toEqual(['Wrong email or password.']);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const { browser, page, request } = await openSignIn();
    const callback = await post(browser, page, { email: `  ${account.email.toUpperCase()} `, password: account.password });
    expect(isCallback(server)(callback.url)).toBe(true);
    const tokens = await redeem(config, request, callback.url);
    expect(tokens.claims()?.sub).toBe(account.id);
  });

  it('locks an account after 5 wrong passwords, refuses even the right one, and lets it in once the lock has passed', async () => {
    const victim = await seedIdentityAccount(database.db, { email: 'locked@talentplace.test' });
    const { browser, page, request } = await openSignIn();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await post(browser, page, { email: victim.email, password: `wrong ${attempt}` });
      expect(parsePage(answer.html).alerts).toEqual(['Wrong email or password.']);
    }
    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, victim.id));
    expect(row?.failedLoginCount).toBe(5);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());

    const refused = await post(browser, page, { email: victim.email, password: victim.password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(parsePage(refused.html).alerts[0]).toMatch(/^Too many attempts\. Try again in 1 minute\.$/);

    await database.db.update(identityAccount).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(identityAccount.id, victim.id));
    const callback = await post(browser, page, { email: victim.email, password: victim.password });
    expect(isCallback(server)(callback.url)).toBe(true);
    expect((await redeem(config, request, callback.url)).claims()?.sub).toBe(victim.id);
    const [reset] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, victim.id));
    expect(reset).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('locks for longer after every further failure', async () => {
    const victim = await seedIdentityAccount(database.db, { email: 'longer@talentplace.test' });
    await database.db.update(identityAccount).set({ failedLoginCount: 6 }).where(eq(identityAccount.id, victim.id));
    const { browser, page } = await openSignIn();
    await post(browser, page, { email: victim.email, password: 'wrong again' });
    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, victim.id));
    // 7 failures: 1 minute doubled twice.
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(3.9 * 60_000);
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(4 * 60_000);
  });

  it('shows "Too many attempts" for an unknown e-mail too, so a lock does not tell which accounts exist', async () => {
    const { browser, page } = await openSignIn();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await post(browser, page, { email: 'ghost@talentplace.test', password: `wrong ${attempt}` });
      expect(parsePage(answer.html).alerts).toEqual(['Wrong email or password.']);
    }
    const refused = await post(browser, page, { email: 'ghost@talentplace.test', password: 'anything at all' });
    expect(refused.status).toBe(429);
    expect(parsePage(refused.html).alerts[0]).toMatch(/^Too many attempts/);
  });

  it('refuses a form posted from another origin', async () => {
    const { browser, page } = await openSignIn();
    const action = new URL(parsePage(page.html).forms[0]!.action!, page.url);
    const forged = await browser.request(action, {
      form: { email: account.email, password: account.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    const nullOrigin = await browser.request(action, { form: { email: account.email, password: account.password }, headers: { origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
  });

  it('refuses a post without the interaction cookie, or for another interaction', async () => {
    const { page } = await openSignIn();
    const action = new URL(parsePage(page.html).forms[0]!.action!, page.url);
    const stranger = new Browser();
    const withoutCookie = await stranger.request(action, { form: { email: account.email, password: account.password } });
    expect(withoutCookie.status).toBe(400);
    expect(parsePage(withoutCookie.html).title).toBe('This page has expired | Talentplace');

    const { browser } = await openSignIn();
    const crossed = await browser.request(action, { form: { email: account.email, password: account.password } });
    expect(crossed.status).toBe(400);
    expect(crossed.headers.get('location')).toBeNull();
  });

  it('refuses bodies over 10 kB and bodies that are not forms', async () => {
    const { browser, page } = await openSignIn();
    const action = new URL(parsePage(page.html).forms[0]!.action!, page.url);
    const large = await browser.request(action, { form: { email: account.email, password: 'x'.repeat(11 * 1024) } });
    expect(large.status).toBe(413);
    const json = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser.jar.header(action) },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(json.status).toBe(415);
  });

  it('escapes what it echoes', async () => {
    const { browser, page } = await openSignIn();
    const answer = await post(browser, page, { email: '"><script>alert(1)</script>', password: 'whatever it is' });
    expect(answer.html).not.toContain('<script>alert(1)</script>');
    expect(parsePage(answer.html).fields[0]?.value).toBe('"><script>alert(1)</script>');
  });

  it('prefills the e-mail from login_hint', async () => {
    const { page } = await openSignIn({ login_hint: 'hint@talentplace.test' });
    expect(parsePage(page.html).fields[0]?.value).toBe('hint@talentplace.test');
  });

  it('cancels back to the client with access_denied', async () => {
    const { browser, page } = await openSignIn();
    const cancel = parsePage(page.html).forms[1]!;
    const callback = await browser.follow(new URL(cancel.action!, page.url), isCallback(server), { form: {}, headers: { origin: server.origin } });
    expect(isCallback(server)(callback.url)).toBe(true);
    expect(callback.url.searchParams.get('error')).toBe('access_denied');
    expect(callback.url.searchParams.get('code')).toBeNull();
  });

  it('answers an unknown interaction with the expired page', async () => {
    const answer = await new Browser().request(`${server.issuer}/interaction/does-not-exist`);
    expect(answer.status).toBe(400);
    expect(parsePage(answer.html).title).toBe('This page has expired | Talentplace');
  });
});
