import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql, type ResultOf, type VariablesOf } from '../../../../src/lib/graphql/graphql';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { addMoney, toCents } from '../../../../src/lib/money/decimal-money';
import { ledgerExportRows, MY_BALANCES_QUERY as BALANCES, TRANSACTIONS_EXPORT_QUERY } from '../../../../src/lib/transactions/transaction-queries';
import { LEDGER_EXPORT_FIRST_PART_ROWS, LEDGER_EXPORT_PART_ROWS } from '../../../../src/lib/transactions/transactions-csv';
import { company, companyTalentRoster, jobAssignment, jobDescription, talentBalanceTransaction } from '../../../../src/server/db/schema';
import { operationText, startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { keepRosterBalances } from '../../../support/roster-balances';
import { describeEachDatabase } from '../../../support/test-database';

// Each list, total and export on its own (the page asks for a page and its totals at once);
// the balances are the page's own document.
const CREATE_PROFILE = graphql('mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }');
const LIST = graphql(`query($filter: BalanceTransactionFilter!, $page: Int, $perPage: Int, $sort: BalanceTransactionSort) {
  myBalanceTransactions(filter: $filter, page: $page, perPage: $perPage, sort: $sort) {
    items { id rosterEntryId companyId companyName assignmentTitle type change currency balanceAfter createdAt }
    total page perPage pageCount
  }
}`);
const TOTALS = graphql('query($filter: BalanceTransactionFilter!) { myBalanceTransactionTotals(filter: $filter) { currency moneyIn moneyOut net count } }');
// The export as the talent's CSV download reads it, with the same running balance reader.
const EXPORT = TRANSACTIONS_EXPORT_QUERY;

const ALL = { from: '2024-01-01', to: '2024-12-31' };

type Filter = VariablesOf<typeof LIST>['filter'];
type Item = ResultOf<typeof LIST>['myBalanceTransactions']['items'][number];

/** The running balance per roster entry, recomputed in exact decimals from the rows in booking order. */
function expectedRunningBalances(oldestFirst: Item[]): Map<string, string> {
  const balances = new Map<string, string>();
  const after = new Map<string, string>();
  for (const item of oldestFirst) {
    const balance = addMoney(balances.get(item.rosterEntryId) ?? '0', item.change);
    balances.set(item.rosterEntryId, balance);
    after.set(item.id, balance);
  }
  return after;
}

describeEachDatabase('talent balance transactions', (kind) => {
  let h: ApiHarness;
  let talent: string;
  let other: string;
  let acmeId: string;
  let globexId: string;
  let acmeRosterId: string;
  let otherTransactionIds: string[];
  const list = async (token: string, variables: VariablesOf<typeof LIST>) => {
    const { body } = await h.call(LIST, { token, variables });
    expect(body.errors).toBeUndefined();
    return body.data!.myBalanceTransactions;
  };
  const everything = async (token: string, filter: Filter = ALL) => (await list(token, { filter, perPage: 100, sort: 'OLDEST' })).items;
  type ExportPart = ResultOf<typeof EXPORT>['ledgerExport'];
  /** One part of the export as the API answers it. */
  const exportPart = async (token: string, filter: Filter, sort: 'OLDEST' | 'NEWEST', after: string | null): Promise<ExportPart> => {
    const answer: { body: { data?: ResultOf<typeof EXPORT> | null } } = await h.call(EXPORT, { token, variables: { filter, sort, after } });
    return answer.body.data!.ledgerExport;
  };
  /** The whole export as the CSV download reads it: part after part, each row with its balance after, of the filter's type only. */
  const exported = async (token: string, filter: Filter, sort: 'OLDEST' | 'NEWEST' = 'OLDEST') => {
    const read = (after: string | null) => exportPart(token, filter, sort, after);
    const rows: Array<{ id: string; balanceAfter: string }> = [];
    for await (const part of ledgerExportRows(await read(null), read, { sort: sort === 'OLDEST' ? 'oldest' : 'newest', type: filter.type ?? null })) rows.push(...part.map(({ id, balanceAfter }) => ({ id, balanceAfter })));
    return rows;
  };

  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    talent = await h.token('talent');
    other = await h.token('other-talent');
    const created = await Promise.all(
      (
        [
          [talent, 'talent@example.test'],
          [other, 'other@example.test'],
        ] as const
      ).map(([token, email]) => h.call(CREATE_PROFILE, { token, variables: { data: { email, profileName: email } } })),
    );
    const [talentProfileId, otherProfileId] = created.map((answer) => answer.body.data!.createOneTalentProfile.id) as [string, string];
    const [acme, globex] = await db.insert(company).values([{ name: 'Acme' }, { name: '=Globex' }]).returning();
    acmeId = acme!.id;
    globexId = globex!.id;
    const [description] = await db.insert(jobDescription).values({ title: 'Backend engineer', companyId: acmeId, clientCompanyId: acmeId }).returning();
    const [assignment] = await db.insert(jobAssignment).values({ talentProfileId, jobDescriptionId: description!.id, clientCompanyId: acmeId }).returning();
    const rosters = await db
      .insert(companyTalentRoster)
      .values([
        { talentProfileId, companyId: acmeId, currency: 'EUR', balance: '2563.41', consent: 'accepted' },
        { talentProfileId, companyId: globexId, currency: 'GBP', balance: '250.00', consent: 'accepted' },
        { talentProfileId: otherProfileId, companyId: acmeId, currency: 'EUR', balance: '9999.99', consent: 'accepted' },
      ])
      .returning();
    const [acmeRoster, globexRoster, otherRoster] = rosters as [typeof rosters[0], typeof rosters[0], typeof rosters[0]];
    acmeRosterId = acmeRoster.id;
    const at = (iso: string) => new Date(iso);
    const acmeRow = (change: string, type: 'SALARY' | 'COMISSION' | 'MISC' | 'WITHDRAWAL', createdAt: Date, withAssignment = true) => ({
      companyTalentRosterId: acmeRoster.id,
      companyId: acmeId,
      currency: 'EUR',
      change,
      type,
      createdAt,
      jobAssignmentId: withAssignment ? assignment!.id : null,
    });
    // Inserted out of order on purpose: the running balance follows createdAt, not insertion.
    await db.insert(talentBalanceTransaction).values([
      acmeRow('2000.00', 'SALARY', at('2024-03-20T10:00:00Z')),
      acmeRow('-100.00', 'COMISSION', at('2024-03-20T10:01:00Z')),
      acmeRow('-1500.00', 'WITHDRAWAL', at('2024-05-02T09:00:00Z'), false),
      acmeRow('2100.50', 'SALARY', at('2024-04-20T10:00:00Z')),
      acmeRow('-105.03', 'COMISSION', at('2024-04-20T10:01:00Z')),
      acmeRow('180.00', 'MISC', at('2024-04-22T00:00:00Z'), false),
      // Two in the same instant: the id decides their order, the same way every time.
      acmeRow('-6.03', 'MISC', at('2024-05-31T23:59:59.999Z'), false),
      acmeRow('-5.00', 'MISC', at('2024-05-31T23:59:59.999Z'), false),
      acmeRow('-1.03', 'MISC', at('2024-06-01T00:00:00Z'), false),
      { companyTalentRosterId: globexRoster.id, companyId: globexId, currency: 'GBP', change: '400.00', type: 'SALARY', createdAt: at('2024-04-10T12:00:00Z') },
      { companyTalentRosterId: globexRoster.id, companyId: globexId, currency: 'GBP', change: '-150.00', type: 'WITHDRAWAL', createdAt: at('2024-05-10T12:00:00Z') },
    ]);
    const otherRows = await db
      .insert(talentBalanceTransaction)
      .values([
        { companyTalentRosterId: otherRoster.id, companyId: acmeId, currency: 'EUR', change: '9999.99', type: 'SALARY', createdAt: at('2024-04-01T08:00:00Z') },
        { companyTalentRosterId: otherRoster.id, companyId: acmeId, currency: 'EUR', change: '0.00', type: 'MISC', createdAt: at('2024-05-01T08:00:00Z') },
      ])
      .returning({ id: talentBalanceTransaction.id });
    otherTransactionIds = otherRows.map((row) => row.id);
  });
  afterAll(() => h.close());

  it('gives every transaction the running balance of its roster entry, in booking order', async () => {
    const items = await everything(talent);
    expect(items).toHaveLength(11);
    const expected = expectedRunningBalances(items);
    for (const item of items) expect(item.balanceAfter, `${item.type} ${item.change}`).toBe(expected.get(item.id));
    // The last balance of each entry is the entry's stored balance.
    const lastOf = (rosterEntryId: string) => items.filter((item) => item.rosterEntryId === rosterEntryId).at(-1)!.balanceAfter;
    expect(lastOf(acmeRosterId)).toBe('2563.41');
    expect(items.map((item) => item.createdAt)).toEqual([...items.map((item) => item.createdAt)].sort());
    const tied = items.filter((item) => item.createdAt === '2024-05-31T23:59:59.999Z');
    expect(tied.map((item) => item.id)).toEqual(tied.map((item) => item.id).sort());
  });

  it('names the company and the assignment role title, and shows COMISSION as stored', async () => {
    const items = await everything(talent);
    const salary = items.find((item) => item.change === '2000.00')!;
    expect(salary).toMatchObject({ companyId: acmeId, companyName: 'Acme', assignmentTitle: 'Backend engineer', type: 'SALARY', currency: 'EUR' });
    expect(items.find((item) => item.change === '-100.00')).toMatchObject({ type: 'COMISSION' });
    expect(items.find((item) => item.type === 'WITHDRAWAL' && item.currency === 'EUR')).toMatchObject({ assignmentTitle: null });
    expect(items.find((item) => item.currency === 'GBP')).toMatchObject({ companyName: '=Globex', companyId: globexId });
  });

  it('keeps the running balances when the rows come a page at a time, newest or oldest first', async () => {
    const all = await everything(talent);
    const byId = new Map(all.map((item) => [item.id, item.balanceAfter]));
    for (const sort of ['NEWEST', 'OLDEST'] as const) {
      const first = await list(talent, { filter: ALL, perPage: 4, page: 1, sort });
      expect(first).toMatchObject({ total: 11, page: 1, perPage: 4, pageCount: 3 });
      const pages = [first, await list(talent, { filter: ALL, perPage: 4, page: 2, sort }), await list(talent, { filter: ALL, perPage: 4, page: 3, sort })];
      const paged = pages.flatMap((page) => page.items);
      expect(paged.map((item) => item.id)).toEqual((sort === 'OLDEST' ? all : [...all].reverse()).map((item) => item.id));
      for (const item of paged) expect(item.balanceAfter).toBe(byId.get(item.id));
    }
    expect((await list(talent, { filter: ALL, perPage: 4, page: 9 })).items).toEqual([]);
  });

  it('filters by period (days included, UTC) without changing the running balances', async () => {
    const byId = new Map((await everything(talent)).map((item) => [item.id, item.balanceAfter]));
    const may = await everything(talent, { from: '2024-05-01', to: '2024-05-31' });
    expect(may.map((item) => item.createdAt)).toEqual(['2024-05-02T09:00:00.000Z', '2024-05-10T12:00:00.000Z', '2024-05-31T23:59:59.999Z', '2024-05-31T23:59:59.999Z']);
    for (const item of may) expect(item.balanceAfter).toBe(byId.get(item.id));
    expect(may.find((item) => item.type === 'WITHDRAWAL' && item.currency === 'EUR')?.balanceAfter).toBe('2575.47');
    const oneDay = await everything(talent, { from: '2024-06-01', to: '2024-06-01' });
    expect(oneDay.map((item) => item.balanceAfter)).toEqual(['2563.41']);
    expect((await list(talent, { filter: { from: '2023-01-01', to: '2023-12-31' } })).total).toBe(0);
  });

  it('filters by company and by type', async () => {
    const globex = await everything(talent, { ...ALL, companyId: globexId });
    expect(globex.map((item) => [item.change, item.balanceAfter])).toEqual([
      ['400.00', '400.00'],
      ['-150.00', '250.00'],
    ]);
    const commissions = await everything(talent, { ...ALL, type: 'COMISSION' });
    expect(commissions.map((item) => [item.change, item.balanceAfter])).toEqual([
      ['-100.00', '1900.00'],
      ['-105.03', '3895.47'],
    ]);
    // A company that is not one of mine is no error: it just matches none of my rows.
    expect((await list(talent, { filter: { ...ALL, companyId: '00000000-0000-4000-8000-000000000000' } })).total).toBe(0);
  });

  it('sums the filtered rows per currency exactly', async () => {
    const { body } = await h.call(TOTALS, { token: talent, variables: { filter: ALL } });
    const totals = body.data!.myBalanceTransactionTotals;
    const items = await everything(talent);
    for (const currency of ['EUR', 'GBP']) {
      const mine = items.filter((item) => item.currency === currency).map((item) => item.change);
      const total = totals.find((row) => row.currency === currency)!;
      expect(total.net).toBe(addMoney(...mine));
      expect(total.moneyIn).toBe(addMoney('0', ...mine.filter((change) => toCents(change) > 0n)));
      expect(total.moneyOut).toBe(addMoney('0', ...mine.filter((change) => toCents(change) < 0n)));
      expect(total.count).toBe(mine.length);
    }
    expect(totals.map((row) => row.currency)).toEqual(['EUR', 'GBP']);
    expect(totals.find((row) => row.currency === 'EUR')).toMatchObject({ moneyIn: '4280.50', moneyOut: '-1717.09', net: '2563.41' });
    const may = await h.call(TOTALS, { token: talent, variables: { filter: { from: '2024-05-01', to: '2024-05-31', type: 'MISC' } } });
    expect(may.body.data?.myBalanceTransactionTotals).toEqual([{ currency: 'EUR', moneyIn: '0.00', moneyOut: '-11.03', net: '-11.03', count: 2 }]);
  });

  it('exports every filtered row with the running balances the list shows, in either order, from any start (the ledger export running balance)', async () => {
    const first = await exportPart(talent, ALL, 'OLDEST', null);
    expect(first.nextAfter).toBeNull();
    const listed = (items: Item[]) => items.map((item) => ({ id: item.id, balanceAfter: item.balanceAfter }));
    expect(await exported(talent, ALL)).toEqual(listed(await everything(talent)));
    // A period that starts after some rows and ends before others: the start balances carry them.
    const may = { from: '2024-05-01', to: '2024-05-31' };
    expect((await exportPart(talent, may, 'OLDEST', null)).startBalances.length).toBeGreaterThan(0);
    expect(await exported(talent, may)).toEqual(listed(await everything(talent, may)));
    expect(await exported(talent, may, 'NEWEST')).toEqual(listed((await list(talent, { filter: may, perPage: 100, sort: 'NEWEST' })).items));
    expect(await exported(talent, { ...ALL, type: 'MISC' })).toEqual(listed(await everything(talent, { ...ALL, type: 'MISC' })));
    expect(await exported(talent, { ...ALL, companyId: globexId }, 'NEWEST')).toEqual(listed((await list(talent, { filter: { ...ALL, companyId: globexId }, perPage: 100, sort: 'NEWEST' })).items));
  });

  it('lists one balance per roster entry with its company, currency and transaction dates', async () => {
    const { body } = await h.call(BALANCES, { token: talent });
    // Ordered by company name; sorted here by currency so the test does not depend on the database's collation.
    const balances = [...body.data!.myBalances].sort((a, b) => a.currency.localeCompare(b.currency));
    expect(balances).toEqual([
      { rosterEntryId: acmeRosterId, companyId: acmeId, companyName: 'Acme', currency: 'EUR', balance: '2563.41', transactionCount: 9, firstTransactionAt: '2024-03-20T10:00:00.000Z', lastTransactionAt: '2024-06-01T00:00:00.000Z' },
      { rosterEntryId: expect.any(String), companyId: globexId, companyName: '=Globex', currency: 'GBP', balance: '250.00', transactionCount: 2, firstTransactionAt: '2024-04-10T12:00:00.000Z', lastTransactionAt: '2024-05-10T12:00:00.000Z' },
    ]);
  });

  it("shows a second talent only their own rows, even when filtering by the first talent's company", async () => {
    const mine = await everything(other);
    expect(mine.map((item) => item.id).sort()).toEqual([...otherTransactionIds].sort());
    expect(mine.map((item) => item.balanceAfter)).toEqual(['9999.99', '9999.99']);
    expect((await everything(other, { ...ALL, companyId: globexId }))).toEqual([]);
    expect((await everything(other, { ...ALL, companyId: acmeId })).map((item) => item.id).sort()).toEqual([...otherTransactionIds].sort());
    const totals = await h.call(TOTALS, { token: other, variables: { filter: ALL } });
    expect(totals.body.data?.myBalanceTransactionTotals).toEqual([{ currency: 'EUR', moneyIn: '9999.99', moneyOut: '0.00', net: '9999.99', count: 2 }]);
    expect(await exported(other, ALL)).toHaveLength(2);
    const balances = await h.call(BALANCES, { token: other });
    expect(balances.body.data?.myBalances.map((row) => row.balance)).toEqual(['9999.99']);
    // And the first talent's rows are still all there.
    expect(await everything(talent)).toHaveLength(11);
  });

  it('answers a user without a talent profile with empty lists, and a guest with UNAUTHENTICATED', async () => {
    const stranger = await h.token('no-profile');
    expect((await list(stranger, { filter: ALL })).items).toEqual([]);
    expect((await h.call(TOTALS, { token: stranger, variables: { filter: ALL } })).body.data?.myBalanceTransactionTotals).toEqual([]);
    expect((await h.call(BALANCES, { token: stranger })).body.data?.myBalances).toEqual([]);
    expect(await exportPart(stranger, ALL, 'NEWEST', null)).toEqual({ nextAfter: null, startBalances: [], items: [] });
    for (const query of [LIST, TOTALS, EXPORT].map(operationText)) {
      const guest = await h.call(query, { variables: { filter: ALL } });
      expect(guest.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect((await h.call(BALANCES)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a bad period or company with a code per field, worded from the locale file', async () => {
    const t = getTranslator();
    const cases: Array<[Record<string, unknown>, Array<{ field: string; code: string }>]> = [
      [{ from: '2024-06-01', to: '2024-05-31' }, [{ field: 'filter.to', code: 'fromAfterTo' }]],
      [{ from: '2024-02-30', to: '31/12/2024' }, [
        { field: 'filter.from', code: 'fromNotADate' },
        { field: 'filter.to', code: 'toNotADate' },
      ]],
      [{ from: '1899-12-31', to: '2100-01-01' }, [
        { field: 'filter.from', code: 'fromOutOfRange' },
        { field: 'filter.to', code: 'toOutOfRange' },
      ]],
      [{ from: '', to: '2024-01-01' }, [{ field: 'filter.from', code: 'fromRequired' }]],
      [{ ...ALL, companyId: 'acme' }, [{ field: 'filter.companyId', code: 'companyUnknown' }]],
      [{ ...ALL, currency: 'euro' }, [{ field: 'filter.currency', code: 'currencyInvalid' }]],
    ];
    for (const query of [LIST, TOTALS, EXPORT].map(operationText)) {
      for (const [filter, codes] of cases) {
        const { body } = await h.call(query, { token: talent, variables: { filter } });
        // Each field's code, and as its message the locale text of that code.
        const fieldErrors = codes.map((error) => ({ ...error, message: t(`transactions.errors.${error.code}`) }));
        expect(body.errors?.[0]?.extensions, JSON.stringify(filter)).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors });
      }
    }
    const badPage = await h.call(LIST, { token: talent, variables: { filter: ALL, page: 0 } });
    expect(badPage.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badType = await h.call(operationText(LIST), { token: talent, variables: { filter: { ...ALL, type: 'COMMISSION' } } });
    expect(badType.body.errors?.[0]?.message).toMatch(/COMMISSION/);
  });

  it('exports a ledger of any length in parts that follow each other, each row once with its running balance', async () => {
    const db = h.database.db;
    const bulk = await h.token('bulk-talent');
    const created = await h.call(CREATE_PROFILE, { token: bulk, variables: { data: { email: 'bulk@example.test', profileName: 'Bulk' } } });
    const profileId = created.body.data!.createOneTalentProfile.id;
    const [roster] = await db.insert(companyTalentRoster).values({ talentProfileId: profileId, companyId: acmeId, currency: 'EUR', consent: 'accepted' }).returning();
    // The smaller first part, two parts and one row: three rows share each second, so a part
    // may end inside a second (the id orders them); odd rows are MISC, even ones SALARY, each
    // worth 1.00.
    const rows = LEDGER_EXPORT_FIRST_PART_ROWS + 2 * LEDGER_EXPORT_PART_ROWS + 1;
    await db.execute(sql`
      insert into ${talentBalanceTransaction} (company_talent_roster_id, company_id, currency, change, type, created_at)
      select ${roster!.id}, ${acmeId}, 'EUR', 1.00, (case when n % 2 = 1 then 'MISC' else 'SALARY' end)::balance_transaction_type,
             timestamptz '2024-01-01 00:00:00+00' + (n / 3) * interval '1 second'
      from generate_series(1, ${rows}::int) as n`);
    await keepRosterBalances(db);
    // The parts as the API answers them: each ends where the next starts.
    const parts: string[][] = [];
    for (let after: string | null = null, part: ExportPart | null = null; part === null || after !== null; ) {
      part = await exportPart(bulk, ALL, 'OLDEST', after);
      parts.push(part.items.map((item) => item.id));
      after = part.nextAfter ?? null;
      if (after !== null) expect(after).toBe(part.items.at(-1)?.id);
    }
    expect(parts.map((part) => part.length)).toEqual([LEDGER_EXPORT_FIRST_PART_ROWS, LEDGER_EXPORT_PART_ROWS, LEDGER_EXPORT_PART_ROWS, 1]);

    const rowsInOrder = await exported(bulk, ALL);
    expect(rowsInOrder.map((row) => row.id)).toEqual(parts.flat());
    expect(new Set(rowsInOrder.map((row) => row.id)).size).toBe(rows);
    expect(rowsInOrder.map((row) => row.balanceAfter)).toEqual(Array.from({ length: rows }, (_, index) => `${index + 1}.00`));
    expect(await exported(bulk, ALL, 'NEWEST')).toEqual([...rowsInOrder].reverse());

    // A type filter leaves rows out of the file, never out of the balances.
    const misc = await exported(bulk, { ...ALL, type: 'MISC' });
    const miscIds = new Set((await db.select({ id: talentBalanceTransaction.id }).from(talentBalanceTransaction).where(and(eq(talentBalanceTransaction.companyTalentRosterId, roster!.id), eq(talentBalanceTransaction.type, 'MISC')))).map((row) => row.id));
    expect(misc).toHaveLength(Math.ceil(rows / 2));
    expect(misc).toEqual(rowsInOrder.filter((row) => miscIds.has(row.id)));

    // A part after a row of another ledger, or after no row at all, is refused.
    const t = getTranslator();
    for (const after of [otherTransactionIds[0]!, 'not-an-id']) {
      const { body } = await h.call(EXPORT, { token: bulk, variables: { filter: ALL, after } });
      expect(body.errors?.[0]?.extensions, after).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'after', code: 'exportAfterUnknown', message: t('transactions.errors.exportAfterUnknown') }] });
    }
    await db.delete(talentBalanceTransaction).where(eq(talentBalanceTransaction.companyTalentRosterId, roster!.id));
  });
});
