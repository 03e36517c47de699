import { describe, expect, it } from 'vitest';
import { activeTransactionFilterCount, isFiltered, readTransactionFilter, toApiFilter, transactionFilterQuery } from '../../../src/lib/transactions/transaction-filter';
import { balanceCompanies, transactionSpan, type TalentBalance } from '../../../src/lib/transactions/transaction-queries';

const ACME = '2f2cae68-b5f2-45a7-99ea-75bafab51f76';
const ALL_TIME = { from: '2024-10-20', to: '2025-03-31' };
const read = (search: string) => readTransactionFilter(new URL(`http://x.test/talent/transactions${search}`), { companyIds: [ACME], defaultPeriod: ALL_TIME });

describe('transactions filter in the address', () => {
  it('shows all time, newest first, page 1 when the address says nothing', () => {
    expect(read('')).toEqual({ ...ALL_TIME, companyId: null, rosterEntryId: null, currency: null, type: null, sort: 'newest', page: 1, problems: [], periodGiven: false });
    expect(read('?from=&to=')).toMatchObject({ ...ALL_TIME, periodGiven: false, problems: [] });
  });

  it('reads a period, one of my companies, a type, the order and the page', () => {
    expect(read(`?from=2025-01-01&to=2025-01-31&company=${ACME}&type=COMISSION&sort=oldest&page=3`)).toEqual({
      from: '2025-01-01', to: '2025-01-31', companyId: ACME, rosterEntryId: null, currency: null, type: 'COMISSION', sort: 'oldest', page: 3, problems: [], periodGiven: true,
    });
  });

  it('counts the filters in force on the phone toggle: a period once, the order never', () => {
    expect(activeTransactionFilterCount(read('?sort=oldest&page=2'))).toBe(0);
    expect(isFiltered(read('?sort=oldest'))).toBe(false);
    expect(activeTransactionFilterCount(read(`?from=2025-01-01&to=2025-01-31&company=${ACME}&type=COMISSION`))).toBe(3);
    expect(isFiltered(read('?type=COMISSION'))).toBe(true);
  });

  it('turns an en-GB day typed by hand into yyyy-mm-dd', () => {
    expect(read('?from=1/2/2025&to=28.02.2025')).toMatchObject({ from: '2025-02-01', to: '2025-02-28', problems: [] });
  });

  it('keeps a wrong period as typed and says what is wrong with it', () => {
    expect(read('?from=2025-03-01&to=2025-02-01')).toMatchObject({ from: '2025-03-01', to: '2025-02-01', problems: [{ path: 'to', code: 'fromAfterTo' }] });
    expect(read('?from=2025-03-01')).toMatchObject({ problems: [{ path: 'to', code: 'toRequired' }] });
    expect(read('?from=soon&to=2025-02-01').problems).toEqual([{ path: 'from', code: 'fromNotADate' }]);
  });

  it('drops what it does not know: a company that is not mine, a type, a sort or a page out of range', () => {
    expect(read('?company=00000000-0000-4000-8000-000000000000&type=COMMISSION&sort=up&page=0')).toMatchObject({ companyId: null, type: null, sort: 'newest', page: 1 });
    expect(read('?page=2.5').page).toBe(1);
    expect(read('?page=10001').page).toBe(1);
  });

  it('writes links with only what differs from the defaults, and never page 1', () => {
    const bare = read('');
    expect(transactionFilterQuery(bare)).toBe('');
    expect(transactionFilterQuery(bare, { page: 2 })).toBe('?page=2');
    expect(transactionFilterQuery(bare, { from: '2025-01-01', to: '2025-01-31', page: 1 })).toBe('?from=2025-01-01&to=2025-01-31');
    const full = read(`?from=2025-01-01&to=2025-01-31&company=${ACME}&type=MISC&sort=oldest&page=3`);
    expect(transactionFilterQuery(full, { page: 1 })).toBe(`?from=2025-01-01&to=2025-01-31&company=${ACME}&type=MISC&sort=oldest`);
    expect(transactionFilterQuery(full, { companyId: null, type: null })).toBe('?from=2025-01-01&to=2025-01-31&sort=oldest&page=3');
  });

  it('hands the API trimmed days and the other filters', () => {
    expect(toApiFilter(read(`?from=2025-01-01&to=2025-01-31&company=${ACME}`))).toEqual({ from: '2025-01-01', to: '2025-01-31', companyId: ACME, type: null });
  });

  it("reads the company page's roster entry and currency only among the choices offered, and writes them back", () => {
    const ENTRY = '11111111-1111-4111-8111-111111111111';
    const url = new URL(`http://localhost/company/transactions?entry=${ENTRY}&currency=GBP`);
    const filter = readTransactionFilter(url, { rosterEntryIds: [ENTRY], currencies: ['EUR', 'GBP'], defaultPeriod: ALL_TIME });
    expect(filter).toMatchObject({ rosterEntryId: ENTRY, currency: 'GBP', companyId: null });
    expect(transactionFilterQuery(filter)).toBe(`?entry=${ENTRY}&currency=GBP`);
    expect(toApiFilter(filter)).toEqual({ ...ALL_TIME, companyId: null, type: null, rosterEntryId: ENTRY, currency: 'GBP' });
    expect(readTransactionFilter(url, { rosterEntryIds: [], currencies: ['EUR'], defaultPeriod: ALL_TIME })).toMatchObject({ rosterEntryId: null, currency: null });
  });
});

describe('balances as the filter needs them', () => {
  const balance = (companyId: string, companyName: string, first: string | null, last: string | null): TalentBalance => ({
    rosterEntryId: `${companyId}-entry`, companyId, companyName, currency: 'EUR', balance: '0.00', transactionCount: first ? 1 : 0, firstTransactionAt: first, lastTransactionAt: last,
  });

  it('spans from the earliest first to the latest last transaction', () => {
    expect(transactionSpan([balance('a', 'A', '2025-01-02T00:00:00.000Z', '2025-02-01T00:00:00.000Z'), balance('b', 'B', '2024-12-01T00:00:00.000Z', '2025-01-05T00:00:00.000Z'), balance('c', 'C', null, null)])).toEqual({
      first: '2024-12-01T00:00:00.000Z',
      last: '2025-02-01T00:00:00.000Z',
    });
    expect(transactionSpan([])).toEqual({ first: null, last: null });
  });

  it('lists each company once, by name', () => {
    expect(balanceCompanies([balance('n', 'Northwind', null, null), balance('b', 'Brightpath', null, null), balance('n', 'Northwind', null, null)])).toEqual([
      { id: 'b', name: 'Brightpath' },
      { id: 'n', name: 'Northwind' },
    ]);
  });
});
