import { chmodSync, mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup } from '../../../src/server/backup/backup';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { embeddedEngineOf, serverUserCannotReach } from '../../../src/server/db/embedded-engine';
import { embeddedPostgresPid } from '../../../src/server/db/embedded-postgres-files';
import { migrate } from '../../../src/server/db/migrate';

// The embedded default of `npm start`: a real PostgreSQL server process from the
// embedded-postgres package's binaries, started, joined, stopped and backed up here for real.

const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened.reverse()) await database.close();
});

async function open(dataDir: string) {
  const database = await openDatabase({ dataDir, embedded: 'postgres', log: () => {} });
  opened.push(database);
  return database;
}

const freshDir = (name: string) => mkdtempSync(path.join(tmpdir(), `talentplace-${name}-`));

describe('embedded PostgreSQL server', () => {
  it('starts a server under DATA_DIR that migrates, searches with pg_trgm and keeps its data after a stop', async () => {
    const dataDir = freshDir('embedded-pg');
    const first = await open(dataDir);
    expect(first.kind).toBe('postgres');
    expect(first.embedded).toBe(true);
    await migrate(first);
    const similarity = await first.db.execute<{ score: number }>(sql`select similarity('developer', 'develper') as score`);
    expect(Number(similarity.rows[0]!.score)).toBeGreaterThan(0.5);
    await first.db.execute(sql`create table kept (word text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    const pid = await embeddedPostgresPid(dataDir);
    expect(pid).toBeGreaterThan(0);

    await first.close();
    expect(await embeddedPostgresPid(dataDir)).toBeNull();

    const again = await open(dataDir);
    const rows = await again.db.execute<{ word: string }>(sql`select word from kept`);
    expect(rows.rows).toEqual([{ word: 'still here' }]);
    await again.close();
  });

  it('lets a second opener join the running server without stopping it when the joiner closes', async () => {
    const dataDir = freshDir('embedded-pg-join');
    const owner = await open(dataDir);
    const joiner = await open(dataDir);
    await joiner.db.execute(sql`select 1`);
    await joiner.close();
    await owner.db.execute(sql`select 1`);
    expect(await embeddedPostgresPid(dataDir)).not.toBeNull();
    await owner.close();
    expect(await embeddedPostgresPid(dataDir)).toBeNull();
  });

  it('backs up the stopped server by copying its files, refuses while it runs, and restores into a fresh DATA_DIR', async () => {
    const dataDir = freshDir('embedded-pg-backup');
    const uploadsDir = path.join(dataDir, 'uploads');
    const database = await open(dataDir);
    await database.db.execute(sql`create table kept (word text)`);
    await database.db.execute(sql`insert into kept values ('backed up')`);
    const source = { databaseUrl: null, dataDir, uploadsDir, embedded: 'auto' as const };
    await expect(createBackup(source, path.join(freshDir('backup-refused'), 'b'))).rejects.toThrow(/is running/);
    await database.close();

    const backupDir = path.join(freshDir('backup'), 'b');
    const manifest = await createBackup(source, backupDir);
    expect(manifest.database).toBe('embedded-postgres');

    const restoredDir = freshDir('restored');
    await restoreBackup(backupDir, { databaseUrl: null, dataDir: restoredDir, uploadsDir: path.join(restoredDir, 'uploads'), embedded: 'auto' });
    const restored = await open(restoredDir);
    const rows = await restored.db.execute<{ word: string }>(sql`select word from kept`);
    expect(rows.rows).toEqual([{ word: 'backed up' }]);
    await restored.close();
  });
});

describe('embeddedEngineOf', () => {
  it('keeps PGlite for a data directory that holds only PGlite files (made before the embedded server)', () => {
    const dataDir = freshDir('engine');
    expect(embeddedEngineOf(dataDir, null)).toBe('postgres');
    mkdirSync(path.join(dataDir, 'pglite'));
    expect(embeddedEngineOf(dataDir, null)).toBe('pglite');
    expect(embeddedEngineOf(dataDir, 'postgres')).toBe('postgres');
    mkdirSync(path.join(dataDir, 'postgres'));
    expect(embeddedEngineOf(dataDir, null)).toBe('postgres');
  });

  it.skipIf(process.getuid?.() !== 0)('falls back to PGlite where the server, run as the user postgres, could not reach DATA_DIR (a folder of mode 700 above it)', () => {
    const closed = freshDir('closed');
    chmodSync(closed, 0o700);
    const dataDir = path.join(closed, 'data');
    expect(serverUserCannotReach(dataDir)).toBe(closed);
    expect(embeddedEngineOf(dataDir, null)).toBe('pglite');
    expect(embeddedEngineOf(dataDir, 'postgres')).toBe('postgres');
    chmodSync(closed, 0o711);
    expect(serverUserCannotReach(dataDir)).toBeNull();
    expect(embeddedEngineOf(dataDir, null)).toBe('postgres');
  });
});
