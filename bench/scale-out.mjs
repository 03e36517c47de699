// Scale-out proven (docs/benchmarks.md): two instances of the built product behind nginx, on
// one PostgreSQL database and one Redis, with one shared data directory (uploads, outbox,
// generated secrets). Checks, each a failure (exit 1) when it does not hold:
//   1. a sign-in whose every hop alternates between the two instances ends signed in, and
//      the session it made on one instance is served as signed in by the other;
//   2. a job ad published through instance A is found by instance B's /jobs search at once;
//   3. the mixed load (bench/mixed-load-core.mjs) through nginx: 0 errors, every accepted
//      application stored, and both instances served a share of it;
//   4. everything stops cleanly (SIGTERM: exit 0; nginx: graceful quit).
// Needs the build (node scripts/build.mjs), nginx on PATH (Debian: apt-get install nginx),
// PostgreSQL and Redis. Run from the project root with Node 24 (the one npm installs):
//   node_modules/.bin/node bench/scale-out.mjs [--users 200] [--seconds 60]
//     [--database-url postgres://postgres@127.0.0.1:5432/scaleout] [--redis-url redis://127.0.0.1:6379/7]
//     [--port 4700] [--keep]
// The database named in --database-url is DROPPED and created afresh, then seeded once.
// See docs/deploy.md for running several instances for real, docs/benchmarks.md for figures.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { balancedRunOptions, nginxConfig, sharedInstanceEnv, startNginx, stopAll, waitReady } from './balanced-instances.mjs';
import { runToEnd, startProcess } from './child-process.mjs';
import { freshDatabase } from './fresh-database.mjs';
import { formatTable, runMixedLoad, VirtualBrowser } from './mixed-load-core.mjs';

const { values } = parseArgs({ options: balancedRunOptions({ users: 200, seconds: 60, database: 'scaleout', redisDatabase: 7, port: 4700 }) });

const root = path.resolve(import.meta.dirname, '..');
const balancerPort = Number(values.port);
const instancePorts = [balancerPort + 1, balancerPort + 2];
const publicOrigin = `http://127.0.0.1:${balancerPort}`;
const instanceOrigins = instancePorts.map((port) => `http://127.0.0.1:${port}`);
const timeoutMs = Number(values['timeout-ms']);
const databaseUrl = values['database-url'];
const started = Date.now();
const say = (line) => console.error(`[scale-out ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

class CheckFailed extends Error {}
const check = (condition, message) => {
  if (!condition) throw new CheckFailed(message);
};

// ---- check 1: a sign-in hopping between the instances, a session served by both ----------

/**
 * A browser that sends each request straight to one instance (in turn from `route`), with
 * the Host header the balancer would pass: the instance sees exactly what it sees behind
 * nginx, but we choose which instance answers.
 */
function pinnedBrowser(route) {
  const browser = new VirtualBrowser(publicOrigin, null, timeoutMs);
  let hop = 0;
  const served = [];
  const pin = (target) => {
    const url = new URL(target, publicOrigin);
    if (url.origin !== publicOrigin) throw new CheckFailed(`a redirect left the site: ${url.href}`);
    const instance = route[hop++ % route.length];
    served.push(`${instance === instanceOrigins[0] ? 'A' : 'B'} ${url.pathname}`);
    const pinned = new URL(url.pathname + url.search, instance);
    return pinned;
  };
  const request = async (target, init = {}) => {
    const answer = await browser.request('setup', pin(target), { ...init, headers: { host: new URL(publicOrigin).host, ...init.headers }, expect: init.expect ?? [200, 302, 303] });
    // Redirects are resolved against the public origin, as a browser behind nginx would.
    return { ...answer, url: new URL(answer.url.pathname + answer.url.search, publicOrigin) };
  };
  const follow = async (target, init = {}) => {
    let answer = await request(target, init);
    for (let hops = 0; hops < 20 && answer.location; hops += 1) answer = await request(new URL(answer.location, answer.url));
    check(!answer.location, `too many redirects from ${String(target)}`);
    return answer;
  };
  return { browser, request, follow, served };
}

const csrfOf = (html) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? null;

async function checkSessionsAcrossInstances() {
  const [a, b] = instanceOrigins;
  const session = pinnedBrowser([a, b]);
  const start = await session.follow('/sign-in?returnTo=%2Fcompany%2Fdashboard');
  const action = [...start.body.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&')).find((found) => found.endsWith('/email'));
  check(action, `the sign-in page has no login form (${start.url.pathname})`);
  const landed = await session.follow(new URL(action, start.url), { form: { email: 'owner@demo.test', password: 'talentplace-demo' } });
  check(landed.url.pathname === '/company/dashboard' && csrfOf(landed.body), `a sign-in alternating between A and B landed on ${landed.url.pathname} not signed in; hops: ${session.served.join(', ')}`);
  say(`check 1a passed: sign-in with every hop alternating between the instances ended signed in (${session.served.join(' -> ')})`);

  // The same cookies, each instance in turn: both serve the session as signed in.
  for (const [name, origin] of [['A', a], ['B', b], ['A', a], ['B', b]]) {
    const pinned = pinnedBrowser([origin]);
    pinned.browser.jar = session.browser.jar;
    const page = await pinned.request('/company/dashboard', { expect: [200, 302, 303] });
    check(page.status === 200 && csrfOf(page.body), `instance ${name} did not serve the session as signed in (${page.status} ${page.location ?? ''})`);
  }
  say('check 1b passed: the session is served as signed in by A and by B, in turn');
  return session;
}

// ---- check 2: an ad published through A is found through B at once ---------------------

const CREATE_AD = 'mutation ScaleOutAd($data: JobAdInput!) { createOneJobAd(data: $data) { id status } }';

async function checkPublishedAdAcrossInstances(session) {
  const [a, b] = instanceOrigins;
  const onA = pinnedBrowser([a]);
  onA.browser.jar = session.browser.jar;
  const dashboard = await onA.request('/company/dashboard');
  const csrf = csrfOf(dashboard.body);
  check(csrf, 'no csrf token on the dashboard served by A');
  const word = `scaleout${randomBytes(4).toString('hex')}`;
  const title = `Platform engineer ${word}`;
  const created = await onA.request('/api/graphql', {
    json: {
      query: CREATE_AD,
      operationName: 'ScaleOutAd',
      variables: { data: { title, workMode: 'remote', countryCode: 'PT', adDescription: `Published through instance A (${word}).`, publishedAt: new Date().toISOString() } },
    },
    headers: { 'x-tp-csrf': csrf, accept: 'application/json', referer: `${publicOrigin}/company/dashboard` },
    expect: [200],
  });
  const ad = JSON.parse(created.body).data?.createOneJobAd;
  check(ad?.id, `createOneJobAd through A failed: ${created.body.slice(0, 400)}`);
  const publishedAt = Date.now();
  const guestOnB = pinnedBrowser([b]);
  const search = await guestOnB.request(`/jobs?${new URLSearchParams({ q: word })}`, { expect: [200] });
  const foundAfterMs = Date.now() - publishedAt;
  check(search.body.includes(ad.id), `B's /jobs?q=${word} does not list the ad ${ad.id} published through A (status ${ad.status})`);
  const page = await guestOnB.request(`/job-apply/${ad.id}`, { expect: [200, 301, 302, 308] });
  check(page.status === 200 || page.location?.includes(ad.id), `B does not serve the ad's page (${page.status})`);
  say(`check 2 passed: ad ${ad.id} published through A (status ${ad.status}) is found by B's /jobs search ${foundAfterMs} ms later`);
}

// ---- the run ---------------------------------------------------------------------------

const workDir = await mkdtemp(path.join(os.tmpdir(), 'tp-scaleout-'));
const dataDir = path.join(workDir, 'data');
const nginxDir = path.join(workDir, 'nginx');
const processes = [];
let failed = null;

try {
  check(existsSync(path.join(root, 'dist/main.mjs')), 'no build: run node scripts/build.mjs first');
  await mkdir(dataDir, { recursive: true });
  await mkdir(nginxDir, { recursive: true });
  say(`work directory ${workDir}; database ${databaseUrl}; Redis ${values['redis-url']}`);

  await freshDatabase(databaseUrl);
  say('database created; migrating and seeding it once (dist/seed.mjs)');
  await runToEnd('seed', process.execPath, ['dist/seed.mjs', '--database-url', databaseUrl], { cwd: root, env: process.env });

  const sharedEnv = sharedInstanceEnv({ publicOrigin, databaseUrl, redisUrl: values['redis-url'], dataDir, sessionSecret: randomBytes(32).toString('base64url') });

  for (const [index, port] of instancePorts.entries()) {
    const label = `instance ${index === 0 ? 'A' : 'B'}`;
    processes.push(startProcess(label, process.execPath, ['dist/main.mjs'], { cwd: root, env: { ...sharedEnv, PORT: String(port) }, logFile: path.join(workDir, `instance-${index === 0 ? 'a' : 'b'}.log`) }));
  }
  // Started together on purpose: migrations and generated secrets must cope with a race.
  await Promise.all(processes.map((handle, index) => waitReady(instanceOrigins[index], handle)));
  say(`instances ready: A ${instanceOrigins[0]}, B ${instanceOrigins[1]}`);

  const nginx = (await startNginx({ workDir, nginxDir, config: nginxConfig(nginxDir, balancerPort, instancePorts), cwd: root })).handle;
  processes.push(nginx);
  await waitReady(publicOrigin, nginx);
  say(`nginx ready at ${publicOrigin}`);

  const session = await checkSessionsAcrossInstances();
  await checkPublishedAdAcrossInstances(session);

  const users = Number(values.users);
  const seconds = Number(values.seconds);
  say(`check 3: the mixed load through nginx, ${users} users for ${seconds} s`);
  const accessLogBefore = (await readFile(path.join(nginxDir, 'nginx-access.log'), 'utf8').catch(() => '')).length;
  const load = await runMixedLoad({
    baseUrl: publicOrigin,
    outboxDir: path.join(dataDir, 'outbox'),
    users,
    seconds,
    thinkMs: Number(values['think-ms']),
    timeoutMs,
    log: say,
  });
  const { guests, talents, companies } = load.users;
  console.log(`\n${users} users (${guests} guests, ${talents} talents, ${companies} company users), ${load.elapsedSeconds.toFixed(1)} s measured, ${load.openJobAds} open job ads, through nginx to 2 instances\n`);
  console.log(formatTable(load));
  console.log(`\napplications: ${load.writes.accepted} accepted (303), ${load.writes.stored} stored, ${load.writes.missing.length} talents with missing writes`);
  const perInstance = new Map();
  const retried = [];
  for (const line of (await readFile(path.join(nginxDir, 'nginx-access.log'), 'utf8')).slice(accessLogBefore).split('\n').filter(Boolean)) {
    // "a, b status ...": nginx got no answer from a and tried b.
    const upstreams = line.slice(0, line.search(/ \d{3} /)).split(', ');
    if (upstreams.length > 1) retried.push(line);
    const served = upstreams.at(-1);
    perInstance.set(served, (perInstance.get(served) ?? 0) + 1);
  }
  console.log(`requests per instance (nginx access log, set-up included): ${[...perInstance].map(([upstream, count]) => `${upstream} ${count}`).join(', ')}`);
  console.log(`requests nginx had to send to the other instance: ${retried.length}${retried.length ? ` (${retried.slice(0, 5).join('; ')})` : ''}`);
  for (const line of load.errorSamples) console.error(`error: ${line}`);
  for (const line of load.writes.missing) console.error(`missing write: ${line}`);
  check(load.total.errors === 0, `the mixed load had ${load.total.errors} errors`);
  check(load.writes.missing.length === 0, 'accepted applications are missing');
  for (const port of instancePorts) check((perInstance.get(`127.0.0.1:${port}`) ?? 0) > 0, `nginx sent nothing to the instance on ${port}`);
  say('check 3 passed: 0 errors, every accepted application stored, both instances served');
} catch (error) {
  failed = error;
  console.error(`\nFAILED: ${error instanceof CheckFailed ? error.message : (error?.stack ?? error)}`);
}

const stopProblems = await stopAll(processes);
for (const problem of stopProblems) console.error(`FAILED to stop cleanly: ${problem}`);
if (!failed && stopProblems.length === 0) say('check 4 passed: both instances exited 0 on SIGTERM, nginx quit');
if (values.keep || failed || stopProblems.length) say(`logs kept in ${workDir}`);
else await rm(workDir, { recursive: true, force: true });
process.exit(failed || stopProblems.length ? 1 : 0);
