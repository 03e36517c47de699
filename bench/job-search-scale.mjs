// Job search at scale: seeds a throwaway database with N open job ads
// and times the PostgreSQL search adapter's search() and suggest() calls in process (server
// time, no HTTP). The work is in job-search-scale.ts (it imports the TypeScript source).
//   node bench/job-search-scale.mjs --ads 100000 --pglite
//   node bench/job-search-scale.mjs --ads 100000 --postgres postgres://postgres@127.0.0.1:5432/postgres
// Figures and commands: docs/benchmarks.md, "Job search at scale".
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('job-search-scale', process.argv.slice(2));
