import { isDateInRange } from '../format/dates';
import { isUuid } from '../ids';
import { isCurrencyCode, normalizeCurrency } from '../money/currency-code';

// The rules a talent's own job assignment must pass (spec §3 jobAssignment, §9 date
// range). Pure, so the API enforces them and the assignment pages check the same rules
// before sending, with the same limits on their inputs. Errors are codes, not text: the
// API words them in English (assignmentErrorMessage), the pages through i18n.

export const ASSIGNMENT_LIMITS = { team: 200, costCenter: 200, talentNote: 5000 } as const;

export type AssignmentField = 'clientCompanyId' | 'jobDescriptionId' | 'currency' | 'startDate' | 'endDate' | 'team' | 'costCenter' | 'talentNote';

export const ASSIGNMENT_ERROR_CODES = [
  'clientRequired',
  'clientNotMine',
  'jobDescriptionNotOfClient',
  'currency',
  'startRequired',
  'date',
  'endBeforeStart',
  'tooLong',
] as const;
export type AssignmentErrorCode = (typeof ASSIGNMENT_ERROR_CODES)[number];

export interface AssignmentFieldError {
  field: AssignmentField;
  code: AssignmentErrorCode;
  /** The limit a tooLong error broke. */
  max?: number;
}

const ENGLISH: Record<AssignmentErrorCode, (max: number) => string> = {
  clientRequired: () => 'Choose the client company',
  clientNotMine: () => 'Choose one of the companies that have you on their talent roster',
  jobDescriptionNotOfClient: () => 'Choose a role of the selected client company, or no role',
  currency: () => 'Use a three-letter ISO 4217 currency code, such as EUR',
  startRequired: () => 'Enter the start date',
  date: () => 'Enter a date between 01/01/1900 and 31/12/2099',
  endBeforeStart: () => 'The end date cannot be before the start date',
  tooLong: (max) => `Use at most ${max} characters`,
};

/** The API's English text for an error. */
export function assignmentErrorMessage(error: Pick<AssignmentFieldError, 'code' | 'max'>): string {
  return ENGLISH[error.code](error.max ?? 0);
}

/**
 * The error behind a code the API sent on a field, with the field's limit for tooLong,
 * so that a page words it itself; null for a code these rules do not write.
 */
export function assignmentErrorOf(field: AssignmentField, code: string): AssignmentFieldError | null {
  if (!(ASSIGNMENT_ERROR_CODES as readonly string[]).includes(code)) return null;
  const known = code as AssignmentErrorCode;
  const max = field in ASSIGNMENT_LIMITS ? ASSIGNMENT_LIMITS[field as keyof typeof ASSIGNMENT_LIMITS] : undefined;
  return known === 'tooLong' ? { field, code: known, max } : { field, code: known };
}

/** Trimmed text, or null when nothing but blanks was given. */
function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The fields a talent may change on an assignment (the dates, team, cost centre, note). */
export interface AssignmentDetails {
  startDate: string;
  endDate: string | null;
  team: string | null;
  costCenter: string | null;
  talentNote: string | null;
}

export type AssignmentDetailsInput = { [Field in keyof AssignmentDetails]?: string | null };

export interface NewAssignmentInput extends AssignmentDetailsInput {
  clientCompanyId?: string | null;
  jobDescriptionId?: string | null;
  currency?: string | null;
}

export interface NewAssignment extends AssignmentDetails {
  clientCompanyId: string;
  jobDescriptionId: string | null;
  /** Null: the currency of the talent's roster entry with the client. */
  currency: string | null;
}

export type Parsed<T> = { ok: true; values: T } | { ok: false; errors: AssignmentFieldError[] };

type TextField = keyof typeof ASSIGNMENT_LIMITS;
const TEXT_FIELDS: readonly TextField[] = ['team', 'costCenter', 'talentNote'];

/** The end day may equal the start day (a one-day assignment), never precede it. */
export function dateOrderError(startDate: string | null, endDate: string | null): AssignmentFieldError | null {
  return startDate !== null && endDate !== null && endDate < startDate ? { field: 'endDate', code: 'endBeforeStart' } : null;
}

/**
 * Checks the detail fields present in `input`. With `partial`, a field left out (undefined)
 * stays as it is; otherwise a missing field counts as blank. Blank text clears a field;
 * the start date cannot be cleared.
 */
function parseDetails(input: AssignmentDetailsInput, partial: boolean): { values: Partial<AssignmentDetails>; errors: AssignmentFieldError[] } {
  const values: Partial<AssignmentDetails> = {};
  const errors: AssignmentFieldError[] = [];
  const given = (field: keyof AssignmentDetails) => !partial || input[field] !== undefined;

  if (given('startDate')) {
    const startDate = clean(input.startDate);
    if (startDate === null) errors.push({ field: 'startDate', code: 'startRequired' });
    else if (!isDateInRange(startDate)) errors.push({ field: 'startDate', code: 'date' });
    else values.startDate = startDate;
  }
  if (given('endDate')) {
    const endDate = clean(input.endDate);
    if (endDate !== null && !isDateInRange(endDate)) errors.push({ field: 'endDate', code: 'date' });
    else values.endDate = endDate;
  }
  for (const field of TEXT_FIELDS) {
    if (!given(field)) continue;
    const text = clean(input[field]);
    const max = ASSIGNMENT_LIMITS[field];
    if (text !== null && text.length > max) errors.push({ field, code: 'tooLong', max });
    else values[field] = text;
  }
  const orderError = dateOrderError(values.startDate ?? null, values.endDate ?? null);
  if (orderError) errors.push(orderError);
  return { values, errors };
}

/**
 * A change to an assignment's details: only the fields given change. The date order is
 * checked here when both dates are given; the API checks it again on the merged row.
 */
export function parseAssignmentChanges(input: AssignmentDetailsInput): Parsed<Partial<AssignmentDetails>> {
  const { values, errors } = parseDetails(input, true);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}

/**
 * A new assignment. Ids are only checked for their form here: whether the client's roster
 * holds the talent, and whether the role belongs to that client, only the API can tell.
 */
export function parseNewAssignment(input: NewAssignmentInput): Parsed<NewAssignment> {
  const errors: AssignmentFieldError[] = [];
  const clientCompanyId = clean(input.clientCompanyId);
  if (clientCompanyId === null) errors.push({ field: 'clientCompanyId', code: 'clientRequired' });
  else if (!isUuid(clientCompanyId)) errors.push({ field: 'clientCompanyId', code: 'clientNotMine' });
  const jobDescriptionId = clean(input.jobDescriptionId);
  if (jobDescriptionId !== null && !isUuid(jobDescriptionId)) errors.push({ field: 'jobDescriptionId', code: 'jobDescriptionNotOfClient' });
  const currency = clean(input.currency) === null ? null : normalizeCurrency(input.currency!);
  if (currency !== null && !isCurrencyCode(currency)) errors.push({ field: 'currency', code: 'currency' });
  const details = parseDetails(input, false);
  errors.push(...details.errors);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      // Ids in the canonical lower case, so they compare equal to the stored ones.
      clientCompanyId: clientCompanyId!.toLowerCase(),
      jobDescriptionId: jobDescriptionId?.toLowerCase() ?? null,
      currency,
      ...(details.values as AssignmentDetails),
    },
  };
}
