import { Readable } from 'node:stream';
import type { APIContext } from 'astro';
import { buildRoute } from '../../../lib/routes/build-route';
import { attachmentDisposition, downloadFileName } from '../../../lib/uploads/file-names';

interface PrivateFile {
  /** The GraphQL query that says whether the caller may read the file, and its name. */
  query: string;
  operationName: string;
  /** The query's field: `{ name }`, or null (NOT_FOUND) when the caller may not. */
  field: string;
  /** The file's address read from the URL (its `key` is the storage key), or null when the URL is not one. */
  address: ({ key: string } & Record<string, string>) | null;
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
  const { address } = file;
  if (!address) return rewrite('/404');

  const answer = await services.bff.graphql(session, { query: file.query, variables: address, operationName: file.operationName }, url.pathname);
  if (answer.status === 401) return signIn();
  const found = (answer.body.data as Record<string, { name: string } | null> | null | undefined)?.[file.field];
  if (!found) {
    if (answer.body.errors?.[0]?.extensions?.code === 'NOT_FOUND') return rewrite('/404');
    throw new Error(`${file.field} failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
  }
  const stored = await services.storage.get(address.key);
  if (!stored) return rewrite('/404');
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': stored.contentType,
      'content-length': String(stored.size),
      'content-disposition': attachmentDisposition(downloadFileName(found.name, file.extension)),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
