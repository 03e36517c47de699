import type { Api } from '../api/yoga';

export interface GraphqlRequestBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string | null;
}

export interface GraphqlAnswer {
  status: number;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

/**
 * Calls the GraphQL API: in-process through yoga's fetch when it runs here, or over HTTP
 * to GRAPHQL_URL. Either way it is the same request an external client would send.
 */
export function createApiCaller(options: { api: Api | null; url: string | null; path: string }) {
  const target = options.url ?? `http://in-process${options.path}`;
  const send = (request: Request) => (options.api && !options.url ? options.api.fetch(request) : fetch(request));

  return async function callApi(body: GraphqlRequestBody, headers: Headers, signal?: AbortSignal): Promise<GraphqlAnswer> {
    const response = await send(new Request(target, { method: 'POST', headers, body: JSON.stringify(body), signal }));
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as GraphqlAnswer['body'] };
    } catch {
      return { status: 502, body: { errors: [{ message: `Response not successful: Received status code ${response.status}` }] } };
    }
  };
}

export type ApiCaller = ReturnType<typeof createApiCaller>;
