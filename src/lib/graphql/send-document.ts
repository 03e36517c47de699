import { print } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';

/** One GraphQL error as the API sends it: a message, and a machine code in extensions. */
export interface GraphqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

/** The API's answer as the BFF hands it over (status and body), for pure handlers. */
export interface GraphqlAnswerLike {
  status: number;
  body: { data?: unknown; errors?: GraphqlError[] };
}

/** Sends one operation as the page's user (the BFF adds the token and product headers). */
export type SendGraphql = (body: { query: string; variables?: Record<string, unknown>; operationName?: string }) => Promise<GraphqlAnswerLike>;

/** As SendGraphql, with files for the operation's File variables (a list for a [File] one): multipart, through the BFF. */
export type SendGraphqlWithFiles = (body: Parameters<SendGraphql>[0], files: Record<string, File | readonly File[]>) => Promise<GraphqlAnswerLike>;

/** A typed answer: `data` has the document's result type, as the schema promises. */
export interface DocumentAnswer<TResult> {
  status: number;
  data: TResult | null;
  errors: GraphqlError[];
}

const printed = new WeakMap<object, { query: string; operationName: string | undefined }>();

/** The request text and operation name of a document, printed once per document. */
export function documentRequest(document: TadaDocumentNode<unknown, unknown>): { query: string; operationName: string | undefined } {
  let request = printed.get(document);
  if (!request) {
    const operation = document.definitions.find((definition) => definition.kind === 'OperationDefinition');
    request = { query: print(document), operationName: operation && 'name' in operation ? operation.name?.value : undefined };
    printed.set(document, request);
  }
  return request;
}

/**
 * Sends a typed document and hands back its typed answer. This is the one place an
 * answer's shape is taken on trust: every document is validated against the committed
 * schema by a unit test, and the API answers by that schema.
 */
export async function sendDocument<TResult, TVariables>(
  send: SendGraphql,
  document: TadaDocumentNode<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [variables?: TVariables] : [variables: TVariables]
): Promise<DocumentAnswer<TResult>> {
  const answer = await send({ ...documentRequest(document as TadaDocumentNode<unknown, unknown>), variables: variables as Record<string, unknown> | undefined });
  return { status: answer.status, data: (answer.body.data ?? null) as TResult | null, errors: answer.body.errors ?? [] };
}
