// The type checks of `npm test`, each one test of its count: TypeScript 7 over every .ts/.tsx
// file of tsconfig.json (sources, tests, scripts), and the .astro check (scripts/check-astro.mjs)
// over every page, layout and component. tests/unit/types/type-checks.test.ts runs these same
// commands on a small project with deliberate mistakes.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The commands that check the types of the project at `projectRoot` (this one unless told). */
export function typeChecks(projectRoot = root) {
  return [
    {
      label: 'types of .ts/.tsx (npm run typecheck)',
      command: process.execPath,
      // By path, not `node_modules/.bin/tsc`: the TypeScript 6 beside it has a `tsc` too.
      args: [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', path.join(projectRoot, 'tsconfig.json')],
    },
    {
      label: 'types of .astro (npm run typecheck:astro)',
      command: process.execPath,
      args: [path.join(root, 'scripts/check-astro.mjs'), '--root', projectRoot],
    },
  ];
}
