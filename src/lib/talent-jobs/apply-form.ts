import { answerIssues } from '../forms/answer-issues';
import { type FieldErrors, fieldErrorsOf, type FormOutcome, type RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { APPLICATION_MESSAGE_ERRORS, applicationMessageSchema } from './application-message';
import { APPLY_TO_JOB_AD_MUTATION } from './application-queries';

/** Invalid: shown again with the note as typed, a field message or the API's refusal above the form. */
export type ApplyFormOutcome = FormOutcome<{ message: string }>;

/** The apply form of a job ad (/job-apply-form): the note is checked as the API checks it. */
export async function submitJobApplication(jobAdId: string, form: FormData, send: SendGraphql, t: Translate): Promise<ApplyFormOutcome> {
  const values = typedForm(form, ['message']);
  const parsed = parseForm(form, applicationMessageSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, APPLICATION_MESSAGE_ERRORS), formError: null, status: 422 };
  const answer = await sendDocument(send, APPLY_TO_JOB_AD_MUTATION, { data: { jobAdId, message: parsed.value.message } });
  if (!answer.errors.length && answer.data?.applyToJobAd) return { kind: 'done' };
  // Worded by the API's codes: the note's field code, a closed ad (NOT_FOUND), an application already sent (CONFLICT).
  const { issues, code } = answerIssues(answer.errors);
  const invalid = (fieldErrors: FieldErrors, formError: string | null, status: RefusalStatus): ApplyFormOutcome => ({ kind: 'invalid', values, fieldErrors, formError, status });
  if (code === 'BAD_USER_INPUT' && issues.length > 0) return invalid(fieldErrorsOf(issues, t, APPLICATION_MESSAGE_ERRORS), null, 422);
  if (code === 'NOT_FOUND') return invalid({}, t('jobs:apply.errors.closed'), 400);
  if (code === 'CONFLICT') return invalid({}, t('jobs:apply.errors.alreadyApplied'), 400);
  return invalid({}, t('jobs:apply.failed'), 400);
}
