import { z } from 'zod';
import { addFieldIssues } from '../forms/zod-issues';
import { RATE_UNITS, type RateUnitValue } from '../job-ads/job-enums';
import { isUuid } from '../ids';
import { billingAmount, fitsMoneyColumn, lineAmount, readPrice, readQuantity, BILLING_AMOUNT_LIMITS } from './billing-arithmetic';
import type { BillingIssue } from './billing-issues';
import { isCurrencyCode, normalizeCurrency } from '../money/currency-code';

// The content of a billing a talent writes (currency, message, lines), checked and
// computed the same way by the API and by the billing page. Amounts are never read from
// the input: each line's amount and the billing's amount are computed here.

export const BILLING_TEXT_LIMITS = {
  lines: 50,
  description: 300,
  message: 2000,
} as const;

/** One line as typed or sent: text, so that every mistake comes back as a message on its field. */
export interface BillingLineText {
  /** The stored line this edits (keeps its attachments); absent for a new line. */
  id?: string | null;
  description: string;
  unit: string;
  quantity: string;
  price: string;
  /** Optional; when given it must be the billing's currency. */
  currency?: string | null;
}

export interface BillingContentText {
  currency: string;
  message?: string | null;
  lines: readonly BillingLineText[];
}

export interface BillingLineValue {
  id: string | null;
  description: string;
  unit: RateUnitValue;
  quantity: string;
  price: string;
  amount: string;
  currency: string;
}

export interface BillingContent {
  currency: string;
  message: string | null;
  lines: BillingLineValue[];
  amount: string;
}

export type Checked<T, I> = { ok: true; value: T } | { ok: false; issues: I[] };

/** The billing currency, normalised ("eur" → "EUR"), or why it cannot be used. */
export function readBillingCurrency(text: string | null | undefined, path = 'currency'): { ok: true; value: string } | { ok: false; issue: BillingIssue } {
  const code = normalizeCurrency(text ?? '');
  if (code === '') return { ok: false, issue: { path, code: 'currencyRequired' } };
  if (!isCurrencyCode(code)) return { ok: false, issue: { path, code: 'currencyInvalid' } };
  return { ok: true, value: code };
}

function readLine(line: BillingLineText, index: number, currency: string | null, issues: BillingIssue[]): BillingLineValue | null {
  const at = (field: string) => `lines.${index}.${field}`;
  const before = issues.length;
  const id = line.id?.trim() || null;
  if (id !== null && !isUuid(id)) issues.push({ path: at('id'), code: 'lineUnknown' });
  const description = line.description.trim();
  if (description === '') issues.push({ path: at('description'), code: 'descriptionRequired' });
  else if (description.length > BILLING_TEXT_LIMITS.description) issues.push({ path: at('description'), code: 'descriptionTooLong', params: { max: BILLING_TEXT_LIMITS.description } });
  const unit = line.unit.trim().toUpperCase();
  if (!(RATE_UNITS as readonly string[]).includes(unit)) issues.push({ path: at('unit'), code: 'unitInvalid' });
  const quantity = readQuantity(line.quantity);
  if (!quantity.ok) {
    const code = ({ required: 'quantityRequired', format: 'quantityFormat', decimals: 'quantityDecimals', notPositive: 'quantityNotPositive', tooLarge: 'quantityTooLarge' } as const)[quantity.problem];
    issues.push({ path: at('quantity'), code, ...(code === 'quantityTooLarge' ? { params: { max: BILLING_AMOUNT_LIMITS.maxQuantity } } : {}) });
  }
  const price = readPrice(line.price);
  if (!price.ok) {
    const code = ({ required: 'priceRequired', format: 'priceFormat', decimals: 'priceDecimals', negative: 'priceNegative', tooLarge: 'priceTooLarge' } as const)[price.problem];
    issues.push({ path: at('price'), code, ...(code === 'priceTooLarge' ? { params: { max: BILLING_AMOUNT_LIMITS.maxPrice } } : {}) });
  }
  const lineCurrency = line.currency ? normalizeCurrency(line.currency) : null;
  if (currency && lineCurrency && lineCurrency !== currency) issues.push({ path: at('currency'), code: 'currencyMismatch', params: { currency } });
  if (issues.length > before || !quantity.ok || !price.ok || currency === null) return null;
  return { id, description, unit: unit as RateUnitValue, quantity: quantity.value, price: price.value, amount: lineAmount(quantity.value, price.value), currency };
}

/**
 * Checks a billing's content and computes its amounts: every line in the billing's
 * currency, quantity > 0 and price ≥ 0 with at most 2 decimals and within the limits,
 * line amount = quantity × price (half away from zero to cents), billing amount = the
 * sum of the line amounts. All issues are reported at once.
 */
export function readBillingContent(input: BillingContentText): Checked<BillingContent, BillingIssue> {
  const issues: BillingIssue[] = [];
  const currency = readBillingCurrency(input.currency);
  if (!currency.ok) issues.push(currency.issue);
  const message = input.message?.trim() || null;
  if (message && message.length > BILLING_TEXT_LIMITS.message) issues.push({ path: 'message', code: 'messageTooLong', params: { max: BILLING_TEXT_LIMITS.message } });
  if (input.lines.length === 0) issues.push({ path: 'lines', code: 'linesRequired' });
  if (input.lines.length > BILLING_TEXT_LIMITS.lines) {
    issues.push({ path: 'lines', code: 'linesTooMany', params: { max: BILLING_TEXT_LIMITS.lines } });
    return { ok: false, issues };
  }
  const ids = new Set<string>();
  const lines: BillingLineValue[] = [];
  input.lines.forEach((line, index) => {
    const value = readLine(line, index, currency.ok ? currency.value : null, issues);
    if (value?.id) {
      // The same stored line twice would be saved twice over one row.
      if (ids.has(value.id)) issues.push({ path: `lines.${index}.id`, code: 'lineUnknown' });
      ids.add(value.id);
    }
    if (value) lines.push(value);
  });
  if (issues.length > 0 || !currency.ok) return { ok: false, issues };
  const amount = billingAmount(lines.map((line) => line.amount));
  if (!fitsMoneyColumn(amount)) return { ok: false, issues: [{ path: 'lines', code: 'amountTooLarge' }] };
  return { ok: true, value: { currency: currency.value, message, lines, amount } };
}

/** A line as the API takes it and the billing form posts it: text, the id of a stored line (an ID may arrive as a number) or none. */
const billingLineText = z.object({
  id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((id) => (id === null || id === undefined ? null : String(id))),
  description: z.string(),
  unit: z.string(),
  quantity: z.string(),
  price: z.string(),
  currency: z.string().nullish(),
});

/**
 * A billing's content (currency, message, lines) checked by the billing rules above, as one
 * zod schema for the API's input and the billing page's form alike: its value is the
 * checked content with every amount computed, its issues the rules' codes (`billing.errors.<code>`)
 * with their params, on the fields' paths (`lines.0.price`).
 */
export const billingContentSchema = z
  .object({ currency: z.string().nullish(), message: z.string().nullish(), lines: z.array(billingLineText) })
  .transform((input, context) => {
    const content = readBillingContent({ currency: input.currency ?? '', message: input.message, lines: input.lines });
    if (content.ok) return content.value;
    addFieldIssues(context, content.issues);
    return z.NEVER;
  });
