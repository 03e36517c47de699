import { DOCUMENT_RULE } from '../uploads/upload-rules';

// The bounds of reading a CV someone uploaded (src/server/cv-import/cv-text.ts): every file
// is hostile until read, so each step that grows with the file has a ceiling, and what
// passes one is refused with a reason rather than read in part.

export const CV_LIMITS = {
  /** The profile's document slot takes files up to this size, so a CV stored there can also be read. */
  maxFileBytes: DOCUMENT_RULE.maxBytes,
  /**
   * A PDF with more pages is refused (`tooManyPages`), not read in part: a CV has one to
   * four, and a long document's first pages (a thesis, a portfolio) would make a wrong profile.
   */
  maxPdfPages: 10,
  /** Text kept from a file; reading stops there (`truncated`). Ten pages of dense text are about 60,000. */
  maxTextChars: 100_000,
  /** Text items read from one PDF page: a page drawn as thousands of one-letter items is refused. */
  maxPdfItems: 50_000,
  /** A DOCX naming more parts than this is no CV (Word writes 10-30). */
  maxZipEntries: 2_000,
  /** The sum of the parts' declared sizes, checked before anything is inflated. */
  maxDeclaredUnzippedBytes: 100 * 1024 * 1024,
  /** A part larger than `ratioCheckedFrom` declaring more than this ratio to its compressed size is a bomb. */
  maxCompressionRatio: 200,
  ratioCheckedFrom: 1024 * 1024,
  /** The text parts read (word/document.xml and its page headers): declared and actually inflated, together. */
  maxXmlBytes: 20 * 1024 * 1024,
  /** The reader runs in a worker thread with this much heap, ended after `timeoutMs`. */
  workerHeapMb: 256,
  timeoutMs: 10_000,
} as const;

export type CvLimits = { [K in keyof typeof CV_LIMITS]: number };
