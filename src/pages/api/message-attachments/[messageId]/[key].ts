import type { APIRoute } from 'astro';
import { sendDocument } from '../../../../lib/graphql/send-document';
import { messageAttachmentAddressOfUrl } from '../../../../lib/messages/message-attachments';
import { FIND_MESSAGE_ATTACHMENT_QUERY } from '../../../../lib/messages/message-pages';
import { extensionOfKey } from '../../../../lib/uploads/media-urls';
import { privateDownload } from '../../../../server/bff/page/private-download';

/**
 * Downloads a file sent with a message. The API decides who may read it
 * (findMessageAttachment: the thread's talent, or a reader of its record at the company).
 */
export const GET: APIRoute = (context) => {
  const address = messageAttachmentAddressOfUrl(context.url.pathname);
  return privateDownload(context, {
    storageKey: address?.key ?? null,
    find: async (send) => {
      const answer = await sendDocument(send, FIND_MESSAGE_ATTACHMENT_QUERY, { messageId: address!.messageId, key: address!.key });
      return { ...answer, name: answer.data?.findMessageAttachment?.name };
    },
    extension: (address && extensionOfKey(address.key)) ?? 'bin',
  });
};
