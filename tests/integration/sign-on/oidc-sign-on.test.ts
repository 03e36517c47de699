import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSecretBox } from '../../../src/server/crypto/secret-box';
import type { Database } from '../../../src/server/db/client';
import { company, companyDomain, companyOnUser, companyRole, generalEventslog, identityAccount, idp, user } from '../../../src/server/db/schema';
import { SIGN_ON_CALLBACK_PATH } from '../../../src/lib/sign-on/sign-on-rules';
import { startCompanyOidcProvider, type CompanyOidcProvider } from '../../support/company-oidc-provider';
import { seedIdentityAccount, startIdpServer, type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { Browser, parsePage, type PageResponse } from '../idp/browser';
import { buildAuthorization, discoverClient, isCallback, redeem, submitForm } from '../idp/relying-party';

// Single sign-on through a company's OpenID Connect provider, end to end over HTTP: the
// built-in provider's e-mail step finds the company by its proven domain (home realm
// discovery), sends the browser to the company's provider (a second oidc-provider run
// here), checks its answer and signs the person in, joined to the company.

describeEachDatabase('single sign-on through a company OIDC provider', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;
  let acme: CompanyOidcProvider;
  let acmeId: string;
  let acmeRecruiterRole: string;
  let acmeIdpId: string;
  let globexId: string;
  const secretBox = createSecretBox(randomBytes(32));
  const suffix = randomBytes(3).toString('hex');
  const acmeDomain = `acme-${suffix}.test`;
  const globexDomain = `globex-${suffix}.test`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    server = await startIdpServer(db, { secretBox });
    config = await discoverClient(server);
    acme = await startCompanyOidcProvider({ redirectUri: `${server.issuer}${SIGN_ON_CALLBACK_PATH}` });
    [{ id: acmeId }] = (await db.insert(company).values({ name: 'Acme' }).returning({ id: company.id })) as [{ id: string }];
    [{ id: globexId }] = (await db.insert(company).values({ name: 'Globex' }).returning({ id: company.id })) as [{ id: string }];
    [{ id: acmeRecruiterRole }] = (await db.insert(companyRole).values({ companyId: acmeId, role: 'Recruiter', permissions: {} }).returning({ id: companyRole.id })) as [{ id: string }];
    const now = new Date();
    await db.insert(companyDomain).values([
      { companyId: acmeId, domain: acmeDomain, token: 'a', verifiedAt: now },
      // Claimed by Acme too, never proven: Acme's provider cannot vouch for it.
      { companyId: acmeId, domain: `unproven-${suffix}.test`, token: 'b' },
      { companyId: globexId, domain: globexDomain, token: 'c', verifiedAt: now },
    ]);
    acmeIdpId = randomBytes(16).toString('hex').replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');
    await db.insert(idp).values({
      id: acmeIdpId,
      companyId: acmeId,
      slug: `acme-${suffix}`,
      protocol: 'oidc',
      config: { protocol: 'oidc', issuer: acme.issuer, clientId: acme.clientId },
      clientSecretSealed: secretBox.seal(acme.clientSecret, acmeIdpId),
      joinRoleId: acmeRecruiterRole,
    });
  });
  afterAll(async () => {
    await acme?.close();
    await server?.close();
    await database?.close();
  });

  async function openSignIn(parameters: Record<string, string> = {}, browser = new Browser()) {
    const request = await buildAuthorization(config, server, parameters);
    const page = await browser.follow(request.url, isCallback(server));
    return { browser, request, page };
  }

  /** The e-mail step posted; followed through the company's provider and back. */
  async function continueWith(email: string, parameters: Record<string, string> = {}) {
    const { browser, request, page } = await openSignIn(parameters);
    expect(parsePage(page.html).fields.map((field) => field.label)).toEqual(['Email']);
    const after = await submitForm(browser, server, page, { email });
    return { browser, request, after };
  }

  /** The e-mail step posted, stopped at the company provider's answer (its address back to the built-in provider, not yet opened). */
  async function answerFor(email: string) {
    const browser = new Browser();
    const { page } = await openSignIn({}, browser);
    const toAcme = await browser.request(new URL(parsePage(page.html).forms[0]!.action!, page.url), { form: { email }, headers: { origin: server.origin } });
    expect(toAcme.status).toBe(303);
    const answer = await browser.follow(toAcme.headers.get('location')!, (url) => url.pathname === `/oidc${SIGN_ON_CALLBACK_PATH}`);
    return { browser, answer };
  }

  const membershipsOf = async (email: string) =>
    database.db
      .select({ companyId: companyOnUser.companyId, roleId: companyOnUser.roleId })
      .from(companyOnUser)
      .innerJoin(user, eq(user.id, companyOnUser.userId))
      .where(eq(user.email, email));

  it('sends a proven domain to its company provider, signs the person in and joins them with the join role, recorded', async () => {
    const email = `wile@${acmeDomain}`;
    acme.signInAs({ sub: 'acme-0001', email, email_verified: true, name: 'Wile E. Coyote' });
    const { request, after } = await continueWith(email);
    expect(isCallback(server)(after.url)).toBe(true);
    expect(acme.loginHints).toContain(email);
    const tokens = await redeem(config, request, after.url);
    const claims = tokens.claims()!;
    expect(claims.email).toBe(email);
    expect(claims.name).toBe('Wile E. Coyote');
    const [account] = await database.db.select().from(identityAccount).where(eq(identityAccount.email, email));
    expect(account).toMatchObject({ emailVerified: true, federatedIdpId: acmeIdpId, federatedSubject: 'acme-0001' });
    expect(claims.sub).toBe(account!.id);
    expect(await membershipsOf(email)).toEqual([{ companyId: acmeId, roleId: acmeRecruiterRole }]);
    const [joinedRow] = await database.db
      .select()
      .from(generalEventslog)
      .where(and(eq(generalEventslog.type, 'companyOnUser.create'), eq(generalEventslog.toId, acmeId)));
    expect(joinedRow?.eventData).toMatchObject({ action: 'signOnJoin', idpId: acmeIdpId, after: { roleId: acmeRecruiterRole } });
  });

  it('keeps the name and address in step with the provider at the next sign-in, joining only once', async () => {
    const email = `wile@${acmeDomain}`;
    const renamed = `wile.coyote@${acmeDomain}`;
    acme.signInAs({ sub: 'acme-0001', email: renamed, email_verified: true, name: 'Wile Coyote' });
    const { request, after } = await continueWith(email);
    const claims = (await redeem(config, request, after.url)).claims()!;
    expect(claims).toMatchObject({ email: renamed, name: 'Wile Coyote' });
    const [row] = await database.db.select().from(user).where(eq(user.email, renamed));
    expect(row?.displayName).toBe('Wile Coyote');
    expect(await membershipsOf(renamed)).toHaveLength(1);
  });

  it('starts the company provider at once from /sign-in/<slug> (the sign_on parameter)', async () => {
    const email = `roadrunner@${acmeDomain}`;
    acme.signInAs({ sub: 'acme-0002', email, name: 'Road Runner' });
    const { request, page } = await openSignIn({ sign_on: `acme-${suffix}` });
    expect(isCallback(server)(page.url)).toBe(true);
    expect((await redeem(config, request, page.url)).claims()!.email).toBe(email);
  });

  it('refuses an answer for an address of a domain the company has not proven', async () => {
    acme.signInAs({ sub: 'acme-0003', email: `mallory@unproven-${suffix}.test`, name: 'Mallory' });
    const { page } = await openSignIn({ sign_on: `acme-${suffix}` });
    expect(page.status).toBe(403);
    expect(page.html).toContain('has not proven the domain');
    expect(await database.db.select().from(identityAccount).where(eq(identityAccount.email, `mallory@unproven-${suffix}.test`))).toEqual([]);
  });

  it("never lets company A's provider make anyone a member of company B (an answer for B's proven domain)", async () => {
    const email = `ceo@${globexDomain}`;
    acme.signInAs({ sub: 'acme-0004', email, name: 'Not the CEO' });
    const { page } = await openSignIn({ sign_on: `acme-${suffix}` });
    expect(page.status).toBe(403);
    expect(await database.db.select().from(identityAccount).where(eq(identityAccount.email, email))).toEqual([]);
    expect(await membershipsOf(email)).toEqual([]);
  });

  it('refuses an address the provider says is not verified', async () => {
    acme.signInAs({ sub: 'acme-0005', email: `unverified@${acmeDomain}`, email_verified: false, name: 'Unverified' });
    const { page } = await openSignIn({ sign_on: `acme-${suffix}` });
    expect(page.status).toBe(403);
    expect(page.html).toContain('did not give us your email address');
  });

  it('refuses the same answer twice (a replayed callback)', async () => {
    const email = `replay@${acmeDomain}`;
    acme.signInAs({ sub: 'acme-0006', email, name: 'Replay' });
    const { browser, answer } = await answerFor(email);
    const first = await browser.request(answer.url);
    expect(first.status).toBe(303);
    const replayed = await new Browser().request(answer.url);
    expect(replayed.status).toBe(400);
    expect(replayed.html).toContain('took too long or was already used');
  });

  it('does not finish the sign-in in a browser that did not start it (the answer opened elsewhere)', async () => {
    const email = `elsewhere@${acmeDomain}`;
    acme.signInAs({ sub: 'acme-0007', email, name: 'Elsewhere' });
    const { answer } = await answerFor(email);
    const other = new Browser();
    const accepted = await other.request(answer.url);
    expect(accepted.status).toBe(303);
    const finished: PageResponse = await other.follow(new URL(accepted.headers.get('location')!, server.origin), isCallback(server));
    expect(isCallback(server)(finished.url)).toBe(false);
    expect(finished.status).toBe(400);
  });

  it('sends every other address to the password step, and a password account still signs in', async () => {
    const account = await seedIdentityAccount(database.db, { email: `grace-${suffix}@talentplace.test` });
    const { browser, request, after } = await continueWith(account.email);
    expect(after.status).toBe(200);
    const parsed = parsePage(after.html);
    expect(parsed.fields.map((field) => [field.label, field.autofocus])).toEqual([
      ['Email', false],
      ['Password', true],
    ]);
    const callback = await submitForm(browser, server, after, { email: account.email, password: account.password });
    expect(isCallback(server)(callback.url)).toBe(true);
    expect((await redeem(config, request, callback.url)).claims()!.email).toBe(account.email);
  });

  it('says what is wrong with an empty or malformed address, keeping what was typed', async () => {
    const { browser, page } = await openSignIn();
    const empty = await submitForm(browser, server, page, { email: '' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('Enter your email address.');
    const malformed = await submitForm(browser, server, empty, { email: 'not-an-address' });
    expect(malformed.status).toBe(400);
    expect(malformed.html).toContain('Enter an email address like name@example.com.');
    expect(malformed.html).toContain('value="not-an-address"');
  });

  it('enforced: a password of a proven domain is refused but for the break-glass owner; other addresses keep theirs', async () => {
    const db = database.db;
    const staff = await seedIdentityAccount(db, { email: `staff@${acmeDomain}` });
    const boss = await seedIdentityAccount(db, { email: `boss@${acmeDomain}` });
    const outsider = await seedIdentityAccount(db, { email: `outsider-${suffix}@talentplace.test` });
    const [bossUser] = await db.insert(user).values({ externalId: boss.id, email: boss.email, emailVerified: true }).returning({ id: user.id });
    await db.update(idp).set({ enforced: true, breakGlassUserId: bossUser!.id }).where(eq(idp.id, acmeIdpId));
    try {
      const passwordStep = async (account: { email: string; password: string }) => {
        const { browser, request, page } = await openSignIn();
        const step = await browser.request(new URL(parsePage(page.html).links.find((link) => link.text === 'Sign in with a password')!.href, page.url));
        return { request, answer: await submitForm(browser, server, step, { email: account.email, password: account.password }) };
      };
      const refused = await passwordStep(staff);
      expect(refused.answer.status).toBe(403);
      expect(refused.answer.html).toContain('Acme signs its staff in through its own sign-in page');
      const breakGlass = await passwordStep(boss);
      expect(isCallback(server)(breakGlass.answer.url)).toBe(true);
      expect((await redeem(config, breakGlass.request, breakGlass.answer.url)).claims()!.email).toBe(boss.email);
      const other = await passwordStep(outsider);
      expect(isCallback(server)(other.answer.url)).toBe(true);
    } finally {
      await db.update(idp).set({ enforced: false, breakGlassUserId: null }).where(eq(idp.id, acmeIdpId));
    }
  });
});
