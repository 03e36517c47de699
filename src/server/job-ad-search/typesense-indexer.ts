import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { company, jobAd } from '../db/schema';
import {
  indexableJobAd,
  JOB_AD_COLLECTION,
  JOB_AD_COLLECTION_SCHEMA,
  searchDocumentColumns,
  STEMMED_FIELDS,
  toSearchDocument,
  type JobAdSearchDocument,
} from './typesense-document';
import { TypesenseError, typesenseCall, typesenseJson, type TypesenseHttp } from './typesense-http';
import { z } from 'zod';

/** The part of Typesense's collection answer read here: its fields' names. */
const collectionFields = z.object({ fields: z.array(z.object({ name: z.string() })) });

export const REINDEX_BATCH_SIZE = 500;
/** An import of a full batch takes longer than a search. */
const IMPORT_TIMEOUT_MS = 60_000;
const WRITE_TIMEOUT_MS = 10_000;
const DOCUMENTS_PATH = `/collections/${JOB_AD_COLLECTION}/documents`;

export interface TypesenseIndexerOptions {
  host: string;
  /** The admin key: every call here writes. */
  apiKey: string;
  fetch?: typeof fetch;
}

export interface ReindexSummary {
  indexed: number;
  total: number;
}

export interface TypesenseIndexer {
  /** Creates the jobAdPublic collection; 'exists' when it already did (409). */
  /** Creates the collection, or adds the fields an earlier release's collection lacks ('updated'). */
  ensureCollection(): Promise<'created' | 'exists' | 'updated'>;
  upsert(document: JobAdSearchDocument): Promise<void>;
  /** Removes a document; removing one that is not there is fine. */
  remove(id: string): Promise<void>;
  /** Puts the ad in step after a write: upserted while it may be found, removed otherwise. */
  sync(db: AppDatabase, id: string, now?: Date): Promise<'upserted' | 'removed'>;
  /** Backfill: every open or scheduled ad, in batches of 500 (`npm run search:reindex`). */
  reindexAll(db: AppDatabase, onProgress?: (done: number, total: number) => void, now?: Date): Promise<ReindexSummary>;
}

const selectDocuments = (db: AppDatabase) =>
  db.select(searchDocumentColumns).from(jobAd).innerJoin(company, eq(company.id, jobAd.publisherCompanyId));

/** Import answers one JSON line per document: {"success":true} or {"success":false,"error":...}. */
function importFailures(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        const result = JSON.parse(line) as { success?: boolean; error?: string; document?: string };
        return result.success ? [] : [`${result.error ?? 'failed'}${result.document ? ` (${result.document.slice(0, 80)})` : ''}`];
      } catch {
        return [`unreadable import answer: ${line.slice(0, 80)}`];
      }
    });
}

/** Keeps the Typesense collection in step with the job_ad table (admin key). */
export function createTypesenseIndexer(options: TypesenseIndexerOptions): TypesenseIndexer {
  const http: TypesenseHttp = { host: options.host, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const key = options.apiKey;

  const indexer: TypesenseIndexer = {
    async ensureCollection() {
      const { status } = await typesenseJson(http, { method: 'POST', path: '/collections', key, body: JOB_AD_COLLECTION_SCHEMA, timeoutMs: WRITE_TIMEOUT_MS }, [409]);
      if (status !== 409) return 'created';
      // A collection made by an earlier release lacks the stemmed fields: they are added, and
      // the reindex that follows fills them (searches fall back to PostgreSQL until then).
      const { json } = await typesenseJson(http, { method: 'GET', path: `/collections/${JOB_AD_COLLECTION}`, key, timeoutMs: WRITE_TIMEOUT_MS });
      const present = new Set(collectionFields.parse(json).fields.map((field) => field.name));
      const missing = STEMMED_FIELDS.filter((field) => !present.has(field.name));
      if (!missing.length) return 'exists';
      await typesenseJson(http, { method: 'PATCH', path: `/collections/${JOB_AD_COLLECTION}`, key, body: { fields: missing }, timeoutMs: IMPORT_TIMEOUT_MS });
      return 'updated';
    },

    async upsert(document) {
      await typesenseJson(http, { method: 'POST', path: DOCUMENTS_PATH, query: new URLSearchParams({ action: 'upsert' }), key, body: document, timeoutMs: WRITE_TIMEOUT_MS });
    },

    async remove(id) {
      await typesenseJson(http, { method: 'DELETE', path: `${DOCUMENTS_PATH}/${encodeURIComponent(id)}`, key, timeoutMs: WRITE_TIMEOUT_MS }, [404]);
    },

    async sync(db, id, now = new Date()) {
      const [row] = await selectDocuments(db).where(and(eq(jobAd.id, id), indexableJobAd(now))).limit(1);
      if (!row) {
        await indexer.remove(id);
        return 'removed';
      }
      await indexer.upsert(toSearchDocument(row));
      return 'upserted';
    },

    async reindexAll(db, onProgress, now = new Date()) {
      await indexer.ensureCollection();
      const [counted] = await db.select({ total: count() }).from(jobAd).innerJoin(company, eq(company.id, jobAd.publisherCompanyId)).where(indexableJobAd(now));
      const total = counted?.total ?? 0;
      onProgress?.(0, total);
      let indexed = 0;
      let after: string | null = null;
      // Keyset pagination by id: stable while ads are added, and no OFFSET rescans.
      for (;;) {
        const rows = await selectDocuments(db)
          .where(after === null ? indexableJobAd(now) : and(indexableJobAd(now), gt(jobAd.id, after)))
          .orderBy(asc(jobAd.id))
          .limit(REINDEX_BATCH_SIZE);
        if (!rows.length) break;
        const body = rows.map((row) => JSON.stringify(toSearchDocument(row))).join('\n');
        const { status, text } = await typesenseCall(http, {
          method: 'POST',
          path: `${DOCUMENTS_PATH}/import`,
          query: new URLSearchParams({ action: 'upsert' }),
          key,
          body,
          timeoutMs: IMPORT_TIMEOUT_MS,
        });
        if (status < 200 || status >= 300) throw new TypesenseError(`Typesense refused the import with ${status}: ${text.slice(0, 200)}`, status);
        const failures = importFailures(text);
        if (failures.length) throw new TypesenseError(`Typesense rejected ${failures.length} of ${rows.length} documents, first: ${failures[0]}`, status);
        indexed += rows.length;
        after = rows.at(-1)!.id;
        // Ads published while reindexing may take the count past the first total.
        onProgress?.(indexed, Math.max(total, indexed));
        if (rows.length < REINDEX_BATCH_SIZE) break;
      }
      return { indexed, total: Math.max(total, indexed) };
    },
  };
  return indexer;
}
