import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, parsePage } from '../idp/browser';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';
import { confirmSignUpFromOutbox, csrfTokenOf, signUpThroughProduct } from '../../support/signed-in-browser';

const FIND_ME = JSON.stringify({ query: '{ findMe { email isImpersonate } }' });

describe.skipIf(!hasBuild)('backend-for-frontend security (checklist A-C, E)', () => {
  let server: BuiltServer;
  let origin: string;
  beforeAll(async () => {
    server = await startBuiltServer();
    origin = server.url;
  });
  afterAll(() => server?.stop('SIGKILL'));

  async function signedIn() {
    const session = await signUpThroughProduct(origin);
    expect(session.landed.url.pathname).toBe('/sign-up/success');
    const csrf = csrfTokenOf(session.landed.html);
    return { ...session, csrf };
  }

  const proxy = (browser: Browser, init: { headers?: Record<string, string>; body?: string; method?: string } = {}) =>
    fetch(`${origin}/api/graphql`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', cookie: browser.jar.header(new URL(`${origin}/api/graphql`)), ...init.headers },
      body: init.method === 'GET' ? undefined : (init.body ?? FIND_ME),
    });

  it('A1: the session cookie is HttpOnly, SameSite=Lax, Path=/ and has no Domain', async () => {
    const browser = new Browser();
    const page = await browser.follow(`${origin}/sign-up`, () => false);
    expect(page.status).toBe(200);
    const { landed } = await signUpThroughProduct(origin);
    expect(landed.status).toBe(200);
    const response = await fetch(`${origin}/sign-up`, { redirect: 'manual' });
    const transaction = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-tp-login='));
    expect(transaction).toMatch(/HttpOnly/);
    expect(transaction).toMatch(/SameSite=Lax/);
    expect(transaction).not.toMatch(/Domain=/i);
  });

  it('A3: a session id planted before login is replaced at login', async () => {
    const browser = new Browser();
    const planted = 'A'.repeat(43);
    browser.jar.store(new URL(origin), new Response(null, { headers: { 'set-cookie': `__Host-tp-session=${planted}; Path=/` } }));
    const page = await browser.follow(`${origin}/sign-up`, () => false);
    const { parsePage } = await import('../idp/browser');
    const form = parsePage(page.html).forms.find((candidate) => candidate.action?.includes('signup'))!;
    const email = `fix-${Date.now()}@example.test`;
    await browser.follow(new URL(form.action!, page.url), () => false, { form: { ...form.hidden, name: 'Fix Ation', email, password: 'correct-horse-battery' } });
    await confirmSignUpFromOutbox(browser, origin, email);
    const cookie = browser.jar.header(new URL(origin));
    expect(cookie).toMatch(/__Host-tp-session=/);
    expect(cookie).not.toContain(planted);
  });

  it('A4/B: with the anti-forgery header the proxy answers, and no token appears in HTML or JSON', async () => {
    const { browser, csrf, email, landed } = await signedIn();
    const response = await proxy(browser, { headers: { 'x-tp-csrf': csrf } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ data: { findMe: { email, isImpersonate: false } } });
    expect(text + landed.html).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  it('BREACH: a page holding the anti-forgery token is never sent compressed, though the browser asks for it', async () => {
    const { browser, csrf } = await signedIn();
    const url = new URL(`${origin}/jobs?q=${encodeURIComponent(csrf.slice(0, 4))}`);
    const response = await fetch(url, { headers: { cookie: browser.jar.header(url), 'accept-encoding': 'gzip, br' } });
    const html = await response.text();
    expect(html).toContain(csrf);
    expect(response.headers.get('cache-control')).toMatch(/private/);
    expect(response.headers.get('content-encoding')).toBeNull();
    // The same page for a guest is compressed: the refusal is the session's, not the page's.
    const guest = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(guest.headers.get('content-encoding')).toBe('gzip');
  });

  it('B7: a valid cookie without the anti-forgery header is refused with 403', async () => {
    const { browser } = await signedIn();
    const response = await proxy(browser);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
  });

  it('B8: text/plain bodies and GET queries are refused', async () => {
    const { browser, csrf } = await signedIn();
    // Astro's own origin check may refuse a form-like body first (403); either way it never runs.
    expect([403, 415]).toContain((await proxy(browser, { headers: { 'x-tp-csrf': csrf, 'content-type': 'text/plain' } })).status);
    expect((await proxy(browser, { headers: { 'x-tp-csrf': csrf, 'content-type': 'text/plain', origin } })).status).toBe(415);
    const get = await fetch(`${origin}/api/graphql?query=${encodeURIComponent('mutation { createOneTalentProfile(data: {email: "a@b.c"}) { id } }')}`, {
      headers: { cookie: browser.jar.header(new URL(origin)) },
    });
    expect(get.status).toBe(405);
  });

  it('B9: a cross-origin request is refused and no CORS header is ever sent', async () => {
    const { browser, csrf } = await signedIn();
    const response = await proxy(browser, { headers: { 'x-tp-csrf': csrf, origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${origin}/api/graphql`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('B10: headers the browser sends for the API are not passed upstream', async () => {
    const { browser, csrf, email } = await signedIn();
    const response = await proxy(browser, {
      headers: { 'x-tp-csrf': csrf, 'x-impersonate-as': 'someone-else', 'tp-company': '00000000-0000-4000-8000-000000000000', 'tp-domain': 'evil', authorization: 'Bearer forged' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { findMe: { email, isImpersonate: false } } });
  });

  it('B12: without a session the proxy answers JSON, never a redirect to the provider', async () => {
    const response = await fetch(`${origin}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: FIND_ME, redirect: 'manual' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('C13: a forged code and state on the callback creates no session', async () => {
    const response = await fetch(`${origin}/auth/callback?code=forged&state=forged`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign-in?error=missing_transaction');
    expect(response.headers.getSetCookie().some((cookie) => /^__Host-tp-session=[^;]+/.test(cookie))).toBe(false);
  });

  it('C14: a callback URL is good once only', async () => {
    const browser = new Browser();
    const { parsePage } = await import('../idp/browser');
    const page = await browser.follow(`${origin}/sign-up`, () => false);
    const form = parsePage(page.html).forms.find((candidate) => candidate.action?.includes('signup'))!;
    const email = `replay-${Date.now()}@example.test`;
    await browser.follow(new URL(form.action!, page.url), () => false, { form: { ...form.hidden, name: 'Re Play', email, password: 'correct-horse-battery' } });
    const atCallback = await confirmSignUpFromOutbox(browser, origin, email, (url) => url.pathname === '/auth/callback');
    const callbackUrl = atCallback.url;
    const first = await browser.request(callbackUrl);
    expect(first.headers.get('location')).toBe('/sign-up/success');
    const second = await browser.request(callbackUrl);
    expect(second.headers.get('location')).toMatch(/^\/sign-in\?error=/);
  });

  it('C15/C19: the authorize URL carries S256, fresh state and nonce, and ignores scope, audience and prompt from the address', async () => {
    const urls = await Promise.all(
      [1, 2].map(async () => {
        const response = await fetch(`${origin}/sign-in?scope=admin&audience=https://evil.example&prompt=none&returnTo=/legal/terms`, { redirect: 'manual' });
        return new URL(response.headers.get('location')!);
      }),
    );
    for (const url of urls) {
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('scope')).toBe('openid profile email user offline_access');
      expect(url.searchParams.get('audience')).toBeNull();
      expect(url.searchParams.get('prompt')).toBeNull();
    }
    expect(urls[0]!.searchParams.get('state')).not.toBe(urls[1]!.searchParams.get('state'));
    expect(urls[0]!.searchParams.get('nonce')).not.toBe(urls[1]!.searchParams.get('nonce'));
  });

  it('C18: a returnTo pointing elsewhere ends on our own origin', async () => {
    const browser = new Browser();
    const { parsePage } = await import('../idp/browser');
    const page = await browser.follow(`${origin}/sign-in?returnTo=${encodeURIComponent('//evil.example/steal')}`, () => false);
    const signUpLink = parsePage(page.html).links.find((link) => /sign up|create/i.test(link.text));
    const signUpPage = await browser.follow(new URL(signUpLink!.href, page.url), () => false);
    const form = parsePage(signUpPage.html).forms.find((candidate) => candidate.action?.includes('signup'))!;
    const email = `redirect-${Date.now()}@example.test`;
    await browser.follow(new URL(form.action!, signUpPage.url), () => false, { form: { ...form.hidden, name: 'Red Irect', email, password: 'correct-horse-battery' } });
    const atCallback = await confirmSignUpFromOutbox(browser, origin, email, (url) => url.pathname === '/auth/callback');
    const done = await browser.request(atCallback.url);
    // The evil target is dropped; with no destination left, a new user without a profile
    // lands on the profile page (findMe's redirect), a path on our own origin.
    expect(done.headers.get('location')).toBe('/talent/profile');
  });

  it('C18: a signed-in user is never redirected off our origin, whatever normalisation makes of returnTo', async () => {
    const { browser, csrf } = await signedIn();
    // With a profile, findMe has no redirect of its own, so the signed-in branch follows returnTo.
    const created = await proxy(browser, {
      headers: { 'x-tp-csrf': csrf },
      body: JSON.stringify({ query: 'mutation { createOneTalentProfile(data: { email: "rt@example.test", profileName: "Return To" }) { id } }' }),
    });
    expect(created.status).toBe(200);
    const { readFileSync } = await import('node:fs');
    const corpus = readFileSync(new URL('../../fixtures/open-redirects.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);
    const payloads = ['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/a/%2e%2e//evil.example', '/.%2F/evil.example', ...corpus.slice(0, 60)];
    for (const payload of payloads) {
      const response = await fetch(`${origin}/sign-in?returnTo=${encodeURIComponent(payload)}`, { redirect: 'manual', headers: { cookie: browser.jar.header(new URL(origin)) } });
      expect(response.status, payload).toBe(303);
      const location = response.headers.get('location')!;
      expect(new URL(location, origin).origin, payload).toBe(origin);
      expect(location.startsWith('//'), payload).toBe(false);
    }
  });

  it('E25: logout is POST with the anti-forgery token; afterwards the old cookie gets 401', async () => {
    const { browser, csrf } = await signedIn();
    const cookie = browser.jar.header(new URL(origin));
    expect((await fetch(`${origin}/auth/logout`, { headers: { cookie }, redirect: 'manual' })).status).toBe(405);
    const forged = await fetch(`${origin}/auth/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin }, body: 'csrf=wrong', redirect: 'manual' });
    expect(forged.status).toBe(403);
    const logout = await fetch(`${origin}/auth/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin }, body: `csrf=${csrf}`, redirect: 'manual' });
    expect(logout.status).toBe(303);
    const endSession = new URL(logout.headers.get('location')!);
    expect(endSession.pathname).toBe('/oidc/session/end');
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    const after = await fetch(`${origin}/api/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'x-tp-csrf': csrf }, body: FIND_ME });
    expect(after.status).toBe(401);
  });

  it('signs out in the language of the page: the provider\'s sign-out page in French, then the French home page', async () => {
    const { browser, csrf } = await signedIn();
    const logout = await browser.request(`${origin}/auth/logout?language=fr`, { form: { csrf }, headers: { origin } });
    expect(logout.status).toBe(303);
    const endSession = new URL(logout.headers.get('location')!);
    expect([endSession.searchParams.get('ui_locales'), endSession.searchParams.get('state')]).toEqual(['fr', 'fr']);
    const confirm = await browser.request(endSession);
    const page = parsePage(confirm.html);
    expect(page.lang).toBe('fr');
    const form = page.forms.find((candidate) => candidate.id === 'op.logoutForm')!;
    const home = await browser.follow(new URL(form.action!, endSession), () => false, { form: { ...form.hidden, logout: 'yes' } });
    expect(home.url.pathname).toBe('/fr');
    expect(parsePage(home.html).lang).toBe('fr');
  });
});
