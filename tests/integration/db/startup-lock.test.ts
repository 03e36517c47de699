import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { SEED_LOCK_KEY, withDatabaseLock } from '../../../src/server/db/migrate';
import { openTestDatabase, testDatabaseUrl } from '../../support/test-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Several instances on one PostgreSQL start at once (docs/deploy.md): migrating and seeding
// an empty database must happen in one of them at a time, never in two together.
(testDatabaseUrl ? describe : describe.skip)('start-up work under a PostgreSQL advisory lock [postgres]', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database?.close());

  it('two starts at the same moment take turns: the second begins only after the first has finished', async () => {
    const events: string[] = [];
    const start = (name: string) =>
      withDatabaseLock(database, SEED_LOCK_KEY, async () => {
        events.push(`${name} in`);
        await sleep(300);
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([start('a'), start('b')])).toEqual(['a', 'b']);
    expect([events.slice(0, 2), events.slice(2)].map((pair) => pair[0]!.split(' ')[0] === pair[1]!.split(' ')[0])).toEqual([true, true]);
  });

  it('a failing start releases the lock for the next one', async () => {
    await expect(withDatabaseLock(database, SEED_LOCK_KEY, async () => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
    expect(await Promise.race([withDatabaseLock(database, SEED_LOCK_KEY, async () => 'got it'), sleep(5_000).then(() => 'still locked')])).toBe('got it');
  });
});
