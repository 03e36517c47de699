// `npm start`: builds when the build is missing or older than the sources, then runs
// the server in this very process so that SIGTERM and SIGINT reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/main.mjs');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'tailwind.config.ts', 'package.json', 'package-lock.json', 'scripts/build.mjs'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((name) => newestMtime(path.join(root, name))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'start: sources changed since the last build; rebuilding' : 'start: no build yet; building (about a minute)');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { runMain } = await import(pathToFileURL(entry).href);
await runMain();
