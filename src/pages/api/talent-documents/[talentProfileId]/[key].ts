import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { buildRoute } from '../../../../lib/routes/build-route';
import { FIND_TALENT_DOCUMENT_QUERY } from '../../../../lib/talent/profile-uploads';
import { attachmentDisposition, downloadFileName } from '../../../../lib/uploads/file-names';
import { documentAddressOfUrl } from '../../../../lib/uploads/media-urls';

/**
 * Downloads a talent's private document (CV, resume, PDF). The API decides who may read
 * it (findTalentDocument: the owner, later companies allowed to); anyone else, and any
 * address that is not a stored document, gets the not-found page, which says nothing
 * about whether it exists. The file is always an attachment: never shown in our origin.
 */
export const GET: APIRoute = async ({ locals, url, rewrite, redirect }) => {
  const { session, services } = locals;
  const signIn = () => redirect(buildRoute('signIn', { query: { returnTo: url.pathname } }), 303);
  if (!session) return signIn();
  const address = documentAddressOfUrl(url.pathname);
  if (!address) return rewrite('/404');

  const answer = await services.bff.graphql(session, { query: FIND_TALENT_DOCUMENT_QUERY, variables: { ...address }, operationName: 'FindTalentDocument' }, url.pathname);
  if (answer.status === 401) return signIn();
  const document = (answer.body.data as { findTalentDocument?: { name: string } | null } | null | undefined)?.findTalentDocument;
  if (!document) {
    if (answer.body.errors?.[0]?.extensions?.code === 'NOT_FOUND') return rewrite('/404');
    throw new Error(`findTalentDocument failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
  }
  const stored = await services.storage.get(address.key);
  if (!stored) return rewrite('/404');
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': stored.contentType,
      'content-length': String(stored.size),
      'content-disposition': attachmentDisposition(downloadFileName(document.name, 'pdf')),
      // Private: neither shared caches nor the browser's cache keep it past the session.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
};
