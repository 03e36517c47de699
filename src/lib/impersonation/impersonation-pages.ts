import { answerIssues } from '../forms/answer-issues';
import { type FieldErrors, fieldErrorsOf } from '../forms/form-outcome';
import type { GraphqlError } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { IMPERSONATION_ERRORS } from './impersonation-rules';

/** The start form shown again after a refusal: what was typed, and what is wrong. */
export interface StartRefusal {
  fieldErrors: FieldErrors;
  formError: string | null;
}

/**
 * The API's refusal of a start in the page's words: a field's code beside its field,
 * anything else (the user may not be impersonated, the service failed) above the form.
 */
export function startRefusalOf(errors: readonly GraphqlError[], t: Translate): StartRefusal {
  const { issues, code } = answerIssues(errors);
  if (issues.length) return { fieldErrors: fieldErrorsOf(issues, t, IMPERSONATION_ERRORS), formError: null };
  const reason = errors[0]?.extensions?.reason;
  const key = code === 'FORBIDDEN' && reason === 'impersonationRefused' ? 'impersonationRefused' : 'failed';
  return { fieldErrors: {}, formError: t(`${IMPERSONATION_ERRORS}.${key}`) };
}

/** The address of the reason step for one candidate, keeping the search (the reason form posts to it too). */
export function reasonStepAddress(pathname: string, q: string, externalId: string): string {
  return `${pathname}?${new URLSearchParams({ q, as: externalId })}`;
}
