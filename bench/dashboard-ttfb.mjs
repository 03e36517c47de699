// Dashboard TTFB (docs/benchmarks.md, mixed load): time to first byte of a signed-in dashboard, one request at a time on an
// otherwise idle server. Signs in as the demo owner through the built-in provider, warms
// up, then requests /company/dashboard --requests times (default 200) and prints p50, p95
// and p99 of the time until the response headers arrived. Start the product first, e.g.
//   node scripts/build.mjs && PORT=4533 HOST=127.0.0.1 DATA_DIR=/tmp/tp-ttfb node dist/main.mjs
//   node bench/dashboard-ttfb.mjs http://127.0.0.1:4533 [--requests 200] [--path /company/dashboard]
import { parseArgs } from 'node:util';
import { signIn } from './mixed-load-core.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string', default: '200' }, path: { type: 'string', default: '/company/dashboard' } },
});
const origin = positionals[0];
if (!origin) {
  console.error('usage: node bench/dashboard-ttfb.mjs <baseUrl> [--requests 200] [--path /company/dashboard]');
  process.exit(2);
}
const { browser } = await signIn(origin, 'owner@demo.test', 30_000);
const target = new URL(values.path, origin);

async function firstByteMs() {
  const started = performance.now();
  const response = await fetch(target, { headers: { cookie: browser.jar.header(target), accept: 'text/html' }, redirect: 'manual' });
  const elapsed = performance.now() - started;
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${values.path} answered ${response.status}`);
  return elapsed;
}

for (let index = 0; index < 20; index += 1) await firstByteMs();
const times = [];
for (let index = 0; index < Number(values.requests); index += 1) times.push(await firstByteMs());
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
console.log(`${values.path} signed in as owner@demo.test, ${times.length} requests one at a time: TTFB p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms`);
