import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { billingAttachmentAddressOfUrl } from '../../../../../lib/billing/billing-attachments';
import { FIND_BILLING_ATTACHMENT_QUERY } from '../../../../../lib/billing/billing-operations';
import { buildRoute } from '../../../../../lib/routes/build-route';
import { attachmentDisposition, downloadFileName } from '../../../../../lib/uploads/file-names';
import { extensionOfKey } from '../../../../../lib/uploads/media-urls';

/**
 * Downloads a file attached to a billing line. The API decides who may read it
 * (findBillingAttachment: the billing's talent, later the company that handles it);
 * anyone else, and any address that is not a stored attachment, gets the not-found page,
 * which says nothing about whether it exists. Always an attachment: never shown in our origin.
 */
export const GET: APIRoute = async ({ locals, url, rewrite, redirect }) => {
  const { session, services } = locals;
  const signIn = () => redirect(buildRoute('signIn', { query: { returnTo: url.pathname } }), 303);
  if (!session) return signIn();
  const address = billingAttachmentAddressOfUrl(url.pathname);
  if (!address) return rewrite('/404');

  const answer = await services.bff.graphql(session, { query: FIND_BILLING_ATTACHMENT_QUERY, variables: { ...address }, operationName: 'FindBillingAttachment' }, url.pathname);
  if (answer.status === 401) return signIn();
  const attachment = (answer.body.data as { findBillingAttachment?: { name: string } | null } | null | undefined)?.findBillingAttachment;
  if (!attachment) {
    if (answer.body.errors?.[0]?.extensions?.code === 'NOT_FOUND') return rewrite('/404');
    throw new Error(`findBillingAttachment failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
  }
  const stored = await services.storage.get(address.key);
  if (!stored) return rewrite('/404');
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': stored.contentType,
      'content-length': String(stored.size),
      'content-disposition': attachmentDisposition(downloadFileName(attachment.name, extensionOfKey(address.key) ?? 'bin')),
      // Private: neither shared caches nor the browser's cache keep it past the session.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
};
