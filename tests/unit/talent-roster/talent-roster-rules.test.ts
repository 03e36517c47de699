import { describe, expect, it } from 'vitest';
import { creditSummaries, isCreditCurrent } from '../../../src/lib/talent-roster/company-credit';
import { balanceAfterEntry, ledgerEntrySchema, mayChangeCurrency, reversalOf, sumPerCurrency } from '../../../src/lib/talent-roster/ledger-rules';
import { rosterCreateSchema, rosterUpdateSchema } from '../../../src/lib/talent-roster/roster-input';
import { zodIssues } from '../../../src/lib/forms/zod-issues';

const issuesOf = (result: { success: boolean; error?: unknown }) => (result.success ? [] : zodIssues(result.error as never).map((issue) => `${issue.path}:${issue.code}`));

describe('the ledger is append-only: a correction is a reversing entry', () => {
  it('reverses with the same type and currency and the opposite change', () => {
    expect(reversalOf({ type: 'COMISSION', change: '-61.73', currency: 'EUR' })).toEqual({ type: 'COMISSION', change: '61.73', currency: 'EUR' });
    expect(reversalOf({ type: 'SALARY', change: '2100.50', currency: 'GBP' })).toEqual({ type: 'SALARY', change: '-2100.50', currency: 'GBP' });
  });

  it('an entry and its reversal leave the balance where it was', () => {
    const balance = { amount: '87.65', currency: 'EUR' };
    const entry = { type: 'MISC' as const, change: '-12.35', currency: 'EUR' };
    const after = balanceAfterEntry(balance, entry)!;
    expect(after).toBe('75.30');
    expect(balanceAfterEntry({ amount: after, currency: 'EUR' }, reversalOf(entry))).toBe('87.65');
  });
});

describe('a roster balance is the running sum of its ledger, in one currency', () => {
  it('moves by the exact change, never through a float', () => {
    expect(balanceAfterEntry({ amount: '0.10', currency: 'EUR' }, { type: 'MISC', change: '0.20', currency: 'EUR' })).toBe('0.30');
  });

  it('currencies are never mixed in a balance: an entry in another currency has no balance after', () => {
    expect(balanceAfterEntry({ amount: '10.00', currency: 'EUR' }, { type: 'MISC', change: '5.00', currency: 'GBP' })).toBeNull();
  });

  it('a balance the money column cannot hold is refused', () => {
    expect(balanceAfterEntry({ amount: '999999999999.00', currency: 'EUR' }, { type: 'SALARY', change: '1.00', currency: 'EUR' })).toBeNull();
  });

  it('the currency may change only while the ledger is empty', () => {
    expect(mayChangeCurrency(0)).toBe(true);
    expect(mayChangeCurrency(1)).toBe(false);
  });

  it('currencies are never mixed in a sum: one total per currency', () => {
    expect(sumPerCurrency([
      { currency: 'EUR', amount: '10.10' },
      { currency: 'GBP', amount: '5.00' },
      { currency: 'EUR', amount: '-0.10' },
    ])).toEqual([
      { currency: 'EUR', amount: '10.00' },
      { currency: 'GBP', amount: '5.00' },
    ]);
  });
});

describe('a ledger entry: a salary is money in, a commission and a withdrawal money out, misc either', () => {
  it('accepts signed amounts that agree with the type', () => {
    expect(ledgerEntrySchema.parse({ type: 'SALARY', change: ' 1200.5 ' })).toEqual({ type: 'SALARY', change: '1200.50' });
    expect(ledgerEntrySchema.parse({ type: 'WITHDRAWAL', change: '-300' })).toEqual({ type: 'WITHDRAWAL', change: '-300.00' });
    expect(ledgerEntrySchema.parse({ type: 'MISC', change: '-0.01' })).toEqual({ type: 'MISC', change: '-0.01' });
    expect(ledgerEntrySchema.parse({ type: 'MISC', change: '+5' })).toEqual({ type: 'MISC', change: '5.00' });
  });

  it('refuses a sign against the type, zero, bad numbers and unknown types with a code', () => {
    expect(issuesOf(ledgerEntrySchema.safeParse({ type: 'SALARY', change: '-1' }))).toEqual(['change:changeMustBeIn']);
    expect(issuesOf(ledgerEntrySchema.safeParse({ type: 'COMISSION', change: '1' }))).toEqual(['change:changeMustBeOut']);
    expect(issuesOf(ledgerEntrySchema.safeParse({ type: 'MISC', change: '0' }))).toEqual(['change:changeZero']);
    expect(issuesOf(ledgerEntrySchema.safeParse({ type: 'MISC', change: '1e3' }))).toEqual(['change:changeFormat']);
    expect(issuesOf(ledgerEntrySchema.safeParse({ type: 'MISC', change: '1.234' }))).toEqual(['change:changeDecimals']);
    expect(issuesOf(ledgerEntrySchema.safeParse({ type: 'MISC', change: '1000000000000' }))).toEqual(['change:changeTooLarge']);
    expect(issuesOf(ledgerEntrySchema.safeParse({ type: 'BONUS', change: '1' }))).toEqual(['type:typeUnknown']);
    expect(issuesOf(ledgerEntrySchema.safeParse({ change: '1' }))).toEqual(['type:typeRequired']);
  });
});

describe('a roster entry names one talent, by id or by e-mail', () => {
  const id = '0b9f2a8e-1c43-4b8e-9a51-1f7f5c1c2d3e';

  it('reads a candidate or an address, the entry fields and the currency', () => {
    expect(rosterCreateSchema.parse({ talentProfileId: id, employmentType: 'employee', employeeNumber: ' NW-1 ', managerId: '', currency: 'eur' })).toEqual({
      talentProfileId: id,
      email: null,
      employmentType: 'employee',
      employeeNumber: 'NW-1',
      managerId: null,
      currency: 'EUR',
    });
    expect(rosterCreateSchema.parse({ email: ' a@b.test ', currency: 'GBP' })).toMatchObject({ talentProfileId: null, email: 'a@b.test', employmentType: null, employeeNumber: null });
  });

  it('needs exactly one of the two, and a currency', () => {
    expect(issuesOf(rosterCreateSchema.safeParse({ currency: 'EUR' }))).toEqual(['talentProfileId:talentRequired']);
    expect(issuesOf(rosterCreateSchema.safeParse({ talentProfileId: id, email: 'a@b.test', currency: 'EUR' }))).toEqual(['email:talentChooseOne']);
    expect(issuesOf(rosterCreateSchema.safeParse({ email: 'a@b', currency: 'EUR' }))).toEqual(['email:emailInvalid']);
    expect(issuesOf(rosterCreateSchema.safeParse({ talentProfileId: id }))).toEqual(['currency:currencyRequired']);
  });

  it('an edit keeps the currency when none is given', () => {
    expect(rosterUpdateSchema.parse({ employmentType: 'freelancer' })).toEqual({ employmentType: 'freelancer', employeeNumber: null, managerId: null, currency: null });
    expect(issuesOf(rosterUpdateSchema.safeParse({ employmentType: 'intern' }))).toEqual(['employmentType:employmentTypeUnknown']);
  });
});

describe('company credit: what is left is the current credit minus what the roster is owed, per currency', () => {
  const now = new Date('2026-05-10T12:00:00Z');

  it('counts a credit until its end, and always one without an end', () => {
    expect(isCreditCurrent({ until: '2026-05-10T12:00:01Z' }, now)).toBe(true);
    expect(isCreditCurrent({ until: '2026-05-10T12:00:00Z' }, now)).toBe(false);
    expect(isCreditCurrent({ until: null }, now)).toBe(true);
  });

  it('adds current credits of a currency, leaves expired ones out and never uses another currency', () => {
    const credits = [
      { amount: '2500.00', currency: 'EUR', until: '2026-08-01T00:00:00Z' },
      { amount: '500.00', currency: 'EUR', until: null },
      { amount: '900.00', currency: 'EUR', until: '2026-01-01T00:00:00Z' },
      { amount: '100.00', currency: 'GBP', until: null },
    ];
    expect(creditSummaries(credits, [{ currency: 'EUR', amount: '1200.10' }, { currency: 'GBP', amount: '150.00' }, { currency: 'USD', amount: '5.00' }], now)).toEqual([
      { currency: 'EUR', credit: '3000.00', owed: '1200.10', remaining: '1799.90', exceeded: false },
      { currency: 'GBP', credit: '100.00', owed: '150.00', remaining: '-50.00', exceeded: true },
    ]);
  });
});
