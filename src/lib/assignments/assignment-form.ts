import type { Translate } from '../i18n/i18n';
import { formErrorsOf } from '../http/form-errors';
import { parseDateInput, toDateInputValue } from '../talent/date-input';
import type { DocumentAnswer } from '../graphql/send-document';
import { answerIssues } from '../forms/answer-issues';
import { textOf } from '../forms/form-values';
import { assignmentErrorOf, type AssignmentField, type AssignmentFieldError } from './assignment-input';

// What the create and edit forms post, and the messages they show next to their fields.
// Field names are the API input's names, so the API's field errors land on their field.

export const DETAIL_FIELDS = ['startDate', 'endDate', 'team', 'costCenter', 'talentNote'] as const;
export const CREATE_FIELDS = ['clientCompanyId', 'jobDescriptionId', ...DETAIL_FIELDS, 'currency'] as const;

export type DetailFormValues = Record<(typeof DETAIL_FIELDS)[number], string>;
export type CreateFormValues = Record<(typeof CREATE_FIELDS)[number], string>;

/** Form name to the message shown under that field. */
export type FieldMessages = Partial<Record<AssignmentField, string>>;

const DATE_FIELDS: ReadonlySet<string> = new Set(['startDate', 'endDate']);

/** The posted texts of `fields`, as typed; a date typed by hand in en-GB order becomes yyyy-mm-dd. */
export function postedValues<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const text = textOf(form.get(field));
    values[field] = DATE_FIELDS.has(field) ? parseDateInput(text) : text;
  }
  return values;
}

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

/** Words validation errors through i18n (`assignments.errors.<code>`), one per field. */
export function fieldMessages(errors: readonly AssignmentFieldError[], t: Translate): FieldMessages {
  const messages: FieldMessages = {};
  for (const error of errors) messages[error.field] ??= t(`assignments.errors.${error.code}`, { max: error.max });
  return messages;
}

/**
 * A failed mutation's answer as form messages: a field error with one of these rules'
 * codes is worded through i18n, others are shown as the API wrote them; an error naming
 * no field becomes the form's message.
 */
export function answerMessages(
  answer: DocumentAnswer<unknown>,
  t: Translate,
  fields: readonly AssignmentField[],
): { fields: FieldMessages; form: string | null } {
  // formErrorsOf (page-forms) still reads the API's raw answer: only its errors matter.
  const { formError, fieldErrors } = formErrorsOf({ status: answer.status, body: { errors: answer.errors } });
  const codes = new Map(answerIssues(answer.errors).issues.map((issue) => [issue.path, issue.code]));
  const messages: FieldMessages = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (!(fields as readonly string[]).includes(field)) {
      unplaced.push(message);
      continue;
    }
    const code = codes.get(field);
    const known = code ? assignmentErrorOf(field as AssignmentField, code) : null;
    messages[field as AssignmentField] = known ? fieldMessages([known], t)[field as AssignmentField]! : message;
  }
  const form = [formError, ...unplaced].filter(Boolean).join(' ') || null;
  return { fields: messages, form };
}
