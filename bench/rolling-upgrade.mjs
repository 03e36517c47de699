// A rolling upgrade proven (docs/deploy.md "Upgrading", docs/benchmarks.md): two instances of
// an earlier release behind nginx, on one PostgreSQL database and one Redis, are replaced one
// at a time by today's build while the mixed load (bench/mixed-load-core.mjs) runs through
// nginx. Each instance in turn is taken out of nginx (marked down, reloaded: its requests in
// flight finish), stopped with SIGTERM (it drains), started from today's build (which applies
// the new migrations while the other, older instance still serves: the expand-then-contract
// rule) and put back once ready. Checks, each a failure (exit 1) when it does not hold:
//   1. the load had 0 failed requests and every accepted application is stored;
//   2. the database holds every migration of today's build, and both instances serve it
//      (the build id of their pages) and both served requests after the upgrade;
//   3. everything stops cleanly.
// Needs today's build (node scripts/build.mjs), git, nginx on PATH (Debian: apt-get install
// nginx), PostgreSQL and Redis. Run from the project root with Node 24:
//   node_modules/.bin/node bench/rolling-upgrade.mjs [--from <commit>] [--users 100] [--seconds 90]
//     [--database-url postgres://postgres@127.0.0.1:5432/rollingupgrade] [--redis-url redis://127.0.0.1:6379/8]
//     [--port 4720] [--keep]
// --from is the release upgraded from: by default the one before the last migration change
// (scripts/release-worktree.mjs builds it in a temporary worktree). The database named in
// --database-url is DROPPED and created afresh, then seeded by that release.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildRelease, describeRelease, releaseBeforeLastMigrationChange } from '../scripts/release-worktree.mjs';
import { balancedRunOptions, nginxConfig, sharedInstanceEnv, startNginx, stopAll, waitReady } from './balanced-instances.mjs';
import { runToEnd, startProcess } from './child-process.mjs';
import { freshDatabase } from './fresh-database.mjs';
import { formatTable, runMixedLoad } from './mixed-load-core.mjs';

const { values } = parseArgs({ options: { from: { type: 'string' }, ...balancedRunOptions({ users: 100, seconds: 90, database: 'rollingupgrade', redisDatabase: 8, port: 4720 }) } });

const root = path.resolve(import.meta.dirname, '..');
const balancerPort = Number(values.port);
const instancePorts = [balancerPort + 1, balancerPort + 2];
const publicOrigin = `http://127.0.0.1:${balancerPort}`;
const originOf = (port) => `http://127.0.0.1:${port}`;
const databaseUrl = values['database-url'];
const started = Date.now();
const say = (line) => console.error(`[rolling-upgrade ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class CheckFailed extends Error {}
const check = (condition, message) => {
  if (!condition) throw new CheckFailed(message);
};

/** The id of the build an instance serves (its pages' build-id meta). */
async function buildIdOf(origin) {
  const html = await (await fetch(`${origin}/`, { headers: { accept: 'text/html' } })).text();
  return /<meta name="build-id" content="([^"]+)"/.exec(html)?.[1] ?? null;
}

async function appliedMigrations() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
  } finally {
    await client.end();
  }
}

const todaysMigrations = JSON.parse(readFileSync(path.join(root, 'src/server/db/migrations/meta/_journal.json'), 'utf8')).entries.length;
const from = describeRelease(root, values.from ?? releaseBeforeLastMigrationChange(root));
const workDir = await mkdtemp(path.join(os.tmpdir(), 'tp-rolling-'));
const dataDir = path.join(workDir, 'data');
const nginxDir = path.join(workDir, 'nginx');
/** The running processes: an instance's slot is replaced by its successor. */
const processes = [];
let release = null;
let failed = null;

try {
  check(existsSync(path.join(root, 'dist/main.mjs')), "no build of today's code: run node scripts/build.mjs first");
  await mkdir(dataDir, { recursive: true });
  await mkdir(nginxDir, { recursive: true });
  say(`release ${from.short} (${from.date}): building it in a worktree`);
  release = buildRelease(root, from.commit);

  await freshDatabase(databaseUrl);
  say(`database ${databaseUrl} created; migrated and seeded by release ${from.short}`);
  await runToEnd('seed', process.execPath, ['dist/seed.mjs', '--database-url', databaseUrl], { cwd: release.dir, env: process.env });
  const migrationsBefore = await appliedMigrations();
  check(migrationsBefore < todaysMigrations, `release ${from.short} already has every migration of today (${migrationsBefore}); choose an older --from`);

  const sharedEnv = sharedInstanceEnv({ publicOrigin, databaseUrl, redisUrl: values['redis-url'], dataDir, sessionSecret: randomBytes(32).toString('base64url') });

  const startInstance = (index, cwd, version) =>
    startProcess(`instance ${'AB'[index]} (${version})`, process.execPath, ['dist/main.mjs'], { cwd, env: { ...sharedEnv, PORT: String(instancePorts[index]) }, logFile: path.join(workDir, `instance-${'ab'[index]}-${version}.log`) });
  for (const index of [0, 1]) processes.push(startInstance(index, release.dir, from.short));
  await Promise.all(instancePorts.map((port, index) => waitReady(originOf(port), processes[index])));
  const oldBuildId = await buildIdOf(originOf(instancePorts[0]));
  say(`instances A and B of release ${from.short} ready (build ${oldBuildId})`);

  const nginx = await startNginx({ workDir, nginxDir, config: nginxConfig(nginxDir, balancerPort, instancePorts), cwd: root });
  processes.push(nginx.handle);
  await waitReady(publicOrigin, nginx.handle);

  const seconds = Number(values.seconds);
  const users = Number(values.users);
  say(`the mixed load through nginx: ${users} users for ${seconds} s; the upgrade starts ${Math.round(seconds / 5)} s in`);
  const loading = runMixedLoad({ baseUrl: publicOrigin, outboxDir: path.join(dataDir, 'outbox'), users, seconds, thinkMs: Number(values['think-ms']), timeoutMs: Number(values['timeout-ms']), log: say });

  await sleep((seconds / 5) * 1000);
  let accessLogAfterUpgrade = 0;
  for (const index of [0, 1]) {
    const port = instancePorts[index];
    const name = 'AB'[index];
    await nginx.reload(nginxConfig(nginxDir, balancerPort, instancePorts, new Set([port])));
    say(`instance ${name}: taken out of nginx`);
    // nginx's old worker finishes the requests it sent there; then the instance drains the rest.
    await sleep(2_000);
    const old = processes[index];
    old.child.kill('SIGTERM');
    const { code, signal } = await old.exited;
    await old.save();
    check(code === 0, `instance ${name} of release ${from.short} exited with ${code ?? signal} on SIGTERM`);
    const successor = startInstance(index, root, 'today');
    processes[index] = successor;
    await waitReady(originOf(port), successor);
    await nginx.reload(nginxConfig(nginxDir, balancerPort, instancePorts));
    say(`instance ${name}: today's build serves (database at ${await appliedMigrations()} of ${todaysMigrations} migrations), back in nginx`);
    if (index === 1) accessLogAfterUpgrade = (await readFile(path.join(nginxDir, 'nginx-access.log'), 'utf8')).length;
    else await sleep((seconds / 5) * 1000);
  }
  const load = await loading;
  say('load over');

  const { guests, talents, companies } = load.users;
  console.log(`\n${users} users (${guests} guests, ${talents} talents, ${companies} company users), ${load.elapsedSeconds.toFixed(1)} s measured, through nginx while both instances were upgraded from ${from.short} to today's build\n`);
  console.log(formatTable(load));
  console.log(`\napplications: ${load.writes.accepted} accepted (303), ${load.writes.stored} stored, ${load.writes.missing.length} talents with missing writes`);
  const servedAfter = new Map();
  for (const line of (await readFile(path.join(nginxDir, 'nginx-access.log'), 'utf8')).slice(accessLogAfterUpgrade).split('\n').filter(Boolean)) {
    const upstream = line.slice(0, line.search(/ \d{3} /)).split(', ').at(-1);
    servedAfter.set(upstream, (servedAfter.get(upstream) ?? 0) + 1);
  }
  console.log(`requests per instance after both were upgraded: ${[...servedAfter].map(([upstream, count]) => `${upstream} ${count}`).join(', ') || 'none'}`);
  for (const line of load.errorSamples) console.error(`error: ${line}`);
  for (const line of load.writes.missing) console.error(`missing write: ${line}`);
  check(load.total.errors === 0, `the load had ${load.total.errors} failed requests during the upgrade`);
  check(load.writes.missing.length === 0, 'accepted applications are missing');
  say('check 1 passed: 0 failed requests during the rolling upgrade, every accepted application stored');

  const migrationsAfter = await appliedMigrations();
  check(migrationsAfter === todaysMigrations, `the database holds ${migrationsAfter} migrations, today's build has ${todaysMigrations}`);
  const buildIds = await Promise.all(instancePorts.map((port) => buildIdOf(originOf(port))));
  check(buildIds.every((id) => id && id !== oldBuildId && id === buildIds[0]), `the instances serve builds ${buildIds.join(', ')} (release ${from.short}: ${oldBuildId})`);
  for (const port of instancePorts) check((servedAfter.get(`127.0.0.1:${port}`) ?? 0) > 0, `nginx sent nothing to the upgraded instance on ${port}`);
  say(`check 2 passed: migrations ${migrationsBefore} -> ${migrationsAfter}, both instances serve build ${buildIds[0]}, and both served after the upgrade`);
} catch (error) {
  failed = error;
  console.error(`\nFAILED: ${error instanceof CheckFailed ? error.message : (error?.stack ?? error)}`);
}

const stopProblems = await stopAll(processes);
for (const problem of stopProblems) console.error(`FAILED to stop cleanly: ${problem}`);
if (!failed && stopProblems.length === 0) say('check 3 passed: both instances exited 0 on SIGTERM, nginx quit');
release?.remove();
if (values.keep || failed || stopProblems.length) say(`logs kept in ${workDir}`);
else await rm(workDir, { recursive: true, force: true });
process.exit(failed || stopProblems.length ? 1 : 0);
