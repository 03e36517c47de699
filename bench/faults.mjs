// Security checklist H42, the long run: the built product on PostgreSQL (a scratch
// database of its own) and Redis sessions, each reached through a TCP proxy that is
// stopped and started over and over (PostgreSQL, then Redis, then both) while talents
// write and read and guests browse. The shared servers themselves are never stopped.
// Prints a summary and exits non-zero when an answer was unclear (not 200, not a 503
// "try again"), when an accepted write is missing, or when /readyz did not come back.
//   npm run build
//   node_modules/.bin/node bench/faults.mjs [--seconds 180] [--down-seconds 5] [--up-seconds 10] [--talents 8] [--guests 4]
// with TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test) and TEST_REDIS_URL
// (redis://127.0.0.1:6379) set. Node 24 (the pinned one in node_modules/.bin) loads the
// TypeScript helpers shared with the CI tests (tests/integration/faults/) as they are.
// Figures and what they mean: docs/benchmarks.md.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signUp } from './mixed-load-core.mjs';
import { startBuiltServer } from '../tests/support/built-server.ts';
import { hostAndPort, startFaultProxy, throughProxy } from '../tests/support/fault-proxy.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '180' },
    'down-seconds': { type: 'string', default: '5' },
    'up-seconds': { type: 'string', default: '10' },
    talents: { type: 'string', default: '8' },
    guests: { type: 'string', default: '4' },
  },
});
const number = (name) => {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${values[name]}`);
  return value;
};
const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim();
if (!databaseUrl || !redisUrl) {
  console.error('set TEST_DATABASE_URL and TEST_REDIS_URL (the servers are never stopped: proxies in front of them are)');
  process.exit(2);
}
const seconds = number('seconds');
const downMs = number('down-seconds') * 1000;
const upMs = number('up-seconds') * 1000;
const TIMEOUT_MS = 15_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Per request kind: answered as it should be, a clear 503 "try again", or anything else (the failures). */
const tally = new Map();
const unclearSamples = [];
function count(kind, outcome, detail = '') {
  const row = tally.get(kind) ?? { ok: 0, tryAgain: 0, unclear: 0 };
  row[outcome] += 1;
  tally.set(kind, row);
  if (outcome === 'unclear' && unclearSamples.length < 10) unclearSamples.push(`${kind}: ${detail}`);
}

/** One request; the outcome is decided by `judge(status, body, headers)`. Timeouts and network errors are unclear. */
async function measured(kind, url, init, judge) {
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = await response.text();
    const outcome = judge(response.status, body, response.headers);
    count(kind, outcome, `${response.status} ${body.replace(/\s+/g, ' ').slice(0, 160)}`);
    return { outcome, status: response.status, body };
  } catch (error) {
    count(kind, 'unclear', String(error?.cause ?? error));
    return { outcome: 'unclear', status: 0, body: '' };
  }
}

/** A 503 that says to try again: Retry-After, and no stack trace or driver message. */
const isTryAgain = (status, body, headers) => status === 503 && Number(headers.get('retry-after')) > 0 && !/ECONNREFUSED|\bat .*\.m?js:\d+/.test(body);

const name = `faults_${randomBytes(6).toString('hex')}`;
await adminQuery(`create database "${name}"`);
const scratchUrl = new URL(databaseUrl);
scratchUrl.pathname = `/${name}`;
const database = await startFaultProxy(hostAndPort(databaseUrl, 5432));
const redis = await startFaultProxy(hostAndPort(redisUrl, 6379));
const server = await startBuiltServer({
  DATABASE_URL: throughProxy(scratchUrl.href, database),
  SESSION_DRIVER: 'redis',
  REDIS_URL: throughProxy(redisUrl, redis),
  SIGN_UP_LIMIT_PER_HOUR: '100000',
  RATE_LIMIT_PER_MINUTE: '100000',
});
const origin = server.url;
// The product must survive every fault: if it exits, say so with its last words and stop.
server.process.once('exit', (code, signal) => {
  if (signal === 'SIGKILL') return;
  console.error(`the product exited (${code ?? signal}) during the run; its last output:\n${server.output().slice(-4000)}`);
  process.exit(1);
});
const accepted = [];
const refused = [];
const recoveries = { database: [], redis: [], both: [] };
let failedToRecover = 0;
let exitCode = 1;

try {
  const outbox = path.join(server.dataDir, 'outbox');
  const talents = [];
  for (let index = 0; index < number('talents'); index += 1) {
    const browser = await signUp(origin, `fault-${index}-${randomBytes(3).toString('hex')}@example.test`, TIMEOUT_MS, outbox);
    const page = await browser.request('setup', '/talent/dashboard');
    talents.push({ browser, csrf: /<meta name="csrf-token" content="([^"]+)"/.exec(page.body)[1] });
  }
  console.error(`${talents.length} talents signed up; faults for ${seconds} s (down ${downMs / 1000} s, up ${upMs / 1000} s)`);

  const deadline = Date.now() + seconds * 1000;
  let written = 0;
  const talentLoop = async ({ browser, csrf }) => {
    while (Date.now() < deadline) {
      const cookie = browser.jar.header(new URL(origin));
      const companyName = `Fault Co ${(written += 1)} ${randomBytes(3).toString('hex')}`;
      const write = await measured(
        'talent POST /api/graphql createOneCompany',
        `${origin}/api/graphql`,
        { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-tp-csrf': csrf, origin }, body: JSON.stringify({ query: 'mutation($d: CreateOneCompanyInput!) { createOneCompany(data: $d) { id } }', variables: { d: { name: companyName } } }) },
        (status, body, headers) => (status === 200 && !body.includes('"errors"') ? 'ok' : isTryAgain(status, body, headers) && body.includes('"UNAVAILABLE"') ? 'tryAgain' : 'unclear'),
      );
      (write.outcome === 'ok' ? accepted : refused).push(companyName);
      await measured('talent GET /talent/dashboard', `${origin}/talent/dashboard`, { headers: { cookie, accept: 'text/html' } }, (status, body, headers) =>
        status === 200 ? 'ok' : isTryAgain(status, body, headers) && body.includes('<h1>Briefly unavailable</h1>') ? 'tryAgain' : 'unclear',
      );
      await sleep(100 + Math.random() * 200);
    }
  };
  const guestLoop = async () => {
    while (Date.now() < deadline) {
      // The home page needs nothing that fails; /jobs needs the database.
      await measured('guest GET /', `${origin}/`, {}, (status) => (status === 200 ? 'ok' : 'unclear'));
      await measured('guest GET /jobs?q=developer', `${origin}/jobs?q=developer`, {}, (status) => (status === 200 ? 'ok' : status === 503 ? 'tryAgain' : 'unclear'));
      await sleep(100 + Math.random() * 200);
    }
  };
  const waitUntilReady = async () => {
    const started = performance.now();
    while (performance.now() - started < 30_000) {
      const response = await fetch(`${origin}/readyz`).catch(() => null);
      if (response?.status === 200) return performance.now() - started;
      await sleep(50);
    }
    failedToRecover += 1;
    return null;
  };
  const faults = async () => {
    const plans = [['database', [database]], ['redis', [redis]], ['both', [database, redis]]];
    for (let cycle = 0; Date.now() + downMs < deadline; cycle += 1) {
      const [label, proxies] = plans[cycle % plans.length];
      await sleep(upMs);
      if (Date.now() + downMs >= deadline) break;
      for (const proxy of proxies) await proxy.stop();
      await sleep(downMs);
      for (const proxy of proxies) await proxy.start();
      const ms = await waitUntilReady();
      if (ms !== null) recoveries[label].push(ms);
      console.error(`cycle ${cycle + 1}: ${label} down ${downMs / 1000} s, ready again ${ms === null ? 'NEVER (30 s)' : `after ${Math.round(ms)} ms`}`);
    }
  };
  const started = performance.now();
  await Promise.all([faults(), ...talents.map(talentLoop), ...Array.from({ length: number('guests') }, guestLoop)]);
  const elapsed = (performance.now() - started) / 1000;
  await waitUntilReady();

  const { rows } = await new Promise((resolve, reject) => {
    const client = new pg.Client({ connectionString: scratchUrl.href });
    client
      .connect()
      .then(() => client.query('select name from company'))
      .then(resolve, reject)
      .finally(() => client.end());
  });
  const stored = new Set(rows.map((row) => row.name));
  const missing = accepted.filter((companyName) => !stored.has(companyName));
  const refusedButStored = refused.filter((companyName) => stored.has(companyName));
  const crashes = (server.output().match(/\b(unhandled|uncaught)\b/gi) ?? []).length;

  console.log(`faults: ${elapsed.toFixed(0)} s, ${talents.length} talents + ${number('guests')} guests, dependency down ${downMs / 1000} s then up ${upMs / 1000} s, cycling PostgreSQL / Redis / both\n`);
  console.log('| request | ok | 503 try again | unclear |');
  console.log('|---|---:|---:|---:|');
  for (const [kind, row] of tally) console.log(`| ${kind} | ${row.ok} | ${row.tryAgain} | ${row.unclear} |`);
  const spread = (list) => (list.length ? `${list.length} outages, ready again after ${Math.round(Math.min(...list))}–${Math.round(Math.max(...list))} ms (median ${Math.round([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)])})` : 'no outages');
  for (const [label, list] of Object.entries(recoveries)) console.log(`\nrecovery, ${label}: ${spread(list)}`);
  console.log(`\nwrites: ${accepted.length} accepted, ${accepted.length - missing.length} of them stored, ${missing.length} missing; ${refused.length} refused (${refusedButStored.length} of them stored anyway: committed, answer lost)`);
  console.log(`server log: ${crashes} unhandled/uncaught; recoveries that never came: ${failedToRecover}`);
  for (const sample of unclearSamples) console.error(`unclear: ${sample}`);
  for (const companyName of missing) console.error(`missing write: ${companyName}`);
  const unclear = [...tally.values()].reduce((sum, row) => sum + row.unclear, 0);
  exitCode = unclear === 0 && missing.length === 0 && failedToRecover === 0 && crashes === 0 ? 0 : 1;
} finally {
  await server.stop('SIGKILL');
  await database.close();
  await redis.close();
  await adminQuery(`drop database if exists "${name}" with (force)`);
}
process.exit(exitCode);
