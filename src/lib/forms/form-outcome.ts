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
 * The one outcome of a page's form post: saved (the page redirects with a flash notice),
 * or shown again with the values as typed, a message per field, and a message above the
 * form for what names no field.
 */
export type FormOutcome<Values> = { kind: 'saved' } | { kind: 'invalid'; values: Values; fieldErrors: FieldErrors; formError: string | null };

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
