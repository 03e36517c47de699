import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup, BackupError } from '../../../src/server/backup/backup';
import { openDatabase } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';
import { skillsList } from '../../../src/server/db/schema';
import { openTestDatabase, testDatabaseUrl } from '../../support/test-database';

// A documented, tested backup and restore of both databases and the
// uploads folder. Each test writes something, backs up, restores elsewhere, reads it back.
const folder = (name: string) => mkdtempSync(path.join(tmpdir(), `tp-${name}-`));

function writeUpload(uploadsDir: string, name: string, content: string) {
  mkdirSync(path.join(uploadsDir, name.slice(0, 2)), { recursive: true });
  writeFileSync(path.join(uploadsDir, name.slice(0, 2), name), content);
}

describe('backup and restore of the embedded database and the uploads', () => {
  it('restores the rows and the files into a fresh data folder', async () => {
    const dataDir = folder('data');
    const uploadsDir = path.join(dataDir, 'uploads');
    const database = await openDatabase({ dataDir });
    await migrate(database);
    await database.db.insert(skillsList).values({ label: 'Backup-Restore-Skill', department: 'QA' });
    await database.close();
    writeUpload(uploadsDir, 'ab12.webp', 'picture bytes');

    const backup = path.join(folder('backup'), 'b1');
    const manifest = await createBackup({ databaseUrl: null, dataDir, uploadsDir }, backup);
    expect(manifest).toMatchObject({ database: 'pglite', uploads: { files: 1 } });

    const restoredDir = folder('restored');
    await restoreBackup(backup, { databaseUrl: null, dataDir: restoredDir, uploadsDir: path.join(restoredDir, 'uploads') });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const rows = await restored.db.execute<{ label: string }>(sql`select label from skills_list where label = 'Backup-Restore-Skill'`);
      expect(rows.rows).toEqual([{ label: 'Backup-Restore-Skill' }]);
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(restoredDir, 'uploads', 'ab', 'ab12.webp'), 'utf8')).toBe('picture bytes');
  });

  it('refuses to back up while the server holds the database, and never writes over a backup or a database', async () => {
    const dataDir = folder('busy');
    const running = await openDatabase({ dataDir });
    try {
      await expect(createBackup({ databaseUrl: null, dataDir, uploadsDir: path.join(dataDir, 'uploads') }, path.join(folder('b'), 'x'))).rejects.toThrow();
    } finally {
      await running.close();
    }
    const used = folder('used');
    writeFileSync(path.join(used, 'something'), 'x');
    await expect(createBackup({ databaseUrl: null, dataDir, uploadsDir: path.join(dataDir, 'uploads') }, used)).rejects.toBeInstanceOf(BackupError);
    await expect(restoreBackup(folder('nothing'), { databaseUrl: null, dataDir: folder('t'), uploadsDir: folder('u') })).rejects.toMatchObject({ code: 'BACKUP_NOT_FOUND' });
  });
});

describe.skipIf(!testDatabaseUrl)('backup and restore of a PostgreSQL database (pg_dump, pg_restore)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('restores the rows after they were lost', async () => {
    const database = await openTestDatabase('postgres');
    cleanups.push(() => database.close());
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    await database.db.insert(skillsList).values({ label: 'Pg-Backup-Skill', department: 'QA' });
    const uploadsDir = folder('pg-uploads');
    writeUpload(uploadsDir, 'cd34.pdf', '%PDF-1.4');
    const backup = path.join(folder('pg-backup'), 'b');
    const source = { databaseUrl: testDatabaseUrl!, dataDir: folder('pg-data'), uploadsDir, schemaName: database.schemaName! };
    expect(await createBackup(source, backup)).toMatchObject({ database: 'postgres', uploads: { files: 1 } });

    await database.db.execute(sql`delete from skills_list where label = 'Pg-Backup-Skill'`);
    const restoredUploads = path.join(folder('pg-restored'), 'uploads');
    await restoreBackup(backup, { ...source, uploadsDir: restoredUploads });
    const rows = await database.db.execute<{ label: string }>(sql`select label from skills_list where label = 'Pg-Backup-Skill'`);
    expect(rows.rows).toEqual([{ label: 'Pg-Backup-Skill' }]);
    expect(readFileSync(path.join(restoredUploads, 'cd', 'cd34.pdf'), 'utf8')).toBe('%PDF-1.4');
  });
});
