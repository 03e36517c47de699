import type { Translate } from '../i18n/i18n';
import { z } from 'zod';
import { requiredId } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { answerIssues } from '../forms/answer-issues';
import { sendDocument, type DocumentAnswer, type GraphqlAnswerLike, type SendGraphql } from '../graphql/send-document';
import { checkPostedFile, uploadAnswerCode } from '../uploads/upload-form';
import { ATTACHMENT_RULE } from '../uploads/upload-rules';
import { attachmentsLocation } from './billing-attachment-addresses';
import { MAX_ATTACHMENTS_PER_LINE } from './billing-attachments';
import { ADD_ATTACHMENT_MUTATION, REMOVE_ATTACHMENT_MUTATION } from './billing-operations';
import type { ActionOutcome, Refused } from '../forms/form-outcome';

// The billing page's attachment forms: one multipart upload form per saved line of a
// draft (form=attachment) and a Remove button per file (form=attachment-remove).

/** As SendGraphql, with a file for the operation's File variable `$file` (multipart, through the BFF). */
export type UploadGraphql = (body: Parameters<SendGraphql>[0], file: File) => Promise<GraphqlAnswerLike>;

/**
 * What a refusal on the billing page is about: the billing shown again with the message
 * on a line's file field (`lineId`, 422) or above it (409: no longer a draft, or the line
 * or file is gone meanwhile); 404 (no `billingId`) names no billing of the talent's.
 */
export interface BillingRefusal {
  billingId: string | null;
  lineId: string | null;
}

export type AttachmentSubmission = ActionOutcome<{ location: string; noticeKey: string }, BillingRefusal>;

/** A billing that is not the talent's (or an id that names none): the page's not-found part. */
export const billingNotFound = (t: Translate): Refused<BillingRefusal> => ({ kind: 'refused', billingId: null, lineId: null, message: t('billing.notFound.heading'), status: 404 });

export interface AttachmentContext {
  send: SendGraphql;
  upload: UploadGraphql;
  t: Translate;
}

/** The attachment forms' fields: the billing and its line (UUIDs, as stored), and the file's key to remove. */
export const attachmentFormSchema = z.object({
  billingId: requiredId({ required: 'notFound', unknown: 'notFound' }),
  lineId: requiredId({ required: 'notFound', unknown: 'notFound' }),
  key: z.string().nullish(),
});

/**
 * Adds or removes one attachment. An upload is checked here first (present, not empty,
 * within 10 MB, of an accepted type by its magic bytes), so the usual mistakes get a
 * message in the page's words without a round trip; the API checks again and answers
 * a code for what only it can tell (the line is full), worded here.
 */
export async function submitAttachment(form: FormData, context: AttachmentContext, intent: 'add' | 'remove'): Promise<AttachmentSubmission> {
  const { t } = context;
  const parsed = parseForm(form, attachmentFormSchema);
  // A billing or line that is no UUID names none: answered like one that is gone.
  if (!parsed.ok) return billingNotFound(t);
  const { billingId, lineId } = parsed.value;
  const fieldMessage = (message: string): AttachmentSubmission => ({ kind: 'refused', billingId, lineId, message, status: 422 });

  let answer: DocumentAnswer<unknown>;
  if (intent === 'add') {
    const check = await checkPostedFile(form, ATTACHMENT_RULE);
    if (!check.ok) return fieldMessage(t(`billing.attachments.errors.${check.reason}`, { megabytes: ATTACHMENT_RULE.maxMegabytes }));
    // The file travels as a multipart part; the upload sets its JSON variable to null.
    answer = await sendDocument((body) => context.upload(body, check.file), ADD_ATTACHMENT_MUTATION, { billingId, lineId, file: check.file });
  } else {
    const attachmentKey = parsed.value.key ?? '';
    answer = await sendDocument(context.send, REMOVE_ATTACHMENT_MUTATION, { billingId, lineId, attachmentKey });
  }

  if (answer.errors.length === 0 && answer.data) {
    return { kind: 'done', location: attachmentsLocation(billingId, lineId), noticeKey: intent === 'add' ? 'notices.talentBilling.attachmentAdded' : 'notices.talentBilling.attachmentRemoved' };
  }
  const failure = answerIssues(answer.errors);
  if (failure.code === 'CONFLICT') return { kind: 'refused', billingId, lineId: null, message: t('billing.errors.notADraft'), status: 409 };
  // The billing itself may be gone too: the page then shows its not-found part.
  if (failure.code === 'NOT_FOUND') return { kind: 'refused', billingId, lineId: null, message: t(intent === 'add' ? 'billing.attachments.errors.lineGone' : 'billing.attachments.errors.fileGone'), status: 409 };
  // The API's code, in this page's words (never its English message).
  const code = uploadAnswerCode(answer.errors);
  const message = code ? t(`billing.attachments.errors.${code}`, { megabytes: ATTACHMENT_RULE.maxMegabytes, max: MAX_ATTACHMENTS_PER_LINE, defaultValue: '' }) : '';
  return fieldMessage(message || t('billing.attachments.errors.failed'));
}
