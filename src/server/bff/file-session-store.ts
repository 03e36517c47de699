import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SessionRecord, SessionStore } from './session-record';

const SWEEP_INTERVAL_MS = 10 * 60_000;

interface StoredFile {
  expiresAt: number;
  record: SessionRecord;
}

/**
 * Sessions as files under the data directory: the embedded default for one instance.
 * File names are hashes of the session id, so a directory listing leaks no cookie.
 * Expired files are swept on a timer, since nothing else would ever remove them.
 */
export async function createFileSessionStore(directory: string): Promise<SessionStore> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  const fileOf = (id: string) => path.join(directory, `${hash(id)}.json`);
  const aliasFileOf = (alias: string) => path.join(directory, `alias-${hash(alias)}.json`);
  // One small file per session of a user, named by both hashes: filing a session never
  // rewrites a shared list, so two sign-ins of one user at once cannot lose each other.
  const userPrefix = (subject: string) => `user-${hash(subject)}-`;
  const lockFileOf = (name: string) => path.join(directory, `lock-${hash(name)}.json`);
  const userFileOf = (subject: string, id: string) => path.join(directory, `${userPrefix(subject)}${hash(id)}.json`);
  /**
   * Written whole to a temporary file of its own, then renamed over the real one (atomic):
   * two requests of one session may save at once, and a shared temporary name let one
   * truncate the file the other had just renamed into place (readers got half a record).
   */
  async function writeWhole(file: string, content: string) {
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, content, { mode: 0o600 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async function sweep() {
    const now = Date.now();
    for (const name of await readdir(directory).catch(() => [])) {
      const file = path.join(directory, name);
      try {
        const stored = JSON.parse(await readFile(file, 'utf8')) as StoredFile;
        if (stored.expiresAt <= now) await rm(file, { force: true });
      } catch {
        // A file being written right now, or unreadable: leave it for the next sweep.
      }
    }
  }
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    async get(id) {
      try {
        const stored = JSON.parse(await readFile(fileOf(id), 'utf8')) as StoredFile;
        if (stored.expiresAt <= Date.now()) {
          await rm(fileOf(id), { force: true });
          return null;
        }
        return stored.record;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async set(id, record, ttlSeconds) {
      const stored: StoredFile = { expiresAt: Date.now() + ttlSeconds * 1000, record };
      await writeWhole(fileOf(id), JSON.stringify(stored));
    },
    async delete(id) {
      await rm(fileOf(id), { force: true });
    },
    async setAlias(alias, id, ttlSeconds) {
      await writeWhole(aliasFileOf(alias), JSON.stringify({ expiresAt: Date.now() + ttlSeconds * 1000, id }));
    },
    async getAlias(alias) {
      try {
        const stored = JSON.parse(await readFile(aliasFileOf(alias), 'utf8')) as { expiresAt: number; id: string };
        return stored.expiresAt > Date.now() ? stored.id : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deleteAlias(alias) {
      await rm(aliasFileOf(alias), { force: true });
    },
    async addUserSession(subject, id, ttlSeconds) {
      await writeWhole(userFileOf(subject, id), JSON.stringify({ expiresAt: Date.now() + ttlSeconds * 1000, id }));
    },
    async userSessions(subject) {
      const prefix = userPrefix(subject);
      const ids: string[] = [];
      for (const name of await readdir(directory)) {
        if (!name.startsWith(prefix) || !name.endsWith('.json')) continue;
        try {
          const stored = JSON.parse(await readFile(path.join(directory, name), 'utf8')) as { expiresAt: number; id: string };
          if (stored.expiresAt > Date.now()) ids.push(stored.id);
        } catch (error) {
          // Removed meanwhile (the session ended): nothing to end.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return ids;
    },
    async removeUserSession(subject, id) {
      await rm(userFileOf(subject, id), { force: true });
    },
    async acquireLock(name, ttlMs) {
      const file = lockFileOf(name);
      const token = randomUUID();
      // Two tries: the second after removing a lock whose holder let it expire.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          await writeFile(file, JSON.stringify({ token, expiresAt: Date.now() + ttlMs }), { flag: 'wx', mode: 0o600 });
          return token;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const held = JSON.parse(await readFile(file, 'utf8').catch(() => '{"expiresAt":0}')) as { expiresAt?: number };
        if ((held.expiresAt ?? 0) > Date.now()) return null;
        await rm(file, { force: true });
      }
      return null;
    },
    async releaseLock(name, token) {
      const file = lockFileOf(name);
      const held = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { token?: string };
      if (held.token === token) await rm(file, { force: true });
    },
    async ping() {
      await stat(directory);
    },
    async close() {
      clearInterval(timer);
    },
  };
}
