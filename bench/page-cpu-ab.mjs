// CPU per guest page, one build against another (the /jobs target of docs/benchmarks.md without the page cache):
// starts each build's server in turn (one worker, guest page cache off) on the same demo
// data, loads one path with autocannon, and reads the CPU its process tree spent from
// /proc: Node and PostgreSQL milliseconds per request. Alternating the builds round by
// round keeps the machine's drift out of the comparison; a single run moves by 5-10 %.
//
//   npm run build; git worktree add /tmp/tp-base <commit>; (cd /tmp/tp-base && npm ci && npm run build)
//   node_modules/.bin/node bench/page-cpu-ab.mjs --base /tmp/tp-base --path /jobs [--rounds 3] [--seconds 10]
//
// --path job-page measures the first job page /jobs lists. Without --base only this
// checkout's build is measured. Linux only (/proc).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, startProcess } from './child-process.mjs';
import { cpuTicks, TICKS_PER_MS } from './process-cpu.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    path: { type: 'string', default: '/jobs' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
if (process.platform !== 'linux') {
  console.log('page-cpu-ab: reads /proc, so it runs on Linux only; skipped');
  process.exit(0);
}
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// This checkout first: its server seeds the demo data both builds then share.
const builds = [{ name: 'this checkout', dir: here }, ...(values.base ? [{ name: `base (${values.base})`, dir: path.resolve(values.base) }] : [])];
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const load = (url, limit) => autocannon({ url, connections, ...limit });

/** One build's server on the shared data, one measured run of the path, the server stopped. */
async function measure(build, dataDir, round) {
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '1', PAGE_CACHE_SECONDS: '0', RATE_LIMIT_PER_MINUTE: '100000000' };
  for (const name of ['DATABASE_URL', 'EMBEDDED_DATABASE', 'REDIS_URL', 'SESSION_DRIVER', 'PUBLIC_ORIGIN', 'GRAPHQL_URL']) delete env[name];
  const server = startProcess(build.name, process.execPath, [path.join(build.dir, 'dist/main.mjs')], { cwd: build.dir, env });
  try {
    await server.waitForOutput(/is running at/, 180_000);
    const origin = `http://127.0.0.1:${port}`;
    let target = values.path;
    if (target === 'job-page') {
      const listing = await (await fetch(`${origin}/jobs`)).text();
      target = /href="(\/job-apply\/[0-9a-f-]{36}\/[a-z0-9-]*)"/.exec(listing)?.[1];
      if (!target) throw new Error('no job page linked from /jobs');
    }
    await load(`${origin}${target}`, { duration: 3 }); // warm-up: JIT, pools, kept plans
    const before = cpuTicks(server.child.pid);
    const result = await load(`${origin}${target}`, { duration: seconds });
    const after = cpuTicks(server.child.pid);
    const requests = result.requests.total;
    const perRequest = (ticks) => ticks / TICKS_PER_MS / requests;
    return {
      build: build.name,
      round,
      requestsPerSecond: result.requests.average,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
      node: perRequest(after.node - before.node),
      postgres: perRequest(after.postgres - before.postgres),
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

const row = (cells) => `| ${cells.join(' | ')} |`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'page-cpu-ab-'));
try {
  const results = [];
  console.log(`${values.path}: ${rounds} rounds of ${seconds} s, ${connections} connections, one worker, page cache off; Node ${process.version}; demo data in ${dataDir}\n`);
  console.log(row(['build', 'round', 'req/s', 'p99 ms', 'failures', 'Node ms/req', 'PostgreSQL ms/req']));
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:']));
  for (let round = 1; round <= rounds; round += 1) {
    for (const build of builds) {
      const result = await measure(build, dataDir, round);
      results.push(result);
      console.log(row([result.build, String(round), result.requestsPerSecond.toFixed(0), String(result.p99), String(result.failures), result.node.toFixed(2), result.postgres.toFixed(2)]));
    }
  }
  for (const build of builds) {
    const own = results.filter((result) => result.build === build.name);
    const mean = (key) => own.reduce((sum, result) => sum + result[key], 0) / own.length;
    console.log(row([build.name, 'mean', mean('requestsPerSecond').toFixed(0), mean('p99').toFixed(0), String(own.reduce((sum, result) => sum + result.failures, 0)), mean('node').toFixed(2), mean('postgres').toFixed(2)]));
  }
  if (results.some((result) => result.failures > 0)) process.exitCode = 1;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
