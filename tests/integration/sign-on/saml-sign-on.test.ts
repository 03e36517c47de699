import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAML_ACS_PATH, SAML_ENTITY_PATH, SAML_METADATA_PATH } from '../../../src/lib/sign-on/sign-on-rules';
import { readSamlMetadata } from '../../../src/server/api/sign-on/saml-metadata';
import type { Database } from '../../../src/server/db/client';
import { company, companyDomain, companyOnUser, companyRole, identityAccount, idp, user } from '../../../src/server/db/schema';
import { startCompanySamlProvider, type CompanySamlProvider, type SamlAnswerOptions, type SamlPerson } from '../../support/company-saml-provider';
import { startIdpServer, type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { Browser, parsePage } from '../idp/browser';
import { buildAuthorization, discoverClient, isCallback, redeem, submitForm } from '../idp/relying-party';

// Single sign-on through a company's SAML 2.0 provider, over HTTP: the built-in provider
// sends the browser with a sign-in request (HTTP-Redirect), the company's provider (played
// by the test, signing with a key made for the run) posts its answer back, and only a
// signed assertion for our audience, answering that very request once, for an address of a
// domain the company proved, signs anyone in.

describeEachDatabase('single sign-on through a company SAML provider', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;
  let contoso: CompanySamlProvider;
  let impostor: CompanySamlProvider;
  let contosoId: string;
  let memberRole: string;
  const suffix = randomBytes(3).toString('hex');
  const domain = `contoso-${suffix}.test`;
  const slug = `contoso-${suffix}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    server = await startIdpServer(db);
    config = await discoverClient(server);
    contoso = await startCompanySamlProvider();
    // Another key claiming to be Contoso's provider: what an attacker can sign with.
    impostor = await startCompanySamlProvider({ entityId: contoso.entityId });
    [{ id: contosoId }] = (await db.insert(company).values({ name: 'Contoso' }).returning({ id: company.id })) as [{ id: string }];
    [{ id: memberRole }] = (await db.insert(companyRole).values({ companyId: contosoId, role: 'Member', permissions: {} }).returning({ id: companyRole.id })) as [{ id: string }];
    await db.insert(companyDomain).values({ companyId: contosoId, domain, token: 't', verifiedAt: new Date() });
    const metadata = readSamlMetadata(contoso.metadataXml);
    if ('issue' in metadata) throw new Error(metadata.issue);
    await db.insert(idp).values({ id: randomUUID(), companyId: contosoId, slug, protocol: 'saml', config: { protocol: 'saml', ...metadata, metadataXml: contoso.metadataXml, wantAssertionsSigned: true }, joinRoleId: memberRole });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const toContoso = (url: URL) => url.host === 'idp.company.test';

  /** Starts a sign-in (by slug, or through the e-mail step) and stops at Contoso's sign-in address with the request. */
  async function requestAtContoso(email?: string) {
    const browser = new Browser();
    const authorization = await buildAuthorization(config, server, email ? {} : { sign_on: slug });
    let page = await browser.follow(authorization.url, (url) => toContoso(url) || isCallback(server)(url));
    if (email) page = await browser.follow(new URL(parsePage(page.html).forms[0]!.action!, page.url), toContoso, { form: { email }, headers: { origin: server.origin } });
    expect(toContoso(page.url)).toBe(true);
    return { browser, authorization, request: contoso.readRequest(page.url.href) };
  }

  /** Posts an answer to the assertion consumer service as the provider's page does (a cross-site form post). */
  const post = (browser: Browser, samlResponse: string, relayState: string) =>
    browser.request(`${server.issuer}${SAML_ACS_PATH}`, { form: { SAMLResponse: samlResponse, RelayState: relayState }, headers: { origin: 'https://idp.company.test' } });

  async function signInAs(person: SamlPerson, options: SamlAnswerOptions = {}, email?: string) {
    const { browser, authorization, request } = await requestAtContoso(email);
    const posted = await post(browser, await contoso.answer(request, person, options), request.relayState);
    return { browser, authorization, request, posted };
  }

  /** Why the provider refused the last answer, as its log says (so a test cannot pass for another reason). */
  const lastRefusal = () => server.logs.filter((line) => line.includes('refused')).at(-1) ?? '';

  const accountOf = async (email: string) => (await database.db.select().from(identityAccount).where(eq(identityAccount.email, email)))[0] ?? null;

  it('publishes the service provider metadata: our entity id and where assertions are posted', async () => {
    const answer = await fetch(`${server.issuer}${SAML_METADATA_PATH}`);
    expect(answer.status).toBe(200);
    const xml = await answer.text();
    expect(xml).toContain(`entityID="${server.issuer}${SAML_ENTITY_PATH}"`);
    expect(xml).toContain(`Location="${server.issuer}${SAML_ACS_PATH}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('signs a person in from a signed assertion, joins them with the join role, and finishes in the browser that started', async () => {
    const email = `ada@${domain}`;
    const { browser, authorization, request, posted } = await signInAs({ nameId: 'contoso-ada', email, name: 'Ada Contoso' }, {}, email);
    expect(request.loginHint).toBe(email);
    expect(request.issuer).toBe(`${server.issuer}${SAML_ENTITY_PATH}`);
    expect(posted.status).toBe(303);
    const callback = await browser.follow(new URL(posted.headers.get('location')!, server.origin), isCallback(server));
    expect(isCallback(server)(callback.url)).toBe(true);
    const claims = (await redeem(config, authorization, callback.url)).claims()!;
    expect(claims).toMatchObject({ email, name: 'Ada Contoso' });
    const memberships = await database.db.select({ companyId: companyOnUser.companyId, roleId: companyOnUser.roleId }).from(companyOnUser).innerJoin(user, eq(user.id, companyOnUser.userId)).where(eq(user.email, email));
    expect(memberships).toEqual([{ companyId: contosoId, roleId: memberRole }]);
  });

  it('accepts an assertion the provider encrypted to the certificate of our metadata, and publishes that certificate', async () => {
    const xml = await (await fetch(`${server.issuer}${SAML_METADATA_PATH}`)).text();
    expect(xml).toContain('use="encryption"');
    const certificate = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)![1]!.replace(/\s+/g, '');
    const pem = `-----BEGIN CERTIFICATE-----\n${certificate.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
    const email = `secret@${domain}`;
    const { browser, authorization, request } = await requestAtContoso();
    const answer = await contoso.answer(request, { nameId: 'contoso-e', email, name: 'Encrypted' }, { encryptTo: pem });
    expect(Buffer.from(answer, 'base64').toString('utf8')).toContain('EncryptedAssertion');
    const posted = await post(browser, answer, request.relayState);
    expect(posted.status).toBe(303);
    const callback = await browser.follow(new URL(posted.headers.get('location')!, server.origin), isCallback(server));
    expect((await redeem(config, authorization, callback.url)).claims()!.email).toBe(email);
  });

  it('refuses an unsigned assertion', async () => {
    const { posted } = await signInAs({ nameId: 'contoso-u', email: `unsigned@${domain}` }, { sign: false });
    expect(posted.status).toBe(400);
    expect(posted.html).toContain('could not be trusted');
    expect(lastRefusal()).toContain('Invalid signature');
    expect(await accountOf(`unsigned@${domain}`)).toBeNull();
  });

  it('refuses an assertion signed with another key than the metadata’s', async () => {
    const { browser, request } = await requestAtContoso();
    const posted = await post(browser, await impostor.answer(request, { nameId: 'contoso-i', email: `impostor@${domain}` }), request.relayState);
    expect(posted.status).toBe(400);
    expect(lastRefusal()).toContain('Invalid signature');
    expect(await accountOf(`impostor@${domain}`)).toBeNull();
  });

  it('refuses an assertion for another audience', async () => {
    const { posted } = await signInAs({ nameId: 'contoso-a', email: `audience@${domain}` }, { audience: 'https://another-service.test/saml' });
    expect(posted.status).toBe(400);
    expect(lastRefusal()).toContain('audience mismatch');
    expect(await accountOf(`audience@${domain}`)).toBeNull();
  });

  it('refuses a replayed answer, and an answer to another request', async () => {
    const email = `replay@${domain}`;
    const first = await requestAtContoso();
    const answer = await contoso.answer(first.request, { nameId: 'contoso-r', email });
    expect((await post(first.browser, answer, first.request.relayState)).status).toBe(303);
    const replayed = await post(new Browser(), answer, first.request.relayState);
    expect(replayed.status).toBe(400);
    expect(replayed.html).toContain('took too long or was already used');
    // The same signed answer offered to a second, open sign-in: it answers another request.
    const second = await requestAtContoso();
    expect((await post(second.browser, answer, second.request.relayState)).status).toBe(400);
    expect(lastRefusal()).toContain('InResponseTo is not valid');
  });

  it('refuses a signature-wrapped answer: a forged assertion around the signed one', async () => {
    const victim = `ceo@${domain}`;
    const { posted } = await signInAs({ nameId: 'contoso-w', email: `wrapper@${domain}` }, { wrapWith: { nameId: 'contoso-ceo', email: victim, name: 'The CEO' } });
    expect(posted.status).toBe(400);
    expect(lastRefusal()).toContain('Invalid signature');
    expect(await accountOf(victim)).toBeNull();
    expect(await accountOf(`wrapper@${domain}`)).toBeNull();
  });

  it('refuses an address of a domain the company has not proven', async () => {
    const { posted } = await signInAs({ nameId: 'contoso-x', email: `someone@unproven-${suffix}.test` });
    expect(posted.status).toBe(403);
    expect(posted.html).toContain('has not proven the domain');
  });

  it('refuses a post naming no open sign-in, and a get', async () => {
    const browser = new Browser();
    expect((await post(browser, 'PHNhbWxwOlJlc3BvbnNlLz4=', 'no-such-state')).status).toBe(400);
    expect((await browser.request(`${server.issuer}${SAML_ACS_PATH}`)).status).toBe(405);
  });

  it('goes on from the e-mail step for a proven domain, and the password form is untouched for others', async () => {
    const browser = new Browser();
    const authorization = await buildAuthorization(config, server);
    const page = await browser.follow(authorization.url, isCallback(server));
    const passwordStep = await submitForm(browser, server, page, { email: `someone-${suffix}@elsewhere.test` });
    expect(parsePage(passwordStep.html).fields.map((field) => field.label)).toEqual(['Email', 'Password']);
  });
});
