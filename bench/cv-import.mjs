// CV import accuracy: reads every CV of the corpus (tests/fixtures/cvs) as the product does
// (extractCvText: the worker, its limits) and scores the suggested profile field by field
// against the CV's expected JSON; prints each CV's score and time, then the total. The work
// is in cv-import.ts; the extraction worker is copied beside the bundle, as the build does.
//   node bench/cv-import.mjs [--misses]
// Figures and scoring: docs/benchmarks.md, "CV import accuracy".
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { bundleAndRun } from './bundle-and-run.mjs';

const root = path.resolve(import.meta.dirname, '..');
await mkdir(path.join(root, 'dist/bench'), { recursive: true });
await copyFile(path.join(root, 'src/server/cv-import/cv-extract-worker.mjs'), path.join(root, 'dist/bench/cv-extract-worker.mjs'));
await bundleAndRun('cv-import', process.argv.slice(2));
