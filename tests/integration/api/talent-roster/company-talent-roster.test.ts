import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql, type ResultOf, type VariablesOf } from '../../../../src/lib/graphql/graphql';
import { addMoney } from '../../../../src/lib/money/decimal-money';
import { companyCredit, companyOnProviderCompany, companyTalentNote, companyTalentRoster, jobAssignment, jobDescription, talentBalanceTransaction, talentJobApplication, talentProfile, user } from '../../../../src/server/db/schema';
import { operationText } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY, startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// The company's talent roster and its ledger. Company A holds the roster; B's
// owner probes A's ids; talents are linked to A by an application and an assignment, a
// third only by e-mail. Each talent accepts A's request before A books on her ledger
// (consent itself: roster-consent.test.ts).

const ENTRY = graphql('fragment Entry on CompanyTalentRoster { id talentProfileId talentName consent employmentType employeeNumber manager { id name } balance currency transactionCount removedAt }');
const LIST = graphql(
  `query ($q: String, $employmentType: RosterEmploymentType, $managerId: ID, $includeRemoved: Boolean) {
    findManyCompanyTalentRoster(q: $q, employmentType: $employmentType, managerId: $managerId, includeRemoved: $includeRemoved) { items { ...Entry } total }
  }`,
  [ENTRY],
);
const FIND = graphql('query ($id: ID!) { findCompanyTalentRoster(id: $id) { ...Entry } }', [ENTRY]);
const CANDIDATES = graphql('{ findManyCompanyTalentRosterCandidate { talentProfileId name via } }');
const MANAGERS = graphql('{ findManyCompanyTalentRosterManager { id name } }');
const CREATE = graphql('mutation ($data: CreateOneCompanyTalentRosterInput!) { createOneCompanyTalentRoster(data: $data) { ...Entry } }', [ENTRY]);
const UPDATE = graphql('mutation ($id: ID!, $data: UpdateOneCompanyTalentRosterInput!) { updateOneCompanyTalentRoster(id: $id, data: $data) { ...Entry } }', [ENTRY]);
const DELETE = graphql('mutation ($id: ID!) { deleteOneCompanyTalentRoster(id: $id) }');
const ADD_ENTRY = graphql(`mutation ($rosterId: ID!, $data: CreateOneTalentBalanceTransactionInput!) {
  createOneTalentBalanceTransaction(companyTalentRosterId: $rosterId, data: $data) { id rosterEntryId talentName type change currency balanceAfter }
}`);
const REVERSE = graphql('mutation ($id: ID!) { reverseTalentBalanceTransaction(id: $id) { id rosterEntryId type change currency balanceAfter } }');
const LEDGER = graphql(`query ($filter: BalanceTransactionFilter!) {
  findManyTalentBalanceTransaction(filter: $filter, perPage: 100, sort: OLDEST) { items { id rosterEntryId talentProfileId talentName employeeNumber type change currency balanceAfter } total }
  findManyTalentBalanceTransactionTotal(filter: $filter) { currency net count }
}`);
const EXPORT = graphql('query ($filter: BalanceTransactionFilter!, $after: ID) { findManyTalentBalanceTransactionExport(filter: $filter, after: $after) { nextAfter items { id talentName } } }');
const BALANCES = graphql('{ findManyCompanyTalentRosterBalance { currency balance entries owed } }');
const CREDITS = graphql('{ findManyCompanyCredit { amount currency until expired } }');
const PROVIDERS = graphql('{ findManyCompanyProviderCompany { companyName relation } }');
const MY_EMPLOYERS = graphql('{ myEmployers { items { companyName } total } }');
const MY_LEDGER = graphql('query ($filter: BalanceTransactionFilter!) { myBalanceTransactions(filter: $filter, perPage: 100) { items { id companyName type change balanceAfter } } }');
const CREATE_PROFILE = graphql('mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }');
const ANSWER = graphql('mutation ($id: ID!) { answerMyRosterRequest(id: $id, consent: accepted) { consent } }');
const ALL = { read: true, create: true, update: true, delete: true };
const ALL_TIME = { from: '1900-01-01', to: '2099-12-31' };

type Entry = ResultOf<typeof ENTRY>;
type FieldError = { field: string; code: string };

describeEachDatabase('company talent roster', (kind) => {
  let f: CompaniesFixture;
  const talents = { applicant: '', assigned: '', byEmail: '', stranger: '' };
  const userIds = { applicant: '' };
  let ownerA = '';
  let entryId = '';

  const codes = (body: { errors?: Array<{ extensions?: { fieldErrors?: unknown } }> }) =>
    ((body.errors?.[0]?.extensions?.fieldErrors as FieldError[] | undefined) ?? []).map((error) => `${error.field}:${error.code}`);
  const errorCode = (body: { errors?: Array<{ extensions?: { code?: string } }> }) => body.errors?.[0]?.extensions?.code;
  const entryOf = async (id: string): Promise<Entry> => {
    const { body } = await f.as('owner-a', FIND, { id }, f.a.id);
    expect(body.errors).toBeUndefined();
    return body.data!.findCompanyTalentRoster;
  };
  const ledger = async (filter: { rosterEntryId?: string } = {}) => {
    const { body } = await f.as('owner-a', LEDGER, { filter: { ...ALL_TIME, ...filter } }, f.a.id);
    expect(body.errors).toBeUndefined();
    return body.data!;
  };

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    ownerA = await f.userId('owner-a');
    await f.memberWithRole('reader-a', f.a.id, 'Roster reader', { companyTalentRoster: { read: true } });
    await f.memberWithRole('nobody-a', f.a.id, 'Nothing', {});
    await f.memberWithRole('keeper-a', f.a.id, 'Roster keeper', { companyTalentRoster: ALL, companyTalentNote: ALL });
    for (const [key, name] of [['applicant', 'Ada Applicant'], ['assigned', 'Bo Assigned'], ['byEmail', 'Cy Email'], ['stranger', 'Di Stranger']] as const) {
      // Their provider confirmed their addresses: the roster finds a talent by such an address only.
      const { body } = await f.h.call(CREATE_PROFILE, { token: await f.h.token(`talent-${key}`, { emailVerified: true }), variables: { data: { email: `${key}@talents.test`, profileName: name } } });
      talents[key] = body.data!.createOneTalentProfile.id;
    }
    userIds.applicant = (await db.select({ id: user.id }).from(user).where(eq(user.externalId, 'talent-applicant')))[0]!.id;
    // Invisible: the e-mail route must not depend on search visibility.
    await db.update(talentProfile).set({ isVisible: false }).where(eq(talentProfile.id, talents.byEmail));
    const [description] = await db.insert(jobDescription).values({ title: 'Engineer', companyId: f.a.id, clientCompanyId: f.a.id }).returning();
    await db.insert(talentJobApplication).values({ talentProfileId: talents.applicant, jobDescriptionId: description!.id });
    await db.insert(jobAssignment).values({ talentProfileId: talents.assigned, clientCompanyId: f.a.id, assignmentCurrency: 'EUR' });
    await db.insert(companyCredit).values([
      { companyId: f.a.id, amount: '1000.00', currency: 'EUR', until: new Date(Date.now() + 86_400_000) },
      { companyId: f.a.id, amount: '500.00', currency: 'EUR', until: new Date(Date.now() - 86_400_000) },
      { companyId: f.b.id, amount: '9999.00', currency: 'EUR' },
    ]);
    const { body } = await f.as('client-owner', CREATE_COMPANY, { data: { name: 'Client C' } });
    const clientId = (body.data?.createOneCompany as { id: string }).id;
    await db.insert(companyOnProviderCompany).values([
      { companyId: f.a.id, providerCompanyId: f.b.id, status: 'accepted' },
      { companyId: clientId, providerCompanyId: f.a.id, status: 'accepted' },
    ]);
  });
  afterAll(() => f.h.close());

  it('offers the applicant and the talent on an assignment as candidates, and nobody else', async () => {
    const { body } = await f.as('owner-a', CANDIDATES, {}, f.a.id);
    expect(body.data?.findManyCompanyTalentRosterCandidate).toEqual([
      { talentProfileId: talents.applicant, name: 'Ada Applicant', via: 'APPLICATION' },
      { talentProfileId: talents.assigned, name: 'Bo Assigned', via: 'ASSIGNMENT' },
    ]);
    expect((await f.as('owner-b', CANDIDATES, {}, f.b.id)).body.data?.findManyCompanyTalentRosterCandidate).toEqual([]);
  });

  it('adds a candidate with its event addressed to the talent, who accepts', async () => {
    const { body } = await f.as('owner-a', CREATE, { data: { talentProfileId: talents.applicant, employmentType: 'freelancer', employeeNumber: ' A-001 ', managerId: ownerA, currency: 'eur' } }, f.a.id);
    expect(body.errors).toBeUndefined();
    const entry = body.data!.createOneCompanyTalentRoster;
    // She applied to A: her name shows while A waits for her answer.
    expect(entry).toMatchObject({ talentProfileId: talents.applicant, talentName: 'Ada Applicant', consent: 'requested', employmentType: 'freelancer', employeeNumber: 'A-001', balance: '0.00', currency: 'EUR', transactionCount: 0, removedAt: null });
    expect(entry.manager?.id).toBe(ownerA);
    entryId = entry.id;
    const [event] = await f.events('companyTalentRoster.create', entry.id);
    expect(event).toMatchObject({ toId: userIds.applicant, eventData: { companyId: f.a.id, before: null, after: { currency: 'EUR', employeeNumber: 'A-001', consent: 'requested' } } });
    expect((await f.h.call(ANSWER, { token: await f.h.token('talent-applicant', { emailVerified: true }), variables: { id: entryId } })).body.data?.answerMyRosterRequest).toEqual({ consent: 'accepted' });
    // No longer a candidate: it is on the roster.
    const again = await f.as('owner-a', CREATE, { data: { talentProfileId: talents.applicant, currency: 'EUR' } }, f.a.id);
    expect(codes(again.body)).toEqual(['data.talentProfileId:alreadyOnRoster']);
  });

  it('adds any talent by the confirmed address of her account, and says so clearly when no talent has that address', async () => {
    const unknown = await f.as('owner-a', CREATE, { data: { email: 'nobody@talents.test', currency: 'EUR' } }, f.a.id);
    expect(codes(unknown.body)).toEqual(['data.email:emailUnknown']);
    expect(unknown.body.errors?.[0]?.message).toBe('No talent has this e-mail address. Check it, or ask the talent to sign up (and confirm their address) first.');
    const { body } = await f.as('keeper-a', CREATE, { data: { email: ' TALENT-BYEMAIL@example.test ', employmentType: 'employee', currency: 'GBP' } }, f.a.id);
    // Hidden and unknown to A: her name is withheld until she accepts.
    const entry = body.data!.createOneCompanyTalentRoster;
    expect(entry).toMatchObject({ talentProfileId: talents.byEmail, talentName: null, consent: 'requested', employmentType: 'employee', currency: 'GBP', manager: null });
    const twice = await f.as('owner-a', CREATE, { data: { email: 'talent-byemail@example.test', currency: 'GBP' } }, f.a.id);
    expect(codes(twice.body)).toEqual(['data.email:alreadyOnRoster']);
    await f.h.call(ANSWER, { token: await f.h.token('talent-byEmail', { emailVerified: true }), variables: { id: entry.id } });
    expect(await entryOf(entry.id)).toMatchObject({ talentName: 'Cy Email', consent: 'accepted' });
  });

  it('answers a code per field for bad input, never an unexpected error', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ currency: 'EUR' }, ['data.talentProfileId:talentRequired']],
      [{ talentProfileId: talents.assigned, email: 'x@y.test', currency: 'EUR' }, ['data.email:talentChooseOne']],
      [{ email: 'not-an-address', currency: 'EUR' }, ['data.email:emailInvalid']],
      [{ talentProfileId: 'nope', currency: 'EUR' }, ['data.talentProfileId:talentUnknown']],
      [{ talentProfileId: talents.assigned, currency: '' }, ['data.currency:currencyRequired']],
      [{ talentProfileId: talents.assigned, currency: 'EUO' }, ['data.currency:currencyUnknown']],
      [{ talentProfileId: talents.assigned, currency: 'EUR', employmentType: 'contractor' }, ['data.employmentType:employmentTypeUnknown']],
      [{ talentProfileId: talents.assigned, currency: 'EUR', employeeNumber: 'x'.repeat(51) }, ['data.employeeNumber:tooLong']],
      [{ talentProfileId: talents.assigned, currency: 'EUR', managerId: 'bad' }, ['data.managerId:managerUnknown']],
    ];
    for (const [data, expected] of cases) {
      const { body } = await f.as('owner-a', operationText(CREATE), { data }, f.a.id);
      expect(codes(body), JSON.stringify(data)).toEqual(expected);
      expect(errorCode(body)).toBe('BAD_USER_INPUT');
    }
    // A user of another company is no manager here.
    const foreignManager = await f.as('owner-a', CREATE, { data: { talentProfileId: talents.assigned, currency: 'EUR', managerId: await f.userId('owner-b') } }, f.a.id);
    expect(codes(foreignManager.body)).toEqual(['data.managerId:managerUnknown']);
    // A talent the company has nothing to do with cannot be added by id.
    const stranger = await f.as('owner-a', CREATE, { data: { talentProfileId: talents.stranger, currency: 'EUR' } }, f.a.id);
    expect(errorCode(stranger.body)).toBe('NOT_FOUND');
  });

  it('refuses members without the permission (FORBIDDEN) and reads with read alone', async () => {
    expect(errorCode((await f.as('nobody-a', LIST, {}, f.a.id)).body)).toBe('FORBIDDEN');
    expect(errorCode((await f.as('nobody-a', LEDGER, { filter: ALL_TIME }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(errorCode((await f.as('nobody-a', CREDITS, {}, f.a.id)).body)).toBe('FORBIDDEN');
    expect(errorCode((await f.as('nobody-a', PROVIDERS, {}, f.a.id)).body)).toBe('FORBIDDEN');
    const reader = await f.as('reader-a', LIST, {}, f.a.id);
    expect(reader.body.data?.findManyCompanyTalentRoster.total).toBe(2);
    expect(errorCode((await f.as('reader-a', CANDIDATES, {}, f.a.id)).body)).toBe('FORBIDDEN');
    expect(errorCode((await f.as('reader-a', CREATE, { data: { talentProfileId: talents.assigned, currency: 'EUR' } }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(errorCode((await f.as('reader-a', UPDATE, { id: entryId, data: { currency: 'EUR' } }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(errorCode((await f.as('reader-a', DELETE, { id: entryId }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(errorCode((await f.as('reader-a', ADD_ENTRY, { rosterId: entryId, data: { type: 'MISC', change: '1' } }, f.a.id)).body)).toBe('FORBIDDEN');
  });

  it('edits the entry, and changes the currency only while the ledger is empty', async () => {
    const keeper = await f.userId('keeper-a');
    const { body } = await f.as('owner-a', UPDATE, { id: entryId, data: { employmentType: 'employee', employeeNumber: 'A-002', managerId: keeper, currency: 'GBP' } }, f.a.id);
    expect(body.data?.updateOneCompanyTalentRoster).toMatchObject({ employmentType: 'employee', employeeNumber: 'A-002', manager: { id: keeper }, currency: 'GBP' });
    // The company's edits are told to her (her own answer before them went to the company).
    const [event] = (await f.events('companyTalentRoster.update', entryId)).filter((row) => row.toId === userIds.applicant);
    expect(event).toMatchObject({ toId: userIds.applicant, eventData: { before: { currency: 'EUR' }, after: { currency: 'GBP', managerId: keeper } } });
    await f.as('owner-a', UPDATE, { id: entryId, data: { employmentType: 'freelancer', employeeNumber: 'A-001', managerId: ownerA, currency: 'EUR' } }, f.a.id);
    const booked = await f.as('owner-a', ADD_ENTRY, { rosterId: entryId, data: { type: 'SALARY', change: '100' } }, f.a.id);
    expect(booked.body.errors).toBeUndefined();
    const locked = await f.as('owner-a', UPDATE, { id: entryId, data: { employmentType: 'freelancer', currency: 'GBP' } }, f.a.id);
    expect(codes(locked.body)).toEqual(['data.currency:currencyLocked']);
    // Left out, the currency is kept; the other fields are the whole record.
    const kept = await f.as('owner-a', UPDATE, { id: entryId, data: { employmentType: 'freelancer', employeeNumber: 'A-001', managerId: ownerA } }, f.a.id);
    expect(kept.body.data?.updateOneCompanyTalentRoster).toMatchObject({ currency: 'EUR', employeeNumber: 'A-001' });
  });

  it('books entries with the balance moved in the same transaction, and corrects by reversal only', async () => {
    const before = await entryOf(entryId);
    expect(before.balance).toBe('100.00');
    const misc = await f.as('owner-a', ADD_ENTRY, { rosterId: entryId, data: { type: 'MISC', change: '-12.35' } }, f.a.id);
    expect(misc.body.data?.createOneTalentBalanceTransaction).toMatchObject({ rosterEntryId: entryId, talentName: 'Ada Applicant', type: 'MISC', change: '-12.35', currency: 'EUR', balanceAfter: '87.65' });
    const miscId = misc.body.data!.createOneTalentBalanceTransaction.id;
    expect((await entryOf(entryId)).balance).toBe('87.65');
    const [event] = (await f.events('companyTalentRoster.update', entryId)).filter((row) => (row.eventData as { transaction?: { id: string } }).transaction?.id === miscId);
    expect(event).toMatchObject({ toId: userIds.applicant, eventData: { transaction: { type: 'MISC', change: '-12.35', currency: 'EUR' }, before: { balance: '100.00' }, after: { balance: '87.65' } } });

    const reversed = await f.as('owner-a', REVERSE, { id: miscId }, f.a.id);
    expect(reversed.body.data?.reverseTalentBalanceTransaction).toMatchObject({ rosterEntryId: entryId, type: 'MISC', change: '12.35', currency: 'EUR', balanceAfter: '100.00' });
    // The original entry is still there, unchanged: the ledger is append-only.
    const [original] = await f.h.database.db.select().from(talentBalanceTransaction).where(eq(talentBalanceTransaction.id, miscId));
    expect(original).toMatchObject({ change: '-12.35', type: 'MISC' });

    const { findManyTalentBalanceTransaction: rows, findManyTalentBalanceTransactionTotal: totals } = await ledger({ rosterEntryId: entryId });
    expect(rows.items.map((row) => [row.type, row.change, row.balanceAfter])).toEqual([
      ['SALARY', '100.00', '100.00'],
      ['MISC', '-12.35', '87.65'],
      ['MISC', '12.35', '100.00'],
    ]);
    const entry = await entryOf(entryId);
    expect(entry.balance).toBe(addMoney(...rows.items.map((row) => row.change)));
    expect(entry.transactionCount).toBe(3);
    expect(totals).toEqual([{ currency: 'EUR', net: '100.00', count: 3 }]);
  });

  it('refuses an entry whose sign disagrees with its type, a zero, a malformed amount and an unknown type', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'SALARY', change: '-5' }, 'data.change:changeMustBeIn'],
      [{ type: 'WITHDRAWAL', change: '5' }, 'data.change:changeMustBeOut'],
      [{ type: 'COMISSION', change: '5' }, 'data.change:changeMustBeOut'],
      [{ type: 'MISC', change: '0.00' }, 'data.change:changeZero'],
      [{ type: 'MISC', change: '1,50' }, 'data.change:changeFormat'],
      [{ type: 'MISC', change: '1.505' }, 'data.change:changeDecimals'],
      [{ type: 'MISC', change: '' }, 'data.change:changeRequired'],
      [{ type: 'MISC', change: '999999999999.99' }, 'data.change:balanceTooLarge'],
    ];
    for (const [data, expected] of cases) {
      const { body } = await f.as('owner-a', operationText(ADD_ENTRY), { rosterId: entryId, data }, f.a.id);
      expect(codes(body), JSON.stringify(data)).toEqual([expected]);
    }
    expect((await entryOf(entryId)).balance).toBe('100.00');
  });

  it("answers NOT_FOUND for every id of another company, and changes nothing there", async () => {
    const [foreignTx] = (await ledger({ rosterEntryId: entryId })).findManyTalentBalanceTransaction.items;
    const probes: Array<[string, Record<string, unknown>]> = [
      [operationText(FIND), { id: entryId }],
      [operationText(UPDATE), { id: entryId, data: { currency: 'EUR' } }],
      [operationText(DELETE), { id: entryId }],
      [operationText(ADD_ENTRY), { rosterId: entryId, data: { type: 'MISC', change: '1' } }],
      [operationText(REVERSE), { id: foreignTx!.id }],
      [operationText(LEDGER), { filter: { ...ALL_TIME, rosterEntryId: entryId } }],
      [operationText(EXPORT), { filter: { ...ALL_TIME, rosterEntryId: entryId } }],
    ];
    for (const [query, variables] of probes) {
      expect(errorCode((await f.as('owner-b', query, variables, f.b.id)).body), query).toBe('NOT_FOUND');
    }
    expect(errorCode((await f.as('owner-b', LIST, { managerId: 'nope' }, f.b.id)).body)).toBe('NOT_FOUND');
    // An export part after one of A's rows reads nothing of A's ledger from B.
    const afterForeign = await f.as('owner-b', EXPORT, { filter: ALL_TIME, after: foreignTx!.id }, f.b.id);
    expect(afterForeign.body.data).toBeNull();
    expect(afterForeign.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'after', code: 'exportAfterUnknown' }] });
    // B's ledger and roster stay empty; A's entry is as it was.
    const b = await f.as('owner-b', LEDGER, { filter: { ...ALL_TIME, companyId: f.a.id } }, f.b.id);
    expect(b.body.data?.findManyTalentBalanceTransaction.total).toBe(0);
    expect(await entryOf(entryId)).toMatchObject({ balance: '100.00', removedAt: null, transactionCount: 3 });
  });

  it('filters the list by name or employee number, employment type and manager', async () => {
    const list = async (variables: VariablesOf<typeof LIST>) => (await f.as('owner-a', LIST, variables, f.a.id)).body.data?.findManyCompanyTalentRoster.items.map((entry) => entry.talentName);
    expect(await list({})).toEqual(['Ada Applicant', 'Cy Email']);
    expect(await list({ q: 'cy' })).toEqual(['Cy Email']);
    expect(await list({ q: 'a-001' })).toEqual(['Ada Applicant']);
    expect(await list({ employmentType: 'employee' })).toEqual(['Cy Email']);
    expect(await list({ managerId: ownerA })).toEqual(['Ada Applicant']);
    expect((await f.as('owner-a', MANAGERS, {}, f.a.id)).body.data?.findManyCompanyTalentRosterManager).toEqual(expect.arrayContaining([{ id: ownerA, name: 'owner-a@example.test' }]));
  });

  it('orders by the name as shown (roster name order): a rename moves the entry, a withheld name sorts as empty and reveals nothing', async () => {
    const db = f.h.database.db;
    const names = async () => (await f.as('owner-a', LIST, {}, f.a.id)).body.data?.findManyCompanyTalentRoster.items.map((entry) => entry.talentName);
    await db.update(talentProfile).set({ profileName: 'Zed Applicant' }).where(eq(talentProfile.id, talents.applicant));
    expect(await names()).toEqual(['Cy Email', 'Zed Applicant']);
    await db.update(talentProfile).set({ profileName: 'Ada Applicant' }).where(eq(talentProfile.id, talents.applicant));
    expect(await names()).toEqual(['Ada Applicant', 'Cy Email']);
    // Hidden and only asked for by address: withheld, first among the entries whatever her name.
    await db.update(talentProfile).set({ isVisible: false, profileName: 'Aaron Stranger' }).where(eq(talentProfile.id, talents.stranger));
    const { body } = await f.as('owner-a', CREATE, { data: { email: 'talent-stranger@example.test', currency: 'EUR' } }, f.a.id);
    expect(body.errors).toBeUndefined();
    const requested = body.data!.createOneCompanyTalentRoster.id;
    expect(await names()).toEqual([null, 'Ada Applicant', 'Cy Email']);
    await db.update(talentProfile).set({ profileName: 'Zoe Stranger' }).where(eq(talentProfile.id, talents.stranger));
    expect(await names()).toEqual([null, 'Ada Applicant', 'Cy Email']);
    await db.delete(companyTalentRoster).where(eq(companyTalentRoster.id, requested));
    await db.update(talentProfile).set({ isVisible: true, profileName: 'Di Stranger' }).where(eq(talentProfile.id, talents.stranger));
  });

  it('removes softly: the ledger and the notes stay, no entry is booked, and adding again restores the row', async () => {
    const db = f.h.database.db;
    await f.as('owner-a', 'mutation ($t: ID!) { createOneCompanyTalentNote(talentProfileId: $t, data: { note: "Great work" }) { id } }', { t: talents.applicant }, f.a.id);
    const removed = await f.as('owner-a', DELETE, { id: entryId }, f.a.id);
    expect(removed.body.data?.deleteOneCompanyTalentRoster).toBe(true);
    expect((await f.events('companyTalentRoster.delete', entryId))[0]).toMatchObject({ toId: userIds.applicant });
    expect((await entryOf(entryId)).removedAt).not.toBeNull();
    const listed = await f.as('owner-a', LIST, {}, f.a.id);
    expect(listed.body.data?.findManyCompanyTalentRoster.items.map((entry) => entry.id)).not.toContain(entryId);
    const withRemoved = await f.as('owner-a', LIST, { includeRemoved: true }, f.a.id);
    expect(withRemoved.body.data?.findManyCompanyTalentRoster.items.map((entry) => entry.id)).toContain(entryId);
    expect((await ledger({ rosterEntryId: entryId })).findManyTalentBalanceTransaction.total).toBe(3);
    expect(await db.select().from(companyTalentNote).where(eq(companyTalentNote.talentProfileId, talents.applicant))).toHaveLength(1);
    const booked = await f.as('owner-a', ADD_ENTRY, { rosterId: entryId, data: { type: 'MISC', change: '1' } }, f.a.id);
    expect(codes(booked.body)).toEqual(['companyTalentRosterId:rosterEntryRemoved']);
    expect(errorCode((await f.as('owner-a', DELETE, { id: entryId }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(errorCode((await f.as('owner-a', UPDATE, { id: entryId, data: {} }, f.a.id)).body)).toBe('NOT_FOUND');
    // The talent no longer counts the company among her employers; her ledger stays (below).
    const employers = await f.h.call(MY_EMPLOYERS, { token: await f.h.token('talent-applicant', { emailVerified: true }) });
    expect(employers.body.data?.myEmployers).toEqual({ items: [], total: 0 });

    // A candidate again (removed), restored with its ledger: its currency cannot change now.
    const candidates = await f.as('owner-a', CANDIDATES, {}, f.a.id);
    expect(candidates.body.data?.findManyCompanyTalentRosterCandidate).toEqual(expect.arrayContaining([{ talentProfileId: talents.applicant, name: 'Ada Applicant', via: 'REMOVED' }]));
    const otherCurrency = await f.as('owner-a', CREATE, { data: { talentProfileId: talents.applicant, currency: 'GBP' } }, f.a.id);
    expect(codes(otherCurrency.body)).toEqual(['data.currency:currencyLocked']);
    const { body } = await f.as('owner-a', CREATE, { data: { email: 'talent-applicant@example.test', employmentType: 'employee', currency: 'EUR' } }, f.a.id);
    // She had accepted: restored, the entry holds her again without a new request.
    expect(body.data?.createOneCompanyTalentRoster).toMatchObject({ id: entryId, consent: 'accepted', balance: '100.00', employmentType: 'employee', transactionCount: 3, removedAt: null });
    const events = await f.events('companyTalentRoster.create', entryId);
    expect(events.map((event) => (event.eventData as { restored?: boolean }).restored ?? false)).toEqual([false, true]);
    expect(await db.select().from(companyTalentRoster).where(eq(companyTalentRoster.talentProfileId, talents.applicant))).toHaveLength(1);
  });

  it('books nothing when its event cannot be written: entry, balance and event share one transaction', async () => {
    const db = f.h.database.db;
    const before = await entryOf(entryId);
    await db.execute(sql.raw(`alter table general_eventslog add constraint refuse_roster_events check (type <> 'companyTalentRoster.update') not valid`));
    try {
      const { body } = await f.as('owner-a', ADD_ENTRY, { rosterId: entryId, data: { type: 'MISC', change: '5' } }, f.a.id);
      expect(body.errors?.[0]?.message).toBe('Unexpected error.');
    } finally {
      await db.execute(sql`alter table general_eventslog drop constraint refuse_roster_events`);
    }
    expect(await entryOf(entryId)).toMatchObject({ balance: before.balance, transactionCount: before.transactionCount });
  });

  it('shows the talent the entries the company booked on their own ledger', async () => {
    const token = await f.h.token('talent-applicant', { emailVerified: true });
    const { body } = await f.h.call(MY_LEDGER, { token, variables: { filter: ALL_TIME } });
    const items = body.data?.myBalanceTransactions.items;
    expect(items?.map((item) => [item.companyName, item.type, item.change, item.balanceAfter])).toEqual([
      ['Company A', 'MISC', '12.35', '100.00'],
      ['Company A', 'MISC', '-12.35', '87.65'],
      ['Company A', 'SALARY', '100.00', '100.00'],
    ]);
  });

  it('sums balances per currency, owed including removed entries, and lists credits and staffing links', async () => {
    expect((await f.as('reader-a', BALANCES, {}, f.a.id)).body.data?.findManyCompanyTalentRosterBalance).toEqual([
      { currency: 'EUR', balance: '100.00', entries: 1, owed: '100.00' },
      { currency: 'GBP', balance: '0.00', entries: 1, owed: '0.00' },
    ]);
    const credits = (await f.as('reader-a', CREDITS, {}, f.a.id)).body.data?.findManyCompanyCredit;
    expect(credits?.map((credit) => [credit.amount, credit.expired])).toEqual([
      ['1000.00', false],
      ['500.00', true],
    ]);
    expect((await f.as('reader-a', PROVIDERS, {}, f.a.id)).body.data?.findManyCompanyProviderCompany).toEqual([
      { companyName: 'Client C', relation: 'WE_PROVIDE_TO' },
      { companyName: 'Company B', relation: 'PROVIDES_TO_US' },
    ]);
    const exported = await f.as('reader-a', EXPORT, { filter: ALL_TIME }, f.a.id);
    expect(exported.body.data?.findManyTalentBalanceTransactionExport).toMatchObject({ nextAfter: null, items: expect.arrayContaining([expect.objectContaining({ talentName: 'Ada Applicant' })]) });
  });
});
