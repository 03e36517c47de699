import { describe, expect, it } from 'vitest';
import {
  defaultSalesRange,
  groupSales,
  marginPercentOf,
  readSalesRange,
  saleAmountOf,
  saleStatusesOf,
  salesTotals,
  type SaleBilling,
} from '../../../src/lib/sales/company-sales';

const NORTHWIND = '11111111-1111-4111-8111-111111111111';
const ACME = '22222222-2222-4222-8222-222222222222';

const bill = (overrides: Partial<SaleBilling>): SaleBilling => ({
  year: 2026,
  month: 3,
  clientCompanyId: NORTHWIND,
  clientName: 'Northwind Labs',
  currency: 'GBP',
  amount: '100.00',
  salesAmount: null,
  ...overrides,
});

describe('a sale is an approved, invoiced or paid billing', () => {
  it('counts APPROVED, INVOICED and PAID, never SENT, REJECTED or DRAFT', () => {
    expect(saleStatusesOf(null)).toEqual(['APPROVED', 'INVOICED', 'PAID']);
    for (const status of ['SENT', 'REJECTED', 'DRAFT']) expect(saleStatusesOf(null)).not.toContain(status);
  });

  it('filters by status group: not invoiced, invoiced (paid or not), not paid, paid', () => {
    expect(saleStatusesOf('NOT_INVOICED')).toEqual(['APPROVED']);
    expect(saleStatusesOf('INVOICED')).toEqual(['INVOICED', 'PAID']);
    expect(saleStatusesOf('UNPAID')).toEqual(['APPROVED', 'INVOICED']);
    expect(saleStatusesOf('PAID')).toEqual(['PAID']);
  });
});

describe('sales is what the client is charged: salesAmount when set, else amount', () => {
  it('takes salesAmount when the billing has one, the talent\'s amount otherwise', () => {
    expect(saleAmountOf({ amount: '420.00', salesAmount: '560.00' })).toBe('560.00');
    expect(saleAmountOf({ amount: '420.00', salesAmount: null })).toBe('420.00');
  });
});

describe('margin is sales minus billed, margin % is margin over sales', () => {
  it('computes both on exact cents', () => {
    const [row] = groupSales([bill({ amount: '420.00', salesAmount: '560.00' })]);
    expect(row).toMatchObject({ sales: '560.00', billed: '420.00', margin: '140.00', marginPercent: '25.0' });
  });

  it('has no margin when the client is charged what the talent billed', () => {
    const [row] = groupSales([bill({ amount: '2200.00' })]);
    expect(row).toMatchObject({ sales: '2200.00', billed: '2200.00', margin: '0.00', marginPercent: '0.0' });
  });

  it('rounds the percentage half away from zero to one place, and has none when sales is zero', () => {
    expect(marginPercentOf('1.00', '3.00')).toBe('33.3');
    expect(marginPercentOf('2.00', '3.00')).toBe('66.7');
    expect(marginPercentOf('0.01', '200.00')).toBe('0.0');
    expect(marginPercentOf('-0.01', '200.00')).toBe('0.0');
    expect(marginPercentOf('-0.01', '20.00')).toBe('-0.1');
    expect(marginPercentOf('-50.00', '100.00')).toBe('-50.0');
    expect(marginPercentOf('0.00', '0.00')).toBeNull();
  });

  it('adds no float error: 0.10 + 0.20 of sales over three billings is 0.30', () => {
    const [row] = groupSales([bill({ amount: '0.05', salesAmount: '0.10' }), bill({ amount: '0.05', salesAmount: '0.10' }), bill({ amount: '0.00', salesAmount: '0.10' })]);
    expect(row).toMatchObject({ sales: '0.30', billed: '0.10', margin: '0.20', marginPercent: '66.7', billings: 3 });
  });

  it('shows a negative margin when the client is charged less than the talent billed', () => {
    const [row] = groupSales([bill({ amount: '500.00', salesAmount: '400.00' })]);
    expect(row).toMatchObject({ margin: '-100.00', marginPercent: '-25.0' });
  });
});

describe('sales are grouped by month, client company and currency', () => {
  it('sums the billings of one month, client and currency into one row', () => {
    const rows = groupSales([bill({ amount: '100.00', salesAmount: '150.00' }), bill({ amount: '200.00' })]);
    expect(rows).toEqual([
      { year: 2026, month: 3, clientCompanyId: NORTHWIND, clientName: 'Northwind Labs', currency: 'GBP', sales: '350.00', billed: '300.00', margin: '50.00', marginPercent: '14.3', billings: 2 },
    ]);
  });

  it('adds up billings the database summed already as the billings they stand for', () => {
    const one = [bill({ amount: '100.00', salesAmount: '150.00' }), bill({ amount: '200.00' }), bill({ amount: '0.10', salesAmount: '0.20' })];
    const summed = [bill({ amount: '300.00', salesAmount: '350.00', billings: 2 }), bill({ amount: '0.10', salesAmount: '0.20' })];
    expect(groupSales(summed)).toEqual(groupSales(one));
    expect(groupSales(summed)[0]!.billings).toBe(3);
  });

  it('keeps another month, another client and a billing without a client apart, newest month first, then by client name, no client last', () => {
    const rows = groupSales([
      bill({ month: 2 }),
      bill({ clientCompanyId: null, clientName: null }),
      bill({ clientCompanyId: ACME, clientName: 'Acme' }),
      bill({}),
      bill({ year: 2025, month: 12 }),
    ]);
    expect(rows.map((row) => [row.year, row.month, row.clientName, row.billings])).toEqual([
      [2026, 3, 'Acme', 1],
      [2026, 3, 'Northwind Labs', 1],
      [2026, 3, null, 1],
      [2026, 2, 'Northwind Labs', 1],
      [2025, 12, 'Northwind Labs', 1],
    ]);
  });

  it('has no row for a month without sales', () => {
    expect(groupSales([])).toEqual([]);
  });
});

describe('currencies are never added together', () => {
  it('gives the same month and client one row per currency', () => {
    const rows = groupSales([bill({ currency: 'GBP', amount: '100.00' }), bill({ currency: 'EUR', amount: '100.00' }), bill({ currency: 'GBP', amount: '50.00' })]);
    expect(rows.map((row) => [row.currency, row.sales])).toEqual([
      ['EUR', '100.00'],
      ['GBP', '150.00'],
    ]);
  });

  it('totals each currency on its own, over every row, in currency order', () => {
    const rows = groupSales([
      bill({ currency: 'GBP', amount: '420.00', salesAmount: '560.00' }),
      bill({ month: 2, currency: 'GBP', amount: '420.00', salesAmount: '560.00' }),
      bill({ clientCompanyId: ACME, clientName: 'Acme', currency: 'EUR', amount: '1000.00', salesAmount: '1100.00' }),
    ]);
    expect(salesTotals(rows)).toEqual([
      { currency: 'EUR', sales: '1100.00', billed: '1000.00', margin: '100.00', marginPercent: '9.1', billings: 1 },
      { currency: 'GBP', sales: '1120.00', billed: '840.00', margin: '280.00', marginPercent: '25.0', billings: 2 },
    ]);
  });
});

describe('the period: whole months, the last 12 by default, at most 36', () => {
  it('defaults to this month and the eleven before it (UTC)', () => {
    expect(defaultSalesRange(new Date('2026-03-10T12:00:00Z'))).toEqual({ from: { year: 2025, month: 4 }, to: { year: 2026, month: 3 } });
    expect(defaultSalesRange(new Date('2026-12-31T23:30:00-02:00'))).toEqual({ from: { year: 2026, month: 2 }, to: { year: 2027, month: 1 } });
  });

  it('reads two months written yyyy-mm, both included', () => {
    expect(readSalesRange('2025-01', '2025-01')).toEqual({ range: { from: { year: 2025, month: 1 }, to: { year: 2025, month: 1 } } });
  });

  it('says what is wrong, field by field', () => {
    expect(readSalesRange('', '2025-13')).toEqual({ issues: [{ path: 'from', code: 'monthRequired' }, { path: 'to', code: 'monthInvalid' }] });
    expect(readSalesRange('2025-02', '2025-01')).toEqual({ issues: [{ path: 'to', code: 'fromAfterTo' }] });
    expect(readSalesRange('2023-01', '2025-12')).toEqual({ range: { from: { year: 2023, month: 1 }, to: { year: 2025, month: 12 } } });
    expect(readSalesRange('2023-01', '2026-01')).toEqual({ issues: [{ path: 'to', code: 'rangeTooLong' }] });
  });
});
