import { z } from 'zod';
import { adminReason, currencyCode } from '../forms/field-rules';
import { parseDateInput } from '../forms/date-input';

// The credit the platform gives a company (the companyCredit entity), as an admin holding
// the finance permission grants, changes and ends it. The page and the API check the same
// schemas; every message is an issue code worded in admin.errors.

export const COMPANY_CREDIT_ACTIONS = ['grant', 'change', 'end'] as const;
export type CompanyCreditAction = (typeof COMPANY_CREDIT_ACTIONS)[number];

/** The largest credit, in the currency's units: far above any real one, below the column's 12 integer digits. */
export const CREDIT_AMOUNT_MAX = 10_000_000;

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An amount as people type it ("2 500,5" or "2500.50"): up to two decimals, more than zero, at most CREDIT_AMOUNT_MAX. */
export const creditAmount = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const typed = (raw ?? '').trim().replace(/[\s\u00a0]/g, '').replace(',', '.');
    if (typed === '') {
      ctx.addIssue({ code: 'custom', message: 'creditAmountRequired' });
      return '';
    }
    if (!AMOUNT.test(typed)) {
      ctx.addIssue({ code: 'custom', message: 'creditAmountInvalid' });
      return typed;
    }
    const value = Number(typed);
    if (value <= 0) ctx.addIssue({ code: 'custom', message: 'creditAmountNotPositive' });
    else if (value > CREDIT_AMOUNT_MAX) ctx.addIssue({ code: 'custom', message: 'creditAmountTooLarge', params: { max: CREDIT_AMOUNT_MAX } });
    return value.toFixed(2);
  });

/**
 * The last day a credit counts (yyyy-mm-dd, or en-GB typed by hand), or blank for no end.
 * It must be today or later: a credit is not granted in the past (ending one is its own action).
 */
export function creditUntil(today: string) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const typed = parseDateInput(raw ?? '');
      if (typed === '') return null;
      const instant = new Date(`${typed}T00:00:00Z`);
      if (!ISO_DAY.test(typed) || Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 10) !== typed) {
        ctx.addIssue({ code: 'custom', message: 'creditUntilInvalid' });
        return null;
      }
      if (typed < today) ctx.addIssue({ code: 'custom', message: 'creditUntilPast' });
      return typed;
    });
}

/**
 * The instant a credit stops counting, from its last day: the end of that day in UTC, so it
 * counts the whole day (isCreditCurrent excludes `until` itself) and shows as that day.
 */
export function creditEndsAt(lastDay: string | null): Date | null {
  return lastDay === null ? null : new Date(`${lastDay}T23:59:59.999Z`);
}

const reason = adminReason('creditReasonRequired');

/** Grant: amount, currency, last day (optional) and why. */
export const grantCreditSchema = (today: string) =>
  z.object({
    amount: creditAmount,
    currency: currencyCode.transform((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: 'creditCurrencyRequired' });
      return value ?? '';
    }),
    until: creditUntil(today),
    reason,
  });

/** Change: a new amount and last day, and why; the currency stays (a credit in another currency is another credit). */
export const changeCreditSchema = (today: string) => z.object({ amount: creditAmount, until: creditUntil(today), reason });

/** End: why; the credit stops counting now. */
export const endCreditSchema = z.object({ reason });

export type CreditChangeRefusal = 'creditEnded';

/** A credit that no longer counts (ended or run out) is history: it is neither changed nor ended again. */
export function creditChange(credit: { until: Date | null }, now: Date): { ok: true } | { ok: false; reason: CreditChangeRefusal } {
  if (credit.until !== null && credit.until.getTime() <= now.getTime()) return { ok: false, reason: 'creditEnded' };
  return { ok: true };
}

/** Today in UTC as yyyy-mm-dd: the day credits' last days are compared with. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
