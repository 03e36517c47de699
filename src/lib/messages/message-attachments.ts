import { checkUpload, type UploadedFileFacts, type UploadRefusal } from '../uploads/check-upload';
import { isUuid } from '../ids';
import { isStorageKey } from '../uploads/media-urls';
import type { SniffedContentType } from '../uploads/sniff-content-type';
import { MAX_MESSAGE_ATTACHMENTS, MESSAGE_ATTACHMENT_RULE } from '../uploads/upload-rules';

// Files sent with a message (messages): checked by their content against
// MESSAGE_ATTACHMENT_RULE, at most MAX_MESSAGE_ATTACHMENTS a message and together no larger
// than one billing attachment may be. They are private: their address goes through the
// session to the two sides of the thread (findMessageAttachment), never a public folder.

/** Where a message's files are downloaded: the address names the message and the key, so reading one needs no search. */
export const MESSAGE_ATTACHMENT_PATH_PREFIX = '/api/message-attachments/';

export interface MessageAttachmentAddress {
  messageId: string;
  key: string;
}

export function messageAttachmentUrl({ messageId, key }: MessageAttachmentAddress): string {
  return `${MESSAGE_ATTACHMENT_PATH_PREFIX}${messageId}/${key}`;
}

/** The message and key of one of our attachment addresses (or its path); null for anything else. */
export function messageAttachmentAddressOfUrl(url: string | null | undefined): MessageAttachmentAddress | null {
  if (!url?.startsWith(MESSAGE_ATTACHMENT_PATH_PREFIX)) return null;
  const [messageId, key, ...rest] = url.slice(MESSAGE_ATTACHMENT_PATH_PREFIX.length).split('/');
  if (rest.length > 0 || !messageId || !isUuid(messageId) || messageId !== messageId.toLowerCase() || !isStorageKey(key)) return null;
  return { messageId, key };
}

/** Why a message's files are refused: one file's own refusal, or the set's (too many, too large together). */
export type MessageFilesRefusal = UploadRefusal | 'tooManyFiles' | 'tooLargeTogether';

/**
 * The message attachment rule on a message's files (the rule of each, then their number
 * and their size together): the real type of each, or why they are refused.
 */
export function checkMessageFiles(files: readonly UploadedFileFacts[]): { ok: true; contentTypes: SniffedContentType[] } | { ok: false; reason: MessageFilesRefusal } {
  if (files.length > MAX_MESSAGE_ATTACHMENTS) return { ok: false, reason: 'tooManyFiles' };
  if (files.reduce((total, file) => total + file.size, 0) > MESSAGE_ATTACHMENT_RULE.maxBytes) return { ok: false, reason: 'tooLargeTogether' };
  const contentTypes: SniffedContentType[] = [];
  for (const file of files) {
    const check = checkUpload(MESSAGE_ATTACHMENT_RULE, file);
    if (!check.ok) return { ok: false, reason: check.reason };
    contentTypes.push(check.contentType);
  }
  return { ok: true, contentTypes };
}
