import { Faker, base, en } from '@faker-js/faker';
import { getTableName } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../client';
import type { SeededAccounts } from './accounts';
import type { SeededCompanies } from './companies';
import type { SeededJobs } from './jobs';
import type { SeededTalents } from './talents';

/** Same seed, same data: titles, names and amounts come out identical on every run. */
export const SEED = 20231;
/** faker's own "now" (dates it makes without an explicit reference); fixed for the same reason. */
export const FAKER_REFERENCE_DATE = '2026-11-01T00:00:00Z';
/** Rows per INSERT: ~20-40 columns each stays far below PostgreSQL's 65,535 parameters. */
export const CHUNK_SIZE = 500;

export type SeedTx = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

export type SeedStep =
  | 'catalog'
  | 'accounts'
  | 'companies'
  | 'job descriptions'
  | 'job ads'
  | 'talents'
  | 'activity'
  | 'demo talent'
  | 'events';

/** What the first steps seeded: the activity steps (marketplace, demo talent, demo billing) build on it. */
export interface SeededBase {
  accounts: SeededAccounts;
  companies: SeededCompanies;
  jobs: SeededJobs;
  talents: SeededTalents;
}

export type ProgressListener = (step: SeedStep, done: number, total: number) => void;

export interface SeedContext {
  faker: Faker;
  /**
   * Real time of the run. Publication windows, billing months and activity are placed
   * relative to it so that the demo looks current whenever it is seeded; only the
   * offsets come from faker.
   */
  now: Date;
  /** Rows inserted per table (SQL table name). */
  counts: Record<string, number>;
  progress: ProgressListener;
}

export function createSeedFaker(): Faker {
  // A private instance: the shared `faker` may be reseeded or consumed by other code
  // in the same process, which would change what this seed produces.
  const faker = new Faker({ locale: [en, base] });
  faker.seed(SEED);
  faker.setDefaultRefDate(FAKER_REFERENCE_DATE);
  return faker;
}

export function createSeedContext(now: Date, progress: ProgressListener = () => {}): SeedContext {
  return { faker: createSeedFaker(), now, counts: {}, progress };
}

function count(ctx: SeedContext, table: PgTable, rows: number): void {
  const name = getTableName(table);
  ctx.counts[name] = (ctx.counts[name] ?? 0) + rows;
}

/** Inserts `rows` in chunks of CHUNK_SIZE; `onChunk` gets the running number inserted. */
export async function insertRows<TTable extends PgTable>(
  ctx: SeedContext,
  tx: SeedTx,
  table: TTable,
  rows: readonly PgInsertValue<TTable>[],
  onChunk?: (inserted: number) => void,
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const chunk = rows.slice(start, start + CHUNK_SIZE);
    await tx.insert(table).values(chunk);
    count(ctx, table, chunk.length);
    onChunk?.(start + chunk.length);
  }
}

/**
 * Builds and inserts `total` rows a chunk at a time, so that a 100,000-row step never
 * holds more than one chunk of generated text in memory.
 */
export async function insertGenerated<TTable extends PgTable>(
  ctx: SeedContext,
  tx: SeedTx,
  table: TTable,
  total: number,
  build: (index: number) => PgInsertValue<TTable>,
  onChunk?: (inserted: number) => void,
): Promise<void> {
  for (let start = 0; start < total; start += CHUNK_SIZE) {
    const end = Math.min(start + CHUNK_SIZE, total);
    const chunk: PgInsertValue<TTable>[] = [];
    for (let index = start; index < end; index += 1) chunk.push(build(index));
    await tx.insert(table).values(chunk);
    count(ctx, table, chunk.length);
    onChunk?.(end);
  }
}

/** Counts rows a step inserted itself (e.g. with ON CONFLICT DO NOTHING ... RETURNING). */
export function recordInserted(ctx: SeedContext, table: PgTable, rows: number): void {
  count(ctx, table, rows);
}
