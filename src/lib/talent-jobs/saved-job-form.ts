import { z } from 'zod';
import { idOrNull } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { buildRoute } from '../routes/build-route';
import { safeReturnTo } from '../routes/safe-return-to';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { REMOVE_SAVED_JOB_AD_MUTATION, SAVE_JOB_AD_MUTATION } from './saved-job-queries';
import type { ActionOutcome } from '../forms/form-outcome';

/**
 * The save / remove form posted to /talent/saved-jobs, from the saved jobs list, the job
 * search result cards and the job page alike: `intent` (save or remove), `jobAdId` and
 * `returnTo`, the page to go back to (same-origin paths only; the list otherwise).
 */
/**
 * Refused: 409 the ad closed or was removed before it could be saved; 400 not a form of
 * ours (no intent or no job ad id); otherwise the API refused for another reason (the page
 * asks to try again: the API's English is never shown).
 */
export type SavedJobOutcome = ActionOutcome<{ location: string; noticeKey: 'notices.talentJobs.jobSaved' | 'notices.talentJobs.jobRemoved' }>;

/** The save / remove form's fields: the job ad (null unless a UUID) and the page to go back to. */
export const savedJobFormSchema = z.object({ jobAdId: idOrNull, returnTo: z.string().nullish() });

export async function submitSavedJobForm(form: FormData, send: SendGraphql, t: Translate): Promise<SavedJobOutcome> {
  const intent = form.get('intent');
  const parsed = parseForm(form, savedJobFormSchema);
  const jobAdId = parsed.ok ? parsed.value.jobAdId : null;
  if ((intent !== 'save' && intent !== 'remove') || !parsed.ok || !jobAdId) {
    return { kind: 'refused', message: t('savedJobs.errors.invalid'), status: 400 };
  }
  const location = safeReturnTo(parsed.value.returnTo ?? '', buildRoute('talentSavedJobs'));
  const answer = intent === 'save' ? await sendDocument(send, SAVE_JOB_AD_MUTATION, { jobAdId }) : await sendDocument(send, REMOVE_SAVED_JOB_AD_MUTATION, { jobAdId });
  const error = answer.errors[0];
  const code = error?.extensions?.code;
  if (!error) return { kind: 'done', location, noticeKey: intent === 'save' ? 'notices.talentJobs.jobSaved' : 'notices.talentJobs.jobRemoved' };
  // Removing what is no longer saved (a second click, another tab) leaves what was asked for.
  if (intent === 'remove' && code === 'NOT_FOUND') return { kind: 'done', location, noticeKey: 'notices.talentJobs.jobRemoved' };
  if (intent === 'save' && code === 'NOT_FOUND') return { kind: 'refused', message: t('savedJobs.errors.closed'), status: 409 };
  return { kind: 'refused', message: t('savedJobs.errors.failed'), status: answer.status >= 500 ? 502 : 422 };
}
