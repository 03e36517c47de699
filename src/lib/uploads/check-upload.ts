import { DIRECTORY_BYTES, SNIFF_BYTES, sniffContentType, type SniffedContentType } from './sniff-content-type';
import type { UploadRule } from './upload-rules';

/** Why an uploaded file is refused; the page and the API each say it in their own words. */
export type UploadRefusal = 'missing' | 'empty' | 'tooLarge' | 'wrongType';

export type UploadCheck = { ok: true; contentType: SniffedContentType } | { ok: false; reason: UploadRefusal };

/** What a check needs of a file: its size and its first bytes (not the whole file), and its last ones when it may be an office document. */
export interface UploadedFileFacts {
  size: number;
  head: Uint8Array;
  directory?: Uint8Array;
}

/**
 * Checks an uploaded file against a slot's rule: present, not empty, not too large, and
 * of an accepted type by its magic bytes. The size is checked before the type so that a
 * huge file is refused without reading it.
 */
export function checkUpload(rule: UploadRule, file: UploadedFileFacts | null): UploadCheck {
  if (!file) return { ok: false, reason: 'missing' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (file.size > rule.maxBytes) return { ok: false, reason: 'tooLarge' };
  const contentType = sniffContentType(file.head, file.directory);
  if (!contentType || !rule.types.includes(contentType)) return { ok: false, reason: 'wrongType' };
  return { ok: true, contentType };
}

/** The facts `checkUpload` reads, from a web File (a form post's or the API's). */
export async function factsOfFile(file: Blob): Promise<UploadedFileFacts> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return { size: file.size, head, directory: new Uint8Array(await file.slice(Math.max(0, file.size - DIRECTORY_BYTES)).arrayBuffer()) };
}
