// `npm run schema:write`: writes schema.graphql from the schema the code builds. The
// committed file is what pages and islands are written against, so the unit test
// (tests/unit/graphql/schema-file.test.ts) only compares and fails when it is missing or stale.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.cache/write-schema/schema.mjs');
mkdirSync(path.dirname(out), { recursive: true });
// Our sources are extensionless TypeScript imports, which Node alone does not resolve:
// bundle them (packages stay external, so graphql is the one copy Node loads).
await build({
  entryPoints: [path.join(root, 'src/server/api/schema/index.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: out,
  logLevel: 'warning',
});
const { printApiSchema } = await import(pathToFileURL(out).href);
writeFileSync(path.join(root, 'schema.graphql'), printApiSchema());
rmSync(path.dirname(out), { recursive: true, force: true });
console.log('schema.graphql written');
