// Live messages (docs/benchmarks.md, "Live messages"): many open conversations on one
// instance, messages sent through two instances of the built product on one PostgreSQL
// database and one Redis. Measures, and fails (exit 1) unless:
//   - every message reaches every open stream exactly once (0 lost, 0 duplicated);
//   - the delivery time from sending a message to each stream hearing it, p95, is at most 1 s;
// and states the memory each open stream costs the instance holding it.
// The streams are /api/live of one signed-in talent, all on instance A; the messages are
// the demo owner's, posted on the application's page as the form does, alternately to
// instance A and instance B (as a round-robin balancer would), one at a time.
// Needs the build (node scripts/build.mjs), PostgreSQL and Redis. From the project root:
//   node bench/live-messages.mjs [--connections 2000] [--messages 1000]
//     [--database-url postgres://postgres@127.0.0.1:5432/livebench] [--redis-url redis://127.0.0.1:6379/8] [--port 4800]
// The database named in --database-url is DROPPED and created afresh, then seeded once.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { waitReady } from './balanced-instances.mjs';
import { runToEnd, startProcess } from './child-process.mjs';
import { freshDatabase } from './fresh-database.mjs';
import { signIn, VirtualBrowser } from './mixed-load-core.mjs';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '2000' },
    messages: { type: 'string', default: '1000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/livebench' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/8' },
    port: { type: 'string', default: '4800' },
  },
});

const root = path.resolve(import.meta.dirname, '..');
const connections = Number(values.connections);
const messageCount = Number(values.messages);
const databaseUrl = values['database-url'];
const origins = [Number(values.port) + 1, Number(values.port) + 2].map((port) => `http://127.0.0.1:${port}`);
const started = Date.now();
const say = (line) => console.error(`[live ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const processes = [];
const failures = [];

/** Resident memory of a process, in bytes (Linux /proc). */
async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** One open /api/live stream: counts the message events it hears and when. */
function openStream(cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origins[0]}/api/live`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`live stream answered ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith('event: message')) onEvent(performance.now());
        }
      });
      resolve({ close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  if (!existsSync(path.join(root, 'dist/main.mjs'))) throw new Error('no build: run node scripts/build.mjs first');
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'talentplace-live-'));
  const dataDir = path.join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  await freshDatabase(databaseUrl);
  say(`database ${databaseUrl} created; seeding it once`);
  await runToEnd('seed', process.execPath, ['dist/seed.mjs', '--database-url', databaseUrl], { cwd: root, env: process.env });
  const sharedEnv = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    REDIS_URL: values['redis-url'],
    SESSION_DRIVER: 'redis',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: '1',
    // The owner sends every message: far more than a person's allowance.
    MESSAGES_PER_TEN_MINUTES: String(messageCount * 2),
    RATE_LIMIT_PER_MINUTE: '1000000',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  for (const [index, origin] of origins.entries()) {
    const port = new URL(origin).port;
    processes.push(startProcess(`instance ${'AB'[index]}`, process.execPath, ['dist/main.mjs'], { cwd: root, env: { ...process.env, ...sharedEnv, PORT: port, PUBLIC_ORIGIN: origins[0] }, logFile: path.join(workDir, `instance-${index}.log`) }));
  }
  await Promise.all(processes.map((handle, index) => waitReady(origins[index], handle)));
  say(`instances ready: A ${origins[0]}, B ${origins[1]}`);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: [found] } = await db.query(`
    select a.id as application, c.id as company from talent_job_application a
    join talent_profile p on p.id = a.talent_profile_id join "user" u on u.id = p.user_id
    join job_ad j on j.id = a.job_ad_id join company c on c.id = j.publisher_company_id
    where u.email = 'talent@demo.test' and c.name = 'Northwind Labs' limit 1`);
  await db.end();
  if (!found) throw new Error('the seed has no application of talent@demo.test to Northwind Labs');

  const talent = await signIn(origins[0], 'talent@demo.test', 30_000, '/talent/dashboard');
  const owner = await signIn(origins[0], 'owner@demo.test', 30_000, '/company/my-companies');
  await owner.browser.request('select', '/api/select-company', { form: { csrf: owner.csrf, companyId: found.company }, expect: [303] });
  const cookie = talent.browser.jar.header(new URL(origins[0]));

  const instanceA = processes[0].child.pid;
  if (global.gc) global.gc();
  await sleep(1000);
  const before = await rssOf(instanceA);
  const heard = Array.from({ length: connections }, () => []);
  const streams = [];
  for (let index = 0; index < connections; index += 100) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(100, connections - index) }, (_, offset) => openStream(cookie, (at) => heard[index + offset].push(at))))));
  }
  await sleep(2000);
  const after = await rssOf(instanceA);
  const perConnection = (after - before) / connections;
  say(`${connections} streams open on A: resident memory ${(before / 2 ** 20).toFixed(0)} MB before, ${(after / 2 ** 20).toFixed(0)} MB after, about ${(perConnection / 1024).toFixed(1)} kB per stream`);

  const sentAt = [];
  const path_ = `/company/job-application?id=${found.application}`;
  const page = await owner.browser.request('page', path_);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  // The owner's session, through either instance (sessions are shared in Redis); a form posts from its own origin.
  const viaB = new VirtualBrowser(origins[1], null, 30_000);
  viaB.jar = owner.browser.jar;
  const senders = [owner.browser, viaB];
  for (let index = 0; index < messageCount; index += 1) {
    // Measured from the moment the message is sent: the write, its commit and the fan-out.
    sentAt.push(performance.now());
    const answer = await senders[index % 2].request('send', path_, { form: { csrf, intent: 'sendMessage', body: `Bench message ${index + 1}` }, expect: [303] });
    if (!answer) throw new Error(`message ${index + 1} was refused`);
    // One at a time: each message's delivery is measured on its own, none queued behind another.
    const deadline = performance.now() + 5000;
    while (heard.some((times) => times.length < index + 1) && performance.now() < deadline) await sleep(2);
  }
  await sleep(2000);
  for (const stream of streams) stream.close();

  const lost = heard.reduce((sum, times) => sum + Math.max(0, messageCount - times.length), 0);
  const duplicated = heard.reduce((sum, times) => sum + Math.max(0, times.length - messageCount), 0);
  const delays = heard.flatMap((times) => times.slice(0, messageCount).map((at, index) => at - sentAt[index])).sort((a, b) => a - b);
  const p50 = percentile(delays, 50);
  const p95 = percentile(delays, 95);
  const p99 = percentile(delays, 99);
  console.log(`\n${connections} open streams on instance A, ${messageCount} messages sent alternately through A and B, one at a time`);
  console.log(`deliveries: ${delays.length} of ${connections * messageCount}; lost ${lost}, duplicated ${duplicated}`);
  console.log(`delivery from the send: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${delays.at(-1).toFixed(1)} ms`);
  console.log(`memory: ${(before / 2 ** 20).toFixed(0)} MB resident before the streams, ${(after / 2 ** 20).toFixed(0)} MB with them: about ${(perConnection / 1024).toFixed(1)} kB per open stream`);
  if (lost) failures.push(`${lost} deliveries lost`);
  if (duplicated) failures.push(`${duplicated} deliveries duplicated`);
  if (p95 > 1000) failures.push(`p95 ${p95.toFixed(0)} ms is over 1 s`);
  await rm(workDir, { recursive: true, force: true });
} catch (error) {
  failures.push(String(error?.stack ?? error));
} finally {
  for (const handle of processes) if (handle.child.exitCode === null) handle.child.kill('SIGTERM');
  await Promise.all(processes.map((handle) => Promise.race([handle.exited, sleep(20_000)])));
}
if (failures.length) {
  console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nall checks passed');
