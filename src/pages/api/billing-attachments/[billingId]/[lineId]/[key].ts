import type { APIRoute } from 'astro';
import { billingAttachmentAddressOfUrl } from '../../../../../lib/billing/billing-attachments';
import { FIND_BILLING_ATTACHMENT_QUERY } from '../../../../../lib/billing/billing-operations';
import { extensionOfKey } from '../../../../../lib/uploads/media-urls';
import { privateDownload } from '../../../../../server/bff/page/private-download';

/**
 * Downloads a file attached to a billing line. The API decides who may read it
 * (findBillingAttachment: the billing's talent, later the company that handles it).
 */
export const GET: APIRoute = (context) => {
  const address = billingAttachmentAddressOfUrl(context.url.pathname);
  return privateDownload(context, {
    query: FIND_BILLING_ATTACHMENT_QUERY,
    operationName: 'FindBillingAttachment',
    field: 'findBillingAttachment',
    address: address ? { ...address } : null,
    extension: (address && extensionOfKey(address.key)) ?? 'bin',
  });
};
