import type * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { CLIENT_FAILURES_PER_WINDOW, FAILURES_BEFORE_BACKOFF } from '../../../src/server/idp/login-throttle';
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

  /** `browser` may connect from another loopback address: another client to the provider. */
  async function openSignIn(parameters: Record<string, string> = {}, browser = new Browser()) {
    const request = await buildAuthorization(config, server, parameters);
    const page = await browser.follow(request.url, isCallback(server));
    expect(page.status).toBe(200);
    return { browser, request, page };
  }

  const post = (browser: Browser, page: PageResponse, fields: Record<string, string>) => submitForm(browser, server, page, fields);

  it('asks for the address first (Email and Continue), then the password (Email, Password and Sign in), accessible and in the product look', async () => {
    const { browser, page: first } = await openSignIn();
    const step = parsePage(first.html);
    expect(step.fields.map((field) => [field.label, field.name, field.type, field.autocomplete, field.autofocus])).toEqual([['Email', 'email', 'email', 'username', true]]);
    expect(step.buttons).toEqual(['Continue', 'Cancel']);
    expect(step.links.find((link) => link.text === 'Sign in with a password')?.href).toMatch(/\?screen=password$/);
    expect(step.unboundLabels).toEqual([]);
    const page = await browser.request(new URL(step.links.find((link) => link.text === 'Sign in with a password')!.href!, first.url));
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

  const alertOf = (answer: PageResponse) => parsePage(answer.html).alerts[0];

  it('slows an address that failed 5 times for one e-mail, even with the right password, while the owner signs in from another address', async () => {
    const victim = await seedIdentityAccount(database.db, { email: 'victim@talentplace.test' });
    const attacker = await openSignIn({}, new Browser('127.0.0.2'));
    for (let attempt = 1; attempt <= FAILURES_BEFORE_BACKOFF; attempt += 1) {
      const answer = await post(attacker.browser, attacker.page, { email: victim.email, password: `wrong ${attempt}` });
      expect(answer.status).toBe(400);
      expect(alertOf(answer)).toBe('Wrong email or password.');
    }
    const refused = await post(attacker.browser, attacker.page, { email: victim.email, password: victim.password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(alertOf(refused)).toBe('Too many attempts. Try again in 1 minute.');
    expect(server.logs.some((line) => line.startsWith('idp: sign-in throttled, too many failed sign-ins for this e-mail from this client (client 127.0.0.2,'))).toBe(true);

    // The same address may still try another e-mail: the back-off is for the pair.
    const other = await post(attacker.browser, attacker.page, { email: account.email, password: 'not it either' });
    expect(other.status).toBe(400);

    // The owner, from another client address, is not locked out.
    const owner = await openSignIn();
    const callback = await post(owner.browser, owner.page, { email: victim.email, password: victim.password });
    expect(isCallback(server)(callback.url)).toBe(true);
    expect((await redeem(config, owner.request, callback.url)).claims()?.sub).toBe(victim.id);
  });

  it('slows one address that fails for many different e-mails, whichever e-mail it tries next', async () => {
    const scanner = await openSignIn({}, new Browser('127.0.0.3'));
    for (let attempt = 1; attempt <= CLIENT_FAILURES_PER_WINDOW; attempt += 1) {
      // Known and unknown e-mails alike, each tried once: no pair reaches its back-off.
      const email = attempt === 1 ? account.email : `guess-${attempt}@talentplace.test`;
      const answer = await post(scanner.browser, scanner.page, { email, password: 'password123' });
      expect(answer.status, `attempt ${attempt}`).toBe(400);
    }
    for (const email of ['fresh-guess@talentplace.test', account.email]) {
      const refused = await post(scanner.browser, scanner.page, { email, password: email === account.email ? account.password : 'password123' });
      expect(refused.status, email).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(alertOf(refused)).toBe('Too many attempts. Try again in 15 minutes.');
    }
    expect(server.logs.some((line) => line.startsWith('idp: sign-in throttled, too many failed sign-ins from this client (client 127.0.0.3,'))).toBe(true);

    // Everyone else is unaffected.
    const { browser, page } = await openSignIn();
    const callback = await post(browser, page, { email: account.email, password: account.password });
    expect(isCallback(server)(callback.url)).toBe(true);
  });

  it('counts guesses sent in parallel: only the allowance gets through', async () => {
    const target = await seedIdentityAccount(database.db, { email: 'parallel@talentplace.test' });
    const { browser, page } = await openSignIn({}, new Browser('127.0.0.6'));
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => post(browser, page, { email: target.email, password: `guess ${index}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('answers an unknown e-mail exactly like a known one, "Too many attempts" included', async () => {
    const known = await seedIdentityAccount(database.db, { email: 'known@talentplace.test' });
    const answersFor = async (email: string, address: string) => {
      const { browser, page } = await openSignIn({}, new Browser(address));
      const answers: Array<{ status: number; retryAfter: string | null; html: string }> = [];
      for (let attempt = 1; attempt <= FAILURES_BEFORE_BACKOFF + 1; attempt += 1) {
        const answer = await post(browser, page, { email, password: `wrong ${attempt}` });
        // The page differs only by the e-mail it echoes and the interaction's address.
        const html = answer.html.replaceAll(email, 'EMAIL').replace(/\/interaction\/[\w-]+/g, '/interaction/UID');
        answers.push({ status: answer.status, retryAfter: answer.headers.get('retry-after') && 'set', html });
      }
      return answers;
    };
    const forKnown = await answersFor(known.email, '127.0.0.4');
    const forUnknown = await answersFor('ghost@talentplace.test', '127.0.0.5');
    expect(forKnown.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(forUnknown).toEqual(forKnown);
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
