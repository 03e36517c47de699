import { chmod, chown, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from './directory-lock';
import type { Endpoint } from './embedded-postgres-endpoint';
import { serverUser } from './embedded-postgres-process';

// The embedded PostgreSQL's files in DATA_DIR: the cluster's folder, its password, the pid
// of the process that owns the server and the start lock; what they say (the server
// running there, its password), and what a cold backup and a restore do with them.

/** The cluster's folder, inside DATA_DIR. */
export const EMBEDDED_POSTGRES_DIR = 'postgres';
/** The password the server was initialised with (mode 600), beside the cluster's folder. */
export const CREDENTIALS_FILE = 'postgres-credentials.json';
/** The pid of the process that stops the server when it ends (it started or adopted it). */
export const OWNER_FILE = 'postgres-owner.pid';
/** Taken while one process starts or attaches to the server: two at once would both start it. */
export const START_LOCK_FILE = 'postgres-start.lock';

/** The pid and endpoint of the server running on `clusterDir`, from its postmaster.pid; null when none runs. */
export async function runningServer(clusterDir: string): Promise<({ pid: number } & Endpoint) | null> {
  const text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!text) return null;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return null;
  // Line 5 is the socket folder (empty for a server started without one, before 2026-11-25).
  return { pid, port, socketDir: lines[4]?.trim() || null };
}

/** The pid of the embedded PostgreSQL server running on DATA_DIR, or null (a cold backup needs it stopped). */
export async function embeddedPostgresPid(dataDir: string): Promise<number | null> {
  return (await runningServer(path.join(dataDir, EMBEDDED_POSTGRES_DIR)))?.pid ?? null;
}

/** Files a cold backup of the embedded PostgreSQL holds: the cluster's folder and its password. */
export const EMBEDDED_POSTGRES_FILES = [EMBEDDED_POSTGRES_DIR, CREDENTIALS_FILE] as const;

/** After a restore as root: the restored cluster belongs to the server's user again, or it will not start. */
export async function handOverToServerUser(dataDir: string): Promise<void> {
  const user = serverUser();
  if (!user) return;
  const walk = async (target: string): Promise<void> => {
    await chown(target, user.uid, user.gid);
    if ((await stat(target)).isDirectory()) for (const name of await readdir(target)) await walk(path.join(target, name));
  };
  await walk(path.join(dataDir, EMBEDDED_POSTGRES_DIR));
  await chmod(path.join(dataDir, EMBEDDED_POSTGRES_DIR), 0o700);
  await chmod(dataDir, (await stat(dataDir)).mode | 0o001);
}

/** The password the cluster was initialised with, or null when its file is missing or unreadable. */
export async function readPassword(dataDir: string): Promise<string | null> {
  const text = await readFile(path.join(dataDir, CREDENTIALS_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  const password = (JSON.parse(text) as { password?: unknown }).password;
  return typeof password === 'string' && password ? password : null;
}
