// `npm run lint:layers`: checks the import rules of .dependency-cruiser.cjs over src/.
//
// dependency-cruiser reads no .astro files, yet pages and layouts are where most layer leaks
// start. So the check runs over a copy of src/ in which each `X.astro` becomes `X.astro.ts`
// holding the imports of its frontmatter and of its bundled <script> blocks; an import of
// `./X.astro` resolves to that copy, and the rules see Astro code like any other module.
// Only the import statements are copied: a frontmatter may `return` at top level, which no
// module parser accepts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
 * The allowances of `.dependency-cruiser.cjs`'s FEATURE_IMPORTS that no import uses, as
 * "<layer>: <from> -> <to>": a cruise's modules (its JSON result) against the allow-list.
 */
export function unusedFeatureImports(modules, featureImports) {
  const used = new Set();
  for (const { source, dependencies } of modules) {
    for (const layer of Object.keys(featureImports)) {
      const from = source.startsWith(`${layer}/`) && source.slice(layer.length + 1).split('/');
      if (!from || from.length < 2) continue;
      for (const { resolved } of dependencies) {
        const to = resolved.startsWith(`${layer}/`) && resolved.slice(layer.length + 1).split('/');
        if (to && to.length > 1 && to[0] !== from[0]) used.add(`${layer}: ${from[0]} -> ${to[0]}`);
      }
    }
  }
  return Object.entries(featureImports)
    .flatMap(([layer, pairs]) => pairs.map(({ from, to }) => `${layer}: ${from} -> ${to}`))
    .filter((pair) => !used.has(pair));
}

/**
 * Checks the rules over a source folder (`src/` unless told) and returns the number of
 * problems (dependency-cruiser's violations, and over src/ itself the allowances of
 * FEATURE_IMPORTS no import uses) and the report.
 */
export function checkLayers({ source = path.join(root, 'src'), workDir = path.join(root, '.cache/check-layers') } = {}) {
  rmSync(workDir, { recursive: true, force: true });
  copyTree(source, path.join(workDir, 'src'));
  const config = path.join(root, '.dependency-cruiser.cjs');
  const bin = path.join(root, 'node_modules/dependency-cruiser/bin');
  const result = path.join(workDir, 'cruise.json');
  // On this process's Node (npm scripts run the pinned Node 24): dependency-cruiser 18
  // refuses Node 20, which the machine's own `node` may be.
  const cruise = spawnSync(process.execPath, [path.join(bin, 'dependency-cruiser.mjs'), '--config', config, '--output-type', 'json', '--output-to', result, 'src'], {
    cwd: workDir,
    encoding: 'utf8',
  });
  if (!existsSync(result)) return { status: cruise.status || 1, output: `${cruise.stdout}${cruise.stderr}` };
  const report = spawnSync(process.execPath, [path.join(bin, 'depcruise-fmt.mjs'), '--output-type', 'err-long', '--exit-code', result], { cwd: workDir, encoding: 'utf8' });
  let status = report.status ?? 1;
  let output = `${report.stdout}${report.stderr}`;
  if (source === path.join(root, 'src')) {
    const { featureImports } = createRequire(import.meta.url)(config);
    const unused = unusedFeatureImports(JSON.parse(readFileSync(result, 'utf8')).modules, featureImports);
    status += unused.length;
    if (unused.length) output += `\n${unused.map((pair) => `  error unused-feature-import: ${pair} (no import uses it: remove it from FEATURE_IMPORTS)`).join('\n')}\n`;
  }
  return { status, output };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { status, output } = checkLayers();
  console.log(output.trim());
  if (status !== 0) console.log('\nLayer rules: .dependency-cruiser.cjs (a `.astro.ts` file above is the imports of that .astro file).');
  process.exit(status);
}
