import { inArray } from 'drizzle-orm';
import { messageAttachmentAddressOfUrl } from '../../../lib/messages/message-attachments';
import type { Writer } from '../../db/client';
import { message } from '../../db/schema';

/**
 * The storage keys of every file sent in these conversations, to delete once the rows that
 * name them are gone: deleting a thread takes its messages (ON DELETE CASCADE), never the
 * files in the storage. Read by the erasures of a user and of an ended application.
 */
export async function threadAttachmentKeys(tx: Writer, threadIds: readonly string[]): Promise<string[]> {
  if (!threadIds.length) return [];
  const rows = await tx.select({ attachments: message.attachments }).from(message).where(inArray(message.threadId, [...threadIds]));
  return rows.flatMap((row) => row.attachments.flatMap((attachment) => messageAttachmentAddressOfUrl(attachment.url)?.key ?? []));
}
