import type { Api } from '../api/yoga';

export interface GraphqlRequestBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string | null;
}

export interface GraphqlAnswer {
  status: number;
  /** Retry-After of a 429 or 503, passed on to the browser. */
  headers?: { 'retry-after': string };
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

/** Files for an operation's variables of type File, by variable name. */
export type GraphqlFiles = Record<string, File>;

/**
 * A multipart/form-data body of the GraphQL multipart request spec: the operation with
 * its file variables set to null, a map from part names to those variables, the files.
 */
function multipartBody(body: GraphqlRequestBody, files: GraphqlFiles): FormData {
  const variables: Record<string, unknown> = { ...body.variables };
  const map: Record<string, string[]> = {};
  const entries = Object.entries(files);
  entries.forEach(([variable], index) => {
    variables[variable] = null;
    map[String(index)] = [`variables.${variable}`];
  });
  const form = new FormData();
  form.set('operations', JSON.stringify({ ...body, variables }));
  form.set('map', JSON.stringify(map));
  entries.forEach(([, file], index) => form.set(String(index), file, file.name));
  return form;
}

/**
 * Calls the GraphQL API: in-process through yoga's fetch when it runs here, or over HTTP
 * to GRAPHQL_URL. Either way it is the same request an external client would send.
 */
export function createApiCaller(options: { api: Api | null; url: string | null; path: string }) {
  const target = options.url ?? `http://in-process${options.path}`;
  const send = (request: Request) => (options.api && !options.url ? options.api.fetch(request) : fetch(request));

  return async function callApi(body: GraphqlRequestBody, headers: Headers, signal?: AbortSignal, files?: GraphqlFiles): Promise<GraphqlAnswer> {
    let payload: string | FormData = JSON.stringify(body);
    if (files) {
      payload = multipartBody(body, files);
      // The multipart content type carries its boundary: fetch sets it from the body.
      headers.delete('content-type');
    }
    const response = await send(new Request(target, { method: 'POST', headers, body: payload, signal }));
    const text = await response.text();
    try {
      const retryAfter = response.headers.get('retry-after');
      return { status: response.status, ...(retryAfter ? { headers: { 'retry-after': retryAfter } } : {}), body: JSON.parse(text) as GraphqlAnswer['body'] };
    } catch {
      return { status: 502, body: { errors: [{ message: `Response not successful: Received status code ${response.status}` }] } };
    }
  };
}

export type ApiCaller = ReturnType<typeof createApiCaller>;
