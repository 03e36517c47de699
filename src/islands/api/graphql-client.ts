import { nanoquery } from '@nanostores/query';
import type { TadaDocumentNode } from 'gql.tada';
import { ClientError, GraphQLClient } from 'graphql-request';
import { documentRequest } from '../../lib/graphql/send-document';
import { ERROR_TOAST_AUTO_HIDE_MS, errorToastMessage } from '../../lib/notifications/toast-policy';
import { showToast } from '../stores/toasts';
import { errorMessage } from '../../lib/text/error-message';

/** The BFF's GraphQL proxy: islands never see a token, the session cookie goes along. */
const PROXY_PATH = '/api/graphql';
const CSRF_HEADER = 'x-tp-csrf';

/** The session's anti-forgery token from the page; absent for guests. */
function csrfToken(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

let client: GraphQLClient | null = null;
function graphqlClient(): GraphQLClient {
  client ??= new GraphQLClient(new URL(PROXY_PATH, window.location.origin).href, {
    credentials: 'same-origin',
    // Read per request: a page that signs in or out without reloading gets the new token.
    headers: () => {
      const token = csrfToken();
      return token ? { [CSRF_HEADER]: token } : ({} as Record<string, string>);
    },
  });
  return client;
}

/**
 * The error catalogue's "HTTP statuses": an answer without GraphQL errors still says what went wrong,
 * e.g. 'Response not successful: Received status code 502'.
 */
function describe(error: unknown): unknown {
  if (error instanceof ClientError && !error.response.errors?.length) {
    return new Error(`Response not successful: Received status code ${error.response.status}`);
  }
  return error;
}

export interface QueryOptions {
  /** The error catalogue: the caller may turn the error toast off. */
  showErrors?: boolean;
}

/** Thrown for a query that needs a user while nobody is signed in (it is never sent). */
class SignedOutError extends Error {
  constructor() {
    super('Sign in to see this');
    this.name = 'SignedOutError';
  }
}

/**
 * A query: skipped when it needs a user and nobody is signed in; a failure shows the error
 * toast of the error catalogue (first GraphQL message, else the error's, cut to 300 characters, 3 s;
 * never for 'timestamp check failed' or when the caller turned errors off). Takes the
 * printed text: the cached stores key on it.
 */
async function queryText<T>(text: string, variables: Record<string, unknown>, options: QueryOptions & { needsUser?: boolean }): Promise<T> {
  if (options.needsUser !== false && !csrfToken()) throw new SignedOutError();
  try {
    return await graphqlClient().request<T>(text, variables);
  } catch (raw) {
    const error = describe(raw);
    const message = errorToastMessage(error, { showErrors: options.showErrors });
    if (message) showToast('error', message, { autoHideMs: ERROR_TOAST_AUTO_HIDE_MS });
    throw error;
  }
}

/**
 * A mutation: the server's errors are combined into one error, handed to `onError` when
 * given, otherwise thrown (the error catalogue's "Mutation errors").
 */
export async function mutate<TResult, TVariables>(
  document: TadaDocumentNode<TResult, TVariables>,
  variables: TVariables,
  options: { onError?: (error: Error) => void } = {},
): Promise<TResult | null> {
  try {
    return await graphqlClient().request<TResult>(documentRequest(document as TadaDocumentNode<unknown, unknown>).query, variables as Record<string, unknown>);
  } catch (raw) {
    const described = describe(raw);
    const messages = raw instanceof ClientError && raw.response.errors?.length ? raw.response.errors.map((item) => item.message) : [errorMessage(described)];
    const combined = new Error(messages.join('\n'));
    if (options.onError) {
      options.onError(combined);
      return null;
    }
    throw combined;
  }
}

/**
 * Cached queries for islands (@nanostores/query): a store keyed by document and variables
 * shows what it has at once and refreshes it in the background, the spec's
 * cache-and-network policy. The keys are strings: the printed document, the variables as
 * JSON and whether the query is public.
 */
const [createQueryStore] = nanoquery({
  fetcher: (...keys) => {
    const [text, variables, publicQuery] = keys as [string, string, string];
    return queryText(text, JSON.parse(variables) as Record<string, unknown>, { needsUser: publicQuery !== 'public' });
  },
  dedupeTime: 30_000,
});

/**
 * A cached store of a typed query (see createQueryStore): the same document and variables
 * share one cache entry, and the store's data has the document's result type.
 */
export function createDocumentStore<TResult, TVariables>(document: TadaDocumentNode<TResult, TVariables>, variables: TVariables, options: { publicQuery?: boolean } = {}) {
  const { query: text } = documentRequest(document as TadaDocumentNode<unknown, unknown>);
  return createQueryStore<TResult>([text, JSON.stringify(variables), options.publicQuery ? 'public' : 'user']);
}
