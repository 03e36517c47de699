import path from 'node:path';
import { parseArgs } from 'node:util';
import { readEmbeddedDatabase } from '../../config';
import { openDatabase } from '../client';
import { migrate } from '../migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { DEFAULT_JOB_ADS, DEFAULT_TALENTS, isDatabaseEmpty, MIN_JOB_ADS, MIN_TALENTS, seedDemoData, type SeedSummary } from './demo-seed';
import { progressWriter } from './progress-bar';
import { scaledLargeTenant, seedLargeTenant } from './large-tenant';
import { runCommand } from '../../process/command-line';

// `node dist/seed.mjs [options]`: seeds the demo data into the database the server
// would use (same DATABASE_URL / DATA_DIR defaults), from the project root.

const usage = `Usage: node dist/seed.mjs [options]

Seeds the deterministic demo data (demo accounts, companies, job ads, talents, billing).

Options:
  --job-ads N          published job ads (default ${DEFAULT_JOB_ADS}, at least ${MIN_JOB_ADS})
  --talents N          talent profiles besides the demo talent (default ${DEFAULT_TALENTS}, at least ${MIN_TALENTS})
  --large-tenant       then grow Northwind Labs into a large tenant: 300 job ads, 100,000
                       applications (20,000 on one ad), 500 members, 10,000 roster entries,
                       1,000,000 event rows, 1,000 assignments with 60,000 monthly billings and
                       their invoices, and 300,000 ledger entries, over five years; and
                       1,000,000 other talent profiles for the talent search
                       (docs/benchmarks.md, "A large tenant")
  --large-tenant-scale F  the large tenant scaled by F (0.01: a hundredth; default 1)
  --database-url URL   PostgreSQL connection string (default: DATABASE_URL; unset: the embedded database)
  --data-dir DIR       where the embedded database keeps its files (default: DATA_DIR, else .data);
                       EMBEDDED_DATABASE=pglite|postgres as for the server
  --force              seed even though the database already has users or identity accounts
  -h, --help           show this help
`;

class UsageError extends Error {}

function countOption(value: string | undefined, name: string, minimum: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < minimum || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${name} needs a whole number of at least ${minimum}, got "${value}"`);
  }
  return Number(value);
}

function scaleOption(value: string | undefined): number {
  if (value === undefined) return 1;
  const scale = Number(value);
  if (!(scale > 0 && scale <= 10)) throw new UsageError(`--large-tenant-scale needs a number above 0 and at most 10, got "${value}"`);
  return scale;
}

function describeTarget(databaseUrl: string | null, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}`;
  try {
    const url = new URL(databaseUrl);
    // Never echo credentials.
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

function printSummary(summary: SeedSummary): void {
  const { jobAds } = summary;
  const lines = [
    `Seeded the demo data in ${(summary.durationMs / 1000).toFixed(1)} s: ${jobAds.published} published job ads ` +
      `(${jobAds.open} open, ${jobAds.expired} expired), ${jobAds.drafts} drafts, ${summary.talents} talents.`,
    '',
    'Rows inserted per table:',
    ...Object.entries(summary.counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([table, rows]) => `  ${table.padEnd(30)} ${String(rows).padStart(8)}`),
    '',
    `Demo accounts (password "${DEMO_PASSWORD}"):`,
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(22)} ${account.description}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(argv: string[]): Promise<number> {
  let options;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        'job-ads': { type: 'string' },
        talents: { type: 'string' },
        'large-tenant': { type: 'boolean', default: false },
        'large-tenant-scale': { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      process.stdout.write(usage);
      return 0;
    }
    options = {
      jobAds: countOption(values['job-ads'], '--job-ads', MIN_JOB_ADS),
      talents: countOption(values.talents, '--talents', MIN_TALENTS),
      largeTenant: values['large-tenant'] || values['large-tenant-scale'] !== undefined ? scaleOption(values['large-tenant-scale']) : null,
      databaseUrl: values['database-url']?.trim() || process.env.DATABASE_URL?.trim() || null,
      dataDir: path.resolve(values['data-dir']?.trim() || process.env.DATA_DIR?.trim() || '.data'),
      force: values.force,
    };
  } catch (error) {
    process.stderr.write(`seed: ${(error as Error).message}\n\n${usage}`);
    return 2;
  }

  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, embedded: readEmbeddedDatabase(process.env) });
  try {
    await migrate(database);
    if (!options.force && !(await isDatabaseEmpty(database.db))) {
      process.stderr.write(
        `seed: ${describeTarget(options.databaseUrl, options.dataDir)} already has users or identity accounts; nothing was seeded.\n` +
          'Use an empty database (another --data-dir, or another DATABASE_URL), or pass --force to add the demo data anyway.\n',
      );
      return 1;
    }
    process.stderr.write(`Seeding ${describeTarget(options.databaseUrl, options.dataDir)}\n`);
    const progress = progressWriter(process.stderr);
    try {
      const summary = await seedDemoData(database.db, {
        ...(options.jobAds !== undefined ? { jobAds: options.jobAds } : {}),
        ...(options.talents !== undefined ? { talents: options.talents } : {}),
        onProgress: (step, done, total) => progress.update(step, done, total),
      });
      progress.finish();
      printSummary(summary);
      if (options.largeTenant !== null) {
        const started = performance.now();
        const tenant = await seedLargeTenant(database.db, { ...scaledLargeTenant(options.largeTenant), onProgress: (step, done, total) => progress.update(step, done, total) });
        progress.finish();
        process.stdout.write(
          `\nLarge tenant (Northwind Labs) in ${((performance.now() - started) / 1000).toFixed(1)} s:\n${Object.entries(tenant.counts)
            .map(([table, rows]) => `  ${table.padEnd(30)} ${String(rows).padStart(8)}`)
            .join('\n')}\nSteps: ${Object.entries(tenant.stepMs)
            .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
            .join(', ')}\n`,
        );
      }
    } finally {
      progress.finish();
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('seed', main);
