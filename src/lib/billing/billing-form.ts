import { RATE_UNITS } from '../jobs/job-enums';
import { readPrice, readQuantity, lineAmount, billingAmount } from './billing-arithmetic';
import { BILLING_TEXT_LIMITS, readBillingContent, type BillingLineText } from './billing-input';
import type { BillingIssue } from './billing-issues';
import type { BillingAssignmentView, BillingView, PaymentProfileView } from './billing-operations';
import { parsePeriodValue, periodIssue, periodValue, selectablePeriods, type BillingPeriod } from './billing-period';

// The billing form as plain HTML: it works without JavaScript. Lines are posted as
// `lines.<index>.<field>`; "Add line" and "Remove line N" submit the form with an intent
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
/** Posted line indexes above this are ignored (a form holds at most 50 lines). */
const MAX_LINE_INDEX = 200;

export const emptyLine = (): BillingLineFormRow => ({ id: '', description: '', unit: RATE_UNITS[0], quantity: '', price: '' });

/** The form name of a line's field: `lines.2.price`. */
export const lineFieldName = (index: number, field: (typeof LINE_FIELDS)[number]) => `lines.${index}.${field}`;

const textOf = (value: FormDataEntryValue | null): string => (typeof value === 'string' ? value : '');

export function readBillingIntent(value: FormDataEntryValue | null): BillingFormIntent {
  if (value === 'add-line') return { kind: 'addLine' };
  const remove = typeof value === 'string' ? /^remove-line:(\d{1,3})$/.exec(value) : null;
  if (remove) return { kind: 'removeLine', index: Number(remove[1]) };
  return { kind: 'save' };
}

/** The form as posted, lines in index order. */
export function readBillingFormValues(form: FormData): BillingFormValues {
  const rows = new Map<number, BillingLineFormRow>();
  for (const [key, value] of form.entries()) {
    const match = /^lines\.(\d{1,3})\.(\w+)$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] as (typeof LINE_FIELDS)[number];
    if (index > MAX_LINE_INDEX || !LINE_FIELDS.includes(field)) continue;
    const row = rows.get(index) ?? { ...emptyLine(), unit: '' };
    row[field] = textOf(value);
    rows.set(index, row);
  }
  return {
    billingId: textOf(form.get('billingId')) || null,
    assignmentId: textOf(form.get('assignmentId')),
    period: textOf(form.get('period')),
    currency: textOf(form.get('currency')),
    message: textOf(form.get('message')),
    lines: [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row),
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

export type CheckedBillingForm =
  | { ok: true; values: BillingFormValues; input: { currency: string; message: string | null; lines: BillingLineText[] }; period: BillingPeriod | null }
  | { ok: false; values: BillingFormValues; issues: BillingIssue[] };

/**
 * The same checks the API makes, before it is called: lines left entirely blank are
 * dropped (so line N of the messages is line N of the form shown again), then the period
 * (when creating: a month the assignment can bill and that has no billing yet) and the
 * content (lib/billing/billing-input).
 */
export function checkBillingForm(posted: BillingFormValues, context: { assignment: BillingAssignmentView | null; now: Date }): CheckedBillingForm {
  const values = { ...posted, lines: posted.lines.filter((line) => !isBlankLine(line)) };
  const issues: BillingIssue[] = [];
  const period = parsePeriodValue(values.period);
  if (values.billingId === null) {
    if (!context.assignment) issues.push({ path: 'assignmentId', code: 'assignmentRequired' });
    else if (!period) issues.push({ path: 'month', code: 'periodInvalid' });
    else {
      const issue = periodIssue(period, context.now, context.assignment);
      if (issue) issues.push(issue);
      else if (context.assignment.billedPeriods.includes(periodValue(period))) issues.push({ path: 'month', code: 'periodTaken' });
    }
  }
  const lines = values.lines.map((line) => ({ id: line.id || null, description: line.description, unit: line.unit, quantity: line.quantity, price: line.price }));
  const content = readBillingContent({ currency: values.currency, message: values.message, lines });
  if (!content.ok) issues.push(...content.issues);
  if (issues.length > 0) return { ok: false, values, issues };
  return { ok: true, values, input: { currency: values.currency.trim(), message: values.message.trim() || null, lines }, period };
}

/** Where the form shows an issue: on its field, or above the lines or the whole form. */
export function formFieldOf(path: string): string {
  if (path === 'month' || path === 'year') return 'period';
  if (/^lines\.\d+\.(description|unit|quantity|price)$/.test(path)) return path;
  if (path === 'lines' || path === 'currency' || path === 'message' || path === 'assignmentId') return path;
  return 'form';
}
