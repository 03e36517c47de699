import { DOCX, PPTX, XLSX, type SniffedContentType } from './sniff-content-type';

/**
 * The files a talent can upload to the profile: one picture and the three documents of
 * the talentProfile entity (resume, pdf, cv). Each slot is also the form's `upload` value.
 */
export const UPLOAD_SLOTS = ['picture', 'cv', 'resume', 'pdf'] as const;
export type UploadSlot = (typeof UPLOAD_SLOTS)[number];

/** The document slots, which are the talentProfile columns of the same name. */
export const DOCUMENT_SLOTS = ['cv', 'resume', 'pdf'] as const satisfies readonly UploadSlot[];
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

const MEGABYTE = 1024 * 1024;

export interface UploadRule {
  kind: 'picture' | 'document' | 'attachment' | 'messageAttachment' | 'cv';
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** The same limit as people read it ("5 MB"). */
  maxMegabytes: number;
  /** Accepted real types (by magic bytes). */
  types: readonly SniffedContentType[];
  /** The file input's `accept` hint for the browser's picker (not a check). */
  accept: string;
}

export const PICTURE_RULE: UploadRule = {
  kind: 'picture',
  maxBytes: 5 * MEGABYTE,
  maxMegabytes: 5,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  accept: 'image/jpeg,image/png,image/webp',
};

export const DOCUMENT_RULE: UploadRule = {
  kind: 'document',
  maxBytes: 10 * MEGABYTE,
  maxMegabytes: 10,
  types: ['application/pdf'],
  accept: 'application/pdf,.pdf',
};

/**
 * A CV read to suggest a profile (src/server/cv-import/cv-text.ts): a PDF or a Word
 * document, read and never stored (unless the talent also keeps a PDF as her cv document,
 * through DOCUMENT_RULE). As large as a document, so a CV stored there can be read too.
 */
export const CV_IMPORT_RULE: UploadRule = {
  kind: 'cv',
  maxBytes: DOCUMENT_RULE.maxBytes,
  maxMegabytes: DOCUMENT_RULE.maxMegabytes,
  types: ['application/pdf', DOCX],
  accept: `application/pdf,.pdf,.docx,${DOCX}`,
};

/** A file attached to a billing line (a timesheet, a receipt): kept as uploaded, never re-encoded. */
export const ATTACHMENT_RULE: UploadRule = {
  kind: 'attachment',
  maxBytes: 10 * MEGABYTE,
  maxMegabytes: 10,
  types: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  accept: 'application/pdf,.pdf,image/png,image/jpeg,image/webp',
};

/**
 * Files sent with a message (a contract, a timesheet, a screenshot): PDF, pictures and
 * office documents by their content, kept as sent. A message carries up to
 * MAX_MESSAGE_ATTACHMENTS, together within the bound of one billing attachment, so a
 * message's form stays within the product-wide request limit.
 */
export const MESSAGE_ATTACHMENT_RULE: UploadRule = {
  kind: 'messageAttachment',
  maxBytes: 10 * MEGABYTE,
  maxMegabytes: 10,
  types: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', DOCX, XLSX, PPTX],
  accept: `application/pdf,.pdf,image/png,image/jpeg,image/webp,.docx,${DOCX},.xlsx,${XLSX},.pptx,${PPTX}`,
};

/** At most this many files go with one message. */
export const MAX_MESSAGE_ATTACHMENTS = 3;

export function isUploadSlot(value: unknown): value is UploadSlot {
  return typeof value === 'string' && (UPLOAD_SLOTS as readonly string[]).includes(value);
}

export function isDocumentSlot(value: unknown): value is DocumentSlot {
  return typeof value === 'string' && (DOCUMENT_SLOTS as readonly string[]).includes(value);
}

export function uploadRuleOf(slot: UploadSlot): UploadRule {
  return slot === 'picture' ? PICTURE_RULE : DOCUMENT_RULE;
}

/**
 * Room for the rest of a multipart form around the file (boundaries, part headers, the
 * CSRF token): a request body may exceed the file limit by this much and no more.
 */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The largest request body an upload form for files of this rule may send. */
export function requestLimitOf(rule: UploadRule): number {
  return rule.maxBytes + FORM_OVERHEAD_BYTES;
}

/** The largest request body an upload form may send for a slot. */
export function uploadRequestLimit(slot: UploadSlot): number {
  return requestLimitOf(uploadRuleOf(slot));
}

/** The largest request body a billing line's attachment form may send. */
export const ATTACHMENT_REQUEST_LIMIT = requestLimitOf(ATTACHMENT_RULE);

/** No request to the product needs a larger body than the largest upload form. */
export const MAX_REQUEST_BODY_BYTES = Math.max(DOCUMENT_RULE.maxBytes, ATTACHMENT_RULE.maxBytes) + FORM_OVERHEAD_BYTES;
