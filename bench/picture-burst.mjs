// Memory of a burst of large picture uploads against the design bound (docs/security.md,
// item 8). The work is in picture-burst.ts (it imports the TypeScript source).
//   node --expose-gc bench/picture-burst.mjs [--pictures 12] [--rounds 3]
// Figures and command: docs/benchmarks.md, "Picture uploads arriving together".
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('picture-burst', process.argv.slice(2));
