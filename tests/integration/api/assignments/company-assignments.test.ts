import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayIso } from '../../../../src/lib/assignments/assignment-status';
import { billing, company, companyOnProviderCompany, companyTalentRoster, jobAssignment, jobDescription, talentJobApplication } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY, startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// The company side of job assignments. A company reads and writes the
// assignments it takes part in (client, provider or sales company) under the jobAssignment
// permission; every id it sends is resolved inside it; every write is an event addressed
// to the talent, who sees the assignment on their own side.

const FIELDS = `id status startDate endDate team costCenter talentNote currency clientPricesIsVisibleToTalent
  role { id title } clientCompany { id name } providerCompany { id name } salesCompany { id name } talent { id profileName jobTitle }`;
const LIST = `query ($q: String, $talentProfileId: ID, $status: TalentAssignmentStatus, $page: Int, $perPage: Int) {
  findManyJobAssignment(q: $q, talentProfileId: $talentProfileId, status: $status, page: $page, perPage: $perPage) { items { id role { title } talent { profileName } status } total page pageCount }
}`;
const FIND = `query ($id: ID!) { findJobAssignment(id: $id) { ${FIELDS} hasMoneyRows } }`;
const OPTIONS = `{ findJobAssignmentOptions {
  jobDescriptions { id title clientCompany { id name } } talents { id profileName jobTitle }
  clientCompanies { id name } providerCompanies { id name } salesCompanies { id name }
} }`;
const CREATE = `mutation ($data: CreateOneJobAssignmentInput!) { createOneJobAssignment(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $data: JobAssignmentInput!) { updateOneJobAssignment(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteOneJobAssignment(id: $id) }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const MY_ASSIGNMENTS = '{ myJobAssignments { total items { id role { title } clientCompany { name } } } }';
const ALL = { read: true, create: true, update: true, delete: true };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Assignment = { id: string; status: string; role: { id: string; title: string } | null; clientCompany: { id: string } | null; providerCompany: { id: string } | null; salesCompany: { id: string } | null; talent: { id: string; profileName: string } };
type FieldError = { field: string; code: string };

const day = (offset: number) => todayIso(new Date(Date.now() + offset * 24 * 60 * 60 * 1000));
const fieldCodes = (body: { errors?: Array<{ extensions?: Record<string, unknown> }> }) =>
  ((body.errors?.[0]?.extensions?.fieldErrors as FieldError[] | undefined) ?? []).map((error) => `${error.field}:${error.code}`).sort();

describeEachDatabase('company job assignments', (kind) => {
  let f: CompaniesFixture;
  let clientId: string;
  let providerId: string;
  let roleA: string;
  let roleForClient: string;
  let roleB: string;
  const talents: Record<'roster' | 'applicant' | 'otherRoster' | 'stranger', { profileId: string; userId: string }> = {} as never;

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    await f.memberWithRole('assigner-a', f.a.id, 'Assigner', { jobAssignment: ALL });
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { jobAssignment: { read: true } });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
    // A provides talents to Client C; Provider P provides talents to A.
    const created = async (owner: string, name: string) => ((await f.as(owner, CREATE_COMPANY, { data: { name } })).body.data?.createOneCompany as { id: string }).id;
    clientId = await created('client-owner', 'Client C');
    providerId = await created('provider-owner', 'Provider P');
    await db.update(company).set({ verificationStatus: 'verified' }).where(inArray(company.id, [clientId, providerId]));
    await db.insert(companyOnProviderCompany).values([
      { companyId: clientId, providerCompanyId: f.a.id, status: 'accepted' },
      { companyId: f.a.id, providerCompanyId: providerId, status: 'accepted' },
    ]);
    for (const [key, name] of [['roster', 'Rosa Roster'], ['applicant', 'Arno Applicant'], ['otherRoster', 'Bea Other'], ['stranger', 'Sid Stranger']] as const) {
      const token = await f.h.token(`talent-${key}`);
      const { body } = await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${key}@example.test`, profileName: name } } });
      talents[key] = { profileId: (body.data?.createOneTalentProfile as { id: string }).id, userId: await f.userId(`talent-${key}`) };
    }
    const roles = await db
      .insert(jobDescription)
      .values([
        { title: 'Platform engineer', companyId: f.a.id, clientCompanyId: f.a.id },
        { title: 'Client analyst', companyId: f.a.id, clientCompanyId: clientId },
        { title: 'B secret role', companyId: f.b.id, clientCompanyId: f.b.id },
      ])
      .returning({ id: jobDescription.id });
    [roleA, roleForClient, roleB] = roles.map((row) => row.id) as [string, string, string];
    await db.insert(companyTalentRoster).values([
      { companyId: f.a.id, talentProfileId: talents.roster.profileId, currency: 'EUR', consent: 'accepted' },
      { companyId: f.b.id, talentProfileId: talents.otherRoster.profileId, currency: 'EUR', consent: 'accepted' },
    ]);
    await db.insert(talentJobApplication).values({ talentProfileId: talents.applicant.profileId, jobDescriptionId: roleA });
  });
  afterAll(() => f.h.close());

  const base = () => ({ talentProfileId: talents.roster.profileId, jobDescriptionId: roleA, currency: 'eur', startDate: day(-10) });

  it('offers its job descriptions, the talents it may name and the companies for each part', async () => {
    const { body } = await f.as('reader-a', OPTIONS, {}, f.a.id);
    expect(body.errors).toBeUndefined();
    const options = body.data?.findJobAssignmentOptions as Record<string, Array<{ id: string; name?: string; title?: string; profileName?: string }>>;
    expect(options.jobDescriptions!.map((role) => role.title)).toEqual(['Client analyst', 'Platform engineer']);
    expect(options.talents!.map((talent) => talent.profileName)).toEqual(['Arno Applicant', 'Rosa Roster']);
    expect(options.clientCompanies!.map((each) => each.name)).toEqual(['Company A', 'Client C']);
    expect(options.providerCompanies!.map((each) => each.name)).toEqual(['Company A', 'Provider P']);
    expect(options.salesCompanies!.map((each) => each.name)).toEqual(['Company A', 'Client C', 'Provider P']);
  });

  it('creates an assignment with its event addressed to the talent, who sees it on their side', async () => {
    const { body } = await f.as('assigner-a', CREATE, { data: { ...base(), team: ' Core ', endDate: day(30), talentNote: 'Hours monthly', clientPricesIsVisibleToTalent: true } }, f.a.id);
    expect(body.errors).toBeUndefined();
    const created = body.data?.createOneJobAssignment as Assignment;
    expect(created).toMatchObject({
      status: 'CURRENT', currency: 'EUR', team: 'Core', talentNote: 'Hours monthly', clientPricesIsVisibleToTalent: true,
      role: { id: roleA, title: 'Platform engineer' }, clientCompany: { id: f.a.id }, providerCompany: null, salesCompany: null,
      talent: { id: talents.roster.profileId, profileName: 'Rosa Roster' },
    });
    const [event] = await f.events('jobAssignment.create', created.id);
    expect(event).toMatchObject({ toId: talents.roster.userId, eventData: { companyId: f.a.id, talentProfileId: talents.roster.profileId, after: { jobDescriptionId: roleA, team: 'Core' } } });
    const mine = await f.h.call(MY_ASSIGNMENTS, { token: await f.h.token('talent-roster') });
    expect((mine.body.data?.myJobAssignments as { items: Array<{ id: string }> }).items.map((item) => item.id)).toContain(created.id);
  });

  it('places an applicant too, and for a client: the client is the description\'s, and the company must take a part', async () => {
    const applicant = await f.as('assigner-a', CREATE, { data: { ...base(), talentProfileId: talents.applicant.profileId } }, f.a.id);
    expect(applicant.body.errors).toBeUndefined();
    const notInvolved = await f.as('assigner-a', CREATE, { data: { ...base(), jobDescriptionId: roleForClient } }, f.a.id);
    expect(fieldCodes(notInvolved.body)).toEqual(['data.clientCompanyId:companyNotInvolved']);
    const provided = await f.as('assigner-a', CREATE, { data: { ...base(), jobDescriptionId: roleForClient, providerCompanyId: f.a.id, salesCompanyId: providerId, startDate: day(20) } }, f.a.id);
    expect(provided.body.errors).toBeUndefined();
    expect(provided.body.data?.createOneJobAssignment).toMatchObject({ status: 'UPCOMING', clientCompany: { id: clientId }, providerCompany: { id: f.a.id }, salesCompany: { id: providerId } });
    const mismatch = await f.as('assigner-a', CREATE, { data: { ...base(), jobDescriptionId: roleForClient, clientCompanyId: f.a.id } }, f.a.id);
    expect(fieldCodes(mismatch.body)).toEqual(['data.jobDescriptionId:jobDescriptionNotOfClient']);
    // The client company reads the assignment it is the client of.
    const asClient = await f.as('client-owner', LIST, {}, clientId);
    expect((asClient.body.data?.findManyJobAssignment as { items: Array<{ role: { title: string } }> }).items.map((item) => item.role.title)).toEqual(['Client analyst']);
  });

  it("lets an edit keep the job description and companies it has, though the editor could not name them, but not switch to such", async () => {
    const listed = (await f.as('client-owner', LIST, {}, clientId)).body.data?.findManyJobAssignment as { items: Array<{ id: string }> };
    const id = listed.items[0]!.id;
    // For Client C the description is Company A's and Provider P no partner: kept, they stand.
    const kept = { jobDescriptionId: roleForClient, clientCompanyId: clientId, providerCompanyId: f.a.id, salesCompanyId: providerId, currency: 'EUR', startDate: day(20), team: 'Client side' };
    const saved = await f.as('client-owner', UPDATE, { id, data: kept }, clientId);
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data?.updateOneJobAssignment).toMatchObject({ team: 'Client side', role: { id: roleForClient }, salesCompany: { id: providerId } });
    const switched = await f.as('client-owner', UPDATE, { id, data: { ...kept, jobDescriptionId: roleA, salesCompanyId: f.b.id } }, clientId);
    expect(fieldCodes(switched.body)).toEqual(['data.jobDescriptionId:jobDescriptionUnknown', 'data.salesCompanyId:salesCompanyUnknown']);
  });

  it("says whether its job description is the company's own: only then does its page open in the company", async () => {
    const ROLE = 'query ($id: ID!) { findJobAssignment(id: $id) { role { id title } roleIsOwn } }';
    const listed = (await f.as('client-owner', LIST, {}, clientId)).body.data?.findManyJobAssignment as { items: Array<{ id: string }> };
    const id = listed.items[0]!.id;
    // Company A wrote the description for Client C: its page is A's, a 404 in C.
    expect((await f.as('assigner-a', ROLE, { id }, f.a.id)).body.data?.findJobAssignment).toEqual({ role: { id: roleForClient, title: 'Client analyst' }, roleIsOwn: true });
    expect((await f.as('client-owner', ROLE, { id }, clientId)).body.data?.findJobAssignment).toEqual({ role: { id: roleForClient, title: 'Client analyst' }, roleIsOwn: false });
    // Removed since: still named, no longer anyone's page.
    const db = f.h.database.db;
    await db.update(jobDescription).set({ deletedAt: new Date() }).where(eq(jobDescription.id, roleForClient));
    expect((await f.as('assigner-a', ROLE, { id }, f.a.id)).body.data?.findJobAssignment).toEqual({ role: { id: roleForClient, title: 'Client analyst' }, roleIsOwn: false });
    await db.update(jobDescription).set({ deletedAt: null }).where(eq(jobDescription.id, roleForClient));
  });

  it('answers a code per field and never a server error for bad input', async () => {
    expect(fieldCodes((await f.as('assigner-a', CREATE, { data: {} }, f.a.id)).body)).toEqual(
      ['data.currency:currencyRequired', 'data.jobDescriptionId:jobDescriptionRequired', 'data.startDate:startRequired', 'data.talentProfileId:talentRequired'],
    );
    const bad = await f.as('assigner-a', CREATE, { data: { ...base(), currency: 'EUO', startDate: day(5), endDate: day(4), team: 'x'.repeat(201), providerCompanyId: 'nope' } }, f.a.id);
    expect(bad.status).toBeLessThan(500);
    expect(fieldCodes(bad.body)).toEqual(['data.currency:currencyUnknown', 'data.endDate:endBeforeStart', 'data.providerCompanyId:providerCompanyUnknown', 'data.team:tooLong']);
    const order = await f.as('assigner-a', CREATE, { data: { ...base(), startDate: day(5), endDate: day(4) } }, f.a.id);
    expect(fieldCodes(order.body)).toEqual(['data.endDate:endBeforeStart']);
  });

  it("refuses every id from outside the company: talents, job descriptions, companies and another's assignment", async () => {
    for (const key of ['otherRoster', 'stranger'] as const) {
      const { body } = await f.as('assigner-a', CREATE, { data: { ...base(), talentProfileId: talents[key].profileId } }, f.a.id);
      expect(fieldCodes(body)).toEqual(['data.talentProfileId:talentUnknown']);
    }
    expect(fieldCodes((await f.as('assigner-a', CREATE, { data: { ...base(), talentProfileId: UNKNOWN_ID } }, f.a.id)).body)).toEqual(['data.talentProfileId:talentUnknown']);
    expect(fieldCodes((await f.as('assigner-a', CREATE, { data: { ...base(), jobDescriptionId: roleB } }, f.a.id)).body)).toEqual(['data.jobDescriptionId:jobDescriptionUnknown']);
    const companies = await f.as('assigner-a', CREATE, { data: { ...base(), clientCompanyId: f.b.id, providerCompanyId: clientId, salesCompanyId: f.b.id } }, f.a.id);
    expect(fieldCodes(companies.body)).toEqual(['data.clientCompanyId:clientCompanyUnknown', 'data.jobDescriptionId:jobDescriptionNotOfClient', 'data.providerCompanyId:providerCompanyUnknown', 'data.salesCompanyId:salesCompanyUnknown']);

    // Company B's own assignment: NOT_FOUND to A on every operation, and unchanged.
    const [foreign] = await f.h.database.db
      .insert(jobAssignment)
      .values({ talentProfileId: talents.otherRoster.profileId, jobDescriptionId: roleB, clientCompanyId: f.b.id, assignmentCurrency: 'EUR', startDate: day(-1) })
      .returning({ id: jobAssignment.id });
    const id = foreign!.id;
    expect((await f.as('assigner-a', FIND, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('assigner-a', UPDATE, { id, data: { jobDescriptionId: roleA, currency: 'EUR', startDate: day(1) } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('assigner-a', DELETE, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('assigner-a', FIND, { id: 'not-an-id' }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('assigner-a', LIST, { talentProfileId: talents.otherRoster.profileId }, f.a.id)).body.data?.findManyJobAssignment).toMatchObject({ total: 0 });
    expect((await f.as('owner-b', FIND, { id }, f.b.id)).body.data?.findJobAssignment).toMatchObject({ role: { title: 'B secret role' }, startDate: day(-1) });
  });

  it('lists with the role or talent search, the talent, the status from the dates and pages', async () => {
    await f.as('assigner-a', CREATE, { data: { ...base(), startDate: day(-60), endDate: day(-30) } }, f.a.id);
    const all = (await f.as('reader-a', LIST, {}, f.a.id)).body.data?.findManyJobAssignment as { total: number; items: Array<{ status: string }> };
    expect(all.total).toBe(4);
    const byStatus = async (status: string) => ((await f.as('reader-a', LIST, { status }, f.a.id)).body.data?.findManyJobAssignment as { items: Array<{ status: string }> }).items.map((item) => item.status);
    expect(await byStatus('UPCOMING')).toEqual(['UPCOMING']);
    expect(await byStatus('ENDED')).toEqual(['ENDED']);
    expect(await byStatus('CURRENT')).toEqual(['CURRENT', 'CURRENT']);
    const q = (await f.as('reader-a', LIST, { q: 'arno' }, f.a.id)).body.data?.findManyJobAssignment as { items: Array<{ talent: { profileName: string } }> };
    expect(q.items.map((item) => item.talent.profileName)).toEqual(['Arno Applicant']);
    expect((await f.as('reader-a', LIST, { q: 'client ANAL' }, f.a.id)).body.data?.findManyJobAssignment).toMatchObject({ total: 1 });
    expect((await f.as('reader-a', LIST, { talentProfileId: talents.roster.profileId }, f.a.id)).body.data?.findManyJobAssignment).toMatchObject({ total: 3 });
    expect((await f.as('reader-a', LIST, { talentProfileId: 'x' }, f.a.id)).body.data?.findManyJobAssignment).toMatchObject({ total: 0 });
    expect((await f.as('reader-a', LIST, { perPage: 3, page: 2 }, f.a.id)).body.data?.findManyJobAssignment).toMatchObject({ total: 4, page: 2, pageCount: 2 });
  });

  it('refuses without the permission (FORBIDDEN): a reader may not write, a member without jobAssignment read sees nothing', async () => {
    const { body } = await f.as('assigner-a', CREATE, { data: base() }, f.a.id);
    const id = (body.data?.createOneJobAssignment as Assignment).id;
    expect((await f.as('reader-a', CREATE, { data: base() }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { talentProfileId: _talent, ...fields } = base();
    expect((await f.as('reader-a', UPDATE, { id, data: fields }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('reader-a', DELETE, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const query of [LIST, OPTIONS]) expect((await f.as('blind-a', query, {}, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('blind-a', FIND, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('replaces an assignment, keeping its talent, with the changed fields in its event', async () => {
    const { body } = await f.as('assigner-a', CREATE, { data: { ...base(), team: 'Old team' } }, f.a.id);
    const id = (body.data?.createOneJobAssignment as Assignment).id;
    const updated = await f.as('assigner-a', UPDATE, { id, data: { jobDescriptionId: roleA, currency: 'GBP', startDate: day(-10), costCenter: 'CC-1', talentProfileId: talents.applicant.profileId } }, f.a.id);
    // The talent is no field of an edit: GraphQL refuses it outright, so the row is untouched.
    expect(updated.body.errors?.[0]).toBeDefined();
    const saved = await f.as('assigner-a', UPDATE, { id, data: { jobDescriptionId: roleA, currency: 'GBP', startDate: day(-10), costCenter: 'CC-1' } }, f.a.id);
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data?.updateOneJobAssignment).toMatchObject({ currency: 'GBP', team: null, costCenter: 'CC-1', talent: { id: talents.roster.profileId } });
    const [event] = await f.events('jobAssignment.update', id);
    expect(event).toMatchObject({ toId: talents.roster.userId, eventData: { before: { team: 'Old team', assignmentCurrency: 'EUR' }, after: { team: null, assignmentCurrency: 'GBP', costCenter: 'CC-1' } } });
    expect((event!.eventData.changedFields as string[]).sort()).toEqual(['assignmentCurrency', 'costCenter', 'team']);
    const bad = await f.as('assigner-a', UPDATE, { id, data: { jobDescriptionId: roleA, currency: 'GBP', startDate: day(-10), endDate: day(-11) } }, f.a.id);
    expect(fieldCodes(bad.body)).toEqual(['data.endDate:endBeforeStart']);
  });

  it('deletes softly with its event, but never an assignment that billings point at', async () => {
    const { body } = await f.as('assigner-a', CREATE, { data: { ...base(), team: 'To delete' } }, f.a.id);
    const id = (body.data?.createOneJobAssignment as Assignment).id;
    const billed = (await f.as('assigner-a', CREATE, { data: { ...base(), team: 'Billed' } }, f.a.id)).body.data?.createOneJobAssignment as Assignment;
    await f.h.database.db.insert(billing).values({ talentProfileId: talents.roster.profileId, jobAssignmentId: billed.id, amount: '100', currency: 'EUR', year: 2026, month: 1 });

    const refused = await f.as('assigner-a', DELETE, { id: billed.id }, f.a.id);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'jobAssignmentHasMoneyRows' });
    expect((await f.as('assigner-a', FIND, { id: billed.id }, f.a.id)).body.data?.findJobAssignment).toMatchObject({ hasMoneyRows: true });

    expect((await f.as('assigner-a', DELETE, { id }, f.a.id)).body.data?.deleteOneJobAssignment).toBe(true);
    const [event] = await f.events('jobAssignment.delete', id);
    expect(event).toMatchObject({ toId: talents.roster.userId, eventData: { before: { team: 'To delete' }, after: null } });
    const [kept] = await f.h.database.db.select({ deletedAt: jobAssignment.deletedAt }).from(jobAssignment).where(eq(jobAssignment.id, id));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    expect((await f.as('assigner-a', FIND, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('assigner-a', DELETE, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const mine = await f.h.call(MY_ASSIGNMENTS, { token: await f.h.token('talent-roster') });
    expect((mine.body.data?.myJobAssignments as { items: Array<{ id: string }> }).items.map((item) => item.id)).not.toContain(id);
  });
});
