import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { DatabaseError } from '../../../src/server/db/database-error';
import { migrate } from '../../../src/server/db/migrate';
import { company } from '../../../src/server/db/schema';

// Above the Linux pid limit (4194304), so certainly not a running process.
const deadPid = 99_999_999;

describe('PGlite on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'talentplace-pglite-'));
  const lockPath = path.join(dataDir, 'pglite.lock');
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its data across a close and a reopen', async () => {
    const first = await openDatabase({ dataDir });
    opened.push(first);
    await migrate(first);
    await first.db.insert(company).values({ name: 'Persisted Oy' });
    await first.close();
    expect(existsSync(lockPath)).toBe(false);

    const second = await openDatabase({ dataDir });
    opened.push(second);
    await migrate(second);
    const rows = await second.db.select({ name: company.name }).from(company);
    expect(rows).toEqual([{ name: 'Persisted Oy' }]);
  });

  it('refuses a second open of the same directory while the first is open', async () => {
    const error = await openDatabase({ dataDir }).then(
      (database) => {
        opened.push(database);
        throw new Error('second open succeeded');
      },
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).code).toBe('DATABASE_LOCKED');
    expect((error as DatabaseError).hint).toContain('DATABASE_URL');
    await opened.pop()!.close();
  });

  it('takes over a lock left by a process that died', async () => {
    writeFileSync(lockPath, `${deadPid}\n`);
    const database = await openDatabase({ dataDir });
    opened.push(database);
    await database.ping();
    await database.close();
    expect(existsSync(lockPath)).toBe(false);
  });
});
