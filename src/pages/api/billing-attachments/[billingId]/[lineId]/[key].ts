import type { APIRoute } from 'astro';
import { billingAttachmentAddressOfUrl } from '../../../../../lib/billing/billing-attachments';
import { FIND_BILLING_ATTACHMENT_QUERY } from '../../../../../lib/billing/billing-operations';
import { sendDocument } from '../../../../../lib/graphql/send-document';
import { extensionOfKey } from '../../../../../lib/uploads/media-urls';
import { privateDownload } from '../../../../../server/bff/page/private-download';

/**
 * Downloads a file attached to a billing line. The API decides who may read it
 * (findBillingAttachment: the billing's talent, later the company that handles it).
 */
export const GET: APIRoute = (context) => {
  const address = billingAttachmentAddressOfUrl(context.url.pathname);
  return privateDownload(context, {
    storageKey: address?.key ?? null,
    find: async (send) => {
      const answer = await sendDocument(send, FIND_BILLING_ATTACHMENT_QUERY, { billingId: address!.billingId, lineId: address!.lineId, key: address!.key });
      return { ...answer, name: answer.data?.findBillingAttachment?.name };
    },
    extension: (address && extensionOfKey(address.key)) ?? 'bin',
  });
};
