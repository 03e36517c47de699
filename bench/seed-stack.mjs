// `/jobs` against the replaced stack (docs/benchmarks.md): our /jobs and a job page against the stack this product replaces (the seed
// stack: Next.js + MUI + Apollo rendering one /jobs page), side by side in one run on this
// machine, 10 connections each. Targets: our requests/s at least 5x the seed stack's, our p99
// at most 1/5 of its p99. Also a mix of 50 different paths of ours (searches, typos, empty
// results, filters, pages 2 to 5, 20 different job pages) requested round-robin, so that a
// cache of a few pages cannot be the whole answer.
//
// What it does:
//   1. copies ../shared/bench/seed-stack-baseline (--baseline) to --work-dir (that folder may be
//      read-only), runs `npm install` and `next build` there; a second run with the same files
//      reuses the install and the build (stamps in the work dir);
//   2. starts the seed stack (`next start`) and our build (`node dist/main.mjs`, built first when
//      missing) on its embedded defaults with a fresh DATA_DIR under /tmp and the demo data,
//      each on a free port on 127.0.0.1;
//   3. alternates the targets, --rounds times: [seed /jobs, ours /jobs, ours job page, ours mix],
//      each after a warm-up of 50 requests, for --seconds with autocannon;
//   4. prints one table (ratios against the seed stack's row of the same round) and stops both
//      servers with SIGTERM (ours owns a database server process: never SIGKILL).
// Where the baseline folder is absent it prints "skipped: ..." and exits 0.
// The machine must be otherwise idle for figures worth recording (the load average at the
// start is printed). Run from the project root with Node 24 (the one npm installs):
//   node_modules/.bin/node bench/seed-stack.mjs [--seconds 10] [--rounds 2]
//     [--baseline ../shared/bench/seed-stack-baseline] [--work-dir /tmp/seed-stack-baseline]
//     [--ours <checkout>]
// --ours runs another checkout's build as ours (default: this one), e.g. a worktree with an
// experiment in it, so that a change is measured against the seed stack before it lands.
// A quick check that it works (figures meaningless): --seconds 3 --rounds 1
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, runToEnd, startProcess } from './child-process.mjs';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string', default: '../shared/bench/seed-stack-baseline' },
    'work-dir': { type: 'string', default: '/tmp/seed-stack-baseline' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    ours: { type: 'string', default: '.' },
  },
});

const root = path.resolve(import.meta.dirname, '..');
const baselineDir = path.resolve(root, values.baseline);
const workDir = path.resolve(root, values['work-dir']);
const oursDir = path.resolve(root, values.ours);
const CONNECTIONS = 10;
const WARM_UP_REQUESTS = 50;
const MIX_SIZE = 50;
const JOB_PAGES_IN_MIX = 20;
const SEED_TARGET = 'seed /jobs';
const started = Date.now();
const say = (line) => console.error(`[seed-stack ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const positiveInteger = (name) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1, got ${values[name]}`);
    process.exit(2);
  }
  return value;
};
const seconds = positiveInteger('seconds');
const rounds = positiveInteger('rounds');

if (!existsSync(path.join(baselineDir, 'package.json'))) {
  console.log(`skipped: no seed-stack baseline at ${baselineDir} (give its folder with --baseline)`);
  process.exit(0);
}

// The servers started so far, stopped at the end whatever happened.
let seed = null;
let ours = null;

// ---- child processes -----------------------------------------------------------------------

/** SIGTERM only: our server stops its database server on SIGTERM, a SIGKILL would orphan it.
 *  True once the process has exited. */
async function stop(processHandle) {
  if (!processHandle) return false;
  if (processHandle.child.exitCode !== null || processHandle.child.signalCode !== null) return true;
  processHandle.child.kill('SIGTERM');
  const outcome = await Promise.race([processHandle.exited, sleep(60_000).then(() => null)]);
  if (!outcome) say(`${processHandle.label} (pid ${processHandle.child.pid}) did not stop within 60 s of SIGTERM; left running`);
  else say(`${processHandle.label} stopped (${outcome.signal ?? `exit ${outcome.code}`})`);
  return Boolean(outcome);
}

// ---- the seed stack: copied, installed and built once, then reused -------------------------

/** The baseline's own files (not node_modules or the build), relative paths sorted. */
async function sourceFiles(dir, relative = '') {
  const files = [];
  for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
    if (['node_modules', '.next'].includes(entry.name)) continue;
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(dir, name)));
    else if (entry.isFile()) files.push(name);
  }
  return files.sort();
}

async function fingerprint(files) {
  const hash = createHash('sha256');
  for (const name of files) hash.update(`${name}\0`).update(await readFile(path.join(baselineDir, name))).update('\0');
  return hash.digest('hex');
}

async function prepareBaseline() {
  const files = await sourceFiles(baselineDir);
  const wanted = { install: await fingerprint(['package.json', 'package-lock.json'].filter((name) => files.includes(name))), build: await fingerprint(files) };
  const stampFile = path.join(workDir, '.seed-stack-stamp.json');
  const stamp = existsSync(stampFile) ? JSON.parse(await readFile(stampFile, 'utf8')) : {};
  const installed = stamp.install === wanted.install && existsSync(path.join(workDir, 'node_modules/next/dist/bin/next'));
  const built = installed && stamp.build === wanted.build && existsSync(path.join(workDir, '.next/BUILD_ID'));
  if (built) {
    say(`seed stack: reusing the install and build in ${workDir}`);
    return;
  }
  // Read and written rather than copied: the source may be read-only, and a copy keeps the mode.
  for (const name of files) {
    await mkdir(path.dirname(path.join(workDir, name)), { recursive: true });
    await writeFile(path.join(workDir, name), await readFile(path.join(baselineDir, name)));
  }
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  if (!installed) {
    say(`seed stack: npm install in ${workDir} (about a minute)`);
    await rm(stampFile, { force: true });
    await runToEnd('npm install (seed stack)', 'npm', ['install', '--no-audit', '--no-fund'], { cwd: workDir, env });
    await writeFile(stampFile, JSON.stringify({ install: wanted.install }));
  }
  say('seed stack: next build (about a minute)');
  await runToEnd('next build (seed stack)', process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: workDir, env });
  await writeFile(stampFile, JSON.stringify(wanted));
}

async function startBaseline() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const handle = startProcess('seed stack', process.execPath, ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: workDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  seed = { handle, origin };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (handle.child.exitCode !== null) throw new Error(`seed stack exited while starting:\n${handle.output().slice(-3000)}`);
    try {
      const response = await fetch(`${origin}/jobs`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`seed stack: /jobs did not answer 200 within 120 s:\n${handle.output().slice(-3000)}`);
    await sleep(500);
  }
}

// ---- ours: the project's build on its embedded defaults with the demo data -----------------

// Settings that would point the server away from its embedded defaults (database engine,
// worker count, sessions, queue, seeding); the run measures what `npm start` gives on a fresh
// machine.
const NOT_EMBEDDED = ['DATABASE_URL', 'EMBEDDED_DATABASE', 'WEB_CONCURRENCY', 'REDIS_URL', 'SESSION_DRIVER', 'QUEUE_ENABLED', 'SEED_DEMO', 'PUBLIC_ORIGIN', 'GRAPHQL_URL', 'UPLOADS_DIR'];

async function startOurs() {
  if (!existsSync(path.join(oursDir, 'dist/main.mjs'))) {
    say(`ours: no build yet in ${oursDir}; node scripts/build.mjs`);
    await runToEnd('node scripts/build.mjs', process.execPath, [path.join(oursDir, 'scripts/build.mjs')], { cwd: oursDir, env: process.env });
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'seed-stack-ours-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of NOT_EMBEDDED) delete env[name];
  const handle = startProcess('ours', process.execPath, [path.join(oursDir, 'dist/main.mjs')], { cwd: oursDir, env });
  ours = { handle, dataDir, origin: null };
  // Printed once the demo data is seeded and the server (all its workers) answers.
  const [line, origin] = await handle.waitForOutput(/running at (http:\/\/[^\s)"\\]+).*/, 300_000);
  ours.origin = origin;
  ours.startLine = line;
}

/** Job page paths as our /jobs links them, in page order, without repeats. */
async function jobPagePaths(origin, wanted) {
  const found = new Set();
  for (let page = 1; found.size < wanted && page <= 10; page++) {
    const response = await fetch(`${origin}/jobs${page > 1 ? `?page=${page}` : ''}`);
    const html = await response.text();
    for (const [, href] of html.matchAll(/href="(\/job-apply\/[^"/?#]+\/[^"/?#]+)"/g)) found.add(href);
  }
  if (found.size < wanted) throw new Error(`ours: found ${found.size} job pages on /jobs, the mix needs ${wanted}`);
  return [...found].slice(0, wanted);
}

/** 50 different paths: searches (the demo data's titles and skills), typos, searches that find
 *  nothing, the /jobs filters (src/components/job-ads/JobFilters.astro), pages 2 to 5, job pages. */
function mixPaths(jobPages) {
  const search = (query) => `/jobs?${new URLSearchParams(query)}`;
  const paths = [
    ...['developer', 'engineer', 'frontend', 'backend developer', 'react', 'python', 'kubernetes', 'designer', 'data scientist', 'marketing', 'product manager', 'typescript'].map((q) => search({ q })),
    ...['developr', 'enginer', 'pyhton', 'kubernets'].map((q) => search({ q })),
    ...['zzqxvy', 'underwater basket weaving'].map((q) => search({ q })),
    search({ employment_type: 'freelancer' }),
    search({ work_mode: 'remote' }),
    search({ assignment_type: 'parttime' }),
    search({ location: 'Berlin' }),
    search({ sort_by: 'publishedAt:asc' }),
    search({ posted_within_days: '7' }),
    search({ salary_min: '50000', currency: 'EUR' }),
    search({ q: 'developer', work_mode: 'remote', employment_type: 'employee' }),
    ...[2, 3, 4, 5].map((page) => search({ page: String(page) })),
    ...jobPages,
  ];
  if (paths.length !== MIX_SIZE || new Set(paths).size !== MIX_SIZE) throw new Error(`the mix has ${new Set(paths).size} different paths, not ${MIX_SIZE}`);
  return paths;
}

// ---- load ------------------------------------------------------------------------------------

/** autocannon with 10 connections; a list of paths is requested round-robin across them all. */
function load(origin, paths, limit) {
  let next = 0;
  return autocannon({
    url: origin,
    connections: CONNECTIONS,
    ...limit,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
}

async function measure(target) {
  await load(target.origin, target.paths, { amount: WARM_UP_REQUESTS });
  const result = await load(target.origin, target.paths, { duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function formatTable(rows) {
  const header = ['target', 'round', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'req/s ours/seed', 'p99 ours/seed'];
  const cells = rows.map((row) => [
    row.target,
    row.round,
    row.requestsPerSecond.toFixed(1),
    String(Math.round(row.p50)),
    String(Math.round(row.p99)),
    String(row.non2xx),
    String(row.errors),
    row.seed ? `${(row.requestsPerSecond / row.seed.requestsPerSecond).toFixed(2)}x` : '',
    row.seed ? `${(row.p99 / row.seed.p99).toFixed(2)}x` : '',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values) => `| ${values.map((value, column) => (column < 2 ? value.padEnd(widths[column]) : value.padStart(widths[column]))).join(' | ')} |`;
  return [line(header), `|${widths.map((width, column) => (column < 2 ? ':' : '-').padEnd(width + 1, '-') + (column < 2 ? '-' : ':')).join('|')}|`, ...cells.map(line)].join('\n');
}

/** Per target, the mean of its rounds (requests/s, p50, p99) and the sums of failures. */
function meanOfRounds(rows) {
  const targets = [...new Set(rows.map((row) => row.target))];
  const byTarget = new Map(
    targets.map((target) => {
      const own = rows.filter((row) => row.target === target);
      const mean = (key) => own.reduce((sum, row) => sum + row[key], 0) / own.length;
      const total = (key) => own.reduce((sum, row) => sum + row[key], 0);
      return [target, { target, round: 'mean', requestsPerSecond: mean('requestsPerSecond'), p50: mean('p50'), p99: mean('p99'), non2xx: total('non2xx'), errors: total('errors') }];
    }),
  );
  const seedMean = byTarget.get(SEED_TARGET);
  return [...byTarget.values()].map((row) => ({ ...row, seed: row === seedMean ? null : seedMean }));
}

// ---- the run ----------------------------------------------------------------------------------

const loadAtStart = os.loadavg();
say(`load average at start: ${loadAtStart.map((value) => value.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);

const stopAll = async () => {
  const [a, b] = [ours, seed];
  ours = null;
  seed = null;
  return Promise.all([stop(a?.handle), stop(b?.handle)]);
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    say(`${signal}: stopping the servers`);
    stopAll().then(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  await prepareBaseline();
  await startBaseline();
  say(`seed stack running at ${seed.origin}`);
  await startOurs();
  say(`ours: "${ours.startLine}" (DATA_DIR ${ours.dataDir})`);

  const jobPages = await jobPagePaths(ours.origin, JOB_PAGES_IN_MIX);
  const mix = mixPaths(jobPages);
  // Every path of the mix answers 200 before it counts: a 404 page would flatter the figures.
  for (const mixPath of mix) {
    const response = await fetch(`${ours.origin}${mixPath}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`ours: ${mixPath} answered ${response.status}, not 200`);
  }
  const targets = [
    { target: SEED_TARGET, origin: seed.origin, paths: ['/jobs'] },
    { target: 'ours /jobs', origin: ours.origin, paths: ['/jobs'] },
    { target: 'ours job page', origin: ours.origin, paths: [jobPages[0]] },
    { target: `ours mix of ${MIX_SIZE}`, origin: ours.origin, paths: mix },
  ];

  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    let seedRow = null;
    for (const target of targets) {
      say(`round ${round}/${rounds}: ${target.target} (${seconds} s, ${CONNECTIONS} connections, after ${WARM_UP_REQUESTS} warm-up requests)`);
      const row = { target: target.target, round: String(round), ...(await measure(target)) };
      if (target.target === SEED_TARGET) seedRow = row;
      else row.seed = seedRow;
      rows.push(row);
    }
  }

  console.log(`Seed stack (${path.relative(root, baselineDir)}) against ours (${path.relative(root, path.join(oursDir, 'dist/main.mjs'))}, embedded defaults, demo data), side by side, alternating.`);
  console.log(`${CONNECTIONS} connections, ${seconds} s per measurement after ${WARM_UP_REQUESTS} warm-up requests, ${rounds} round(s); Node ${process.version}; ${os.cpus().length} cores.`);
  console.log(`Load average at start: ${loadAtStart.map((value) => value.toFixed(2)).join(', ')} (1, 5, 15 min); at the end: ${os.loadavg().map((value) => value.toFixed(2)).join(', ')}.`);
  console.log(`Ours said: ${ours.startLine}`);
  console.log(`Job page: ${jobPages[0]} (the first ad our /jobs lists).`);
  console.log(`The mix: ${MIX_SIZE} different paths round-robin (${mix.length - JOB_PAGES_IN_MIX} /jobs searches, filters and pages, ${JOB_PAGES_IN_MIX} job pages).`);
  console.log(`Ratios against the seed stack's /jobs in the same round; the targets: req/s >= 5x, p99 <= 0.2x.\n`);
  console.log(formatTable([...rows, ...(rounds > 1 ? meanOfRounds(rows) : [])]));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  const dataDir = ours?.dataDir;
  const [oursStopped] = await stopAll();
  // The demo database is made afresh each run; kept only when the server may still use it.
  if (dataDir && oursStopped) await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
