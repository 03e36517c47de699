import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql, type VariablesOf } from '../../../../src/lib/graphql/graphql';
import { addMoney } from '../../../../src/lib/money/decimal-money';
import { COMPANY_TRANSACTIONS_EXPORT_QUERY } from '../../../../src/lib/talent-roster/ledger-pages';
import { ledgerExportRows } from '../../../../src/lib/transactions/transaction-queries';
import { companyTalentRoster, talentBalanceTransaction, talentProfile } from '../../../../src/server/db/schema';
import { keepRosterBalances } from '../../../support/roster-balances';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// The company's ledger reads a page's rows first and only then their running balances; the
// export sums each entry's rows before the period and runs on over the period. Whatever the
// page, order or filter, a row's balance must stay the sum of its roster entry's rows up to
// it (booking time, then id), and the counts, totals, spans and per-entry counts must stay
// those of all the rows they speak of. Rows are written here directly, out of booking order,
// with ties in the same instant.

const PAGE = graphql(`query ($filter: BalanceTransactionFilter!, $page: Int, $perPage: Int, $sort: BalanceTransactionSort) {
  findManyTalentBalanceTransaction(filter: $filter, page: $page, perPage: $perPage, sort: $sort) { items { id rosterEntryId type change currency balanceAfter createdAt } total pageCount }
  findManyTalentBalanceTransactionTotal(filter: $filter) { currency moneyIn moneyOut net count }
}`);
// The export as the company's CSV download reads it, with the same running balance reader.
const EXPORT = COMPANY_TRANSACTIONS_EXPORT_QUERY;
const BALANCES = graphql('{ findManyCompanyTalentRosterBalance { currency firstTransactionAt lastTransactionAt } }');
const ROSTER = graphql('query ($page: Int, $perPage: Int) { findManyCompanyTalentRoster(page: $page, perPage: $perPage, includeRemoved: true) { items { id transactionCount } total } }');

const ALL_TIME = { from: '2024-01-01', to: '2024-12-31' };
type Filter = VariablesOf<typeof PAGE>['filter'];
type Row = { id: string; rosterEntryId: string; companyId: string; type: 'SALARY' | 'COMISSION' | 'MISC' | 'WITHDRAWAL'; change: string; currency: string; createdAt: Date };

/** Booking order: time, then id (PostgreSQL compares uuids as their lower-case hex). */
const booked = (a: Row, b: Row) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describeEachDatabase('company ledger balances', (kind) => {
  let f: CompaniesFixture;
  let rows: Row[] = [];
  const entries = { eur: '', eurToo: '', gbp: '', declined: '' };

  /** Each row's expected balance: the sum of its entry's rows up to and including it. */
  const expectedBalance = (row: Row) => addMoney('0', ...rows.filter((other) => other.rosterEntryId === row.rosterEntryId && booked(other, row) <= 0).map((other) => other.change));
  /** The company's rows that pass a filter, in the list's order. */
  const expectedRows = (filter: { from: string; to: string; type?: Row['type']; rosterEntryId?: string; currency?: string }, sort: 'NEWEST' | 'OLDEST') => {
    const start = new Date(`${filter.from}T00:00:00Z`).getTime();
    const end = new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000;
    const picked = rows
      .filter((row) => row.companyId === f.a.id && row.createdAt.getTime() >= start && row.createdAt.getTime() < end)
      .filter((row) => (!filter.type || row.type === filter.type) && (!filter.rosterEntryId || row.rosterEntryId === filter.rosterEntryId) && (!filter.currency || row.currency === filter.currency))
      .sort(booked);
    return sort === 'OLDEST' ? picked : picked.reverse();
  };
  const page = async (variables: VariablesOf<typeof PAGE>) => {
    const { body } = await f.as('owner-a', PAGE, variables, f.a.id);
    expect(body.errors).toBeUndefined();
    return body.data!;
  };

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    const profiles = await db
      .insert(talentProfile)
      .values(['Eve', 'Finn', 'Gia', 'Hal'].map((name) => ({ externalUserId: name.toLowerCase(), email: `${name.toLowerCase()}@talents.test`, profileName: name })))
      .returning({ id: talentProfile.id });
    const [eve, finn, gia, hal] = profiles.map((profile) => profile.id) as [string, string, string, string];
    const roster = await db
      .insert(companyTalentRoster)
      .values([
        { companyId: f.a.id, talentProfileId: eve, currency: 'EUR', consent: 'accepted' },
        { companyId: f.a.id, talentProfileId: finn, currency: 'EUR', consent: 'accepted' },
        { companyId: f.a.id, talentProfileId: gia, currency: 'GBP', consent: 'accepted' },
        // She declined after rows were booked: they stay in the ledger, yet span no balance of the roster.
        { companyId: f.a.id, talentProfileId: hal, currency: 'EUR', consent: 'declined' },
        // Another company's entry of the same talent: never in A's ledger.
        { companyId: f.b.id, talentProfileId: eve, currency: 'EUR', consent: 'accepted' },
      ])
      .returning({ id: companyTalentRoster.id });
    const [eur, eurToo, gbp, declined, other] = roster.map((entry) => entry.id) as [string, string, string, string, string];
    Object.assign(entries, { eur, eurToo, gbp, declined });
    const at = (day: number, hour = 9) => new Date(Date.UTC(2024, 0, day, hour));
    const row = (rosterEntryId: string, companyId: string, currency: string, type: Row['type'], change: string, createdAt: Date) => ({ companyTalentRosterId: rosterEntryId, companyId, currency, type, change, createdAt });
    const values = [
      row(declined, f.a.id, 'EUR', 'SALARY', '5.00', at(1, 0)),
      row(eur, f.a.id, 'EUR', 'WITHDRAWAL', '-40.00', at(20)),
      row(eur, f.a.id, 'EUR', 'SALARY', '100.00', at(2)),
      row(eurToo, f.a.id, 'EUR', 'SALARY', '300.00', at(3)),
      row(gbp, f.a.id, 'GBP', 'SALARY', '70.00', at(4)),
      row(eur, f.a.id, 'EUR', 'COMISSION', '-10.00', at(5)),
      // Three in one instant, on two entries: the id decides their order.
      row(eur, f.a.id, 'EUR', 'MISC', '1.11', at(40)),
      row(eur, f.a.id, 'EUR', 'MISC', '-2.22', at(40)),
      row(eurToo, f.a.id, 'EUR', 'WITHDRAWAL', '-50.00', at(40)),
      row(gbp, f.a.id, 'GBP', 'WITHDRAWAL', '-20.00', at(60)),
      row(eur, f.a.id, 'EUR', 'SALARY', '200.00', at(70)),
      row(eurToo, f.a.id, 'EUR', 'WITHDRAWAL', '-25.50', at(90)),
      row(eur, f.a.id, 'EUR', 'WITHDRAWAL', '-60.00', at(100)),
      row(gbp, f.a.id, 'GBP', 'MISC', '3.33', at(120)),
      row(eur, f.a.id, 'EUR', 'WITHDRAWAL', '-70.00', at(150)),
      row(other, f.b.id, 'EUR', 'SALARY', '999.00', at(10)),
    ];
    const inserted = await db.insert(talentBalanceTransaction).values(values).returning({ id: talentBalanceTransaction.id });
    await keepRosterBalances(db);
    rows = values.map((value, index) => ({ id: inserted[index]!.id, rosterEntryId: value.companyTalentRosterId, companyId: value.companyId, type: value.type, change: value.change, currency: value.currency, createdAt: value.createdAt }));
  });
  afterAll(() => f.h.close());

  it("gives every row of a later page the sum of its roster entry's earlier rows, newest or oldest first", async () => {
    for (const sort of ['NEWEST', 'OLDEST'] as const) {
      const expected = expectedRows(ALL_TIME, sort);
      expect(expected).toHaveLength(15);
      for (const pageNumber of [2, 3, 4]) {
        const answer = await page({ filter: ALL_TIME, page: pageNumber, perPage: 4, sort });
        const want = expected.slice((pageNumber - 1) * 4, pageNumber * 4);
        expect(answer.findManyTalentBalanceTransaction.items.map((item) => item.id), `${sort} page ${pageNumber}`).toEqual(want.map((row) => row.id));
        for (const [index, item] of answer.findManyTalentBalanceTransaction.items.entries()) expect(item.balanceAfter, `${sort} ${item.type} ${item.change}`).toBe(expectedBalance(want[index]!));
        expect(answer.findManyTalentBalanceTransaction).toMatchObject({ total: 15, pageCount: 4 });
      }
    }
  });

  it("gives every row of a filtered page the sum of all its roster entry's earlier rows, whatever the filter leaves out", async () => {
    const filters: Filter[] = [
      { ...ALL_TIME, type: 'WITHDRAWAL' },
      { from: '2024-02-01', to: '2024-04-30' },
      { from: '2024-02-01', to: '2024-12-31', type: 'WITHDRAWAL', rosterEntryId: entries.eur },
      { ...ALL_TIME, currency: 'GBP' },
    ];
    for (const filter of filters) {
      const expected = expectedRows(filter as Parameters<typeof expectedRows>[0], 'NEWEST');
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(1);
      const second = await page({ filter, page: 2, perPage: 1, sort: 'NEWEST' });
      expect(second.findManyTalentBalanceTransaction.items.map((item) => [item.id, item.balanceAfter]), JSON.stringify(filter)).toEqual([[expected[1]!.id, expectedBalance(expected[1]!)]]);
      expect(second.findManyTalentBalanceTransaction.total).toBe(expected.length);
      const totals = second.findManyTalentBalanceTransactionTotal;
      expect(totals.map((total) => [total.currency, total.net, total.count])).toEqual(
        [...new Set(expected.map((row) => row.currency))].sort().map((currency) => {
          const mine = expected.filter((row) => row.currency === currency);
          return [currency, addMoney('0', ...mine.map((row) => row.change)), mine.length];
        }),
      );
    }
  });

  it('exports the filtered rows with the same running balances, starting each entry from its rows before the period', async () => {
    const filters: Filter[] = [ALL_TIME, { ...ALL_TIME, type: 'WITHDRAWAL' }, { from: '2024-02-09', to: '2024-04-30' }, { from: '2024-02-09', to: '2024-12-31', type: 'MISC', currency: 'EUR' }];
    for (const filter of filters) {
      for (const sort of ['NEWEST', 'OLDEST'] as const) {
        const read = async (after: string | null) => {
          const { body } = await f.as('owner-a', EXPORT, { filter, sort, after }, f.a.id);
          expect(body.errors).toBeUndefined();
          return body.data!.ledgerExport;
        };
        const exported = [];
        for await (const part of ledgerExportRows(await read(null), read, { sort: sort === 'OLDEST' ? 'oldest' : 'newest', type: filter.type ?? null })) exported.push(...part.map(({ id, balanceAfter }) => ({ id, balanceAfter })));
        const expected = expectedRows(filter as Parameters<typeof expectedRows>[0], sort);
        expect(exported, `${JSON.stringify(filter)} ${sort}`).toEqual(expected.map((row) => ({ id: row.id, balanceAfter: expectedBalance(row) })));
      }
    }
  });

  it('spans each currency from the first to the last row of the entries the company holds', async () => {
    const { body } = await f.as('owner-a', BALANCES, {}, f.a.id);
    expect(body.errors).toBeUndefined();
    const held = rows.filter((row) => row.companyId === f.a.id && row.rosterEntryId !== entries.declined).sort(booked);
    const span = (currency: string) => {
      const mine = held.filter((row) => row.currency === currency);
      return { currency, firstTransactionAt: mine[0]!.createdAt.toISOString(), lastTransactionAt: mine.at(-1)!.createdAt.toISOString() };
    };
    expect(body.data!.findManyCompanyTalentRosterBalance).toEqual([span('EUR'), span('GBP')]);
  });

  it("counts each roster entry's rows on any page of the roster", async () => {
    const counts = new Map<string, number>();
    for (const pageNumber of [1, 2, 3, 4]) {
      const { body } = await f.as('owner-a', ROSTER, { page: pageNumber, perPage: 1 }, f.a.id);
      expect(body.errors).toBeUndefined();
      expect(body.data!.findManyCompanyTalentRoster.total).toBe(4);
      for (const item of body.data!.findManyCompanyTalentRoster.items) counts.set(item.id, item.transactionCount);
    }
    expect(counts).toEqual(new Map(Object.values(entries).map((id) => [id, rows.filter((row) => row.rosterEntryId === id).length])));
  });
});
