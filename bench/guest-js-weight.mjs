// JavaScript before interaction: the gzip bytes each page loads before anyone touches it, for
// a guest and for the demo talent (the work is in guest-js-weight.ts). Start the product
// first and pass its origin; --scripts also lists each script's bytes:
//   npm run build && PORT=4405 HOST=127.0.0.1 DATA_DIR=/tmp/tp-bench node dist/main.mjs &
//   node bench/guest-js-weight.mjs http://127.0.0.1:4405 [--scripts]
// Figures: docs/benchmarks.md, "Guest JavaScript before interaction".
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('guest-js-weight', process.argv.slice(2));
