import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf, type FieldErrors } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { APPLICATION_MESSAGE_ERRORS, applicationMessageSchema } from './application-message';
import { APPLY_TO_INVITATION_MUTATION, IGNORE_INVITATION_MUTATION } from './invitation-queries';

/**
 * The two forms of /talent/invitation?id=: `intent=apply` (with an optional `message`) and
 * `intent=ignore`. What went wrong comes back as a reason the page words itself, with the
 * typed note so that it is never lost, and the note's field message worded from its code.
 */
export type InvitationFormOutcome =
  | { kind: 'done'; noticeKey: 'notices.talentJobs.invitationIgnored' | 'notices.talentJobs.applicationSent' }
  | { kind: 'refused'; status: number; reason: InvitationRefusal; message: string; fieldErrors: FieldErrors };

/**
 * messageInvalid: the note fails its rule (checked here, or by the API with the same
 * schema), its message in `fieldErrors`. alreadyApplied: CONFLICT. unavailable:
 * NOT_FOUND, meaning the invitation is not the caller's (the page answers 404) or its ad
 * closed meanwhile (the page says so). invalid: not a form of ours. failed: anything
 * else (the page asks to try again; the API's English is never shown).
 */
export type InvitationRefusal = 'messageInvalid' | 'alreadyApplied' | 'unavailable' | 'invalid' | 'failed';

export async function submitInvitationForm(id: string, form: FormData, send: SendGraphql, t: Translate): Promise<InvitationFormOutcome> {
  const intent = form.get('intent');
  const message = intent === 'apply' ? typedForm(form, ['message']).message : '';
  const refused = (status: number, reason: InvitationRefusal, fieldErrors: FieldErrors = {}) => ({ kind: 'refused' as const, status, reason, message, fieldErrors });
  if (intent !== 'apply' && intent !== 'ignore') return refused(400, 'invalid');
  // The note is checked here as the API checks it (the same schema), before anything is sent.
  const parsed = intent === 'apply' ? parseForm(form, applicationMessageSchema) : null;
  if (parsed && !parsed.ok) return refused(422, 'messageInvalid', fieldErrorsOf(parsed.issues, t, APPLICATION_MESSAGE_ERRORS));

  const answer = parsed?.ok
    ? await sendDocument(send, APPLY_TO_INVITATION_MUTATION, { id, message: parsed.value.message })
    : await sendDocument(send, IGNORE_INVITATION_MUTATION, { id });
  if (!answer.errors.length) return { kind: 'done', noticeKey: intent === 'apply' ? 'notices.talentJobs.applicationSent' : 'notices.talentJobs.invitationIgnored' };
  const { issues, code } = answerIssues(answer.errors);
  if (code === 'BAD_USER_INPUT' && issues.length > 0) return refused(422, 'messageInvalid', fieldErrorsOf(issues, t, APPLICATION_MESSAGE_ERRORS));
  if (code === 'CONFLICT') return refused(409, 'alreadyApplied');
  if (code === 'NOT_FOUND') return refused(409, 'unavailable');
  return refused(answer.status >= 400 ? answer.status : 502, 'failed');
}
