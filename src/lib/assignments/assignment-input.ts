import { z } from 'zod';
import { currencyCode, optionalText } from '../forms/field-rules';
import { isDateInRange } from '../format/dates';
import type { FieldIssue } from '../forms/form-outcome';
import { optionalId, requiredId } from '../forms/form-values';
import { addFieldIssues } from '../forms/zod-issues';
import { parseDateInput } from '../forms/date-input';

// The rules a talent's own job assignment must pass (the jobAssignment entity, the date picker's
// range), as zod schemas whose messages are issue codes: the API checks its input with
// them (invalidFields) and the assignment pages read their posts with the same schemas
// (assignment-form.ts) before anything is sent. Codes are worded in `assignments.errors`.
// The company side's schemas (company-assignment-input.ts) share the limits, the day and
// the date order.

/** Where the locale files word the codes of these rules (common namespace). */
export const ASSIGNMENT_ERRORS = 'assignments.errors';

export const ASSIGNMENT_LIMITS = { team: 200, costCenter: 200, talentNote: 5000 } as const;

/**
 * A calendar day as the API takes it: yyyy-mm-dd from 1900-01-01 to 2099-12-31 that exists
 * in the calendar. Blank or null is no day (null), which a required day answers with
 * `startRequired` (the start is the one required day); anything else is `date`.
 */
export function assignmentDay(required: boolean) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: 'startRequired' });
        return null;
      }
      if (!isDateInRange(value)) ctx.addIssue({ code: 'custom', message: 'date' });
      return value;
    });
}

/** A date field's text as the API reads a day: an en-GB day typed by hand (no picker) is turned around. */
export const dayOfDateField = (raw: unknown) => (typeof raw === 'string' ? parseDateInput(raw) : raw);

/** A day as a form posts it: `assignmentDay` after an en-GB day typed by hand is turned around. */
export const typedDay = (required: boolean) => z.preprocess(dayOfDateField, assignmentDay(required));

/** The end day may equal the start day (a one-day assignment), never precede it. */
export function dateOrderIssue(startDate: string | null, endDate: string | null): FieldIssue | null {
  return startDate !== null && endDate !== null && endDate < startDate ? { path: 'endDate', code: 'endBeforeStart' } : null;
}

/** The date order of parsed values, compared once both are days (a bad day has its own issue). */
export function checkDateOrder(values: { startDate?: string | null; endDate?: string | null }, ctx: z.RefinementCtx): void {
  const day = (value: string | null | undefined) => (value != null && isDateInRange(value) ? value : null);
  const issue = dateOrderIssue(day(values.startDate), day(values.endDate));
  if (issue) addFieldIssues(ctx, [issue]);
}

/** The date order is said together with the other fields' issues, not only once they are fixed. */
export const alongOtherIssues = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** Team and cost centre (one line) and the talent's note: trimmed, blank clears, within the limits. */
export const assignmentTexts = {
  team: optionalText(ASSIGNMENT_LIMITS.team),
  costCenter: optionalText(ASSIGNMENT_LIMITS.costCenter),
  talentNote: optionalText(ASSIGNMENT_LIMITS.talentNote, true),
};

/**
 * A new assignment of the signed-in talent: a client (required), a role (optional), a
 * currency (blank: the talent's roster currency with the client, null), the start day
 * (required), the end day and the texts. Ids are only checked for their form here, in
 * lower case as stored: whether the client's roster holds the talent, and whether the
 * role belongs to that client, only the API can tell (with the same codes).
 */
export const newAssignmentSchema = z
  .object({
    clientCompanyId: requiredId({ required: 'clientRequired', unknown: 'clientNotMine' }),
    jobDescriptionId: optionalId('jobDescriptionNotOfClient'),
    currency: currencyCode,
    startDate: assignmentDay(true),
    endDate: assignmentDay(false),
    ...assignmentTexts,
  })
  .superRefine(checkDateOrder, alongOtherIssues);

/**
 * A change to an assignment's details: a field left out stays as it is, blank or null
 * clears it, and the start day cannot be cleared. The date order is checked here when
 * both days are given; the API checks it again against the stored row (`dateOrderIssue`).
 */
export const assignmentChangesSchema = z
  .object({
    startDate: assignmentDay(true).optional(),
    endDate: assignmentDay(false).optional(),
    ...assignmentTexts,
  })
  .superRefine(checkDateOrder, alongOtherIssues);

export type NewAssignment = z.output<typeof newAssignmentSchema>;
export type AssignmentChanges = z.output<typeof assignmentChangesSchema>;
