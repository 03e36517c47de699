import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayIso } from '../../../../src/lib/assignments/assignment-status';
import { company, companyOnProviderCompany, companyTalentRoster, generalEventslog, jobAssignment, jobDescription } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY, startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Company links (the companyOnProviderCompany entity): a company proposes a link to a
// verified company as its provider or its client, the other accepts or declines, either ends
// it, and only an accepted link lets an assignment name the two. Each operation: its
// permission refusal, a cross-company probe on every id it takes, and its event rows.

const LINKS = '{ findManyCompanyLink { id partnerCompanyId partnerName relation status proposedByUs } }';
const SEARCH = 'query ($name: String!) { findManyLinkableCompany(name: $name) { id name } }';
const PROPOSE = 'mutation ($data: CreateOneCompanyLinkInput!) { createOneCompanyLink(data: $data) { id partnerCompanyId relation status proposedByUs } }';
const ACCEPT = 'mutation ($id: ID!) { acceptCompanyLink(id: $id) { id status relation } }';
const DECLINE = 'mutation ($id: ID!) { declineCompanyLink(id: $id) { id status } }';
const END = 'mutation ($id: ID!) { endCompanyLink(id: $id) { id status } }';
const OPTIONS = '{ findJobAssignmentOptions { providerCompanies { id name } salesCompanies { id name } } }';
const CREATE_ASSIGNMENT = 'mutation ($data: CreateOneJobAssignmentInput!) { createOneJobAssignment(data: $data) { id providerCompany { id } } }';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ALL = { read: true, create: true, update: true, delete: true };

type Link = { id: string; partnerCompanyId: string; partnerName: string; relation: string; status: string; proposedByUs: boolean };
type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const reason = (answer: Answer) => answer.body.errors?.[0]?.extensions?.reason;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 24 * 60 * 60 * 1000));

describeEachDatabase('company links', (kind) => {
  let f: CompaniesFixture;
  let c: string;
  let pending: string;
  let ownerB: string;
  let talentProfileId: string;
  let roleA: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    const created = async (owner: string, name: string) => ((await f.as(owner, CREATE_COMPANY, { data: { name } })).body.data?.createOneCompany as { id: string }).id;
    c = await created('owner-c', 'Company C');
    pending = await created('owner-p', 'Company Pending');
    await db.update(company).set({ verificationStatus: 'verified' }).where(eq(company.id, c));
    ownerB = await f.userId('owner-b');
    await f.memberWithRole('reader-a', f.a.id, 'Link reader', { companyLink: { read: true } });
    await f.memberWithRole('reader-b', f.b.id, 'Link reader', { companyLink: { read: true } });
    await f.memberWithRole('answerer-b', f.b.id, 'Link answerer', { companyLink: { read: true, update: true } });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
    await f.memberWithRole('assigner-a', f.a.id, 'Assigner', { jobAssignment: ALL });
    const { body } = await f.h.call('mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }', { token: await f.h.token('talent-t'), variables: { data: { email: 't@example.test', profileName: 'Tia Talent' } } });
    talentProfileId = (body.data?.createOneTalentProfile as { id: string }).id;
    await db.insert(companyTalentRoster).values({ companyId: f.a.id, talentProfileId, currency: 'EUR', consent: 'accepted' });
    [{ id: roleA }] = (await db.insert(jobDescription).values({ title: 'Engineer', companyId: f.a.id, clientCompanyId: f.a.id }).returning({ id: jobDescription.id })) as [{ id: string }];
  });
  afterAll(() => f.h.close());

  const linksOf = async (subject: string, companyId: string) => (await f.as(subject, LINKS, {}, companyId)).body.data?.findManyCompanyLink as Link[];
  const eventsOf = (entityId: string) =>
    f.h.database.db.select().from(generalEventslog).where(inArray(generalEventslog.type, ['companyOnProviderCompany.create', 'companyOnProviderCompany.update'])).then((rows) => rows.filter((row) => row.eventData.entityId === entityId));

  it('finds only verified companies by a fragment of their name, never the asking company, and only with companyLink create', async () => {
    const names = async (name: string, subject = 'owner-a') => ((await f.as(subject, SEARCH, { name }, f.a.id)).body.data?.findManyLinkableCompany as Array<{ name: string }>).map((row) => row.name);
    expect(await names('company')).toEqual(['Company B', 'Company C']);
    expect(await names('pend')).toEqual([]);
    expect(await names('c')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect(code(await f.as('reader-a', SEARCH, { name: 'company' }, f.a.id))).toBe('FORBIDDEN');
  });

  it('proposes a link to a verified company: proposed, one event for the company and a copy for each owner of the other', async () => {
    expect(code(await f.as('reader-a', PROPOSE, { data: { partnerCompanyId: f.b.id, relation: 'PROVIDES_TO_US' } }, f.a.id))).toBe('FORBIDDEN');
    // A company that is not verified answers like an unknown id: its existence is not for others to learn.
    expect(code(await f.as('owner-a', PROPOSE, { data: { partnerCompanyId: pending, relation: 'PROVIDES_TO_US' } }, f.a.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-a', PROPOSE, { data: { partnerCompanyId: UNKNOWN_ID, relation: 'PROVIDES_TO_US' } }, f.a.id))).toBe('NOT_FOUND');
    const self = await f.as('owner-a', PROPOSE, { data: { partnerCompanyId: f.a.id, relation: 'PROVIDES_TO_US' } }, f.a.id);
    expect(self.body.errors?.[0]?.extensions?.fieldErrors).toEqual([expect.objectContaining({ field: 'data.partnerCompanyId', code: 'selfLink' })]);

    const proposed = await f.as('owner-a', PROPOSE, { data: { partnerCompanyId: f.b.id, relation: 'PROVIDES_TO_US' } }, f.a.id);
    expect(proposed.body.errors).toBeUndefined();
    const link = proposed.body.data?.createOneCompanyLink as Link;
    expect(link).toMatchObject({ partnerCompanyId: f.b.id, relation: 'PROVIDES_TO_US', status: 'PROPOSED', proposedByUs: true });
    const [row] = await f.h.database.db.select().from(companyOnProviderCompany).where(eq(companyOnProviderCompany.id, link.id));
    expect(row).toMatchObject({ companyId: f.a.id, providerCompanyId: f.b.id, status: 'proposed', proposedByCompanyId: f.a.id });
    const events = await eventsOf(link.id);
    expect(events.map((event) => event.toId).sort()).toEqual([f.a.id, ownerB].sort());
    expect(events.find((event) => event.toId === ownerB)?.eventData).toMatchObject({ companyId: f.b.id, partnerCompanyId: f.a.id, relation: 'WE_PROVIDE_TO', invitee: true });
    // B reads it from its side: A would be its client, and the answer is B's to give.
    expect(await linksOf('owner-b', f.b.id)).toEqual([{ id: link.id, partnerCompanyId: f.a.id, partnerName: 'Company A', relation: 'WE_PROVIDE_TO', status: 'PROPOSED', proposedByUs: false }]);
    expect(reason(await f.as('owner-a', PROPOSE, { data: { partnerCompanyId: f.b.id, relation: 'PROVIDES_TO_US' } }, f.a.id))).toBe('linkExists');
  });

  it('offers a proposed partner to no assignment, and refuses its id posted anyway (the attack)', async () => {
    const options = (await f.as('assigner-a', OPTIONS, {}, f.a.id)).body.data?.findJobAssignmentOptions as { providerCompanies: Array<{ id: string }> };
    expect(options.providerCompanies.map((each) => each.id)).toEqual([f.a.id]);
    for (const providerCompanyId of [f.b.id, c]) {
      const attack = await f.as('assigner-a', CREATE_ASSIGNMENT, { data: { talentProfileId, jobDescriptionId: roleA, currency: 'EUR', startDate: day(-1), providerCompanyId } }, f.a.id);
      expect(attack.body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'data.providerCompanyId', code: 'providerCompanyUnknown', message: expect.stringContaining('accepted a partnership') }]);
    }
    expect(await f.h.database.db.select().from(jobAssignment)).toEqual([]);
  });

  it('lets only the company proposed to accept: the proposer, a third company and a role without update cannot', async () => {
    const [link] = await linksOf('owner-a', f.a.id);
    expect(reason(await f.as('owner-a', ACCEPT, { id: link!.id }, f.a.id))).toBe('linkNotOpen');
    // Company C is no side of the link: its id answers like an unknown one.
    expect(code(await f.as('owner-c', ACCEPT, { id: link!.id }, c))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-c', END, { id: link!.id }, c))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', ACCEPT, { id: UNKNOWN_ID }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('reader-b', ACCEPT, { id: link!.id }, f.b.id))).toBe('FORBIDDEN');
    const accepted = await f.as('answerer-b', ACCEPT, { id: link!.id }, f.b.id);
    expect(accepted.body.data?.acceptCompanyLink).toEqual({ id: link!.id, status: 'ACCEPTED', relation: 'WE_PROVIDE_TO' });
    const copies = (await eventsOf(link!.id)).filter((event) => event.type === 'companyOnProviderCompany.update');
    expect(copies.map((event) => event.toId).sort()).toEqual([f.b.id, await f.userId('owner-a')].sort());
    expect(copies[0]?.eventData).toMatchObject({ before: { status: 'proposed' }, after: { status: 'accepted' } });
  });

  it('offers the accepted partner on assignments, and refuses ending the link while an assignment between them runs, saying why', async () => {
    const options = (await f.as('assigner-a', OPTIONS, {}, f.a.id)).body.data?.findJobAssignmentOptions as { providerCompanies: Array<{ id: string }> };
    expect(options.providerCompanies.map((each) => each.id)).toEqual([f.a.id, f.b.id]);
    const made = await f.as('assigner-a', CREATE_ASSIGNMENT, { data: { talentProfileId, jobDescriptionId: roleA, currency: 'EUR', startDate: day(-1), providerCompanyId: f.b.id } }, f.a.id);
    expect(made.body.errors).toBeUndefined();
    const assignmentId = (made.body.data?.createOneJobAssignment as { id: string }).id;
    // Company C is still nobody's partner.
    const attack = await f.as('assigner-a', CREATE_ASSIGNMENT, { data: { talentProfileId, jobDescriptionId: roleA, currency: 'EUR', startDate: day(-1), salesCompanyId: c } }, f.a.id);
    expect(attack.body.errors?.[0]?.extensions?.fieldErrors).toEqual([expect.objectContaining({ field: 'data.salesCompanyId', code: 'salesCompanyUnknown' })]);

    const [link] = await linksOf('owner-b', f.b.id);
    expect(code(await f.as('answerer-b', END, { id: link!.id }, f.b.id))).toBe('FORBIDDEN');
    const refused = await f.as('owner-b', END, { id: link!.id }, f.b.id);
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringContaining('assignment between the two companies is running or planned'), extensions: { code: 'CONFLICT', reason: 'linkInUse' } });
    expect((await linksOf('owner-a', f.a.id))[0]?.status).toBe('ACCEPTED');
    // Once it has ended (yesterday), either side may end the link.
    await f.h.database.db.update(jobAssignment).set({ endDate: day(-1), startDate: day(-5) }).where(eq(jobAssignment.id, assignmentId));
    expect((await f.as('owner-a', END, { id: link!.id }, f.a.id)).body.data?.endCompanyLink).toEqual({ id: link!.id, status: 'ENDED' });
    expect((await eventsOf(link!.id)).filter((event) => event.toId === ownerB).at(-1)?.eventData).toMatchObject({ after: { status: 'ended' } });
    expect(reason(await f.as('owner-b', END, { id: link!.id }, f.b.id))).toBe('linkNotOpen');
    const after = (await f.as('assigner-a', OPTIONS, {}, f.a.id)).body.data?.findJobAssignmentOptions as { providerCompanies: Array<{ id: string }> };
    expect(after.providerCompanies.map((each) => each.id)).toEqual([f.a.id]);
  });

  it('starts over after an end: a new proposal, which the other declines, or the proposer takes back', async () => {
    const again = await f.as('owner-b', PROPOSE, { data: { partnerCompanyId: f.a.id, relation: 'WE_PROVIDE_TO' } }, f.b.id);
    expect(again.body.errors).toBeUndefined();
    const link = again.body.data?.createOneCompanyLink as Link;
    expect(link).toMatchObject({ status: 'PROPOSED', relation: 'WE_PROVIDE_TO', proposedByUs: true });
    expect(code(await f.as('reader-a', DECLINE, { id: link.id }, f.a.id))).toBe('FORBIDDEN');
    expect(reason(await f.as('owner-b', DECLINE, { id: link.id }, f.b.id))).toBe('linkNotOpen');
    expect((await f.as('owner-a', DECLINE, { id: link.id }, f.a.id)).body.data?.declineCompanyLink).toEqual({ id: link.id, status: 'DECLINED' });
    const third = (await f.as('owner-b', PROPOSE, { data: { partnerCompanyId: f.a.id, relation: 'WE_PROVIDE_TO' } }, f.b.id)).body.data?.createOneCompanyLink as Link;
    expect(third.id).toBe(link.id);
    expect(reason(await f.as('owner-a', END, { id: link.id }, f.a.id))).toBe('linkNotOpen');
    expect((await f.as('owner-b', END, { id: link.id }, f.b.id)).body.data?.endCompanyLink).toEqual({ id: link.id, status: 'ENDED' });
  });

  it('lists links only with companyLink read', async () => {
    expect(code(await f.as('blind-a', LINKS, {}, f.a.id))).toBe('FORBIDDEN');
    expect((await linksOf('reader-a', f.a.id)).map((link) => link.partnerName)).toEqual(['Company B']);
    expect(await linksOf('owner-c', c)).toEqual([]);
  });
});
