// CPU time one request of each kind costs the server, in milliseconds: Node (the
// primary and its workers) and PostgreSQL (the embedded server and its backends) apart.
// Read from /proc (user + system time of the server's process tree) around a run of
// requests, so it holds on a busy machine, where latencies do not: a request that
// costs 20 ms of CPU caps two cores at 100 a second whatever else runs.
//
//   PAGE_CACHE_SECONDS=0 PORT=4533 HOST=127.0.0.1 DATA_DIR=/tmp/tp-cpu node dist/main.mjs &
//   node bench/cpu-per-request.mjs http://127.0.0.1:4533 <pid of node dist/main.mjs> [--requests 300]
//
// Linux only (/proc). The server must have the demo data (its default) and should not
// be serving anything else.

import { cpuTicks as cpuTicksUnder, TICKS_PER_MS } from './process-cpu.mjs';
import { openJobAdIds, signIn, VirtualBrowser } from './mixed-load-core.mjs';

const [origin, pidText] = process.argv.slice(2);
const requestsFlag = process.argv.indexOf('--requests');
const REQUESTS = requestsFlag > 0 ? Number(process.argv[requestsFlag + 1]) : 300;
const CONCURRENCY = 2;
if (!origin || !/^\d+$/.test(pidText ?? '')) {
  console.error('usage: node bench/cpu-per-request.mjs <origin> <server pid> [--requests N]');
  process.exit(2);
}
const serverPid = Number(pidText);
const cpuTicks = () => cpuTicksUnder(serverPid);

async function measure(label, browser, target, init, requests = REQUESTS) {
  const run = async (count) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          next += 1;
          const answer = await browser.request(label, typeof target === 'function' ? target(next) : target, init);
          if (!answer) throw new Error(`${label}: no answer`);
        }
      }),
    );
  };
  if (typeof init?.warmUp !== 'number' || init.warmUp > 0) await run(20); // warm-up: JIT, pools, caches
  const before = cpuTicks();
  const started = performance.now();
  await run(requests);
  const seconds = (performance.now() - started) / 1000;
  const after = cpuTicks();
  const perRequest = (ticks) => (ticks / TICKS_PER_MS / requests).toFixed(2);
  console.log(`| ${label} | ${perRequest(after.node - before.node)} | ${perRequest(after.postgres - before.postgres)} | ${(requests / seconds).toFixed(0)} |`);
}

/** One application through the page forms (form page, post, success page), once per ad. */
async function measureApplications(talent, adIds) {
  const queue = [...adIds];
  const apply = async () => {
    const jobAdId = queue.pop();
    const formPath = `/job-apply-form?jobAdId=${jobAdId}`;
    const page = await talent.browser.request('apply', formPath);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page?.body ?? '')?.[1];
    if (!csrf || !page.body.includes('name="message"')) return;
    const posted = await talent.browser.request('apply', formPath, { form: { csrf, message: 'CPU per request' }, expect: [303] });
    await talent.browser.request('apply', posted.location);
  };
  const count = Math.min(queue.length, REQUESTS);
  const before = cpuTicks();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (queue.length > adIds.length - count) await apply(); }));
  const after = cpuTicks();
  const perFlow = (ticks) => (ticks / TICKS_PER_MS / count).toFixed(2);
  console.log(`| talent application (form page + post + success page) | ${perFlow(after.node - before.node)} | ${perFlow(after.postgres - before.postgres)} | ${count} flows |`);
}

const guest = new VirtualBrowser(origin, null, 30_000);
const adIds = await openJobAdIds(origin, 30_000);
const adPath = (await guest.request('setup', '/jobs')).body.match(/href="(\/job-apply\/[0-9a-f-]{36}\/[a-z0-9-]*)"/)[1];
const company = await signIn(origin, 'owner@demo.test', 30_000);
const talent = await signIn(origin, 'talent@demo.test', 30_000, '/talent/dashboard');
const graphql = (query) => ({ json: { query }, headers: { 'x-tp-csrf': company.csrf, accept: 'application/json', referer: `${origin}/company/dashboard` } });

console.log(`${REQUESTS} requests each, ${CONCURRENCY} at a time, after 20 warm-up ones; CPU ms per request\n`);
console.log('| request | Node ms | PostgreSQL ms | req/s |');
console.log('|---|---:|---:|---:|');
await measure('guest GET /jobs', guest, '/jobs');
await measure('guest GET /jobs?q=developer', guest, '/jobs?q=developer');
await measure('guest GET job page', guest, adPath);
await measure('guest GET /api/jobs/suggest', guest, '/api/jobs/suggest?q=dev', { headers: { accept: 'application/json' } });
await measure('talent GET /job-apply-form', talent.browser, (n) => `/job-apply-form?jobAdId=${adIds[n % adIds.length]}`);
await measure('talent GET /talent/dashboard', talent.browser, '/talent/dashboard');
await measureApplications(talent, adIds);
await measure('company GET /company/dashboard', company.browser, '/company/dashboard');
await measure('company POST /api/graphql companyDashboard', company.browser, '/api/graphql', graphql('query { companyDashboard { company { id name } receivedApplications jobAds { open } } }'));
await measure('company POST /api/graphql findMe', company.browser, '/api/graphql', graphql('query { findMe { id email } }'));
