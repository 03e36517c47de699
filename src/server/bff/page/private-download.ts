import { Readable } from 'node:stream';
import type { APIContext } from 'astro';
import type { GraphqlError, SendGraphql } from '../../../lib/graphql/send-document';
import { buildRoute } from '../../../lib/routes/build-route';
import { attachmentDisposition, downloadFileName } from '../../../lib/uploads/file-names';

interface PrivateFile {
  /**
   * Asks the API (one typed document) whether the caller may read the file: its name, or
   * none with the answer's errors (NOT_FOUND when they may not). Called only for an address.
   */
  find: (send: SendGraphql) => Promise<{ status: number; name: string | null | undefined; errors: readonly GraphqlError[] }>;
  /** The storage key read from the URL, or null when the URL is not a stored file's address. */
  storageKey: string | null;
  /** Extension the download's name must end in. */
  extension: string;
}

/**
 * Streams a private stored file (a CV, a billing attachment) to whoever the API lets read
 * it. The API decides; anyone else, and any address that is not a stored file, gets the
 * not-found page, which says nothing about whether it exists. Always a download, never
 * shown in our origin; never cached beyond the request.
 */
export async function privateDownload(context: Pick<APIContext, 'locals' | 'url' | 'rewrite' | 'redirect'>, file: PrivateFile): Promise<Response> {
  const { locals, url, rewrite, redirect } = context;
  const { session, services } = locals;
  const signIn = () => redirect(buildRoute('signIn', { query: { returnTo: url.pathname } }), 303);
  if (!session) return signIn();
  if (!file.storageKey) return rewrite('/404');

  const { status, name, errors } = await file.find((body) => services.bff.graphql(session, body, url.pathname));
  if (status === 401) return signIn();
  if (!name) {
    if (errors[0]?.extensions?.code === 'NOT_FOUND') return rewrite('/404');
    throw new Error(`private download failed: ${errors[0]?.message ?? status}`);
  }
  const stored = await services.storage.get(file.storageKey);
  if (!stored) return rewrite('/404');
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': stored.contentType,
      'content-length': String(stored.size),
      'content-disposition': attachmentDisposition(downloadFileName(name, file.extension)),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
