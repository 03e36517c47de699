import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql, type TadaDocumentNode } from '../../../../src/lib/graphql/graphql';
import { documentUrl } from '../../../../src/lib/uploads/media-urls';
import { companyTalentRoster, generalEventslog, talentBalanceTransaction, talentProfile } from '../../../../src/server/db/schema';
import { operationText, startImpersonating, type GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Consent before a company holds a talent (docs/security.md): the probe's attack was a
// company putting any talent on its roster by e-mail, which opened her hidden profile and
// her CV to it and let it book a salary into her own balances. Company A asks; the talent
// answers; another talent, a member of A and an impersonating admin try to answer for her.

const CREATE_PROFILE = graphql('mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }');
const ADD = graphql('mutation ($data: CreateOneCompanyTalentRosterInput!) { createOneCompanyTalentRoster(data: $data) { id talentName consent balance } }');
const ENTRY = graphql('query ($id: ID!) { findCompanyTalentRoster(id: $id) { id talentName talentJobTitle consent consentAnsweredAt balance removedAt } }');
const UPDATE = graphql('mutation ($id: ID!, $data: UpdateOneCompanyTalentRosterInput!) { updateOneCompanyTalentRoster(id: $id, data: $data) { id consent } }');
const REMOVE = graphql('mutation ($id: ID!) { deleteOneCompanyTalentRoster(id: $id) }');
const CANDIDATES = graphql('{ findManyCompanyTalentRosterCandidate { talentProfileId via } }');
const PROFILE = graphql('query ($id: ID!) { findTalentProfile(id: $id) { id profileName } }');
const DOCUMENT = graphql('query ($talentProfileId: ID!, $key: String!) { findTalentDocument(talentProfileId: $talentProfileId, key: $key) { name } }');
const NOTE = graphql('mutation ($talentProfileId: ID!) { createOneCompanyTalentNote(talentProfileId: $talentProfileId, data: { note: "Seen" }) { id } }');
const BOOK = graphql('mutation ($rosterId: ID!, $data: CreateOneTalentBalanceTransactionInput!) { createOneTalentBalanceTransaction(companyTalentRosterId: $rosterId, data: $data) { id balanceAfter } }');
const BALANCES = graphql('{ findManyCompanyTalentRosterBalance { currency entries } }');
const ALL_TIME = { from: '1900-01-01', to: '2099-12-31' };
const MINE = graphql(`query ($filter: BalanceTransactionFilter!) {
  myBalances { rosterEntryId companyName balance }
  myBalanceTransactions(filter: $filter) { total items { change } }
  myBalanceTransactionTotals(filter: $filter) { currency net }
  myBalanceTransactionExport(filter: $filter) { items { change } }
  myEmployers { total items { companyName } }
  myAssignmentClientOptions { company { name } }
}`);
const REQUESTS = graphql('{ myRosterRequests { total items { id companyId companyName employmentType currency } } }');
const ANSWER = graphql('mutation ($id: ID!, $consent: RosterAnswer!) { answerMyRosterRequest(id: $id, consent: $consent) { id consent } }');
const NOTIFICATIONS = graphql('{ myNotifications { items { type status companyName } } }');
const FIND_ME = graphql('{ findMe { id } }');
const KEY = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f.pdf';

const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
const fieldCodes = (body: GraphqlBody) => ((body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined) ?? []).map((error) => `${error.field}:${error.code}`);

describeEachDatabase('consent before a company holds a talent', (kind) => {
  let f: CompaniesFixture;
  /** Signed-in talents with a confirmed address (the provider vouches for it). */
  const talents: Record<'rosa' | 'other' | 'dora', { token: string; profileId: string; userId: string }> = {} as never;
  let rosaEntry = '';

  const as = <TResult, TVariables>(who: keyof typeof talents, document: TadaDocumentNode<TResult, TVariables>, variables?: TVariables) => f.h.call(document, { token: talents[who].token, variables });
  const entryOf = async (id: string) => (await f.as('owner-a', ENTRY, { id }, f.a.id)).body.data?.findCompanyTalentRoster;
  const mine = async (who: keyof typeof talents) => {
    const { body } = await as(who, MINE, { filter: ALL_TIME });
    expect(body.errors).toBeUndefined();
    return body.data!;
  };

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('keeper-a', f.a.id, 'Roster keeper', { companyTalentRoster: { read: true, create: true, update: true, delete: true }, talentProfile: { read: true }, companyTalentNote: { read: true, create: true } });
    for (const [key, name] of [['rosa', 'Rosa Hidden'], ['other', 'Otto Other'], ['dora', 'Dora Decline']] as const) {
      const token = await f.h.token(`talent-${key}`, { emailVerified: true });
      const { body } = await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${key}.contact@talents.test`, profileName: name } } });
      const profileId = body.data!.createOneTalentProfile.id;
      talents[key] = { token, profileId, userId: await f.userId(`talent-${key}`) };
      // Hidden, with a CV: nothing the company may see until she lets it.
      await f.h.database.db
        .update(talentProfile)
        .set({ isVisible: false, jobTitle: 'Secret engineer', cv: { url: documentUrl(profileId, KEY), name: 'CV.pdf', contentType: 'application/pdf', size: 1000 } })
        .where(eq(talentProfile.id, profileId));
    }
    // f.userId called findMe without the claim: each call keeps the column in step with the token.
    for (const key of Object.keys(talents) as Array<keyof typeof talents>) await as(key, FIND_ME);
  });
  afterAll(() => f.h.close());

  it('finds a talent only by a confirmed account address: an unconfirmed or unknown one, or a profile contact address, answers emailUnknown alike', async () => {
    await f.h.call(CREATE_PROFILE, { token: await f.h.token('talent-unconfirmed'), variables: { data: { email: 'unconfirmed.contact@talents.test', profileName: 'Una Unconfirmed' } } });
    const unknown = await f.as('owner-a', ADD, { data: { email: 'nobody@talents.test', currency: 'EUR' } }, f.a.id);
    expect(fieldCodes(unknown.body)).toEqual(['data.email:emailUnknown']);
    for (const email of ['talent-unconfirmed@example.test', 'rosa.contact@talents.test']) {
      const { body } = await f.as('owner-a', ADD, { data: { email, currency: 'EUR' } }, f.a.id);
      expect(body.errors, email).toEqual(unknown.body.errors);
    }
    expect(await f.h.database.db.select().from(companyTalentRoster)).toEqual([]);
  });

  it('adding by e-mail is a request: the entry is requested, the hidden name withheld, and the talent told', async () => {
    const { body } = await f.as('owner-a', ADD, { data: { email: 'TALENT-ROSA@example.test', employmentType: 'freelancer', currency: 'EUR' } }, f.a.id);
    expect(body.errors).toBeUndefined();
    const added = body.data!.createOneCompanyTalentRoster;
    rosaEntry = added.id;
    expect(added).toMatchObject({ consent: 'requested', talentName: null, balance: '0.00' });
    expect(await entryOf(rosaEntry)).toMatchObject({ talentName: null, talentJobTitle: null, consentAnsweredAt: null });
    const [event] = await f.events('companyTalentRoster.create', rosaEntry);
    expect(event).toMatchObject({ toId: talents.rosa.userId, eventData: { companyId: f.a.id, after: { consent: 'requested' } } });
    const requests = (await as('rosa', REQUESTS)).body.data?.myRosterRequests;
    expect(requests).toEqual({ total: 1, items: [{ id: rosaEntry, companyId: f.a.id, companyName: 'Company A', employmentType: 'freelancer', currency: 'EUR' }] });
    const notifications = (await as('rosa', NOTIFICATIONS)).body.data?.myNotifications;
    expect(notifications?.items).toEqual([{ type: 'companyTalentRoster.create', status: 'requested', companyName: 'Company A' }]);
  });

  it('while she has not answered, the company reaches nothing of hers: hidden profile, CV and notes NOT_FOUND, no booking', async () => {
    expect(codeOf((await f.as('keeper-a', PROFILE, { id: talents.rosa.profileId }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('keeper-a', DOCUMENT, { talentProfileId: talents.rosa.profileId, key: KEY }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('keeper-a', NOTE, { talentProfileId: talents.rosa.profileId }, f.a.id)).body)).toBe('NOT_FOUND');
    const booked = await f.as('owner-a', BOOK, { rosterId: rosaEntry, data: { type: 'SALARY', change: '9999.00' } }, f.a.id);
    expect(fieldCodes(booked.body)).toEqual(['companyTalentRosterId:rosterAwaitsConsent']);
    expect(await f.h.database.db.select().from(talentBalanceTransaction)).toEqual([]);
    expect(await f.events('talentDocument.read', talents.rosa.profileId)).toEqual([]);
    // The company's balances count the talents it holds, not its requests.
    expect((await f.as('owner-a', BALANCES, {}, f.a.id)).body.data?.findManyCompanyTalentRosterBalance).toEqual([]);
  });

  it("her balances, ledger, employers and assignment clients leave out a roster she has not accepted, even with entries on it", async () => {
    // What the attack left behind before consent existed: an entry booked on a roster she never accepted.
    await f.h.database.db.insert(talentBalanceTransaction).values({ companyTalentRosterId: rosaEntry, companyId: f.a.id, change: '9999.00', currency: 'EUR', type: 'SALARY', createdById: await f.userId('owner-a') });
    const seen = await mine('rosa');
    expect(seen.myBalances).toEqual([]);
    expect(seen.myBalanceTransactions.total).toBe(0);
    expect(seen.myBalanceTransactionTotals).toEqual([]);
    expect(seen.myBalanceTransactionExport.items).toEqual([]);
    expect(seen.myEmployers.total).toBe(0);
    expect(seen.myAssignmentClientOptions).toEqual([]);
    await f.h.database.db.delete(talentBalanceTransaction).where(eq(talentBalanceTransaction.companyTalentRosterId, rosaEntry));
  });

  it('nobody answers for her: another talent and a member of the company get NOT_FOUND, and the company cannot set the answer itself', async () => {
    expect(codeOf((await as('other', ANSWER, { id: rosaEntry, consent: 'accepted' })).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('owner-a', ANSWER, { id: rosaEntry, consent: 'accepted' }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('owner-a', ANSWER, { id: rosaEntry, consent: 'accepted' })).body)).toBe('NOT_FOUND');
    // The inputs have no consent field: sent as text, past the documents' types.
    const update = await f.as('owner-a', operationText(UPDATE), { id: rosaEntry, data: { consent: 'accepted' } }, f.a.id);
    expect(update.body.errors).toBeDefined();
    const readd = await f.as('owner-a', operationText(ADD), { data: { email: 'talent-rosa@example.test', currency: 'EUR', consent: 'accepted' } }, f.a.id);
    expect(readd.body.errors).toBeDefined();
    expect(await entryOf(rosaEntry)).toMatchObject({ consent: 'requested' });
    expect(await f.events('companyTalentRoster.update', rosaEntry)).toEqual([]);
  });

  it('once she accepts, the company reaches her profile and CV and books on her balance, which she sees', async () => {
    const { body } = await as('rosa', ANSWER, { id: rosaEntry, consent: 'accepted' });
    expect(body.data?.answerMyRosterRequest).toEqual({ id: rosaEntry, consent: 'accepted' });
    const [event] = await f.events('companyTalentRoster.update', rosaEntry);
    expect(event).toMatchObject({ fromId: talents.rosa.userId, toId: f.a.id, eventData: { companyId: f.a.id, actorUserId: talents.rosa.userId, before: { consent: 'requested' }, after: { consent: 'accepted' } } });
    expect(await entryOf(rosaEntry)).toMatchObject({ consent: 'accepted', talentName: 'Rosa Hidden', talentJobTitle: 'Secret engineer', consentAnsweredAt: expect.any(String) });
    expect((await f.as('keeper-a', PROFILE, { id: talents.rosa.profileId }, f.a.id)).body.data?.findTalentProfile).toMatchObject({ profileName: 'Rosa Hidden' });
    expect((await f.as('keeper-a', DOCUMENT, { talentProfileId: talents.rosa.profileId, key: KEY }, f.a.id)).body.data?.findTalentDocument).toEqual({ name: 'CV.pdf' });
    const booked = await f.as('owner-a', BOOK, { rosterId: rosaEntry, data: { type: 'SALARY', change: '120.00' } }, f.a.id);
    expect(booked.body.data?.createOneTalentBalanceTransaction).toMatchObject({ balanceAfter: '120.00' });
    const seen = await mine('rosa');
    expect(seen.myBalances).toEqual([{ rosterEntryId: rosaEntry, companyName: 'Company A', balance: '120.00' }]);
    expect(seen.myBalanceTransactions.total).toBe(1);
    expect(seen.myEmployers.total).toBe(1);
    expect(seen.myAssignmentClientOptions).toEqual([{ company: { name: 'Company A' } }]);
    expect((await as('rosa', REQUESTS)).body.data?.myRosterRequests).toEqual({ total: 0, items: [] });
    // An answer is given once.
    expect(codeOf((await as('rosa', ANSWER, { id: rosaEntry, consent: 'declined' })).body)).toBe('CONFLICT');
    expect((await f.as('owner-a', BALANCES, {}, f.a.id)).body.data?.findManyCompanyTalentRosterBalance).toEqual([{ currency: 'EUR', entries: 1 }]);
  });

  it('a removed entry she accepted comes back accepted with its balance; a removed request comes back a request', async () => {
    expect((await f.as('owner-a', REMOVE, { id: rosaEntry }, f.a.id)).body.data?.deleteOneCompanyTalentRoster).toBe(true);
    const restored = await f.as('owner-a', ADD, { data: { talentProfileId: talents.rosa.profileId, currency: 'EUR' } }, f.a.id);
    expect(restored.body.data?.createOneCompanyTalentRoster).toMatchObject({ id: rosaEntry, consent: 'accepted', balance: '120.00' });

    const other = (await f.as('owner-a', ADD, { data: { email: 'talent-other@example.test', currency: 'EUR' } }, f.a.id)).body.data!.createOneCompanyTalentRoster;
    await f.as('owner-a', REMOVE, { id: other.id }, f.a.id);
    // Withdrawn, the request is no longer hers to answer.
    expect((await as('other', REQUESTS)).body.data?.myRosterRequests).toEqual({ total: 0, items: [] });
    expect(codeOf((await as('other', ANSWER, { id: other.id, consent: 'accepted' })).body)).toBe('NOT_FOUND');
    const again = await f.as('owner-a', ADD, { data: { email: 'talent-other@example.test', currency: 'EUR' } }, f.a.id);
    expect(again.body.data?.createOneCompanyTalentRoster).toMatchObject({ id: other.id, consent: 'requested' });
    expect((await as('other', REQUESTS)).body.data?.myRosterRequests).toMatchObject({ total: 1 });
  });

  it('declined, the company sees so and reaches nothing; adding her again asks again', async () => {
    const asked = (await f.as('owner-a', ADD, { data: { email: 'talent-dora@example.test', currency: 'GBP' } }, f.a.id)).body.data!.createOneCompanyTalentRoster;
    const { body } = await as('dora', ANSWER, { id: asked.id, consent: 'declined' });
    expect(body.data?.answerMyRosterRequest).toEqual({ id: asked.id, consent: 'declined' });
    expect(await entryOf(asked.id)).toMatchObject({ consent: 'declined', talentName: null, consentAnsweredAt: expect.any(String), removedAt: null });
    expect(codeOf((await f.as('keeper-a', PROFILE, { id: talents.dora.profileId }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('keeper-a', DOCUMENT, { talentProfileId: talents.dora.profileId, key: KEY }, f.a.id)).body)).toBe('NOT_FOUND');
    const booked = await f.as('owner-a', BOOK, { rosterId: asked.id, data: { type: 'MISC', change: '1.00' } }, f.a.id);
    expect(fieldCodes(booked.body)).toEqual(['companyTalentRosterId:rosterDeclined']);
    expect((await mine('dora')).myBalances).toEqual([]);
    // Her hidden profile is offered by name to no one who was declined; once visible, it is offered again by id.
    expect((await f.as('owner-a', CANDIDATES, {}, f.a.id)).body.data?.findManyCompanyTalentRosterCandidate).toEqual([]);
    await f.h.database.db.update(talentProfile).set({ isVisible: true }).where(eq(talentProfile.id, talents.dora.profileId));
    expect((await f.as('owner-a', CANDIDATES, {}, f.a.id)).body.data?.findManyCompanyTalentRosterCandidate).toEqual([{ talentProfileId: talents.dora.profileId, via: 'DECLINED' }]);
    // Asked again: back to requested, with a new request event.
    const again = await f.as('owner-a', ADD, { data: { talentProfileId: talents.dora.profileId, currency: 'GBP' } }, f.a.id);
    expect(again.body.data?.createOneCompanyTalentRoster).toMatchObject({ id: asked.id, consent: 'requested' });
    expect(await entryOf(asked.id)).toMatchObject({ consentAnsweredAt: null });
    expect((await f.events('companyTalentRoster.create', asked.id)).map((event) => (event.eventData.after as { consent: string }).consent)).toEqual(['requested', 'requested']);
    expect((await as('dora', REQUESTS)).body.data?.myRosterRequests).toMatchObject({ total: 1 });
  });

  it('an admin impersonating the talent answers for her, and the event names both', async () => {
    const support = await f.h.token('support', { roles: ['super:impersonate'] });
    await startImpersonating(f.h, support, 'talent-dora');
    const [entry] = await f.h.database.db.select({ id: companyTalentRoster.id }).from(companyTalentRoster).where(and(eq(companyTalentRoster.companyId, f.a.id), eq(companyTalentRoster.talentProfileId, talents.dora.profileId)));
    const { body } = await f.h.call(ANSWER, { token: support, headers: { 'x-impersonate-as': 'talent-dora' }, variables: { id: entry!.id, consent: 'accepted' } });
    expect(body.data?.answerMyRosterRequest).toMatchObject({ consent: 'accepted' });
    const answers = await f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'companyTalentRoster.update'), eq(generalEventslog.fromId, talents.dora.userId)));
    // Her own decline earlier, then the answer given for her: made as her, by the impersonator.
    expect(answers.map((event) => (event.eventData.after as { consent: string }).consent).sort()).toEqual(['accepted', 'declined']);
    const accepted = answers.find((event) => (event.eventData.after as { consent: string }).consent === 'accepted');
    expect(accepted?.eventData).toMatchObject({ actorUserId: await f.userId('support'), impersonatorExternalId: 'support', impersonationId: expect.any(String) });
  });
});
