import { randomUUID } from 'node:crypto';
import { checkMessageFiles, messageAttachmentUrl, type MessageFilesRefusal } from '../../../lib/messages/message-attachments';
import { factsOfFile } from '../../../lib/uploads/check-upload';
import { cleanFileName } from '../../../lib/uploads/file-names';
import { extensionOfContentType } from '../../../lib/uploads/media-urls';
import { DIRECTORY_BYTES, SNIFF_BYTES } from '../../../lib/uploads/sniff-content-type';
import { MAX_MESSAGE_ATTACHMENTS, MESSAGE_ATTACHMENT_RULE } from '../../../lib/uploads/upload-rules';
import type { Attachment } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { builder } from '../builder';
import { ApiError } from '../errors';
import { storeThenSave } from '../uploads/stored-files';

// A message's files on their way in (typed on a page, or attached to a mail answering a
// message): checked by the message attachment rule, stored under keys the server makes up,
// then referred to by the message row. A message that fails to be written deletes them.

export const MessageAttachment = builder.objectRef<Attachment>('MessageAttachment').implement({
  description: "A file sent with a message. Its url downloads it for the thread's two sides only",
  fields: (t) => ({
    name: t.exposeString('name'),
    url: t.exposeString('url'),
    contentType: t.string({ nullable: true, resolve: (row) => row.contentType ?? null }),
    size: t.int({ nullable: true, description: 'Bytes', resolve: (row) => row.size ?? null }),
  }),
});

const REFUSALS: Record<MessageFilesRefusal, string> = {
  missing: 'Choose a file to attach',
  empty: 'One of the files is empty',
  tooLarge: `A file is larger than ${MESSAGE_ATTACHMENT_RULE.maxMegabytes} MB`,
  tooLargeTogether: `The files are larger than ${MESSAGE_ATTACHMENT_RULE.maxMegabytes} MB together`,
  tooManyFiles: `A message takes at most ${MAX_MESSAGE_ATTACHMENTS} files`,
  wrongType: 'Each file must be a PDF, a PNG, JPEG or WebP picture, or a Word, Excel or PowerPoint document',
};

/** A message's files refused, on its `attachments` argument; the code lets a page word it itself. */
export function messageFilesRefused(reason: MessageFilesRefusal): ApiError {
  return new ApiError('BAD_USER_INPUT', REFUSALS[reason], { hint: 'see fieldErrors', fieldErrors: [{ field: 'attachments', code: reason, message: REFUSALS[reason] }] });
}

/** A file about to go with a message: its bytes, real type and the name to show. */
export interface IncomingMessageFile {
  bytes: Uint8Array;
  name: string;
}

/** Files of the API's `attachments` argument, read once their sizes pass (a huge file is refused unread). */
export async function readPostedFiles(files: readonly File[] | null | undefined): Promise<IncomingMessageFile[]> {
  const posted = (files ?? []).filter((file) => file.size > 0 || file.name !== '');
  const facts = await Promise.all(posted.map((file) => factsOfFile(file)));
  const check = checkMessageFiles(facts);
  if (!check.ok) throw messageFilesRefused(check.reason);
  return Promise.all(posted.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()), name: file.name })));
}

/** The rule on files already in memory (a mail's attachments): their real types, or why they are refused. */
export function checkFilesInMemory(files: readonly IncomingMessageFile[]) {
  return checkMessageFiles(
    files.map(({ bytes }) => ({ size: bytes.byteLength, head: bytes.subarray(0, SNIFF_BYTES), directory: bytes.subarray(Math.max(0, bytes.byteLength - DIRECTORY_BYTES)) })),
  );
}

/**
 * Stores the files of the message `messageId` is about to be, then runs `write` with their
 * attachments; should `write` fail, the files are deleted again.
 */
export async function withStoredFiles<T>(storage: FileStorage | null, messageId: string, files: readonly IncomingMessageFile[], write: (attachments: Attachment[]) => Promise<T>): Promise<T> {
  if (!files.length) return write([]);
  if (!storage) throw new Error('message attachments need a file storage: createApi({ storage })');
  const check = checkFilesInMemory(files);
  if (!check.ok) throw messageFilesRefused(check.reason);
  const stored = files.map((file, index) => {
    const contentType = check.contentTypes[index]!;
    const extension = extensionOfContentType(contentType);
    const key = `${randomUUID()}.${extension}`;
    return { key, bytes: file.bytes, contentType, attachment: { url: messageAttachmentUrl({ messageId, key }), name: cleanFileName(file.name, `attachment.${extension}`), contentType, size: file.bytes.byteLength } };
  });
  return storeThenSave(storage, stored, async () => ({ result: await write(stored.map((each) => each.attachment)), replacedKeys: [] }));
}
