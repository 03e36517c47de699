// `npm run typecheck:astro`: type-checks every .astro file (frontmatter and template) against
// the project's tsconfig.json, as `astro check` does, and exits 1 on any error.
//
// Why not `astro check` itself: @astrojs/check drives Astro's language server, which is built on
// TypeScript's programmatic language-service API, and TypeScript 7 (the project's `tsc`) ships
// no such API yet (@astrojs/check declares `typescript: ^5 || ^6` and stops at start with "does
// not expose the programmatic API"). So this runs the same checker (`AstroCheck` of
// @astrojs/language-server) on TypeScript 6, installed beside 7 under the alias `typescript6`.
// The .ts and .tsx files are left to TypeScript 7 (`npm run typecheck`); only the .astro files
// are checked here, so nothing is checked twice.
//
//   node scripts/check-astro.mjs [--root <folder with a tsconfig.json>] [file.astro ...]
// (with files: only those are checked, still within the whole project)
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

// The language server takes TypeScript from its caller, but @volar/kit (under it) also does its
// own `require('typescript')`, which would load TypeScript 7. Within this process only, the name
// `typescript` means the 6.x install.
registerHooks({
  resolve: (specifier, context, nextResolve) => nextResolve(specifier === 'typescript' ? 'typescript6' : specifier, context),
});

const require = createRequire(import.meta.url);
const { AstroCheck } = require('@astrojs/language-server');

const { values, positionals } = parseArgs({ options: { root: { type: 'string' } }, allowPositionals: true });
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));

const started = Date.now();
const checker = new AstroCheck(root, require.resolve('typescript6'), 'tsconfig.json');
const chosen = new Set(positionals.map((file) => path.resolve(file)));
const files = checker.linter.getRootFileNames().filter((file) => file.endsWith('.astro') && (chosen.size === 0 || chosen.has(path.resolve(file))));
const result = await checker.lint({ fileNames: files, logErrors: { level: 'warning' } });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`astro check (TypeScript ${checker.ts.version}): ${result.fileChecked} .astro files, ${result.errors} errors, ${result.warnings} warnings (${seconds} s)`);
// A tsconfig that reaches no .astro file would pass while checking nothing: that fails too.
if (result.fileChecked === 0) console.log(`no .astro file is included by ${path.join(root, 'tsconfig.json')}`);
process.exit(result.errors > 0 || result.fileChecked === 0 ? 1 : 0);
