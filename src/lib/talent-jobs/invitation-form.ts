import { answerIssues } from '../forms/answer-issues';
import { type Done, type FieldErrors, fieldErrorsOf, type Invalid, type RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { APPLICATION_MESSAGE_ERRORS, applicationMessageSchema } from './application-message';
import { APPLY_TO_INVITATION_MUTATION, IGNORE_INVITATION_MUTATION } from './invitation-queries';

/**
 * The two forms of /talent/invitation?id=: `intent=apply` (with an optional `message`) and
 * `intent=ignore`. A refusal shows the form again with the typed note, so that it is never
 * lost, the note's field message worded from its code, and the reason above the form.
 */
export type InvitationFormOutcome =
  | Done<{ noticeKey: 'notices.talentJobs.invitationIgnored' | 'notices.talentJobs.applicationSent' }>
  | (Invalid<{ message: string }> & { reason: InvitationRefusal });

/**
 * messageInvalid: the note fails its rule (checked here, or by the API with the same
 * schema), its message in `fieldErrors`. alreadyApplied: CONFLICT. unavailable:
 * NOT_FOUND, meaning the invitation is not the caller's (the page answers 404) or its ad
 * or description is no longer open (worded from the API's reason). invalid: not a form of
 * ours. failed: anything else (try again; the API's English is never shown).
 */
export type InvitationRefusal = 'messageInvalid' | 'alreadyApplied' | 'unavailable' | 'invalid' | 'failed';

export async function submitInvitationForm(id: string, form: FormData, send: SendGraphql, t: Translate): Promise<InvitationFormOutcome> {
  const intent = form.get('intent');
  const message = intent === 'apply' ? typedForm(form, ['message']).message : '';
  const refused = (status: RefusalStatus, reason: InvitationRefusal, formError: string | null, fieldErrors: FieldErrors = {}): InvitationFormOutcome => ({
    kind: 'invalid',
    reason,
    values: { message },
    fieldErrors,
    formError,
    status,
  });
  if (intent !== 'apply' && intent !== 'ignore') return refused(400, 'invalid', t('savedJobs.errors.invalid'));
  // The note is checked here as the API checks it (the same schema), before anything is sent.
  const parsed = intent === 'apply' ? parseForm(form, applicationMessageSchema) : null;
  if (parsed && !parsed.ok) return refused(422, 'messageInvalid', null, fieldErrorsOf(parsed.issues, t, APPLICATION_MESSAGE_ERRORS));

  const answer = parsed?.ok
    ? await sendDocument(send, APPLY_TO_INVITATION_MUTATION, { id, message: parsed.value.message })
    : await sendDocument(send, IGNORE_INVITATION_MUTATION, { id });
  if (!answer.errors.length) return { kind: 'done', noticeKey: intent === 'apply' ? 'notices.talentJobs.applicationSent' : 'notices.talentJobs.invitationIgnored' };
  const { issues, code } = answerIssues(answer.errors);
  const failed = t('invitations.detail.failed');
  if (code === 'BAD_USER_INPUT' && issues.length > 0) return refused(422, 'messageInvalid', null, fieldErrorsOf(issues, t, APPLICATION_MESSAGE_ERRORS));
  if (code === 'CONFLICT') return refused(409, 'alreadyApplied', t('invitations.detail.alreadyApplied'));
  const reason = answer.errors[0]?.extensions?.reason;
  if (code === 'NOT_FOUND') return refused(409, 'unavailable', typeof reason === 'string' ? t(`${APPLICATION_MESSAGE_ERRORS}.${reason}`, { defaultValue: failed }) : failed);
  return refused(answer.status >= 500 ? 502 : 422, 'failed', failed);
}
