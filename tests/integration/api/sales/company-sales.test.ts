import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CsvSaleRow } from '../../../../src/lib/sales/company-sales-csv';
import { billing, company, jobAssignment } from '../../../../src/server/db/schema';
import type { GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// The sales of the selected company (/company/sales): the APPROVED, INVOICED and
// PAID billings of the assignments it sells or provides, per month, client and currency.
// A small fixture in 2025 where every sum is known: A sells and provides (once each billing),
// provides to B, sells what B provides, and is the client of one assignment (no sale of its).

const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const FIGURES = 'currency sales billed margin marginPercent billings';
const LIST = `query ($filter: CompanySaleFilter!, $page: Int, $perPage: Int) { findManyCompanySale(filter: $filter, page: $page, perPage: $perPage) {
  items { period clientCompanyId clientName ${FIGURES} } total page pageCount totals { ${FIGURES} } } }`;
const EXPORT = `query ($filter: CompanySaleFilter!) { findManyCompanySaleExport(filter: $filter) { period clientName ${FIGURES} } }`;
const OPTIONS = '{ findCompanySaleOptions { clients { id name } currencies } }';

/** A row as the API answers it: what the CSV writes, and the client's id. */
interface Sale extends CsvSaleRow {
  clientCompanyId: string | null;
}
interface SalePage {
  items: Sale[];
  total: number;
  page: number;
  pageCount: number;
  totals: Omit<Sale, 'period' | 'clientCompanyId' | 'clientName'>[];
}

const YEAR_2025 = { from: '2025-01', to: '2025-12' };
const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
const fieldCodes = (body: GraphqlBody) => ((body.errors?.[0]?.extensions?.fieldErrors as { field: string; code: string }[]) ?? []).map((entry) => `${entry.field}:${entry.code}`);
/** [period, client, currency, sales, billed, margin, margin %, billings] per row. */
const summary = (rows: Sale[]) => rows.map((row) => [row.period, row.clientName, row.currency, row.sales, row.billed, row.margin, row.marginPercent, row.billings]);

describeEachDatabase('company sales', (kind) => {
  let f: CompaniesFixture;
  let clientC: string;

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { jobAssignment: { read: true } });
    await f.memberWithRole('stranger-a', f.a.id, 'Stranger', { jobAd: { read: true } });
    const talentToken = await f.h.token('tala');
    const profile = await f.h.call(CREATE_PROFILE, { token: talentToken, variables: { data: { email: 'tala@example.test', profileName: 'Tala Talent' } } });
    const talentProfileId = (profile.body.data?.createOneTalentProfile as { id: string }).id;
    [{ id: clientC }] = (await db.insert(company).values({ name: 'Client C', verificationStatus: 'verified' }).returning({ id: company.id })) as [{ id: string }];
    const assign = async (parties: Partial<Record<'salesCompanyId' | 'providerCompanyId' | 'clientCompanyId', string>>, currency: string) =>
      (await db.insert(jobAssignment).values({ talentProfileId, assignmentCurrency: currency, ...parties }).returning({ id: jobAssignment.id }))[0]!.id;
    const soldAndProvided = await assign({ salesCompanyId: f.a.id, providerCompanyId: f.a.id, clientCompanyId: clientC }, 'GBP');
    const providedToB = await assign({ providerCompanyId: f.a.id, clientCompanyId: f.b.id }, 'EUR');
    const soldProvidedByB = await assign({ salesCompanyId: f.a.id, providerCompanyId: f.b.id, clientCompanyId: clientC }, 'GBP');
    const soldInEuros = await assign({ salesCompanyId: f.a.id, clientCompanyId: clientC }, 'EUR');
    const boughtByA = await assign({ clientCompanyId: f.a.id }, 'GBP');
    const onlyB = await assign({ providerCompanyId: f.b.id, clientCompanyId: clientC }, 'GBP');
    type Status = (typeof billing.$inferInsert)['status'];
    const bill = (jobAssignmentId: string, month: number, status: Status, amount: string, salesAmount: string | null, currency = 'GBP', deletedAt: Date | null = null) =>
      ({ talentProfileId, jobAssignmentId, year: 2025, month, status, amount, salesAmount, currency, deletedAt });
    await db.insert(billing).values([
      bill(soldAndProvided, 1, 'APPROVED', '420.00', '560.00'),
      bill(soldAndProvided, 2, 'INVOICED', '420.00', '560.00'),
      bill(soldAndProvided, 3, 'PAID', '100.00', null),
      // Not sales: waiting for review, rejected, the talent's draft, deleted.
      bill(soldAndProvided, 4, 'SENT', '999.00', '999.00'),
      bill(soldAndProvided, 5, 'REJECTED', '999.00', '999.00'),
      bill(soldAndProvided, 6, 'DRAFT', '999.00', '999.00'),
      bill(soldAndProvided, 7, 'APPROVED', '999.00', '999.00', 'GBP', new Date()),
      bill(providedToB, 1, 'APPROVED', '1000.00', '1100.00', 'EUR'),
      bill(soldProvidedByB, 1, 'PAID', '200.00', '250.00'),
      bill(soldInEuros, 1, 'PAID', '300.00', null, 'EUR'),
      bill(boughtByA, 1, 'PAID', '5000.00', null),
      bill(onlyB, 1, 'PAID', '7777.00', null),
      // Outside 2025.
      { ...bill(soldAndProvided, 12, 'PAID', '50.00', null), year: 2024 },
    ]);
  });
  afterAll(() => f.h.close());

  const sales = async (filter: Record<string, unknown>, subject = 'reader-a', companyId = f.a.id, page?: number, perPage?: number) =>
    f.as(subject, LIST, { filter: { ...YEAR_2025, ...filter }, page, perPage }, companyId);
  const salesOf = async (...args: Parameters<typeof sales>) => {
    const { body } = await sales(...args);
    expect(body.errors).toBeUndefined();
    return body.data?.findManyCompanySale as SalePage;
  };

  it('sums the approved, invoiced and paid billings of what the company sells or provides, per month, client and currency', async () => {
    const page = await salesOf({});
    expect(summary(page.items)).toEqual([
      ['2025-03', 'Client C', 'GBP', '100.00', '100.00', '0.00', '0.0', 1],
      ['2025-02', 'Client C', 'GBP', '560.00', '420.00', '140.00', '25.0', 1],
      ['2025-01', 'Client C', 'EUR', '300.00', '300.00', '0.00', '0.0', 1],
      // Sold and provided by A (once, not twice) and sold by A for B: 560 + 250 charged, 420 + 200 billed.
      ['2025-01', 'Client C', 'GBP', '810.00', '620.00', '190.00', '23.5', 2],
      ['2025-01', 'Company B', 'EUR', '1100.00', '1000.00', '100.00', '9.1', 1],
    ]);
    expect(page.items.find((row) => row.clientName === 'Company B')?.clientCompanyId).toBe(f.b.id);
    expect(page.total).toBe(5);
  });

  it('totals each currency on its own, over every page', async () => {
    const page = await salesOf({}, 'reader-a', f.a.id, 2, 2);
    expect(page).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(summary(page.items).map((row) => row.slice(0, 3))).toEqual([
      ['2025-01', 'Client C', 'EUR'],
      ['2025-01', 'Client C', 'GBP'],
    ]);
    expect(page.totals).toEqual([
      { currency: 'EUR', sales: '1400.00', billed: '1300.00', margin: '100.00', marginPercent: '7.1', billings: 2 },
      { currency: 'GBP', sales: '1470.00', billed: '1140.00', margin: '330.00', marginPercent: '22.4', billings: 4 },
    ]);
  });

  it("never counts another company's billings: what it buys, or what others sell and provide", async () => {
    const all = await salesOf({ from: '2020-01', to: '2022-12' });
    expect(all.total).toBe(0);
    const a = await salesOf({});
    expect(a.items.some((row) => row.sales === '5000.00' || row.sales.startsWith('7777'))).toBe(false);
    // B provides what A sells, and what it provides alone: its own view of the same months.
    const b = await salesOf({}, 'owner-b', f.b.id);
    expect(summary(b.items)).toEqual([['2025-01', 'Client C', 'GBP', '8027.00', '7977.00', '50.00', '0.6', 2]]);
  });

  it('filters by months, client, currency and status group', async () => {
    expect(summary((await salesOf({ from: '2025-02', to: '2025-02' })).items)).toEqual([['2025-02', 'Client C', 'GBP', '560.00', '420.00', '140.00', '25.0', 1]]);
    expect(summary((await salesOf({ clientCompanyId: f.b.id })).items)).toEqual([['2025-01', 'Company B', 'EUR', '1100.00', '1000.00', '100.00', '9.1', 1]]);
    expect((await salesOf({ currency: 'eur' })).items.map((row) => row.currency)).toEqual(['EUR', 'EUR']);
    expect(summary((await salesOf({ status: 'NOT_INVOICED' })).items).map((row) => [row[0], row[1], row[3]])).toEqual([
      ['2025-01', 'Client C', '560.00'],
      ['2025-01', 'Company B', '1100.00'],
    ]);
    expect((await salesOf({ status: 'INVOICED' })).totals.map((total) => [total.currency, total.sales])).toEqual([
      ['EUR', '300.00'],
      ['GBP', '910.00'],
    ]);
    expect((await salesOf({ status: 'PAID' })).total).toBe(3);
    // An id or currency the company has no sales with matches nothing.
    for (const filter of [{ clientCompanyId: f.a.id }, { clientCompanyId: '00000000-0000-4000-8000-000000000000' }, { clientCompanyId: 'not-an-id' }, { currency: 'XX' }]) {
      expect((await salesOf(filter)).total, JSON.stringify(filter)).toBe(0);
    }
  });

  it('exports every row of the filter in one answer', async () => {
    const { body } = await f.as('reader-a', EXPORT, { filter: YEAR_2025 }, f.a.id);
    const rows = body.data?.findManyCompanySaleExport as Sale[];
    expect(rows).toHaveLength(5);
    expect(rows[3]).toMatchObject({ period: '2025-01', clientName: 'Client C', currency: 'GBP', sales: '810.00', marginPercent: '23.5' });
  });

  it("offers the clients and currencies of the company's sales in the filter", async () => {
    const { body } = await f.as('reader-a', OPTIONS, {}, f.a.id);
    expect(body.data?.findCompanySaleOptions).toEqual({
      clients: [
        { id: clientC, name: 'Client C' },
        { id: f.b.id, name: 'Company B' },
      ],
      currencies: ['EUR', 'GBP'],
    });
  });

  it('refuses wrong months with field codes', async () => {
    expect(fieldCodes((await sales({ from: '2025-13' })).body)).toEqual(['filter.from:monthInvalid']);
    expect(fieldCodes((await sales({ from: '', to: '2025-01' })).body)).toEqual(['filter.from:monthRequired']);
    expect(fieldCodes((await sales({ from: '2025-03', to: '2025-02' })).body)).toEqual(['filter.to:fromAfterTo']);
    expect(fieldCodes((await sales({ from: '2022-01', to: '2025-01' })).body)).toEqual(['filter.to:rangeTooLong']);
  });

  it('needs jobAssignment read in the selected company (FORBIDDEN)', async () => {
    expect(codeOf((await sales({}, 'stranger-a')).body)).toBe('FORBIDDEN');
    expect(codeOf((await f.as('stranger-a', EXPORT, { filter: YEAR_2025 }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(codeOf((await f.as('stranger-a', OPTIONS, {}, f.a.id)).body)).toBe('FORBIDDEN');
    // No company selected, or one the caller is not a member of.
    expect(codeOf((await f.as('reader-a', LIST, { filter: YEAR_2025 })).body)).toBe('FORBIDDEN');
    expect(codeOf((await sales({}, 'reader-a', f.b.id)).body)).toBe('FORBIDDEN');
  });
});
