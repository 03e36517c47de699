import { z } from 'zod';
import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf, type FieldIssue, type FormOutcome, type Invalid, type Refused } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { toDateInputValue } from '../forms/date-input';
import { ASSIGNMENT_ERRORS, assignmentChangesSchema, dayOfDateField, newAssignmentSchema } from './assignment-input';
import { CREATE_ASSIGNMENT_MUTATION, UPDATE_ASSIGNMENT_MUTATION } from './assignment-operations';

// The talent's create and edit assignment forms: read with the schemas the API checks its
// input with (refused before any round trip), sent, and what the API still refuses worded
// from its codes (`assignments.errors`), never from its English text. Field names are the
// API input's names, so the API's issues land on their field.

export const DETAIL_FIELDS = ['startDate', 'endDate', 'team', 'costCenter', 'talentNote'] as const;
export const CREATE_FIELDS = ['clientCompanyId', 'jobDescriptionId', ...DETAIL_FIELDS, 'currency'] as const;

export type DetailFormValues = Record<(typeof DETAIL_FIELDS)[number], string>;
export type CreateFormValues = Record<(typeof CREATE_FIELDS)[number], string>;

/** A stored assignment as the edit form's starting values. */
export function detailValuesOf(assignment: { startDate: string | null; endDate: string | null; team: string | null; costCenter: string | null; talentNote: string | null }): DetailFormValues {
  return {
    startDate: toDateInputValue(assignment.startDate),
    endDate: toDateInputValue(assignment.endDate),
    team: assignment.team ?? '',
    costCenter: assignment.costCenter ?? '',
    talentNote: assignment.talentNote ?? '',
  };
}

/**
 * A form's post read as the API's input: the date fields as a picker posts them (an en-GB
 * day typed by hand where there is no picker is turned around), the rest as posted.
 */
function postedAssignment<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((payload) => {
    if (typeof payload !== 'object' || payload === null) return payload;
    const posted = payload as Record<string, unknown>;
    return { ...posted, startDate: dayOfDateField(posted.startDate), endDate: dayOfDateField(posted.endDate) };
  }, schema);
}

/** The create form's post: every field is posted, blank ones empty. */
export const newAssignmentFormSchema = postedAssignment(newAssignmentSchema);

/**
 * The edit form's post: it posts every field, so a field emptied is cleared (read with
 * `coerce: false`: Conform would read blank as left out, which the API keeps as it is).
 */
export const assignmentChangesFormSchema = postedAssignment(assignmentChangesSchema);

/** Refused (404): the assignment is not the caller's; the page answers with the not-found page. */
export type AssignmentFormOutcome<Values> = FormOutcome<Values, { id: string }> | Refused;

/**
 * The form shown again as typed: a message on each of its fields that has an issue, and
 * above the form how many need attention, or, when no issue names one of its fields, that
 * saving failed.
 */
function refused<Field extends string>(form: FormData, fields: readonly Field[], issues: readonly FieldIssue[], t: Translate): Invalid<Record<Field, string>> {
  const own = issues.filter((issue) => (fields as readonly string[]).includes(issue.path));
  const fieldErrors = fieldErrorsOf(own, t, ASSIGNMENT_ERRORS);
  const count = Object.keys(fieldErrors).length;
  return { kind: 'invalid', values: typedForm(form, fields), fieldErrors, formError: count > 0 ? t('assignments.form.summary', { count }) : t('assignments.form.failed'), status: 422 };
}

/** The create form (/talent/assignment-create). */
export async function submitNewAssignment(form: FormData, send: SendGraphql, t: Translate): Promise<FormOutcome<CreateFormValues, { id: string }>> {
  const parsed = parseForm(form, newAssignmentFormSchema, { coerce: false });
  if (!parsed.ok) return refused(form, CREATE_FIELDS, parsed.issues, t);
  const answer = await sendDocument(send, CREATE_ASSIGNMENT_MUTATION, { data: parsed.value });
  const created = answer.data?.createMyJobAssignment;
  if (created && !answer.errors.length) return { kind: 'done', id: created.id };
  return refused(form, CREATE_FIELDS, answerIssues(answer.errors).issues, t);
}

/** The edit form (/talent/assignment-edit): an assignment that is not the caller's is not found. */
export async function submitAssignmentChanges(id: string, form: FormData, send: SendGraphql, t: Translate): Promise<AssignmentFormOutcome<DetailFormValues>> {
  const parsed = parseForm(form, assignmentChangesFormSchema, { coerce: false });
  if (!parsed.ok) return refused(form, DETAIL_FIELDS, parsed.issues, t);
  const answer = await sendDocument(send, UPDATE_ASSIGNMENT_MUTATION, { id, data: parsed.value });
  const { issues, code } = answerIssues(answer.errors);
  if (code === 'NOT_FOUND') return { kind: 'refused', message: t('assignments.form.failed'), status: 404 };
  if (answer.data?.updateMyJobAssignment && code === null) return { kind: 'done', id };
  return refused(form, DETAIL_FIELDS, issues, t);
}
