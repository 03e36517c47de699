import { sql } from 'drizzle-orm';
import type { AppDatabase } from './client';

/**
 * Runs `read` in a transaction whose statements the planner answers without a sequential scan
 * wherever an index can serve (enable_seqscan off, for that transaction alone). For a read
 * whose rule is to go through indexes, where a scan that stops early looks cheaper to the
 * planner but reads a large table through a small ring of buffers, every time from the
 * operating system (talent-search.ts).
 */
export function withoutSequentialScans<Result>(db: AppDatabase, read: (reader: AppDatabase) => Promise<Result>): Promise<Result> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx);
  });
}
