import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf, type FieldErrors, type FieldIssue } from '../forms/form-outcome';
import { tickedBoxes } from '../forms/form-values';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { UPLOAD_DOCUMENT_MUTATION, type UploadApi } from '../talent/profile-uploads';
import { PROFILE_ERRORS } from '../talent/talent-profile-input';
import { checkPostedFile, uploadAnswerCode } from '../uploads/upload-form';
import { CV_IMPORT_RULE } from '../uploads/upload-rules';
import { CV_LIMITS } from './cv-limits';
import { SAVE_REVIEW_MUTATION, SUGGEST_FROM_CV_MUTATION, type SuggestionAnswer } from './cv-import-operations';
import { initialReview, REVIEW_LISTS, type ReviewedProfile, type ReviewValues } from './cv-review';
import { readReviewForm, reviewUpdate, SKILLS_FIELD } from './cv-review-form';

// The two posts of /talent/profile-import: a CV file read into a review (through the API's
// suggestTalentProfileFromCv, as the profile page's uploads go: the page checks the file
// first, then sends it as the operation's multipart File), and the review saved (through
// updateOneTalentProfile, the profile page's own mutation, so its rules decide).

/** Where the words of this page's codes live. */
export const CV_IMPORT_ERRORS = 'profile:cvImport.errors';

/** The box of the upload form: also keep the file as the profile's cv document (a PDF only: the documents are PDFs). */
export const KEEP_AS_CV_FIELD = 'keepAsCv';

/** What became of "Also keep this file as my CV": kept, not asked, not a PDF, or refused with a message. */
export type KeptAsCv = { kind: 'kept' } | { kind: 'notAsked' } | { kind: 'notPdf' } | { kind: 'failed'; message: string };

export type CvReadOutcome =
  | { kind: 'review'; values: ReviewValues; truncated: boolean; kept: KeptAsCv }
  | { kind: 'refused'; message: string; status: 422 };

/** A code's words (`cvImport.errors.<code>`), with the rule's limit; the save failure's when the page has none for it. */
function codeMessage(code: string | null, t: Translate): string {
  const values = { megabytes: CV_IMPORT_RULE.maxMegabytes, pages: CV_LIMITS.maxPdfPages, defaultValue: '' };
  return (code && t(`${CV_IMPORT_ERRORS}.${code}`, values)) || t(`${CV_IMPORT_ERRORS}.failed`);
}

async function keepAsCv(form: FormData, file: File, suggestion: SuggestionAnswer, api: UploadApi, t: Translate): Promise<KeptAsCv> {
  if (!tickedBoxes(form, [KEEP_AS_CV_FIELD])[KEEP_AS_CV_FIELD]) return { kind: 'notAsked' };
  if (suggestion.format !== 'pdf') return { kind: 'notPdf' };
  const answer = await sendDocument((body) => api.upload(body, file), UPLOAD_DOCUMENT_MUTATION, { field: 'cv', file });
  return answer.errors.length === 0 && answer.data ? { kind: 'kept' } : { kind: 'failed', message: codeMessage(uploadAnswerCode(answer.errors), t) };
}

/** The upload form's post: the file checked here, read by the API, and the review it starts; or why not, in the page's words. */
export async function submitCvFile(form: FormData, api: UploadApi, profile: ReviewedProfile, t: Translate): Promise<CvReadOutcome> {
  const check = await checkPostedFile(form, CV_IMPORT_RULE);
  if (!check.ok) return { kind: 'refused', message: codeMessage(check.reason, t), status: 422 };
  const answer = await sendDocument((body) => api.upload(body, check.file), SUGGEST_FROM_CV_MUTATION, { file: check.file });
  const suggestion = answer.data?.suggestTalentProfileFromCv;
  if (answer.errors.length > 0 || !suggestion) return { kind: 'refused', message: codeMessage(uploadAnswerCode(answer.errors), t), status: 422 };
  return { kind: 'review', values: initialReview(suggestion, profile), truncated: suggestion.truncated, kept: await keepAsCv(form, check.file, suggestion, api, t) };
}

export type CvReviewOutcome =
  | { kind: 'done'; scoreWentUp: boolean }
  | { kind: 'invalid'; values: ReviewValues; fieldErrors: FieldErrors; formError: string | null; status: 422 };

/** Names the review shows a message beside: its fields, and a list section as a whole (its id). */
function isReviewName(path: string, values: ReviewValues): boolean {
  if ((REVIEW_LISTS as readonly string[]).includes(path)) return true;
  const entry = /^(\w+)\[(\d+)\]\./.exec(path);
  if (entry) return (REVIEW_LISTS as readonly string[]).includes(entry[1]!) && Number(entry[2]) < values.lists[entry[1] as keyof ReviewValues['lists']].length;
  return path === SKILLS_FIELD || path in values.basics;
}

/** Words of an issue shown above the form: this page's code, else the profile's, else the save failure's. */
function formWords(issue: FieldIssue, t: Translate): string {
  const values = { ...issue.params, defaultValue: '' };
  return t(`${CV_IMPORT_ERRORS}.${issue.code}`, values) || t(`${PROFILE_ERRORS}.${issue.code}`, values) || t(`${CV_IMPORT_ERRORS}.failed`);
}

/** The review shown again as posted: `placed` issues beside their fields, the others above the form. */
function invalid(values: ReviewValues, placed: readonly FieldIssue[], other: readonly FieldIssue[], t: Translate): CvReviewOutcome {
  const words = [...new Set(other.map((issue) => formWords(issue, t)))];
  return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(placed, t, PROFILE_ERRORS), formError: words.length > 0 ? words.join(' ') : null, status: 422 };
}

/**
 * The review form's post (Save selected sections, or Accept all): the used sections checked
 * and merged into the profile as it is now (cv-review-form.ts), then saved in one update.
 * `profile` is read just before, with its score, to tell whether the score went up.
 */
export async function submitCvReview(form: FormData, send: SendGraphql, profile: ReviewedProfile & { profileScore: number }, t: Translate): Promise<CvReviewOutcome> {
  const values = readReviewForm(form, { useAll: form.get('intent') === 'acceptAll' });
  const update = reviewUpdate(values, profile);
  if (!update.ok) {
    const placed = update.issues.filter((issue) => isReviewName(issue.path, values));
    return invalid(values, placed, update.issues.filter((issue) => !placed.includes(issue)), t);
  }
  const answer = await sendDocument(send, SAVE_REVIEW_MUTATION, { data: update.data });
  const saved = answer.data?.updateOneTalentProfile;
  if (answer.errors.length === 0 && saved) return { kind: 'done', scoreWentUp: saved.profileScore > profile.profileScore };
  // The review checked its entries with the profile's rules already; what the API still
  // refuses is worded above the form, but on the headline's own fields, whose names are the
  // input's (a list's indexes count the profile's entries too, so they name no review field).
  const issues = answerIssues(answer.errors).issues;
  const placed = issues.filter((issue) => issue.path in values.basics);
  const other = issues.filter((issue) => !placed.includes(issue));
  return invalid(values, placed, other.length > 0 || placed.length > 0 ? other : [{ path: '', code: 'failed' }], t);
}
