import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { withoutSequentialScans } from '../../../src/server/db/without-sequential-scans';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';

// The talent search reads the matches past its walked profiles through its indexes
// (withoutSequentialScans): the setting holds inside that read's transaction alone.

describeEachDatabase('a read without sequential scans', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const setting = async (reader: Database['db']) => (await reader.execute<{ enable_seqscan: string }>(sql`show enable_seqscan`)).rows[0]!.enable_seqscan;

  it('plans its statements without one, and leaves the connection as it was, after an error too', async () => {
    expect(await withoutSequentialScans(database.db, setting)).toBe('off');
    expect(await setting(database.db)).toBe('on');
    await expect(withoutSequentialScans(database.db, async (reader) => reader.execute(sql`select 1 / 0`))).rejects.toThrow();
    expect(await setting(database.db)).toBe('on');
  });
});
