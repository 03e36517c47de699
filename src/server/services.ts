import type { AppConfig } from './config';
import type { ReadinessCheck } from './http/health';
import type { LegalDocuments } from './legal/legal-documents';
import { createLegalDocuments } from './legal/legal-documents';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { createApi, type Api } from './api/yoga';

/**
 * The single instances this process owns. Created once by main.ts and handed to Astro
 * as `locals.services`; pages import only the types.
 */
export interface AppServices {
  config: AppConfig;
  legal: LegalDocuments;
}

export interface OwnedServices {
  services: AppServices;
  /** The in-process GraphQL API; null when GRAPHQL_URL points at an external one. */
  api: Api | null;
  database: Database;
  readiness: ReadinessCheck[];
  close: () => Promise<void>;
}

type Log = (message: string) => void;

export async function createServices(config: AppConfig, log: Log): Promise<OwnedServices> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  log(`database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'} ready`);

  const api = config.graphql.url
    ? null
    : createApi({
        db: database.db,
        path: config.graphql.path,
        production: config.production,
        auth: {
          issuer: config.auth.issuer,
          audience: config.auth.audience,
          rolesClaim: config.auth.rolesClaim,
          adminRole: config.auth.adminRole,
          impersonateRole: config.auth.impersonateRole,
        },
      });

  return {
    services: { config, legal: createLegalDocuments(config.legalDocsDir) },
    api,
    database,
    readiness: [{ name: 'database', check: () => database.ping() }],
    close: () => database.close(),
  };
}
