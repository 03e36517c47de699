import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import { expect, it } from 'vitest';
import { createAccessTokenVerifier } from '../../../src/server/api/auth/access-token';
import type { Database } from '../../../src/server/db/client';
import { identityAccount, user } from '../../../src/server/db/schema';
import { createAccountStore, UNCONFIRMED_ACCOUNT_DAYS } from '../../../src/server/idp/account-store';
import { verifyPassword } from '../../../src/server/crypto/password-hash';
import { createRateLimiter } from '../../../src/server/bff/rate-limit';
import { startIdpServer, seedIdentityAccount, type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase } from '../../support/test-database';
import { linkIn, readOutbox, waitForMail } from '../../support/outbox';
import { Browser, parsePage, type PageResponse } from './browser';
import { buildAuthorization, discoverClient, isCallback, redeem, submitForm, withProvider } from './relying-party';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || null;

describeEachDatabase('built-in identity provider: sign-up', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;

  withProvider(kind, (started) => ({ database, server, config } = started));

  async function openPage(parameters: Record<string, string>) {
    const browser = new Browser();
    const request = await buildAuthorization(config, server, parameters);
    const page = await browser.follow(request.url, isCallback(server));
    expect(page.status).toBe(200);
    return { browser, request, page };
  }

  const openSignUp = () => openPage({ prompt: 'create' });

  /** Submits the sign-up form; a valid one lands on "Check your email", whoever the e-mail belongs to. */
  async function signUpAndCheckEmail(browser: Browser, page: PageResponse, fields: Record<string, string>) {
    const answer = await submitForm(browser, server, page, fields);
    expect(answer.status).toBe(200);
    expect(parsePage(answer.html).title).toBe('Check your email | Talentplace');
    return answer;
  }

  /** Follows the confirmation link mailed to the address, in the given browser. */
  async function confirmFromMail(browser: Browser, email: string) {
    const mail = await waitForMail(server.outboxDir, email, { subject: /^Confirm your email/ });
    return browser.follow(linkIn(mail, server.issuer), isCallback(server));
  }

  it('shows the sign-up form first for prompt=create, with exactly the contract fields', async () => {
    const { page } = await openSignUp();
    const parsed = parsePage(page.html);
    expect(parsed.title).toBe('Sign up | Talentplace');
    expect(parsed.lang).toBe('en');
    expect(parsed.unboundLabels).toEqual([]);
    expect(parsed.fields.map((field) => [field.label, field.name, field.type, field.autocomplete, field.autofocus])).toEqual([
      ['Name', 'name', 'text', 'name', true],
      ['Email', 'email', 'email', 'email', false],
      ['Password', 'password', 'password', 'new-password', false],
    ]);
    expect(parsed.fields[2]?.descriptions).toEqual(['At least 10 characters.']);
    expect(parsed.buttons).toEqual(['Create account', 'Cancel']);
    expect(parsed.links.find((link) => link.text === 'Sign in')?.href).toMatch(/\?screen=login$/);
  });

  it('shows the sign-up form first for screen_hint=signup too', async () => {
    const { page } = await openPage({ screen_hint: 'signup' });
    expect(parsePage(page.html).title).toBe('Sign up | Talentplace');
  });

  it('creates the account (scrypt hash, lower-cased e-mail, no roles), mails a confirmation link, and the link completes the flow signed in', async () => {
    const { browser, page, request } = await openSignUp();
    const answer = await signUpAndCheckEmail(browser, page, { name: ' Katherine Johnson ', email: 'Katherine@Talentplace.test', password: 'orbital mechanics' });
    expect(answer.html).toContain('katherine@talentplace.test');
    const [unconfirmed] = await database.db.select().from(identityAccount).where(eq(identityAccount.email, 'katherine@talentplace.test'));
    expect(unconfirmed?.emailVerified).toBe(false);

    const callback = await confirmFromMail(browser, 'katherine@talentplace.test');
    expect(isCallback(server)(callback.url)).toBe(true);
    const tokens = await redeem(config, request, callback.url);

    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.email, 'katherine@talentplace.test'));
    expect(row).toMatchObject({ name: 'Katherine Johnson', roles: [], emailVerified: true, failedLoginCount: 0 });
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.passwordHash).not.toContain('orbital mechanics');
    await expect(verifyPassword('orbital mechanics', row!.passwordHash)).resolves.toBe(true);

    expect(tokens.claims()).toMatchObject({ sub: row!.id, email: 'katherine@talentplace.test', name: 'Katherine Johnson', [server.rolesClaim]: [] });
    expect(tokens.refresh_token).toBeTruthy();
    const verify = createAccessTokenVerifier({ issuer: server.issuer, audience: server.audience, jwksUri: `${server.issuer}/jwks`, rolesClaim: server.rolesClaim });
    await expect(verify(tokens.access_token)).resolves.toMatchObject({ subject: row!.id, roles: [] });
  });

  /** The sign-in form of a fresh authorization request, submitted with these credentials. */
  async function signInWith(credentials: { email: string; password: string }) {
    const { browser, page, request } = await openPage({});
    const answer = await submitForm(browser, server, page, credentials);
    return { browser, request, answer };
  }

  it('an account whose address was never confirmed cannot sign in: the right password gets "confirm first" and a new link, which then signs in', async () => {
    // The attack: sign up with an address one does not own, never open the mail, sign in.
    const { browser, page } = await openSignUp();
    await signUpAndCheckEmail(browser, page, { name: 'Not The Owner', email: 'new-hire@talentplace.test', password: 'squatting password' });
    const attempt = await signInWith({ email: 'new-hire@talentplace.test', password: 'squatting password' });
    expect(isCallback(server)(attempt.answer.url)).toBe(false);
    expect(attempt.answer.status).toBe(403);
    expect(parsePage(attempt.answer.html).alerts[0]).toBe('Confirm your email address first. We sent a new link to new-hire@talentplace.test: open it to finish signing in.');
    // A wrong password still says only "wrong email or password".
    const wrong = await signInWith({ email: 'new-hire@talentplace.test', password: 'not the password' });
    expect(wrong.answer.status).toBe(400);

    // The address's owner opens the newest link, in the browser that tried to sign in: signed in.
    const mails = readOutbox(server.outboxDir).filter((mail) => mail.to === 'new-hire@talentplace.test' && /^Confirm your email/.test(mail.subject));
    expect(mails).toHaveLength(2);
    const callback = await attempt.browser.follow(linkIn(mails.at(-1)!, server.issuer), isCallback(server));
    expect(isCallback(server)(callback.url)).toBe(true);
    await expect(redeem(config, attempt.request, callback.url)).resolves.toBeTruthy();
    const again = await signInWith({ email: 'new-hire@talentplace.test', password: 'squatting password' });
    expect(isCallback(server)(again.answer.url)).toBe(true);
  });

  it('a second sign-up for an unconfirmed address replaces the first: new password, new link, the first link dead', async () => {
    const first = await openSignUp();
    await signUpAndCheckEmail(first.browser, first.page, { name: 'Squatter', email: 'contested@talentplace.test', password: 'squatter password' });
    const firstMail = await waitForMail(server.outboxDir, 'contested@talentplace.test', { subject: /^Confirm your email/ });
    const second = await openSignUp();
    await signUpAndCheckEmail(second.browser, second.page, { name: 'Real Owner', email: 'contested@talentplace.test', password: 'owner password' });
    const mails = readOutbox(server.outboxDir).filter((mail) => mail.to === 'contested@talentplace.test' && /^Confirm your email/.test(mail.subject));
    expect(mails).toHaveLength(2);
    const secondMail = mails.find((mail) => mail.text !== firstMail.text)!;

    const dead = await first.browser.follow(linkIn(firstMail, server.issuer), isCallback(server));
    expect(dead.status).toBe(400);
    expect(parsePage(dead.html).title).toBe('This link does not work | Talentplace');
    const [still] = await database.db.select().from(identityAccount).where(eq(identityAccount.email, 'contested@talentplace.test'));
    expect(still).toMatchObject({ name: 'Real Owner', emailVerified: false });
    await expect(verifyPassword('squatter password', still!.passwordHash)).resolves.toBe(false);

    const callback = await second.browser.follow(linkIn(secondMail, server.issuer), isCallback(server));
    expect(isCallback(server)(callback.url)).toBe(true);
    expect((await redeem(config, second.request, callback.url)).claims()).toMatchObject({ email: 'contested@talentplace.test', name: 'Real Owner' });
  });

  it(`deletes sign-ups never confirmed within ${UNCONFIRMED_ACCOUNT_DAYS} days, keeping confirmed ones and unconfirmed ones that already used the product`, async () => {
    const old = new Date(Date.now() - (UNCONFIRMED_ACCOUNT_DAYS + 1) * 24 * 60 * 60 * 1000);
    const rows = await database.db
      .insert(identityAccount)
      .values([
        { email: 'stale-unconfirmed@talentplace.test', passwordHash: 'x', createdAt: old },
        { email: 'fresh-unconfirmed@talentplace.test', passwordHash: 'x' },
        { email: 'stale-confirmed@talentplace.test', passwordHash: 'x', emailVerified: true, createdAt: old },
        { email: 'stale-user@talentplace.test', passwordHash: 'x', createdAt: old },
      ])
      .returning({ id: identityAccount.id, email: identityAccount.email });
    const withUser = rows.find((row) => row.email === 'stale-user@talentplace.test')!;
    await database.db.insert(user).values({ externalId: withUser.id, email: withUser.email });

    expect(await createAccountStore(database.db, { rolesClaim: server.rolesClaim }).deleteUnconfirmedAccounts()).toBe(1);
    const left = await database.db.select({ email: identityAccount.email }).from(identityAccount).where(inArray(identityAccount.id, rows.map((row) => row.id)));
    expect(left.map((row) => row.email).sort()).toEqual(['fresh-unconfirmed@talentplace.test', 'stale-confirmed@talentplace.test', 'stale-user@talentplace.test']);
  });

  it('reaches sign-up from the sign-in page and back', async () => {
    const { browser, page, request } = await openPage({});
    expect(parsePage(page.html).title).toBe('Sign in | Talentplace');
    const toSignUp = parsePage(page.html).links.find((link) => link.text === 'Create an account')!;
    const signUp = await browser.request(new URL(toSignUp.href, page.url));
    expect(parsePage(signUp.html).title).toBe('Sign up | Talentplace');
    const toSignIn = parsePage(signUp.html).links.find((link) => link.text === 'Sign in')!;
    const signIn = await browser.request(new URL(toSignIn.href, signUp.url));
    expect(parsePage(signIn.html).title).toBe('Sign in | Talentplace');

    await signUpAndCheckEmail(browser, signUp, { name: 'Dorothy Vaughan', email: 'dorothy@talentplace.test', password: 'fortran for everyone' });
    const callback = await confirmFromMail(browser, 'dorothy@talentplace.test');
    expect(isCallback(server)(callback.url)).toBe(true);
    expect((await redeem(config, request, callback.url)).claims()?.email).toBe('dorothy@talentplace.test');
  });

  it('re-renders with field errors linked to their fields, keeping name and e-mail but never the password', async () => {
    const { browser, page } = await openSignUp();
    const answer = await submitForm(browser, server, page, { name: '', email: 'not-an-email', password: 'short' });
    expect(answer.status).toBe(400);
    const parsed = parsePage(answer.html);
    expect(parsed.title).toBe('Sign up | Talentplace');
    const [name, email, password] = parsed.fields;
    expect(name).toMatchObject({ value: '', invalid: true, descriptions: ['Enter your name.'] });
    expect(email).toMatchObject({ value: 'not-an-email', invalid: true, descriptions: ['Enter a valid email address, like name@example.com.'] });
    expect(password).toMatchObject({ value: undefined, invalid: true, descriptions: ['At least 10 characters.', 'Password must be at least 10 characters.'] });
    expect(parsed.alerts[0]).toContain('Enter your name.');
    expect(answer.html).not.toContain('value="short"');

    const kept = await submitForm(browser, server, answer, { name: 'Mary Jackson', email: 'mary@', password: 'long enough password' });
    const keptFields = parsePage(kept.html).fields;
    expect(keptFields.map((field) => field.value)).toEqual(['Mary Jackson', 'mary@', undefined]);
    expect(keptFields[1]?.descriptions).toEqual(['Enter a valid email address, like name@example.com.']);
    expect(kept.html).not.toContain('long enough password');
  });

  it('refuses a name over 100 characters', async () => {
    const { browser, page } = await openSignUp();
    const answer = await submitForm(browser, server, page, { name: 'n'.repeat(101), email: 'long@talentplace.test', password: 'long enough password' });
    expect(parsePage(answer.html).fields[0]?.descriptions).toEqual(['Name must be at most 100 characters.']);
  });

  it('answers a sign-up with a registered e-mail exactly like a new one, and tells the owner by mail instead', async () => {
    const existing = await seedIdentityAccount(database.db, { email: 'taken@talentplace.test' });
    const fresh = await openSignUp();
    const newAnswer = await signUpAndCheckEmail(fresh.browser, fresh.page, { name: 'Someone New', email: 'untaken@talentplace.test', password: 'another password' });
    const { browser, page } = await openSignUp();
    const takenAnswer = await signUpAndCheckEmail(browser, page, { name: 'Someone Else', email: 'TAKEN@talentplace.test', password: 'another password' });
    // The same page but for the address it names: nothing tells which one had an account.
    const normalise = (html: string) => html.replace(/untaken@talentplace\.test|taken@talentplace\.test/g, 'EMAIL');
    expect(normalise(takenAnswer.html)).toBe(normalise(newAnswer.html));

    const [{ count }] = (await database.db.execute<{ count: number }>(sql`select count(*)::int as count from identity_account where lower(email) = 'taken@talentplace.test'`)).rows as [{ count: number }];
    expect(count).toBe(1);
    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.id, existing.id));
    expect(row?.name).toBe(existing.name);
    await expect(verifyPassword(existing.password, row!.passwordHash)).resolves.toBe(true);

    const note = await waitForMail(server.outboxDir, 'taken@talentplace.test');
    expect(note.subject).toBe('Someone tried to sign up to Talentplace with your email');
    expect(note.text).toContain(`${server.origin}/sign-in`);
    expect(note.text).not.toContain('/confirm?token=');
  });

  it('a confirmation link opened in another browser confirms the e-mail but signs nobody in', async () => {
    const { browser, page } = await openSignUp();
    await signUpAndCheckEmail(browser, page, { name: 'Other Browser', email: 'other-browser@talentplace.test', password: 'another password' });
    const mail = await waitForMail(server.outboxDir, 'other-browser@talentplace.test');
    const elsewhere = await new Browser().follow(linkIn(mail, server.issuer), isCallback(server));
    expect(elsewhere.status).toBe(200);
    expect(parsePage(elsewhere.html).title).toBe('Email confirmed | Talentplace');
    expect(isCallback(server)(elsewhere.url)).toBe(false);
    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.email, 'other-browser@talentplace.test'));
    expect(row?.emailVerified).toBe(true);
  });

  it('refuses a forged, altered or expired confirmation link', async () => {
    const { browser, page } = await openSignUp();
    await signUpAndCheckEmail(browser, page, { name: 'Forged Link', email: 'forged@talentplace.test', password: 'another password' });
    const link = new URL(linkIn(await waitForMail(server.outboxDir, 'forged@talentplace.test'), server.issuer));
    const token = link.searchParams.get('token')!;
    for (const bad of [`${token.slice(0, -2)}xx`, `x${token}`, 'abc.def', '']) {
      link.searchParams.set('token', bad);
      const answer = await browser.request(link);
      expect(answer.status, bad).toBe(400);
      expect(parsePage(answer.html).title).toBe('This link does not work | Talentplace');
    }
    const [row] = await database.db.select().from(identityAccount).where(eq(identityAccount.email, 'forged@talentplace.test'));
    expect(row?.emailVerified).toBe(false);
  });

  it('refuses control characters (NUL) in the name and e-mail with a field message, never a server error', async () => {
    const { browser, page } = await openSignUp();
    const answer = await submitForm(browser, server, page, { name: 'Nul\u0000Name', email: 'nul\u0000@talentplace.test', password: 'another password' });
    expect(answer.status).toBe(400);
    const [name, email] = parsePage(answer.html).fields;
    expect(name?.descriptions).toEqual(['Remove the invisible control characters from this field.']);
    expect(email?.descriptions).toEqual(['Remove the invisible control characters from this field.']);
  });

  it('throttles sign-ups per client address', async () => {
    const limited = await startIdpServer(database.db, { signUpsPerHour: 2 });
    try {
      const limitedConfig = await discoverClient(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const browser = new Browser();
        const request = await buildAuthorization(limitedConfig, limited, { prompt: 'create' });
        const form = await browser.follow(request.url, isCallback(limited));
        statuses.push((await submitForm(browser, limited, form, { name: 'Burst', email: `burst-${i}@talentplace.test`, password: 'another password' })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(readOutbox(limited.outboxDir)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!redisUrl)('two instances counting sign-ups in Redis share one allowance per client address', async () => {
    const keyPrefix = `tp:sign-up-test:${randomUUID()}:`;
    const limiters = await Promise.all([1, 2].map(() => createRateLimiter({ points: 2, windowSeconds: 3600, keyPrefix, redisUrl, log: () => undefined })));
    const instances = await Promise.all(limiters.map((signUpLimiter) => startIdpServer(database.db, { signUpLimiter })));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        // Alternating instances, as a balancer would send them.
        const instance = instances[i % 2]!;
        const browser = new Browser();
        const request = await buildAuthorization(await discoverClient(instance), instance, { prompt: 'create' });
        const form = await browser.follow(request.url, isCallback(instance));
        statuses.push((await submitForm(browser, instance, form, { name: 'Shared', email: `shared-${randomUUID()}@talentplace.test`, password: 'another password' })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await Promise.all(limiters.map((limiter) => limiter.close()));
    }
  });

  it('behind a trusted load balancer (TRUSTED_PROXY_HOPS=1) counts sign-ups per client it forwards, not per balancer, and ignores an address the client forged', async () => {
    const limited = await startIdpServer(database.db, { signUpsPerHour: 2, trustedProxyHops: 1 });
    try {
      const limitedConfig = await discoverClient(limited);
      const signUpVia = async (forwardedFor: string, index: string) => {
        const browser = new Browser();
        const request = await buildAuthorization(limitedConfig, limited, { prompt: 'create' });
        const form = await browser.follow(request.url, isCallback(limited));
        const action = new URL(parsePage(form.html).forms[0]!.action!, form.url);
        const fields = { name: 'Behind the balancer', email: `balanced-${index}@talentplace.test`, password: 'another password' };
        return (await browser.follow(action, isCallback(limited), { form: fields, headers: { origin: limited.origin, 'x-forwarded-for': forwardedFor } })).status;
      };
      // Five visitors through one balancer (all from its socket address): none is refused.
      const visitors = await Promise.all(['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'].map((address, i) => signUpVia(address, `v${i}`)));
      expect(visitors).toEqual([200, 200, 200, 200, 200]);
      // One visitor forging a new address each time: the balancer's appended entry still counts.
      const forged = [];
      for (let i = 0; i < 3; i++) forged.push(await signUpVia(`198.18.0.${i}, 203.0.113.9`, `f${i}`));
      expect(forged).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
