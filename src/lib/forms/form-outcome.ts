import type { Translate } from '../i18n/i18n';

/**
 * What is wrong with one field, as a machine code: the page words it from the locale
 * files (`<feature>.errors.<code>`), so no layer ever matches an English message.
 * `path` is the field's name in the form, which is also its path in the API input.
 */
export interface FieldIssue {
  path: string;
  code: string;
  /** Values the message names ("at most {{max}} characters"). */
  params?: Readonly<Record<string, string | number>>;
}

/** The message shown beside each field, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The status a refused post is answered with: 400 not a form of ours, 403 not allowed,
 * 404 not the caller's, 409 a conflict with the data's present state, 422 a rule of the
 * input, 5xx the API could not answer.
 */
export type RefusalStatus = 400 | 403 | 404 | 409 | 422 | 500 | 502 | 503;

/**
 * Every post of a page ends in one of three outcomes, named alike in every feature:
 * - done: it went through; `Next` is what the page needs for its Post/Redirect/Get (the
 *   notice key, the new id, the row to land on);
 * - invalid: a form shown again with the values as typed, a message per field and one
 *   above the form for what names no field;
 * - refused: an action with no form to show again (a row's button), a message saying why;
 *   `About` names the row or intent it is shown beside.
 * Invalid and refused carry the status the page answers with.
 */
export type Done<Next extends object = object> = { kind: 'done' } & Next;
export type Invalid<Values> = { kind: 'invalid'; values: Values; fieldErrors: FieldErrors; formError: string | null; status: RefusalStatus };
export type Refused<About extends object = object> = { kind: 'refused'; message: string; status: RefusalStatus } & About;

/** A form post's outcome: done, or the form shown again. */
export type FormOutcome<Values, Next extends object = object> = Done<Next> | Invalid<Values>;

/** A row action's outcome: done, or refused with a message. */
export type ActionOutcome<Next extends object = object, About extends object = object> = Done<Next> | Refused<About>;

/**
 * Messages for issues: `<prefix>.<code>` from the locale files, the first issue of a
 * field winning. A code the feature does not word itself is worded by the form kit's
 * shared codes (`forms.errors.<code>`, e.g. the API's control-character guard, which
 * refuses for every feature alike), and otherwise falls back to `fallbackKey`, never to nothing.
 */
export function fieldErrorsOf(issues: readonly FieldIssue[], t: Translate, prefix: string, fallbackKey = 'forms.errors.invalid'): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, code, params } of issues) {
    const options = { ...params, defaultValue: '' };
    errors[path] ??= t(`${prefix}.${code}`, options) || t(`forms.errors.${code}`, options) || t(fallbackKey);
  }
  return errors;
}
