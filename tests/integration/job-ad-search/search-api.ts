import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { createApi, type Api } from '../../../src/server/api/yoga';
import type { AppDatabase, Database } from '../../../src/server/db/client';
import * as schema from '../../../src/server/db/schema';
import type { JobSearch } from '../../../src/server/job-ad-search/job-search';
import type { GraphqlBody } from '../../support/api-harness';

export interface SearchApi {
  api: Api;
  /** The database the API uses, logging every statement into `statements`. */
  db: AppDatabase;
  statements: string[];
  call(query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: GraphqlBody }>;
}

/**
 * A second drizzle instance over the test database's own connection, with a logger, so
 * a test can count the statements one GraphQL call runs (the N+1 check).
 */
export function loggingDatabase(database: Database, statements: string[]): AppDatabase {
  const logger = { logQuery: (query: string) => statements.push(query) };
  return (database.kind === 'pglite' ? drizzlePglite({ client: database.client, schema, logger }) : drizzleNodePostgres({ client: database.pool, schema, logger })) as AppDatabase;
}

/** The API as guests call it (no token), over a logging database; search on PostgreSQL unless given. */
export function startSearchApi(database: Database, options: { jobSearch?: (db: AppDatabase) => JobSearch } = {}): SearchApi {
  const statements: string[] = [];
  const db = loggingDatabase(database, statements);
  const api = createApi({
    db,
    path: '/graphql',
    production: false,
    // Public operations never verify a token, so the issuer is never contacted.
    auth: { issuer: 'https://issuer.invalid', audience: 'https://api.talentplace.test', rolesClaim: 'roles', adminRole: 'admin', impersonateRole: 'impersonate', jwksUri: 'https://issuer.invalid/jwks' },
    ...(options.jobSearch ? { jobSearch: options.jobSearch(db) } : {}),
  });
  return {
    api,
    db,
    statements,
    async call(query, variables = {}) {
      const response = await api.fetch('http://api.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, body: (await response.json()) as GraphqlBody };
    },
  };
}
