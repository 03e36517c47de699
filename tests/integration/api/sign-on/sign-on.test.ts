import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyDomain, companyRole, generalEventslog, identityAccount, identityProviderState, idp } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { samlMetadata } from '../../../support/saml-metadata';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// A company's identity providers (single sign-on): owners add, edit and remove OIDC and SAML
// providers. Each operation: the permission refusal, a cross-company probe on the id it
// takes, its event row; the client secret is sealed at rest and never answered or logged.

const FIELDS = 'id slug protocol issuer discoveryUrl clientId clientSecretSet entityId ssoUrl certificateFingerprints wantAssertionsSigned';
const LIST = `{ findManyIdp { ${FIELDS} } }`;
const FIND = `query ($id: ID!) { findIdp(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation ($data: IdpInput!) { createOneIdp(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $data: IdpInput!) { updateOneIdp(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteOneIdp(id: $id) { id } }';
const SECRET = 'oidc-client-secret-4f1c9a';
const OIDC = { protocol: 'OIDC', slug: 'company-a', issuer: 'https://company-a.okta.com/', clientId: 'talentplace', clientSecret: SECRET };

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
type IdpAnswer = { id: string; slug: string; protocol: string; issuer: string | null; discoveryUrl: string | null; clientSecretSet: boolean; entityId: string | null; ssoUrl: string | null; certificateFingerprints: string[]; wantAssertionsSigned: boolean };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const fieldCodes = (answer: Answer) => (answer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.map((error) => `${error.field}:${error.code}`);

describeEachDatabase('company identity providers', (kind) => {
  let f: CompaniesFixture;
  let oidcId: string;
  /** The product sessions the API ended, by token subject (the session store's part). */
  const endedSessions: string[] = [];
  beforeAll(async () => {
    f = await startCompaniesFixture(kind, { userSessions: { endAll: async (externalId) => (endedSessions.push(externalId), 1) } });
    await f.memberWithRole('reader-a', f.a.id, 'Sign-on reader', { idp: { read: true } });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
  });
  afterAll(() => f.h.close());

  it('gives owners the idp permission and no one else: FORBIDDEN without it', async () => {
    expect(code(await f.as('blind-a', LIST, {}, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('reader-a', CREATE, { data: OIDC }, f.a.id))).toBe('FORBIDDEN');
    expect((await f.as('owner-a', LIST, {}, f.a.id)).body.data?.findManyIdp).toEqual([]);
  });

  it('adds an OIDC provider: the issuer as given, its discovery address, the secret sealed and never answered', async () => {
    const created = await f.as('owner-a', CREATE, { data: OIDC }, f.a.id);
    expect(created.body.errors).toBeUndefined();
    const view = created.body.data?.createOneIdp as IdpAnswer;
    oidcId = view.id;
    expect(view).toMatchObject({ slug: 'company-a', protocol: 'OIDC', issuer: 'https://company-a.okta.com', discoveryUrl: 'https://company-a.okta.com/.well-known/openid-configuration', clientSecretSet: true });
    expect(JSON.stringify(created.body)).not.toContain(SECRET);

    const [row] = await f.h.database.db.select().from(idp).where(eq(idp.id, oidcId));
    expect(row!.companyId).toBe(f.a.id);
    expect(row!.clientSecretSealed).not.toContain(SECRET);
    expect(JSON.stringify(row!.config)).not.toContain(SECRET);
    expect(f.h.secretBox.open(row!.clientSecretSealed!, oidcId)).toBe(SECRET);

    const events = await f.events('idp.create', oidcId);
    expect(events).toHaveLength(1);
    expect(events[0]!.toId).toBe(f.a.id);
    expect(events[0]!.eventData).toMatchObject({ companyId: f.a.id, after: { slug: 'company-a', protocol: 'oidc', clientSecret: 'set' } });
    const log = await f.h.database.db.select().from(generalEventslog);
    expect(JSON.stringify(log)).not.toContain(SECRET);
    expect((await f.as('reader-a', LIST, {}, f.a.id)).body.data?.findManyIdp).toEqual([expect.objectContaining({ id: oidcId, clientSecretSet: true })]);
  });

  it('refuses a new OIDC provider without a secret, a bad issuer, a bad slug and a slug another company holds', async () => {
    expect(fieldCodes(await f.as('owner-a', CREATE, { data: { ...OIDC, slug: 'other', clientSecret: '' } }, f.a.id))).toEqual(['data.clientSecret:clientSecretRequired']);
    expect(fieldCodes(await f.as('owner-a', CREATE, { data: { ...OIDC, slug: 'other', issuer: 'http://company-a.okta.com' } }, f.a.id))).toEqual(['data.issuer:issuerHttps']);
    expect(fieldCodes(await f.as('owner-a', CREATE, { data: { ...OIDC, slug: 'Not a slug!' } }, f.a.id))).toEqual(['data.slug:slugShape']);
    // The slug names the provider at /sign-in/<slug>: another company cannot take it.
    const taken = await f.as('owner-b', CREATE, { data: { ...OIDC, slug: 'Company-A' } }, f.b.id);
    expect(fieldCodes(taken)).toEqual(['data.slug:slugTaken']);
    expect(taken.body.errors?.[0]?.extensions?.fieldErrors).toEqual([expect.objectContaining({ message: 'This name is already in use. Choose another.' })]);
  });

  it('adds a SAML provider from pasted metadata: entity id, sign-in address, certificate fingerprints, signed assertions required', async () => {
    const created = await f.as('owner-b', CREATE, { data: { protocol: 'SAML', slug: 'company-b', metadataXml: samlMetadata() } }, f.b.id);
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data?.createOneIdp).toMatchObject({ protocol: 'SAML', entityId: 'https://idp.example.test/saml', ssoUrl: 'https://idp.example.test/saml/sso', wantAssertionsSigned: true, clientSecretSet: false, certificateFingerprints: [expect.stringMatching(/^[0-9A-F:]{95}$/)] });
    expect(fieldCodes(await f.as('owner-b', CREATE, { data: { protocol: 'SAML', slug: 'company-b2', metadataXml: samlMetadata({ ssoUrl: 'http://idp.example.test/sso' }) } }, f.b.id))).toEqual(['data.metadataXml:metadataNoSsoUrl']);
  });

  it('edits a provider: a blank secret keeps the stored one, a new one replaces it; the protocol stays', async () => {
    const [before] = await f.h.database.db.select().from(idp).where(eq(idp.id, oidcId));
    const kept = await f.as('owner-a', UPDATE, { id: oidcId, data: { ...OIDC, clientId: 'talentplace-2', clientSecret: '' } }, f.a.id);
    expect(kept.body.data?.updateOneIdp).toMatchObject({ clientSecretSet: true });
    const [afterKept] = await f.h.database.db.select().from(idp).where(eq(idp.id, oidcId));
    expect(afterKept!.clientSecretSealed).toBe(before!.clientSecretSealed);
    expect(afterKept!.config).toMatchObject({ clientId: 'talentplace-2' });

    await f.as('owner-a', UPDATE, { id: oidcId, data: { ...OIDC, clientSecret: 'replacement-secret' } }, f.a.id);
    const [afterReplaced] = await f.h.database.db.select().from(idp).where(eq(idp.id, oidcId));
    expect(f.h.secretBox.open(afterReplaced!.clientSecretSealed!, oidcId)).toBe('replacement-secret');
    const updates = await f.events('idp.update', oidcId);
    expect(updates.map((event) => (event.eventData.after as { clientSecret?: string }).clientSecret)).toEqual([undefined, 'replaced']);
    expect(JSON.stringify(updates)).not.toContain('replacement-secret');

    expect(fieldCodes(await f.as('owner-a', UPDATE, { id: oidcId, data: { protocol: 'SAML', slug: 'company-a', metadataXml: samlMetadata() } }, f.a.id))).toEqual(['data.protocol:protocolFixed']);
    expect(code(await f.as('reader-a', UPDATE, { id: oidcId, data: OIDC }, f.a.id))).toBe('FORBIDDEN');
  });

  it('answers another company’s provider as NOT_FOUND to every operation, and changes nothing', async () => {
    const probe = { id: oidcId, data: { ...OIDC, slug: 'taken-over' } };
    expect(code(await f.as('owner-b', FIND, { id: oidcId }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', UPDATE, probe, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', DELETE, { id: oidcId }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', FIND, { id: 'not-an-id' }, f.b.id))).toBe('NOT_FOUND');
    const [row] = await f.h.database.db.select().from(idp).where(eq(idp.id, oidcId));
    expect(row!.slug).toBe('company-a');
    expect(((await f.as('owner-b', LIST, {}, f.b.id)).body.data?.findManyIdp as IdpAnswer[]).map((each) => each.slug)).toEqual(['company-b']);
  });

  it('removes a provider with idp delete, its sealed secret with it, and records it', async () => {
    expect(code(await f.as('reader-a', DELETE, { id: oidcId }, f.a.id))).toBe('FORBIDDEN');
    expect((await f.as('owner-a', DELETE, { id: oidcId }, f.a.id)).body.data?.deleteOneIdp).toEqual({ id: oidcId });
    expect(await f.h.database.db.select().from(idp).where(eq(idp.id, oidcId))).toEqual([]);
    const deleted = await f.events('idp.delete', oidcId);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.eventData).toMatchObject({ before: { slug: 'company-a' }, after: null });
  });

  it("lists each company's own provider changes for its owners, newest first: what, which settings, by whom; never a secret", async () => {
    const CHANGES = '{ findManyIdpChange { action slug changed changedBy } }';
    const ours = (await f.as('owner-a', CHANGES, {}, f.a.id)).body.data?.findManyIdpChange as Array<{ action: string; slug: string; changed: string[]; changedBy: string | null }>;
    // Added, edited twice (the client id; then the client id back and the secret replaced), removed: newest first.
    expect(ours.map((change) => change.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(ours[1]!.changed).toEqual(['clientId', 'clientSecret']);
    expect(ours[2]!.changed).toEqual(['clientId']);
    expect(ours.every((change) => change.slug === 'company-a' && change.changedBy === 'owner-a@example.test')).toBe(true);
    const theirs = (await f.as('owner-b', CHANGES, {}, f.b.id)).body.data?.findManyIdpChange as Array<{ slug: string }>;
    expect(theirs.map((change) => change.slug)).toEqual(['company-b']);
    expect(JSON.stringify(ours)).not.toContain(SECRET);
    expect(JSON.stringify(ours)).not.toContain('replacement-secret');
    expect(code(await f.as('blind-a', CHANGES, {}, f.a.id))).toBe('FORBIDDEN');
  });

  it('joins people with a role the owner chose among the company’s own, never the owner role nor another company’s, and records the change', async () => {
    const JOIN_ROLES = '{ findManyIdpJoinRole { id name } }';
    const { roleId: recruiter } = await f.memberWithRole('joiner-a', f.a.id, 'Recruiter', { jobAd: { read: true } });
    const { roleId: otherCompanyRole } = await f.memberWithRole('joiner-b', f.b.id, 'Recruiter B', { jobAd: { read: true } });
    const choices = (await f.as('owner-a', JOIN_ROLES, {}, f.a.id)).body.data?.findManyIdpJoinRole as Array<{ id: string; name: string }>;
    expect(choices.map((choice) => choice.id)).toContain(recruiter);
    expect(choices.map((choice) => choice.id)).not.toContain(otherCompanyRole);
    const [ownerRole] = await f.h.database.db.select({ id: companyRole.id }).from(companyRole).where(and(eq(companyRole.companyId, f.a.id), eq(companyRole.isDefault, true)));
    expect(choices.map((choice) => choice.id)).not.toContain(ownerRole!.id);
    expect(code(await f.as('blind-a', JOIN_ROLES, {}, f.a.id))).toBe('FORBIDDEN');

    const data = { ...OIDC, slug: 'company-a-join', clientSecret: 'join-secret' };
    expect(fieldCodes(await f.as('owner-a', CREATE, { data: { ...data, joinRoleId: otherCompanyRole } }, f.a.id))).toEqual(['data.joinRoleId:joinRoleUnknown']);
    expect(fieldCodes(await f.as('owner-a', CREATE, { data: { ...data, joinRoleId: ownerRole!.id } }, f.a.id))).toEqual(['data.joinRoleId:joinRoleUnknown']);
    const created = await f.as('owner-a', `mutation ($data: IdpInput!) { createOneIdp(data: $data) { id joinRoleId } }`, { data: { ...data, joinRoleId: recruiter } }, f.a.id);
    const view = created.body.data?.createOneIdp as { id: string; joinRoleId: string };
    expect(view.joinRoleId).toBe(recruiter);
    const updated = await f.as('owner-a', `mutation ($id: ID!, $data: IdpInput!) { updateOneIdp(id: $id, data: $data) { joinRoleId } }`, { id: view.id, data: { ...data, clientSecret: '', joinRoleId: '' } }, f.a.id);
    expect(updated.body.data?.updateOneIdp).toEqual({ joinRoleId: null });
    const [event] = await f.events('idp.update', view.id);
    expect(event!.eventData).toMatchObject({ before: { joinRoleId: recruiter }, after: { joinRoleId: null } });
    await f.as('owner-a', DELETE, { id: view.id }, f.a.id);
  });

  it('enforces sign-on only with a break-glass owner, who must be an owner of the company', async () => {
    const SAVE = `mutation ($data: IdpInput!) { createOneIdp(data: $data) { id enforced breakGlassUserId } }`;
    const data = { ...OIDC, slug: 'company-a-enforced', clientSecret: 'enforced-secret', enforced: true };
    expect(fieldCodes(await f.as('owner-a', SAVE, { data }, f.a.id))).toEqual(['data.breakGlassUserId:breakGlassRequired']);
    const reader = await f.userId('reader-a');
    expect(fieldCodes(await f.as('owner-a', SAVE, { data: { ...data, breakGlassUserId: reader } }, f.a.id))).toEqual(['data.breakGlassUserId:breakGlassNotOwner']);
    const owners = (await f.as('owner-a', '{ findManyIdpOwner { id email } }', {}, f.a.id)).body.data?.findManyIdpOwner as Array<{ id: string }>;
    const ownerId = await f.userId('owner-a');
    expect(owners.map((owner) => owner.id)).toEqual([ownerId]);
    const created = (await f.as('owner-a', SAVE, { data: { ...data, breakGlassUserId: ownerId } }, f.a.id)).body.data?.createOneIdp as { id: string; enforced: boolean; breakGlassUserId: string };
    expect(created).toMatchObject({ enforced: true, breakGlassUserId: ownerId });
    const [event] = await f.events('idp.create', created.id);
    expect(event!.eventData).toMatchObject({ after: { enforced: true, breakGlassUserId: ownerId } });
    await f.as('owner-a', DELETE, { id: created.id }, f.a.id);
  });

  it('signs out everyone who signed in through a provider when it is removed, and through a domain when it is given up', async () => {
    const db = f.h.database.db;
    const created = (await f.as('owner-a', `mutation ($data: IdpInput!) { createOneIdp(data: $data) { id } }`, { data: { ...OIDC, slug: 'company-a-leaving', clientSecret: 'leaving-secret' } }, f.a.id)).body.data?.createOneIdp as { id: string };
    const [domain] = await db.insert(companyDomain).values({ companyId: f.a.id, domain: 'leaving-a.test', token: 't', verifiedAt: new Date() }).returning();
    const account = async (email: string) => {
      const [row] = await db.insert(identityAccount).values({ email, passwordHash: 'x', emailVerified: true, federatedIdpId: created.id, federatedSubject: email }).returning({ id: identityAccount.id });
      await db.insert(identityProviderState).values({ model: 'Session', id: `session-${row!.id}`, payload: { accountId: row!.id } });
      return row!.id;
    };
    const viaDomain = await account('ann@leaving-a.test');
    const elsewhere = await account('bob@other-a.test');
    const stateOf = async (id: string) => db.select().from(identityProviderState).where(eq(identityProviderState.id, `session-${id}`));

    // Another company cannot give up the domain, nor sign anyone out with it.
    expect(code(await f.as('owner-b', 'mutation ($id: ID!) { deleteOneCompanyDomain(id: $id) { id } }', { id: domain!.id }, f.b.id))).toBe('NOT_FOUND');
    expect(endedSessions).toEqual([]);

    await f.as('owner-a', 'mutation ($id: ID!) { deleteOneCompanyDomain(id: $id) { id } }', { id: domain!.id }, f.a.id);
    expect(endedSessions).toEqual([viaDomain]);
    expect(await stateOf(viaDomain)).toEqual([]);
    expect(await stateOf(elsewhere)).toHaveLength(1);

    await f.as('owner-a', DELETE, { id: created.id }, f.a.id);
    expect(endedSessions.slice(1).sort()).toEqual([viaDomain, elsewhere].sort());
    expect(await stateOf(elsewhere)).toEqual([]);
    const [event] = await f.events('idp.delete', created.id);
    expect(event!.eventData).toMatchObject({ signedOutAccounts: 2 });
  });
});
