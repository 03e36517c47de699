import { z } from 'zod';
import { formNameOf } from '../forms/form-names';
import type { Language } from '../i18n/namespaces';
import { idOrNull, posted, postedEntries, textOf } from '../forms/form-values';
import { addFieldIssues, zodIssues } from '../forms/zod-issues';
import { RATE_UNITS } from '../job-ads/job-enums';
import { readPrice, readQuantity, lineAmount, billingAmount } from './billing-arithmetic';
import { BILLING_TEXT_LIMITS, billingContentSchema, type BillingLineText } from './billing-input';
import type { BillingIssue } from './billing-issues';
import type { BillingAssignmentView, BillingView, PaymentProfileView } from './billing-operations';
import { parsePeriodValue, periodIssue, periodValue, selectablePeriods, type BillingPeriod } from './billing-period';

// The billing form as plain HTML: it works without JavaScript. Lines are posted as
// `lines[<index>].<field>` (read by the form kit's parseForm); "Add line" and "Remove line N" submit the form with an intent
// and the page renders it again with every typed value kept. Nothing is saved until Save.

export interface BillingLineFormRow {
  /** The stored line's id; '' for a line added in this form. */
  id: string;
  description: string;
  unit: string;
  quantity: string;
  price: string;
}

export interface BillingFormValues {
  /** The billing being edited; null while creating. */
  billingId: string | null;
  assignmentId: string;
  /** "2026-03" */
  period: string;
  currency: string;
  message: string;
  lines: BillingLineFormRow[];
}

export type BillingFormIntent = { kind: 'save' } | { kind: 'addLine' } | { kind: 'removeLine'; index: number };

const LINE_FIELDS = ['id', 'description', 'unit', 'quantity', 'price'] as const;

export const emptyLine = (): BillingLineFormRow => ({ id: '', description: '', unit: RATE_UNITS[0], quantity: '', price: '' });

/** The form name of a line's field: `lines[2].price`. */
export const lineFieldName = (index: number, field: (typeof LINE_FIELDS)[number]) => `lines[${index}].${field}`;

/** A line is blank when nothing was typed in it (its unit is always chosen, its id hidden). */
const TYPED_LINE_FIELDS = ['description', 'quantity', 'price'] as const;

export function readBillingIntent(value: FormDataEntryValue | null): BillingFormIntent {
  if (value === 'add-line') return { kind: 'addLine' };
  const remove = typeof value === 'string' ? /^remove-line:(\d{1,3})$/.exec(value) : null;
  if (remove) return { kind: 'removeLine', index: Number(remove[1]) };
  return { kind: 'save' };
}

/**
 * The form as posted (the form kit's payload), lines in index order. Lines left blank are
 * kept while adding and removing lines and dropped when saving (`keepBlank: false`), as
 * the form schema drops them, so that line N of the messages is line N of the form.
 */
export function billingFormValuesOf(payload: Record<string, unknown>, options: { keepBlank: boolean }): BillingFormValues {
  return {
    billingId: textOf(payload.billingId) || null,
    assignmentId: textOf(payload.assignmentId),
    period: textOf(payload.period),
    currency: textOf(payload.currency),
    message: textOf(payload.message),
    lines: postedEntries(payload.lines, { ...options, filled: TYPED_LINE_FIELDS }).map((line) => ({
      id: textOf(line.id),
      description: textOf(line.description),
      unit: textOf(line.unit),
      quantity: textOf(line.quantity),
      price: textOf(line.price),
    })),
  };
}

/** Adds an empty line (up to the limit) or removes one; nothing is saved. */
export function applyLineIntent(values: BillingFormValues, intent: BillingFormIntent): BillingFormValues {
  if (intent.kind === 'addLine') {
    return values.lines.length >= BILLING_TEXT_LIMITS.lines ? values : { ...values, lines: [...values.lines, emptyLine()] };
  }
  if (intent.kind === 'removeLine') return { ...values, lines: values.lines.filter((_line, index) => index !== intent.index) };
  return values;
}

export function formValuesFromBilling(billing: BillingView): BillingFormValues {
  return {
    billingId: billing.id,
    assignmentId: billing.assignment?.id ?? '',
    period: periodValue(billing),
    currency: billing.currency,
    message: billing.message ?? '',
    lines: billing.lineItems.map((line) => ({ id: line.id, description: line.description ?? '', unit: line.unit ?? '', quantity: line.quantity ?? '', price: line.price ?? '' })),
  };
}

/** The months the form offers for an assignment, newest first, with those already billed marked. */
export function periodChoices(assignment: Pick<BillingAssignmentView, 'startDate' | 'endDate' | 'billedPeriods'>, now: Date): Array<{ value: string; billed: boolean }> {
  const billed = new Set(assignment.billedPeriods);
  return selectablePeriods(now, assignment).map((period) => ({ value: periodValue(period), billed: billed.has(periodValue(period)) }));
}

/**
 * A new billing's starting values: the newest month not billed yet, the assignment's
 * currency (else the payment profile's), and one empty line.
 */
export function newBillingValues(assignment: BillingAssignmentView, paymentProfile: PaymentProfileView | null, now: Date): BillingFormValues {
  const free = periodChoices(assignment, now).find((choice) => !choice.billed);
  return {
    billingId: null,
    assignmentId: assignment.id,
    period: free?.value ?? '',
    currency: assignment.currency ?? paymentProfile?.currency ?? '',
    message: '',
    lines: [emptyLine()],
  };
}

const isBlankLine = (line: BillingLineFormRow) => [line.description, line.quantity, line.price].every((value) => value.trim() === '');

/** Each line's amount and the total, where what was typed allows (null where it does not yet). */
export function formAmounts(values: BillingFormValues): { lines: Array<string | null>; total: string | null } {
  const lines = values.lines.map((line) => {
    const quantity = readQuantity(line.quantity);
    const price = readPrice(line.price);
    return quantity.ok && price.ok ? lineAmount(quantity.value, price.value) : null;
  });
  const counted = lines.filter((amount, index) => !isBlankLine(values.lines[index]!) || amount !== null);
  const total = counted.length > 0 && counted.every((amount) => amount !== null) ? billingAmount(counted as string[]) : null;
  return { lines, total };
}

/** What the form sends once it passes: the API input of the content, and the month of a new billing. */
export interface BillingFormInput {
  billingId: string | null;
  assignmentId: string;
  period: BillingPeriod | null;
  input: { currency: string; message: string | null; lines: BillingLineText[] };
}

const text = posted(z.string());
const postedLine = z.object({ id: text, description: text, unit: text, quantity: text, price: text });

/**
 * The billing form's schema, with the same checks the API makes, before it is called:
 * lines left entirely blank are dropped (so line N of the messages is line N of the form
 * shown again), then the period (when creating: a month the assignment can bill and that
 * has no billing yet) and the content (the API's own `billingContentSchema`). Issues carry
 * the billing codes on the API's paths (`month`, `lines.0.price`); `formFieldOf` places them.
 */
export function billingFormSchema(context: { assignment: BillingAssignmentView | null; now: Date }, language: Language): z.ZodType<BillingFormInput> {
  return z
    .object({
      billingId: idOrNull,
      assignmentId: text,
      period: text,
      currency: text,
      message: text,
      lines: z.preprocess((lines) => postedEntries(lines, { filled: TYPED_LINE_FIELDS }), z.array(postedLine)),
    })
    .transform((form, ctx): BillingFormInput => {
      const { billingId } = form;
      const issues: BillingIssue[] = [];
      const period = parsePeriodValue(form.period);
      if (billingId === null) {
        if (!context.assignment) issues.push({ path: 'assignmentId', code: 'assignmentRequired' });
        else if (!period) issues.push({ path: 'month', code: 'periodInvalid' });
        else {
          const issue = periodIssue(period, context.now, context.assignment, language);
          if (issue) issues.push(issue);
          else if (context.assignment.billedPeriods.includes(periodValue(period))) issues.push({ path: 'month', code: 'periodTaken' });
        }
      }
      const lines = form.lines.map((line) => ({ id: line.id || null, description: line.description, unit: line.unit, quantity: line.quantity, price: line.price }));
      const content = billingContentSchema.safeParse({ currency: form.currency, message: form.message, lines });
      const all = content.success ? issues : [...issues, ...zodIssues(content.error)];
      if (all.length > 0) {
        addFieldIssues(ctx, all);
        return z.NEVER;
      }
      return { billingId, assignmentId: form.assignmentId, period, input: { currency: form.currency.trim(), message: form.message.trim() || null, lines } };
    });
}

/**
 * Where the form shows an issue, by its path in the form kit's notation or the API's
 * (`lines.0.price` is `lines[0].price`): on its field, or above the lines or the whole form.
 */
export function formFieldOf(path: string): string {
  const name = formNameOf(path);
  if (name === 'month' || name === 'year') return 'period';
  if (/^lines\[\d+\]\.(description|unit|quantity|price)$/.test(name)) return name;
  if (name === 'lines' || name === 'currency' || name === 'message' || name === 'assignmentId') return name;
  return 'form';
}
