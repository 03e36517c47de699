import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BuiltServer {
  url: string;
  /** The server's DATA_DIR (database, sessions, uploads, mail outbox). */
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

const entry = path.resolve('dist/main.mjs');

/** The data folder of each server started here, by its address (to read its outbox). */
const dataDirs = new Map<string, string>();

/** The outbox folder of the server at this origin: started here, or the e2e server's. */
export function outboxDirOf(origin: string): string {
  const dataDir = dataDirs.get(new URL(origin).origin) ?? process.env.E2E_DATA_DIR ?? '.data/e2e';
  return path.resolve(dataDir, 'outbox');
}

async function stopOrphanedDatabase(dataDir: string): Promise<void> {
  const pid = Number.parseInt((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
  if (!(pid > 0)) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    // Not running.
  }
}

/** Whether `npm run build` has produced the process entry these suites start. */
export const hasBuild = existsSync(entry);

/**
 * Starts the built product (`dist/main.mjs`) on a free port with its own data folder,
 * exactly as `npm start` runs it, and waits for its "running at" line. A variable given as
 * undefined is unset (e.g. the NODE_ENV the test runner sets).
 */
export async function startBuiltServer(env: Record<string, string | undefined> = {}): Promise<BuiltServer> {
  // A product takes both cores for a while, and files beside it would slow it down too.
  if (process.env.INTEGRATION_FILES_IN_PARALLEL) {
    throw new Error('This file starts the built product: list it in serialIntegrationFiles (vitest.config.ts), whose files run one at a time');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'talentplace-test-'));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });

  dataDirs.set(new URL(url).origin, env.DATA_DIR ?? dataDir);
  return {
    url,
    dataDir: env.DATA_DIR ?? dataDir,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      // A SIGKILL leaves the embedded PostgreSQL running (the next start would adopt it): end it.
      await stopOrphanedDatabase(env.DATA_DIR ?? dataDir);
      return code;
    },
  };
}
