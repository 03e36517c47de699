import { describe, expect, it } from 'vitest';
import { companySalesCsv, companySalesCsvFilename, COMPANY_SALES_CSV_COLUMNS } from '../../../src/lib/sales/company-sales-csv';
import { activeSalesFilterCount, formatMarginPercent, hasSalesFilters, readSalesFilters, salesLinks } from '../../../src/lib/sales/company-sales-pages';

const NORTHWIND = '11111111-1111-4111-8111-111111111111';
const ACME = '22222222-2222-4222-8222-222222222222';

describe('the sales address: the page and its CSV read the same filters', () => {
  const options = { clients: [{ id: NORTHWIND, name: 'Northwind Labs' }], currencies: ['GBP'] };
  const NOW = new Date('2026-03-10T12:00:00Z');

  it('shows the last 12 months unfiltered by default', () => {
    const filters = readSalesFilters(new URL('https://x.test/company/sales'), NOW, options);
    expect(filters).toMatchObject({ from: '2025-04', to: '2026-03', clientCompanyId: null, currency: null, status: null, page: 1, periodGiven: false, issues: [] });
    expect(hasSalesFilters(filters)).toBe(false);
    expect(salesLinks('/company/sales', filters).exportHref).toBe('/company/sales.csv?from=2025-04&to=2026-03');
  });

  it('reads the default months as posted by the form as no chosen period: only the currency counts', () => {
    const posted = readSalesFilters(new URL('https://x.test/company/sales?from=2025-04&to=2026-03&client=&currency=GBP&status='), NOW, options);
    expect(posted).toMatchObject({ from: '2025-04', to: '2026-03', periodGiven: false, currency: 'GBP' });
    expect(activeSalesFilterCount(posted)).toBe(1);
  });

  it('keeps a client and currency the company has, drops others, and writes the filter back into the links', () => {
    const url = new URL(`https://x.test/company/sales?from=2026-01&to=2026-02&client=${NORTHWIND}&currency=GBP&status=PAID&page=2`);
    const filters = readSalesFilters(url, NOW, options);
    expect(filters).toMatchObject({ clientCompanyId: NORTHWIND, currency: 'GBP', status: 'PAID', page: 2, periodGiven: true });
    const links = salesLinks('/company/sales', filters);
    expect(links.pageHref(3)).toBe(`/company/sales?from=2026-01&to=2026-02&client=${NORTHWIND}&currency=GBP&status=PAID&page=3`);
    expect(links.exportHref).toBe(`/company/sales.csv?from=2026-01&to=2026-02&client=${NORTHWIND}&currency=GBP&status=PAID`);
    const foreign = readSalesFilters(new URL(`https://x.test/company/sales?client=${ACME}&currency=EUR&status=nope`), NOW, options);
    expect(foreign).toMatchObject({ clientCompanyId: null, currency: null, status: null });
  });

  it('counts the filters in force on the phone toggle, a chosen period once', () => {
    expect(activeSalesFilterCount(readSalesFilters(new URL('https://x.test/company/sales'), NOW, options))).toBe(0);
    expect(activeSalesFilterCount(readSalesFilters(new URL('https://x.test/company/sales?from=2026-01&to=2026-02&currency=GBP'), NOW, options))).toBe(2);
    expect(activeSalesFilterCount(readSalesFilters(new URL(`https://x.test/company/sales?client=${NORTHWIND}&currency=GBP&status=PAID`), NOW, options))).toBe(3);
    // A client the company does not have is dropped, so it counts for nothing.
    expect(activeSalesFilterCount(readSalesFilters(new URL(`https://x.test/company/sales?client=${ACME}`), NOW, options))).toBe(0);
  });

  it('holds wrong months back with their issue', () => {
    expect(readSalesFilters(new URL('https://x.test/company/sales?from=2026-05&to=2026-01'), NOW, options).issues).toEqual([{ path: 'to', code: 'fromAfterTo' }]);
  });

  it('writes margin % with one place and a dash when there is none', () => {
    expect(formatMarginPercent('25.0', 'en')).toBe('25.0%');
    expect(formatMarginPercent('-3.5', 'en')).toBe('-3.5%');
    expect(formatMarginPercent(null, 'en')).toBe('—');
  });
});

describe('the sales CSV: the same rows through the project CSV writer', () => {
  const headings = Object.fromEntries(COMPANY_SALES_CSV_COLUMNS.map((column) => [column, column])) as Record<(typeof COMPANY_SALES_CSV_COLUMNS)[number], string>;

  it('writes months, clients and plain decimals, with client names defused against formulas', () => {
    const csv = companySalesCsv(
      [
        { period: '2026-03', clientName: '=HYPERLINK("x")', currency: 'GBP', sales: '560.00', billed: '420.00', margin: '140.00', marginPercent: '25.0', billings: 1 },
        { period: '2026-02', clientName: null, currency: 'EUR', sales: '0.00', billed: '0.00', margin: '0.00', marginPercent: null, billings: 2 },
      ],
      headings,
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFF"month","client","currency","sales","billed","margin","marginPercent","billings"',
      '"2026-03","\'=HYPERLINK(""x"")","GBP",560.00,420.00,140.00,25.0,1',
      '"2026-02","","EUR",0.00,0.00,0.00,"",2',
      '',
    ]);
  });

  it('names the file after its months, and refuses anything else', () => {
    expect(companySalesCsvFilename('2025-04', '2026-03')).toBe('sales-2025-04-2026-03.csv');
    expect(() => companySalesCsvFilename('2025-04"; x', '2026-03')).toThrow();
  });
});
