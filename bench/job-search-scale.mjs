// Job search at scale (issue 12, item 1): seeds a throwaway database with N open job ads
// and times the PostgreSQL search adapter's search() and suggest() calls in process (server
// time, no HTTP). The work is in job-search-scale.ts, which imports the TypeScript source:
// this launcher bundles it with esbuild (packages stay external) and runs it.
//   node bench/job-search-scale.mjs --ads 100000 --pglite
//   node bench/job-search-scale.mjs --ads 100000 --postgres postgres://postgres@127.0.0.1:5432/postgres
// Figures and commands: docs/benchmarks.md, "Job search at scale (issue 12, item 1)".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'dist/bench/job-search-scale.mjs');
await build({
  entryPoints: [path.join(root, 'bench/job-search-scale.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
// From the project root: migrate() reads src/server/db/migrations from there.
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
