// What the scale benchmarks share: a throwaway database (a PGlite directory or the embedded
// PostgreSQL server's DATA_DIR under the temp directory, or a new database on a PostgreSQL
// server, dropped afterwards) and the timing
// of a call: 3 untimed runs, then N timed ones, as p50, p95 and max.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client';

export interface Throwaway {
  database: Database;
  /** Closes the database and removes it, unless kept (then says where it is). */
  dispose(keep: boolean, log: (line: string) => void): Promise<void>;
}

export async function openThrowawayDatabase(options: { pglite: boolean; embedded?: boolean; postgres?: string; prefix: string }): Promise<Throwaway> {
  if (options.pglite || options.embedded) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `${options.prefix}-`));
    // The embedded server as `npm start` runs it (its own process, stopped on close).
    const database = await openDatabase({ dataDir, embedded: options.embedded ? 'postgres' : 'pglite' });
    return {
      database,
      async dispose(keep, log) {
        await database.close();
        if (keep) log(`kept: ${dataDir}`);
        else await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = new URL(options.postgres!);
  const databaseName = `${options.prefix.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: serverUrl.href, dataDir: os.tmpdir() });
  try {
    await admin.db.execute(sql.raw(`create database ${databaseName}`));
  } finally {
    await admin.close();
  }
  const database = await openOnServer(serverUrl.href, databaseName);
  return {
    database,
    async dispose(keep, log) {
      await database.close();
      if (keep) {
        log(`kept: ${databaseName}`);
        return;
      }
      const cleanup = await openDatabase({ databaseUrl: serverUrl.href, dataDir: os.tmpdir() });
      try {
        await cleanup.db.execute(sql.raw(`drop database if exists ${databaseName}`));
      } finally {
        await cleanup.close();
      }
    },
  };
}

/** A database an earlier run kept (--keep) on the PostgreSQL server of `postgres`, reused as it is and kept. */
export async function openKeptDatabase(postgres: string, databaseName: string): Promise<Throwaway> {
  const database = await openOnServer(postgres, databaseName);
  return {
    database,
    async dispose(_keep, log) {
      await database.close();
      log(`kept: ${databaseName}`);
    },
  };
}

/** The database `databaseName` of the PostgreSQL server `postgres` names. */
function openOnServer(postgres: string, databaseName: string): Promise<Database> {
  const url = new URL(postgres);
  url.pathname = `/${databaseName}`;
  return openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() });
}

export interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
  result: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function time(name: string, iterations: number, run: () => Promise<string>): Promise<Timing> {
  let result = '';
  for (let i = 0; i < 3; i += 1) result = await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { name, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1)!, result };
}

/** The timings as the Markdown table docs/benchmarks.md records. */
export function timingTable(timings: readonly Timing[]): string {
  const ms = (value: number) => value.toFixed(1).padStart(8);
  return [`| case | p50 ms | p95 ms | max ms | result |`, `|---|---:|---:|---:|---|`, ...timings.map((timing) => `| ${timing.name} | ${ms(timing.p50)} | ${ms(timing.p95)} | ${ms(timing.max)} | ${timing.result} |`)].join('\n');
}
