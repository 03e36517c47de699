// Builds the product: the Astro site (pages, islands, client assets) and then the
// process entry, which esbuild bundles on its own because `astro build` empties dist/.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build as astroBuild } from 'astro';
import { build as esbuild } from 'esbuild';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const root = path.resolve(import.meta.dirname, '..');
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|txt|xml|json|md)$/;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Pre-compresses client assets so the static server sends .br/.gz without CPU per request. */
async function precompress(dir) {
  const gz = promisify(gzip);
  const br = promisify(brotliCompress);
  let count = 0;
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = await readFile(file);
    if (content.length < 1024) continue;
    await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
    await writeFile(`${file}.br`, await br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    count += 1;
  }
  return count;
}

const started = Date.now();
await astroBuild({ root, logLevel: process.env.BUILD_LOG_LEVEL ?? 'warn' });
// The process entry and the command-line tools, each bundled on its own.
await esbuild({
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    seed: path.join(root, 'src/server/db/seed/seed-cli.ts'),
    reindex: path.join(root, 'src/server/job-ad-search/reindex-cli.ts'),
    backup: path.join(root, 'src/server/backup/backup-cli.ts'),
    retention: path.join(root, 'src/server/api/talent-pools/retention-cli.ts'),
    // Loaded beside main.mjs by cv-import/cv-text.ts (new URL('./cv-extract-worker.mjs', import.meta.url)).
    'cv-extract-worker': path.join(root, 'src/server/cv-import/cv-extract-worker.mjs'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
const compressed = await precompress(path.join(root, 'dist/client'));
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s (${compressed} assets pre-compressed)`);
