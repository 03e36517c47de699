import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** As Node reads them: names lower-cased. */
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StubSearchHit {
  id: string;
  title?: string;
}

export interface TypesenseStub {
  /** Base URL to pass as the Typesense host. */
  url: string;
  requests: RecordedRequest[];
  /** What searches answer: these hits, and `found` (defaults to the number of hits). */
  searchResult: { hits: StubSearchHit[]; found?: number };
  /** Answer POST /collections with 409, as Typesense does for an existing collection. */
  collectionExists: boolean;
  /** The existing collection's fields, as GET /collections/<name> answers them; PATCH adds to them. */
  collectionFields: Array<{ name: string }>;
  /** When set, every request is answered with this status (e.g. 503) and a Typesense-style error. */
  failWith: number | null;
  /** Documents received by upserts and imports, by id. */
  documents: Map<string, Record<string, unknown>>;
  reset(): void;
  stop(): Promise<void>;
}

const COLLECTION_PATH = /^\/collections\/([^/]+)\/documents(?:\/(import|search|([^/]+)))?$/;

/**
 * A stand-in Typesense server on 127.0.0.1 (Typesense itself cannot run here): it
 * records every request exactly as it arrives and answers with Typesense-shaped JSON.
 */
export async function startTypesenseStub(): Promise<TypesenseStub> {
  const stub: TypesenseStub = {
    url: '',
    requests: [],
    searchResult: { hits: [] },
    collectionExists: false,
    collectionFields: [],
    failWith: null,
    documents: new Map(),
    reset() {
      stub.requests = [];
      stub.searchResult = { hits: [] };
      stub.collectionExists = false;
      stub.collectionFields = [];
      stub.failWith = null;
      stub.documents = new Map();
    },
    stop: async () => {},
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      stub.requests.push(recorded);
      const send = (status: number, payload: unknown, contentType = 'application/json') => {
        res.writeHead(status, { 'content-type': contentType });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (stub.failWith !== null) return send(stub.failWith, { message: 'Not Ready or Lagging' });
      if (recorded.method === 'GET' && recorded.path === '/health') return send(200, { ok: true });

      if (recorded.method === 'POST' && recorded.path === '/collections') {
        if (stub.collectionExists) return send(409, { message: 'A collection with name `jobAdPublic` already exists.' });
        stub.collectionExists = true;
        const created = JSON.parse(body) as { fields: Array<{ name: string }> };
        stub.collectionFields = created.fields;
        return send(201, { ...created, num_documents: 0, created_at: 0 });
      }
      const collection = /^\/collections\/([^/]+)$/.exec(recorded.path);
      if (collection && stub.collectionExists && recorded.method === 'GET') return send(200, { name: collection[1], fields: stub.collectionFields, num_documents: stub.documents.size });
      if (collection && stub.collectionExists && recorded.method === 'PATCH') {
        const added = (JSON.parse(body) as { fields: Array<{ name: string }> }).fields;
        // As Typesense: a field already in the schema cannot be added again.
        const clash = added.find((field) => stub.collectionFields.some((existing) => existing.name === field.name));
        if (clash) return send(400, { message: `Field \`${clash.name}\` is already part of the schema.` });
        stub.collectionFields = [...stub.collectionFields, ...added];
        return send(200, { fields: added });
      }
      const match = COLLECTION_PATH.exec(recorded.path);
      if (!match) return send(404, { message: 'Not Found' });
      const [, , action, documentId] = match;
      if (recorded.method === 'GET' && action === 'search') {
        const { hits, found } = stub.searchResult;
        return send(200, {
          found: found ?? hits.length,
          out_of: stub.documents.size,
          page: Number(recorded.query.page ?? 1),
          search_time_ms: 0,
          request_params: { collection_name: match[1], per_page: Number(recorded.query.per_page ?? 10), q: recorded.query.q },
          hits: hits.map((document) => ({ document, highlights: [], text_match: 0 })),
        });
      }
      if (recorded.method === 'POST' && action === 'import') {
        const lines = body.split('\n').filter(Boolean);
        for (const line of lines) {
          const document = JSON.parse(line) as Record<string, unknown>;
          stub.documents.set(String(document.id), document);
        }
        return send(200, lines.map(() => JSON.stringify({ success: true })).join('\n'), 'text/plain');
      }
      if (recorded.method === 'POST' && action === undefined) {
        const document = JSON.parse(body) as Record<string, unknown>;
        stub.documents.set(String(document.id), document);
        return send(201, document);
      }
      if (recorded.method === 'DELETE' && documentId) {
        const document = stub.documents.get(documentId);
        if (!document) return send(404, { message: `Could not find a document with id: ${documentId}` });
        stub.documents.delete(documentId);
        return send(200, document);
      }
      return send(404, { message: 'Not Found' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.url = `http://127.0.0.1:${port}`;
  let stopping: Promise<void> | null = null;
  stub.stop = () =>
    (stopping ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // Keep-alive connections from fetch would hold close() open.
      server.closeAllConnections();
    }));
  return stub;
}
