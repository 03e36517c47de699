// `npm test`: builds, checks the types (.ts/.tsx with TypeScript 7, .astro files with the
// Astro checker) and the layer rules, runs every suite (vitest: unit, islands, integration;
// Playwright: end-to-end in Debian's Chromium; the W3C Nu HTML check of every page the
// end-to-end suite opened), and ends with one line
// `N passed, N failed, N skipped`. A suite that cannot run here (no build, no browser, no
// database server) is counted as skipped, test by test, never left out silently.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { typeChecks } from './type-checks.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/**
 * How many end-to-end tests Playwright would run, from `playwright test --list` (which
 * starts no browser and no server); null when the specs cannot even be listed.
 */
function countE2eTests() {
  const listing = spawnSync(bin('playwright'), ['test', '--list', '--reporter=list'], { cwd: root, encoding: 'utf8' });
  const total = /^Total: (\d+) tests?\b/m.exec(listing.stdout ?? '');
  return listing.status === 0 && total ? Number(total[1]) : null;
}

/**
 * What the closing lines repeat: each phase's time and every failure by name. CI keeps only
 * the end of a long output, where a failed test's own report, many minutes earlier, is gone.
 */
const phases = [];
const failures = [];

function ended(label, status, started) {
  const seconds = (Date.now() - started) / 1000;
  phases.push(`${label.split(' ')[0]} ${seconds.toFixed(0)} s`);
  if (status !== 0) failures.push(`${label}: exited ${status}`);
  console.log(`=== ${label}: ${status === 0 ? 'ok' : 'failed'} in ${seconds.toFixed(1)} s`);
}

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  ended(label, result.status ?? 1, started);
  return result.status ?? 1;
}

/** Like `run`, but beside other commands: its output is held and printed in one piece when it ends. */
function runQuietly(label, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${label}\n${output.trimEnd()}`);
      ended(label, code ?? 1, started);
      resolve(code ?? 1);
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

if (run('build', process.execPath, [path.join(root, 'scripts/build.mjs')]) !== 0) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

// Each type check (scripts/type-checks.mjs) counts as one test: a type error anywhere, in a
// page's frontmatter or template as in a test, fails `npm test`. The layer rules
// (.dependency-cruiser.cjs) count as one more: a leak fails `npm test`. They run side by side,
// each printed when it ends: 69 s against 79 s one after the other (TypeScript 7 already
// uses both cores; the Astro check and the layer rules use one).
const checks = [...typeChecks(), { label: 'layers (npm run lint:layers)', command: process.execPath, args: [path.join(root, 'scripts/check-layers.mjs')] }];
for (const status of await Promise.all(checks.map((check) => runQuietly(check.label, check.command, check.args)))) {
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
}

for (const [name, url] of [['TEST_DATABASE_URL', process.env.TEST_DATABASE_URL], ['TEST_REDIS_URL', process.env.TEST_REDIS_URL]]) {
  if (!url) console.log(`note: ${name} is not set; suites that need a real server skip (see README)`);
}

const vitestStatus = run('vitest (unit, islands, integration)', bin('vitest'), [
  'run',
  '--project=!served-html',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, 'vitest.json')}`,
]);
countVitest(vitestStatus, path.join(results, 'vitest.json'));

/** Adds a vitest run's JSON report to the totals. */
function countVitest(status, reportFile) {
  if (!existsSync(reportFile)) {
    broken = true;
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    for (const test of file.assertionResults) if (test.status === 'failed') failures.push(`${name} › ${test.fullName}`);
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) failures.push(`${name}: ${file.message?.split('\n')[0] ?? 'failed to run'}`);
  }
  // A suite that failed to load, or an error outside any test (vitest's "Errors" or
  // "Unhandled" section above), has no failed test to count but must not pass silently:
  // it counts as one failure, and says so, so that the summary line can be read back to it.
  if (status !== 0 && report.numFailedTests === 0) {
    console.log(`${path.basename(reportFile)}: vitest exited ${status} with no failed test (${report.numFailedTestSuites ?? 0} files failed to run): see "Errors" or "Unhandled" above; counted as one failure`);
    broken = true;
  }
}

run('chromium', 'bash', [path.join(root, 'scripts/install-chromium.sh')]);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
if (existsSync(chromium)) {
  const e2eStatus = run('playwright (end-to-end)', bin('playwright'), ['test']);
  const e2eReport = path.join(results, 'e2e.json');
  if (existsSync(e2eReport)) {
    const { stats, suites } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    failures.push(...failedSpecs(suites));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (e2eStatus !== 0 && stats.unexpected === 0) {
      console.log(`playwright exited ${e2eStatus} with no failed test: see its errors above; counted as one failure`);
      broken = true;
    }
  } else {
    broken = true;
  }
  // Every page the suite opened was kept for the HTML check (tests/e2e/support/test.ts).
  if (!existsSync(path.join(results, 'served-html/index.jsonl'))) {
    console.log('end-to-end suite ran but kept no page for the HTML check (counted as a failure)');
    broken = true;
  }
} else {
  const count = countE2eTests();
  if (count === null) {
    console.log(`end-to-end suite: no Chromium at ${chromium}, and its specs could not even be listed (counted as a failure)`);
    broken = true;
  } else {
    totals.skipped += count;
    console.log(`end-to-end suite skipped: no Chromium at ${chromium}; its ${count} tests count as skipped (run scripts/install-chromium.sh as root)`);
  }
}

// The W3C Nu HTML Checker over the pages the end-to-end suite kept (one test a page); it needs
// Java, installed like the browser when missing, and counts as skipped without it.
run('java', 'bash', [path.join(root, 'scripts/install-java.sh')]);
const servedHtmlStatus = run('W3C Nu HTML check (served pages)', bin('vitest'), [
  'run',
  '--project=served-html',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, 'served-html.json')}`,
]);
countVitest(servedHtmlStatus, path.join(results, 'served-html.json'));

/** The titles of the Playwright tests that did not end as expected, from its JSON report. */
function failedSpecs(suites = [], titles = []) {
  return suites.flatMap((suite) => {
    // The outermost suite is the spec file (its title is the file's path); the others, describes.
    const path = titles.length === 0 ? [suite.file] : [...titles, suite.title];
    return [...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => [...path, spec.title].join(' › ')), ...failedSpecs(suite.suites, path)];
  });
}

if (broken) totals.failed += 1;
console.log(`\ntimes: ${phases.join(', ')}`);
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
