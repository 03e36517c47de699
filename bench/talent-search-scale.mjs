// Talent search at scale: seeds a throwaway database with N talent
// profiles (the demo seed) and times the company talent search (searchTalents, what the
// API's findManyTalentProfile runs) in process: server time, no HTTP.
//   node bench/talent-search-scale.mjs --talents 50000 --postgres postgres://postgres@127.0.0.1:5432/postgres
//   node bench/talent-search-scale.mjs --talents 50000 --pglite
// Figures and commands: docs/benchmarks.md, "Talent search at scale".
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('talent-search-scale', process.argv.slice(2));
