// Runs a TypeScript benchmark that imports the application's source: bundles it with esbuild
// (packages stay external) into dist/bench and runs it from the project root, where migrate()
// finds src/server/db/migrations. Used by the .mjs launchers next to each benchmark.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

export async function bundleAndRun(name, args) {
  const root = path.resolve(import.meta.dirname, '..');
  const outfile = path.join(root, `dist/bench/${name}.mjs`);
  await build({
    entryPoints: [path.join(root, `bench/${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  // Node's own flags go along (e.g. --expose-gc for a benchmark that collects before measuring).
  const run = spawnSync(process.execPath, [...process.execArgv, outfile, ...args], { stdio: 'inherit', cwd: root });
  process.exit(run.status ?? 1);
}
