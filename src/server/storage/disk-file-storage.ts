import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey } from '../../lib/uploads/media-urls';
import { StorageKeyError, type FileStorage } from './file-storage';

interface Metadata {
  contentType: string;
  size: number;
}

const TEMP_SUFFIX = '.tmp';
const META_SUFFIX = '.meta.json';
/** A temporary file this old belongs to a write that died with its process. */
const STALE_TEMP_MS = 60 * 60 * 1000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * The storage port on the local disk, under `root` (UPLOADS_DIR, default DATA_DIR/uploads).
 * Each file sits in a folder named by its key's first two characters, so no folder grows
 * past a few thousand entries, beside a small JSON file with its content type. Writes go
 * to a temporary file that is renamed into place (atomic on one file system), data first
 * and metadata last: a file without its metadata does not exist for readers.
 */
export async function createDiskFileStorage(root: string): Promise<FileStorage> {
  const base = path.resolve(root);
  await mkdir(base, { recursive: true });
  await sweepStaleTemporaryFiles(base);

  function pathsOf(key: string) {
    if (!isStorageKey(key)) throw new StorageKeyError(key);
    const file = path.join(base, key.slice(0, 2), key);
    // The pattern already rules out separators and dots; this says so a second time.
    if (path.dirname(path.dirname(file)) !== base) throw new StorageKeyError(key);
    return { folder: path.dirname(file), file, meta: `${file}${META_SUFFIX}` };
  }

  async function writeAtomically(target: string, data: Uint8Array | string) {
    const temporary = `${target}.${randomUUID()}${TEMP_SUFFIX}`;
    try {
      await writeFile(temporary, data, { flag: 'wx', mode: 0o600 });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      const { folder, file, meta } = pathsOf(key);
      await mkdir(folder, { recursive: true });
      await writeAtomically(file, bytes);
      const metadata: Metadata = { contentType, size: bytes.byteLength };
      await writeAtomically(meta, JSON.stringify(metadata));
    },

    async get(key) {
      const { file, meta } = pathsOf(key);
      let metadata: Metadata;
      try {
        metadata = JSON.parse(await readFile(meta, 'utf8')) as Metadata;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const handle = await open(file, 'r');
        const { size } = await handle.stat();
        return { contentType: metadata.contentType, size, body: handle.createReadStream() };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const { file, meta } = pathsOf(key);
      // Metadata first: from that moment readers see no file, whatever happens next.
      await rm(meta, { force: true });
      await rm(file, { force: true });
    },

    async ping() {
      await access(base, constants.R_OK | constants.W_OK);
    },
  };
}

/** Removes the leftovers of writes interrupted by a crash (start-up only; cheap). */
async function sweepStaleTemporaryFiles(base: string) {
  const cutoff = Date.now() - STALE_TEMP_MS;
  for (const folder of await readdir(base, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const folderPath = path.join(base, folder.name);
    for (const name of await readdir(folderPath)) {
      if (!name.endsWith(TEMP_SUFFIX)) continue;
      const full = path.join(folderPath, name);
      const info = await stat(full).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(full, { force: true });
    }
  }
}
