import { billingAttachmentAddressOfUrl } from '../../../lib/billing/billing-attachments';
import type { Attachment } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';

/** The storage keys behind these attachments; addresses that are not ours (older data) have none. */
export function attachmentKeysOf(attachments: readonly Attachment[]): string[] {
  return attachments.map((attachment) => billingAttachmentAddressOfUrl(attachment.url)?.key).filter((key): key is string => Boolean(key));
}

/**
 * Deletes files no row refers to any more, after the change that let go of them has
 * committed. A failure does no harm (the file is then only unreferenced), so it is not
 * the caller's error.
 */
export async function deleteUnreferencedFiles(storage: FileStorage | null, keys: readonly string[]): Promise<void> {
  if (!storage || keys.length === 0) return;
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
