// Lighthouse's four categories (performance, accessibility, best practices, SEO) on the guest
// pages people and search engines land on: `/`, `/jobs`, a search and a job page, in Debian's
// Chromium. Lighthouse is fetched by npx at a version that runs on Node 20 (12.2.3), not
// installed with the project: only this benchmark uses it. Start the product first:
//   npm run build && PORT=4405 HOST=127.0.0.1 DATA_DIR=/tmp/tp-bench node dist/main.mjs &
//   node bench/lighthouse.mjs http://127.0.0.1:4405
// Performance is scored from a simulated slow phone (Lighthouse's default throttling), so a
// busy machine lowers it: run it with nothing else working. Figures: docs/benchmarks.md,
// "Lighthouse on guest pages".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const origin = process.argv[2] ?? 'http://127.0.0.1:4405';
const listing = await (await fetch(`${origin}/jobs`)).text();
const jobPath = /href="(\/job-apply\/[^"]+)"/.exec(listing)?.[1];
if (!jobPath) throw new Error(`no job page linked from ${origin}/jobs: is the demo seed there?`);
const pages = ['/', '/jobs', '/jobs?q=developer', jobPath];
const out = mkdtempSync(path.join(tmpdir(), 'tp-lighthouse-'));
const rows = [];
for (const page of pages) {
  const report = path.join(out, `${rows.length}.json`);
  const run = spawnSync(
    'npx',
    [
      '--yes', 'lighthouse@12.2.3', `${origin}${page}`, '--quiet', '--output=json', `--output-path=${report}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${page}`);
  const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
  const score = (id) => Math.round(categories[id].score * 100);
  // What kept a category under 100, so the table says what to fix.
  const below = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  rows.push({
    page: page === jobPath ? 'job page' : page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    FCP: audits['first-contentful-paint'].displayValue,
    LCP: audits['largest-contentful-paint'].displayValue,
    TBT: audits['total-blocking-time'].displayValue,
    CLS: audits['cumulative-layout-shift'].displayValue,
    below: below.join(', '),
  });
}
console.table(rows);
