import type { AppDatabase } from '../db/client';
import { readTypesenseConfig } from './typesense-config';
import { createTypesenseIndexer } from './typesense-indexer';
import { errorMessage } from '../../lib/text/error-message';

/**
 * Keeps the search in step with a job ad after a write (publishing is seen at
 * once). PostgreSQL search reads the job_ad table itself, so it needs nothing; Typesense
 * holds a copy, which is upserted or removed here. Called after the write's transaction
 * has committed, so the copy is taken from what is stored. A failure is logged, never
 * thrown: the write stands, and `npm run search:reindex` (or the next write) catches up.
 */
export interface JobAdIndex {
  follow(jobAdId: string): Promise<void>;
}

/** For PostgreSQL search, and for an API with a search-only Typesense key. */
export const TABLE_IS_THE_INDEX: JobAdIndex = { follow: async () => {} };

export interface CreateJobAdIndexOptions {
  db: AppDatabase;
  env: Record<string, string | undefined>;
  log: (message: string) => void;
  fetch?: typeof fetch;
}

export function createJobAdIndex({ db, env, log, fetch }: CreateJobAdIndexOptions): JobAdIndex {
  const typesense = readTypesenseConfig(env);
  if (!typesense) return TABLE_IS_THE_INDEX;
  if (!typesense.apiKey) {
    log('search: TYPESENSE_API_KEY is not set, so job ad writes cannot update Typesense; run `npm run search:reindex` after changes');
    return TABLE_IS_THE_INDEX;
  }
  const indexer = createTypesenseIndexer({ host: typesense.host, apiKey: typesense.apiKey, ...(fetch ? { fetch } : {}) });
  return {
    async follow(jobAdId) {
      try {
        await indexer.sync(db, jobAdId);
      } catch (error) {
        log(`search: job ad ${jobAdId} could not be updated in Typesense (${errorMessage(error)}); the next write or a reindex brings it in step`);
      }
    },
  };
}
