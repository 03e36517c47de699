import { mkdtemp, readdir, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskFileStorage } from '../../../src/server/storage/disk-file-storage';
import { StorageKeyError, type FileStorage, type StoredObject } from '../../../src/server/storage/file-storage';

const KEY = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b.pdf';

async function readAll(stored: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file under a folder, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
}

describe('disk file storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tp-storage-'));
    storage = await createDiskFileStorage(path.join(root, 'uploads'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('puts, gets and deletes a file with the content type it was stored with', async () => {
    const bytes = Buffer.from('%PDF-1.4 hello');
    await storage.put(KEY, bytes, 'application/pdf');
    const stored = await storage.get(KEY);
    expect(stored).toMatchObject({ contentType: 'application/pdf', size: bytes.length });
    expect(await readAll(stored!)).toEqual(bytes);

    await storage.delete(KEY);
    expect(await storage.get(KEY)).toBeNull();
    await expect(storage.delete(KEY)).resolves.toBeUndefined(); // deleting twice is fine
  });

  it('answers null for a key never stored', async () => {
    expect(await storage.get('00000000-0000-4000-8000-000000000000.webp')).toBeNull();
  });

  it('keeps files in folders named by the key, leaves no temporary file and writes nothing else', async () => {
    await storage.put(KEY, Buffer.from('x'), 'application/pdf');
    expect(await filesUnder(path.join(root, 'uploads'))).toEqual([`3f/${KEY}`, `3f/${KEY}.meta.json`]);
    expect((await stat(path.join(root, 'uploads', '3f', KEY))).mode & 0o777).toBe(0o600);
  });

  it('refuses keys that are not ours before touching the disk: names, traversal, absolute paths', async () => {
    for (const key of ['cv.pdf', `../${KEY}`, `../../etc/passwd`, '/etc/passwd', `${KEY}/../../x`, '3f/../../outside.pdf']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(await filesUnder(root)).toEqual([]);
  });

  it('treats a file whose metadata was never written (a write cut short) as missing', async () => {
    await mkdir(path.join(root, 'uploads', '3f'), { recursive: true });
    await writeFile(path.join(root, 'uploads', '3f', KEY), 'half');
    expect(await storage.get(KEY)).toBeNull();
  });

  it('sweeps temporary files left by a crash once they are an hour old', async () => {
    const folder = path.join(root, 'uploads', '3f');
    await mkdir(folder, { recursive: true });
    const stale = path.join(folder, `${KEY}.1234.tmp`);
    const fresh = path.join(folder, `${KEY}.5678.tmp`);
    await writeFile(stale, 'old');
    await writeFile(fresh, 'new');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await createDiskFileStorage(path.join(root, 'uploads'));
    expect(await filesUnder(path.join(root, 'uploads'))).toEqual([`3f/${KEY}.5678.tmp`]);
  });

  it('is ready when its folder is writable', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    await rm(path.join(root, 'uploads'), { recursive: true });
    await expect(storage.ping()).rejects.toThrow();
  });
});
