import type { AppDatabase } from '../db/client';
import type { JobSearch } from './job-search';
import { createPostgresJobSearch } from './postgres-job-search';
import { readTypesenseConfig } from './typesense-config';
import { createTypesenseJobSearch } from './typesense-job-search';

export interface CreateJobSearchOptions {
  db: AppDatabase;
  /** Reads TYPESENSE_HOST, TYPESENSE_API_KEY, TYPESENSE_SEARCH_KEY. */
  env: Record<string, string | undefined>;
  log: (message: string) => void;
}

/**
 * The job search the configuration asks for: Typesense when TYPESENSE_HOST is set (with
 * PostgreSQL standing in whenever it fails), else PostgreSQL. Throws ConfigError for a
 * Typesense host without a usable key.
 */
export function createJobSearch({ db, env, log }: CreateJobSearchOptions): JobSearch {
  const postgres = createPostgresJobSearch(db);
  const typesense = readTypesenseConfig(env);
  if (!typesense) return postgres;
  return createTypesenseJobSearch({ host: typesense.host, searchKey: typesense.searchKey, fallback: postgres, log });
}
