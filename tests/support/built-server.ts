import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
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
  const template = templateOf(env);
  if (template) copyDataDir(template, dataDir);
  return launch(env, dataDir);
}

// A fresh data folder costs a product start several seconds: the embedded PostgreSQL's
// initdb, every migration and, unless SEED_DEMO=false, the demo data. So the serial
// integration project's global setup (built-server-global-setup.ts) makes two folders per
// build, with and without the demo data, and a start that needs no data folder of its own
// (no DATA_DIR, DATABASE_URL or EMBEDDED_DATABASE) gets a copy, which its server owns as it
// would a new one. They stay in the system's temporary folder for the next run of the
// same build. What a fresh start does is tested by the files that set DATA_DIR.
const TEMPLATES_DIR = path.join(tmpdir(), 'talentplace-data-templates');
const TEMPLATE_KINDS = ['demo', 'empty'] as const;

function buildKey(): string {
  const build = statSync(entry);
  return `${Math.round(build.mtimeMs)}-${build.size}`;
}

const templatePath = (kind: (typeof TEMPLATE_KINDS)[number]) => path.join(TEMPLATES_DIR, `${buildKey()}-${kind}`);

/** The template for a start with this environment, when it may use one and it exists. */
function templateOf(env: Record<string, string | undefined>): string | null {
  if (!hasBuild || ['DATA_DIR', 'DATABASE_URL', 'EMBEDDED_DATABASE'].some((name) => name in env)) return null;
  const template = templatePath(env.SEED_DEMO === 'false' ? 'empty' : 'demo');
  return existsSync(template) ? template : null;
}

/** `cp -a`: PostgreSQL refuses a cluster folder whose owner or modes changed. */
function copyDataDir(from: string, to: string) {
  const copy = spawnSync('cp', ['-a', `${from}/.`, to]);
  if (copy.status !== 0) throw new Error(`could not copy the data folder template: ${copy.stderr}`);
}

/** Makes the missing templates of this build (both at once) and removes those of other builds. */
export async function makeDataDirTemplates(): Promise<void> {
  if (!hasBuild) return;
  mkdirSync(TEMPLATES_DIR, { recursive: true });
  const current = TEMPLATE_KINDS.map((kind) => path.basename(templatePath(kind)));
  for (const name of readdirSync(TEMPLATES_DIR)) if (!current.includes(name)) rmSync(path.join(TEMPLATES_DIR, name), { recursive: true, force: true });
  await Promise.all(
    TEMPLATE_KINDS.filter((kind) => !existsSync(templatePath(kind))).map(async (kind) => {
      const making = mkdtempSync(path.join(TEMPLATES_DIR, 'making-'));
      try {
        const server = await launch({ SEED_DEMO: kind === 'empty' ? 'false' : undefined }, making);
        const code = await server.stop();
        if (code !== 0) throw new Error(`the product making a data folder template exited with ${code}:\n${server.output()}`);
        rmSync(path.join(making, 'outbox'), { recursive: true, force: true });
        renameSync(making, templatePath(kind));
      } finally {
        rmSync(making, { recursive: true, force: true });
      }
    }),
  );
}

async function launch(env: Record<string, string | undefined>, dataDir: string): Promise<BuiltServer> {
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
      const match = /running at (http:\/\/[^\s"\\]+)/.exec(output);
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
