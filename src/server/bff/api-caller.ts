import { answerInProcess, type Api } from '../api/yoga';
import { inRequestLanguage } from '../api/request-language';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-id';
import { traceCarrier } from '../tracing/spans';
import type { GraphQLParams } from 'graphql-yoga';

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
export type GraphqlFiles = Record<string, File | readonly File[]>;

/**
 * A multipart/form-data body of the GraphQL multipart request spec: the operation with
 * its file variables set to null (a list variable, to a null per file), a map from part
 * names to those variables, the files.
 */
function multipartBody(body: GraphqlRequestBody, files: GraphqlFiles): FormData {
  const variables: Record<string, unknown> = { ...body.variables };
  const map: Record<string, string[]> = {};
  const parts: File[] = [];
  for (const [variable, value] of Object.entries(files)) {
    if (Array.isArray(value)) {
      variables[variable] = value.map(() => null);
      (value as readonly File[]).forEach((file, index) => {
        map[String(parts.length)] = [`variables.${variable}.${index}`];
        parts.push(file);
      });
    } else {
      variables[variable] = null;
      map[String(parts.length)] = [`variables.${variable}`];
      parts.push(value as File);
    }
  }
  const form = new FormData();
  form.set('operations', JSON.stringify({ ...body, variables }));
  form.set('map', JSON.stringify(map));
  parts.forEach((file, index) => form.set(String(index), file, file.name));
  return form;
}

/**
 * Calls the GraphQL API: in-process when it runs here, or over HTTP to GRAPHQL_URL. Either
 * way the API gets what an external client would send (the same JSON body, headers and
 * token) and answers with the same status and body. In-process, an operation skips the
 * HTTP shape (answerInProcess): a request and a response built, a body written and read
 * back, 0.15 to 0.5 ms of CPU per call, and a signed-in page makes two to four calls.
 * Uploads still go through yoga's fetch, whose multipart parser reads the files.
 */
export function createApiCaller(options: { api: Api | null; url: string | null; path: string }) {
  const target = options.url ?? `http://in-process${options.path}`;
  const api = options.api && !options.url ? options.api : null;

  return async function callApi(body: GraphqlRequestBody, headers: Headers, signal?: AbortSignal, files?: GraphqlFiles): Promise<GraphqlAnswer> {
    let payload: string | FormData = JSON.stringify(body);
    let response: Response;
    if (api && !files) {
      // The params are what the API would parse from this JSON body: undefined variables
      // left out, dates as text, exactly as over HTTP.
      response = await answerInProcess(api, JSON.parse(payload) as GraphQLParams, new Request(target, { method: 'POST', headers, signal }));
    } else {
      if (files) {
        payload = multipartBody(body, files);
        // The multipart content type carries its boundary: fetch sets it from the body.
        headers.delete('content-type');
      }
      // A remote API writes its lines under this request's id, and its spans in this trace
      // (it keeps both when it trusts its callers: TRUSTED_PROXY_HOPS).
      const requestId = currentRequestId();
      if (requestId && !api) headers.set(REQUEST_ID_HEADER, requestId);
      const { traceparent } = traceCarrier();
      if (traceparent && !api) headers.set('traceparent', traceparent);
      const request = new Request(target, { method: 'POST', headers, body: payload, signal });
      response = await (api ? inRequestLanguage(headers.get('accept-language'), () => api.fetch(request)) : fetch(request));
    }
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
