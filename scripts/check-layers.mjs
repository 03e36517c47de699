// `npm run lint:layers`: checks the import rules of .dependency-cruiser.cjs over src/.
//
// dependency-cruiser reads no .astro files, yet pages and layouts are where most layer leaks
// start. So the check runs over a copy of src/ in which each `X.astro` becomes `X.astro.ts`
// holding the imports of its frontmatter and of its bundled <script> blocks; an import of
// `./X.astro` resolves to that copy, and the rules see Astro code like any other module.
// Only the import statements are copied: a frontmatter may `return` at top level, which no
// module parser accepts.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The copy is made in .cache/ (git-ignored) at the root, so that packages resolve from it exactly
// as from src/, to paths that name node_modules (which the rules match).

/** Static import and re-export statements (`import x from 'y'`, `import 'y'`, `export * from 'y'`), over several lines too. */
const IMPORT_STATEMENT = /^[ \t]*(?:import|export)\b(?:[^'";]*?\bfrom\s*)?\s*(['"])[^'"\n]+\1;?/gm;

/** The imports of an .astro file: its frontmatter and its processed (not is:inline, not data) scripts. */
export function astroImports(source) {
  const parts = [];
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (frontmatter) parts.push(frontmatter[1]);
  for (const [, attributes, body] of source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bis:inline\b|\btype\s*=\s*["'](?!module)/.test(attributes)) continue;
    parts.push(body);
  }
  return parts.flatMap((part) => part.match(IMPORT_STATEMENT) ?? []).join('\n');
}

function copyTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(source, path.join(to, entry.name));
    else if (entry.name.endsWith('.astro')) writeFileSync(path.join(to, `${entry.name}.ts`), `${astroImports(readFileSync(source, 'utf8'))}\n`);
    else cpSync(source, path.join(to, entry.name));
  }
}

/**
 * Checks the rules over a source folder (`src/` unless told) and returns dependency-cruiser's
 * exit status (the number of violations) and its report.
 */
export function checkLayers({ source = path.join(root, 'src'), workDir = path.join(root, '.cache/check-layers') } = {}) {
  rmSync(workDir, { recursive: true, force: true });
  copyTree(source, path.join(workDir, 'src'));
  // On this process's Node (npm scripts run the pinned Node 24): dependency-cruiser 18
  // refuses Node 20, which the machine's own `node` may be.
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'), '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'err-long', 'src'],
    { cwd: workDir, encoding: 'utf8' },
  );
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { status, output } = checkLayers();
  console.log(output.trim());
  if (status !== 0) console.log('\nLayer rules: .dependency-cruiser.cjs (a `.astro.ts` file above is the imports of that .astro file).');
  process.exit(status);
}
