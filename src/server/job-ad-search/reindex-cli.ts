import path from 'node:path';
import { parseArgs } from 'node:util';
import { readEmbeddedDatabase } from '../config';
import { openDatabase } from '../db/client';
import { progressWriter } from '../db/seed/progress-bar';
import { readTypesenseConfig } from './typesense-config';
import { JOB_AD_COLLECTION } from './typesense-document';
import { createTypesenseIndexer } from './typesense-indexer';
import { runCommand } from '../process/command-line';

// `node dist/reindex.mjs`: fills the Typesense collection from the database the server
// uses (same DATABASE_URL / DATA_DIR), from the project root. It migrates nothing: it
// reads a database the server has already set up.

const usage = `Usage: node dist/reindex.mjs

Upserts every open or scheduled job ad into the Typesense collection ${JOB_AD_COLLECTION}
(created if missing), in batches of 500.

Environment:
  TYPESENSE_HOST      Typesense URL, e.g. http://localhost:8108 (required)
  TYPESENSE_API_KEY   admin key, needed to write (required)
  DATABASE_URL        PostgreSQL connection string (unset: the embedded database)
  DATA_DIR            where the embedded database keeps its files (default .data)
  EMBEDDED_DATABASE   pglite or postgres, as for the server
`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h', default: false } }, strict: true, allowPositionals: false });
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
  const config = readTypesenseConfig(process.env);
  if (!config) {
    process.stderr.write(
      'reindex: TYPESENSE_HOST is not set, so search runs on PostgreSQL and there is no Typesense collection to fill.\n' +
        'Set TYPESENSE_HOST and TYPESENSE_API_KEY to reindex.\n\n' +
        usage,
    );
    return 1;
  }
  if (!config.apiKey) {
    process.stderr.write('reindex: TYPESENSE_API_KEY is not set; writing to the collection needs the admin key, not the search key.\n');
    return 1;
  }
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || '.data');
  const database = await openDatabase({ databaseUrl, dataDir, embedded: readEmbeddedDatabase(process.env) });
  const progress = progressWriter(process.stderr);
  try {
    const started = Date.now();
    process.stderr.write(`Reindexing job ads into ${config.host}/collections/${JOB_AD_COLLECTION}\n`);
    const indexer = createTypesenseIndexer({ host: config.host, apiKey: config.apiKey });
    const summary = await indexer.reindexAll(database.db, (done, total) => progress.update('job ads', done, total));
    progress.finish();
    process.stdout.write(`Indexed ${summary.indexed} job ads in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return 0;
  } finally {
    progress.finish();
    await database.close();
  }
}

runCommand('reindex', main);
