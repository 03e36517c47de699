import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { identityAccount, identityRecoveryCode } from '../../../src/server/db/schema';
import { FAILURES_BEFORE_BACKOFF } from '../../../src/server/idp/login-throttle';
import { newTotpSecret, totpCodeAt } from '../../../src/server/idp/second-factor';
import { seedIdentityAccount, type IdpTestServer, type SeededAccount } from '../../support/idp-server';
import { describeEachDatabase } from '../../support/test-database';
import { Browser, parsePage, type PageResponse } from './browser';
import { buildAuthorization, isCallback, redeem, submitForm, withProvider } from './relying-party';

// The second factor at the built-in provider, over HTTP as a browser meets it: the code
// after the password, replays and guesses refused, recovery codes used once, admins sent
// to enrol before their sign-in finishes (docs/security.md, "Second factor").

describeEachDatabase('built-in identity provider: second factor', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;

  withProvider(kind, (started) => ({ database, server, config } = started));

  const codeNow = (secret: string) => totpCodeAt(secret, Date.now());

  /** Authorization request and password: the page that follows, and what redeems the code. */
  async function afterPassword(account: SeededAccount, browser = new Browser()) {
    const request = await buildAuthorization(config, server);
    const loginPage = await browser.follow(request.url, isCallback(server));
    const page = await submitForm(browser, server, loginPage, { email: account.email, password: account.password });
    return { browser, request, page };
  }

  /** The secret the enrolment page shows as text (grouped by four for typing). */
  const secretShownOn = (page: PageResponse) => /<p class="secret" id="secret">([A-Z2-7 ]+)<\/p>/.exec(page.html)![1]!.replace(/ /g, '');

  const postCode = (browser: Browser, page: PageResponse, code: string) => submitForm(browser, server, page, { ...parsePage(page.html).forms[0]!.hidden, code });

  it('asks an account with a factor for its code after the password, and finishes only with a right one', async () => {
    const account = await seedIdentityAccount(database.db, { roles: [], totpSecret: newTotpSecret() });
    const { browser, request, page } = await afterPassword(account);
    expect(page.status).toBe(200);
    expect(isCallback(server)(page.url)).toBe(false);
    const parsed = parsePage(page.html);
    expect(parsed.title).toBe('Two-step sign-in | Talentplace');
    expect(parsed.fields.map((field) => [field.label, field.autocomplete])).toEqual([['Code', 'one-time-code']]);
    // The password page's fields are not carried along: the step token is.
    expect(Object.keys(parsed.forms[0]!.hidden)).toEqual(['token']);
    expect(page.html).not.toContain(account.password);

    const wrong = await postCode(browser, page, codeNow(account.totpSecret!) === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(parsePage(wrong.html).alerts).toEqual([expect.stringContaining('This code is not right')]);

    const callback = await postCode(browser, wrong, codeNow(account.totpSecret!));
    expect(isCallback(server)(callback.url)).toBe(true);
    const tokens = await redeem(config, request, callback.url);
    expect(tokens.claims()?.sub).toBe(account.id);
    expect(decodeJwt(tokens.id_token!).amr).toEqual(expect.arrayContaining(['pwd', 'otp']));
  });

  it('replay refused: a code that signed in once is refused in another browser within its window', async () => {
    const account = await seedIdentityAccount(database.db, { roles: [], totpSecret: newTotpSecret() });
    const code = codeNow(account.totpSecret!);
    const first = await afterPassword(account);
    expect(isCallback(server)((await postCode(first.browser, first.page, code)).url)).toBe(true);
    const second = await afterPassword(account);
    const replayed = await postCode(second.browser, second.page, code);
    expect(replayed.status).toBe(400);
    expect(parsePage(replayed.html).alerts).toEqual([expect.stringContaining('already used')]);
  });

  it('a forged or foreign step token is refused: no interaction ends without the code', async () => {
    const account = await seedIdentityAccount(database.db, { roles: [], totpSecret: newTotpSecret() });
    const { browser, page } = await afterPassword(account);
    const action = new URL(parsePage(page.html).forms[0]!.action!, page.url);
    const token = parsePage(page.html).forms[0]!.hidden.token!;
    // "continue" (what follows an enrolment) wants a token of the finished step.
    const skip = await browser.follow(new URL(action.href.replace(/second-factor$/, 'continue')), isCallback(server), { form: { token }, headers: { origin: server.origin } });
    expect(skip.status).toBe(400);
    expect(parsePage(skip.html).title).toMatch(/^This page has expired/);
    // Another sign-in's token does not name this account in this interaction.
    const other = await afterPassword(await seedIdentityAccount(database.db, { roles: [], totpSecret: newTotpSecret() }));
    const foreign = await browser.follow(action, isCallback(server), { form: { token: parsePage(other.page.html).forms[0]!.hidden.token!, code: '123456' }, headers: { origin: server.origin } });
    expect(foreign.status).toBe(400);
    expect(isCallback(server)(foreign.url)).toBe(false);
  });

  it('recovery code single use: a recovery code signs in once, then is refused', async () => {
    const account = await seedIdentityAccount(database.db, { roles: ['super:admin'], totpSecret: null });
    // Enrolled during sign-in (its role requires it): the recovery codes are shown once.
    const { browser, page } = await afterPassword(account);
    const codesPage = await postCode(browser, page, codeNow(secretShownOn(page)));
    const codes = [...codesPage.html.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]!);
    expect(codes).toHaveLength(10);
    const stored = await database.db.select().from(identityRecoveryCode).where(eq(identityRecoveryCode.accountId, account.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);

    const first = await afterPassword(account);
    expect(isCallback(server)((await postCode(first.browser, first.page, codes[0]!.toUpperCase())).url)).toBe(true);
    const again = await afterPassword(account);
    const refused = await postCode(again.browser, again.page, codes[0]!);
    expect(refused.status).toBe(400);
    expect(isCallback(server)((await postCode(again.browser, refused, codes[1]!)).url)).toBe(true);
  });

  it('throttle: code guesses wait like password guesses, even with the right code then', async () => {
    const account = await seedIdentityAccount(database.db, { roles: [], totpSecret: newTotpSecret() });
    const { browser, page } = await afterPassword(account, new Browser('127.0.0.3'));
    let current = page;
    const statuses: number[] = [];
    for (let i = 0; i < FAILURES_BEFORE_BACKOFF; i++) {
      current = await postCode(browser, current, String(100000 + i));
      statuses.push(current.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const waiting = await postCode(browser, current, codeNow(account.totpSecret!));
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(parsePage(waiting.html).alerts).toEqual([expect.stringMatching(/Too many/)]);
  });

  it('sends an admin without a factor to enrol before the sign-in finishes: QR code, secret, recovery codes, then signed in', async () => {
    const account = await seedIdentityAccount(database.db, { email: 'root@talentplace.test', roles: ['super:admin'], totpSecret: null });
    const { browser, request, page } = await afterPassword(account);
    expect(page.status).toBe(200);
    expect(parsePage(page.html).title).toBe('Set up two-step sign-in | Talentplace');
    expect(page.html).toContain('Your role on the platform requires a second step');
    expect(page.html).toMatch(/<div class="qr" role="img" aria-label="[^"]+"><svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const secret = secretShownOn(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Not signed in yet: cancelling, or a wrong code, leaves no factor and no tokens.
    const wrong = await postCode(browser, page, '000000' === codeNow(secret) ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    const [pending] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, account.id));
    expect(pending).toMatchObject({ totpSecret: null, totpPendingSecret: secret });

    const codesPage = await postCode(browser, wrong, codeNow(secret));
    expect(parsePage(codesPage.html).title).toBe('Your recovery codes | Talentplace');
    const callback = await submitForm(browser, server, codesPage, parsePage(codesPage.html).forms[0]!.hidden);
    expect(isCallback(server)(callback.url)).toBe(true);
    expect((await redeem(config, request, callback.url)).claims()?.sub).toBe(account.id);
    const [enrolled] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, account.id));
    expect(enrolled).toMatchObject({ totpSecret: secret, totpPendingSecret: null });

    // From now on the admin gives a code like anyone with a factor.
    const next = await afterPassword(account);
    expect(parsePage(next.page.html).title).toBe('Two-step sign-in | Talentplace');
  });

  it('lets an account without a required role sign in with its password alone', async () => {
    const account = await seedIdentityAccount(database.db, { roles: ['talent'] });
    const { page } = await afterPassword(account);
    expect(isCallback(server)(page.url)).toBe(true);
  });
});
