import { answerIssues } from '../forms/answer-issues';
import type { GraphqlError } from '../graphql/send-document';
import { checkUpload, factsOfFile, type UploadRefusal } from './check-upload';
import type { UploadRule } from './upload-rules';

// The page side of every upload form (talent picture and documents, billing attachments,
// company logo): the posted file, checked against its rule before the API is asked, so the
// usual mistakes get a message in the page's words without a round trip.

/** The file of a form post (field `file`); a file input left empty sends a nameless empty part. */
export function postedFile(form: FormData): File | null {
  const entry = form.get('file');
  return entry instanceof File && (entry.size > 0 || entry.name !== '') ? entry : null;
}

/** The posted file once it passes the rule (present, not empty, within the limit, of an accepted type), or why not. */
export async function checkPostedFile(form: FormData, rule: UploadRule): Promise<{ ok: true; file: File } | { ok: false; reason: UploadRefusal }> {
  const file = postedFile(form);
  const check = checkUpload(rule, file ? await factsOfFile(file) : null);
  return check.ok ? { ok: true, file: file! } : { ok: false, reason: check.reason };
}

/**
 * The i18n key (profile namespace, uploads.errors) of a refusal, with the rule's limit for
 * its message: one set of words for the talent's files and the company logo.
 */
export function uploadRefusalMessage(rule: UploadRule, reason: UploadRefusal): { key: string; values: { megabytes: number } } {
  const key = reason === 'wrongType' ? `uploads.errors.wrongType.${rule.kind}` : `uploads.errors.${reason}`;
  return { key, values: { megabytes: rule.maxMegabytes } };
}

const PAGE_CHECKED: readonly string[] = ['missing', 'empty', 'tooLarge', 'wrongType'] satisfies UploadRefusal[];

/**
 * Why the API refused an upload, as the code a page words from its locale file, never
 * its English message: the code of the `file` field's error (a refusal the page checks
 * too, or what only the API can tell: unreadable, tooManyPixels, tooManyFiles), else the
 * error's `reason` (tooManyUploads). Null when it named neither.
 */
export function uploadAnswerCode(errors: readonly GraphqlError[]): string | null {
  const fileIssue = answerIssues(errors).issues.find((issue) => issue.path === 'file');
  if (fileIssue) return fileIssue.code;
  const reason = errors[0]?.extensions?.reason;
  return typeof reason === 'string' ? reason : null;
}

/**
 * The i18n key (profile namespace, uploads.errors) and values of the API's code for a
 * talent file or company logo: a refusal the page checks too in the page's words.
 */
export function uploadCodeMessage(rule: UploadRule, code: string): { key: string; values: { megabytes: number } } {
  if (PAGE_CHECKED.includes(code)) return uploadRefusalMessage(rule, code as UploadRefusal);
  return { key: `uploads.errors.${code}`, values: { megabytes: rule.maxMegabytes } };
}
