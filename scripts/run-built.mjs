// Runs one of the bundled command-line tools (dist/<name>.mjs), building first when the
// build is missing, e.g. `npm run seed -- --job-ads 100000 --talents 50000`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [name, ...args] = process.argv.slice(2);
const entry = path.join(root, 'dist', `${name}.mjs`);
if (!existsSync(entry)) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [entry, ...args], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
