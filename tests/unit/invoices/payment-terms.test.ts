import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_TERMS_DAYS, invoiceDueDate, paymentTermsDaysOf } from '../../../src/lib/invoices/payment-terms';

describe('payment terms: an invoice falls due its terms after the day it is issued', () => {
  it("takes the seller's terms when they are a whole number of days, else 30 days", () => {
    expect(DEFAULT_PAYMENT_TERMS_DAYS).toBe(30);
    expect(paymentTermsDaysOf({ paymentTermsDays: 14 })).toBe(14);
    expect(paymentTermsDaysOf({ paymentTermsDays: 0 })).toBe(0);
    for (const details of [null, undefined, {}, { paymentTermsDays: -1 }, { paymentTermsDays: 2.5 }, { paymentTermsDays: '14' }, { paymentTermsDays: 366 }]) {
      expect(paymentTermsDaysOf(details), JSON.stringify(details)).toBe(30);
    }
  });

  it('counts from the issue day in UTC, as the invoice prints it, across months and years', () => {
    expect(invoiceDueDate(new Date('2026-03-31T23:30:00Z'), 30)).toBe('2026-04-30');
    expect(invoiceDueDate(new Date('2026-12-15T00:00:00Z'), 30)).toBe('2027-01-14');
    expect(invoiceDueDate(new Date('2028-02-14T12:00:00Z'), 15)).toBe('2028-02-29');
    expect(invoiceDueDate(new Date('2026-06-01T08:00:00Z'), 0)).toBe('2026-06-01');
  });
});
