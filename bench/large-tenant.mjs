// A large tenant's company pages (docs/benchmarks.md, "A large tenant"): the server time of
// every company page and its main views, signed in as the demo owner in Northwind Labs grown
// by `seed --large-tenant` (300 ads, 100,000 applications with 20,000 on one ad, 500 members,
// 10,000 roster entries, 1,000,000 event rows, 60,000 billings and their invoices, 300,000
// ledger entries, 1,000,000 other talent profiles). Server time is what the product's own request
// line says (`durationMs`, from the request to the last byte sent; logging/request-log.ts),
// found by the X-Request-Id of each answer, with the request's SQL statements and their time.
// Needs the build (node scripts/build.mjs) and a PostgreSQL server, or nothing for the
// embedded one. Run from the project root with Node 24:
//   node_modules/.bin/node bench/large-tenant.mjs [--database-url postgres://postgres@127.0.0.1:5432/largetenant | --embedded]
//     [--seed] [--iterations 20] [--scale 1] [--only TEXT] [--heap-mb N]
// --only times the views whose name holds TEXT (say "transactions"), the others are skipped.
// --heap-mb N caps each server process's JavaScript heap at N MB: an export that held its
// rows would run out of memory, one written as it is read goes through.
// The exports are timed after the views: when the first byte comes, how long the whole file
// takes, and how much the server's Node processes grow while it is sent.
// --seed drops and creates the database (or the embedded data folder) and seeds it with the
// demo data and the large tenant; without it an earlier --seed's database is reused.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { waitReady } from './balanced-instances.mjs';
import { freePort, runToEnd, startProcess } from './child-process.mjs';
import { freshDatabase } from './fresh-database.mjs';
import { signIn } from './mixed-load-core.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/largetenant' },
    embedded: { type: 'boolean', default: false },
    seed: { type: 'boolean', default: false },
    iterations: { type: 'string', default: '20' },
    scale: { type: 'string', default: '1' },
    only: { type: 'string' },
    'heap-mb': { type: 'string' },
  },
});

const root = path.resolve(import.meta.dirname, '..');
const iterations = Number(values.iterations);
const embeddedDir = path.join(os.tmpdir(), 'tp-large-tenant-embedded');
const started = Date.now();
const say = (line) => console.error(`[large-tenant ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
/** Where the server's data lives: the PostgreSQL database, or the embedded server's folder. */
const target = values.embedded ? { env: { DATA_DIR: embeddedDir }, seedArgs: ['--data-dir', embeddedDir] } : { env: { DATA_DIR: path.join(os.tmpdir(), 'tp-large-tenant-data'), DATABASE_URL: values['database-url'] }, seedArgs: ['--database-url', values['database-url']] };

if (!existsSync(path.join(root, 'dist/main.mjs'))) throw new Error('no build: run node scripts/build.mjs first');
if (values.seed) {
  if (values.embedded) await rm(embeddedDir, { recursive: true, force: true });
  else await freshDatabase(values['database-url']);
  say('seeding the demo data and the large tenant');
  const output = await runToEnd('seed', process.execPath, ['dist/seed.mjs', ...target.seedArgs, '--large-tenant-scale', values.scale], { cwd: root, env: { ...process.env, ...target.env } });
  console.error(output.slice(output.indexOf('Large tenant')));
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = startProcess('server', process.execPath, ['dist/main.mjs'], {
  cwd: root,
  env: { ...process.env, ...target.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_FORMAT: 'json', LOG_LEVEL: 'info', SEED_DEMO: 'false', ASTRO_TELEMETRY_DISABLED: '1', RATE_LIMIT_PER_MINUTE: '1000000', ...(values['heap-mb'] ? { NODE_OPTIONS: `--max-old-space-size=${Number(values['heap-mb'])}` } : {}) },
  logFile: path.join(os.tmpdir(), 'tp-large-tenant-server.log'),
});

/** The ids the views name, read from the database the server uses. */
async function tenantIds() {
  const client = new pg.Client({ connectionString: values.embedded ? await embeddedUrl() : values['database-url'] });
  await client.connect();
  try {
    const one = async (text, params = []) => (await client.query(text, params)).rows[0];
    const company = await one(`select id from company where name = 'Northwind Labs'`);
    const bigAd = await one(`select job_ad_id as id, count(*)::int as applications from talent_job_application a join job_ad j on j.id = a.job_ad_id where j.publisher_company_id = $1 group by 1 order by 2 desc limit 1`, [company.id]);
    const step = await one(`select id from company_hiring_step where company_id = $1 and deleted_at is null order by "order" limit 1 offset 1`, [company.id]);
    const application = await one(`select id from talent_job_application where job_ad_id = $1 order by created_at limit 1`, [bigAd.id]);
    const roster = await one(`select id from company_talent_roster where company_id = $1 order by created_at limit 1`, [company.id]);
    const applicant = await one(`select profile_name as name from talent_profile where email like 'talent-%@talents.large.test' order by email limit 1 offset 1000`);
    // The money views' ids: a paid billing two years back, its invoice and its talent.
    const billing = await one(`select b.id, b.year, b.month, i.id as invoice_id, p.profile_name as talent from billing b join invoice i on i.billing_id = b.id join talent_profile p on p.id = b.talent_profile_id
      join job_assignment a on a.id = b.job_assignment_id where coalesce(a.provider_company_id, a.client_company_id) = $1 and b.status = 'PAID' and p.email like 'talent-%@talents.large.test'
        and b.year * 12 + b.month <= extract(year from now())::int * 12 + extract(month from now())::int - 24
      order by b.year desc, b.month desc, b.id limit 1`, [company.id]);
    const counts = await one(`select (select count(*) from talent_job_application a join job_ad j on j.id = a.job_ad_id where j.publisher_company_id = $1)::int as applications,
      (select count(*) from job_ad where publisher_company_id = $1)::int as ads, (select count(*) from company_on_user where company_id = $1)::int as members,
      (select count(*) from company_talent_roster where company_id = $1)::int as roster, (select count(*) from general_eventslog)::int as events, (select count(*) from talent_profile)::int as profiles,
      (select count(*) from billing b join job_assignment a on a.id = b.job_assignment_id where coalesce(a.provider_company_id, a.client_company_id) = $1)::int as billings,
      (select count(*) from invoice where issuer_company_id = $1)::int as invoices, (select count(*) from talent_balance_transaction where company_id = $1)::int as ledger`, [company.id]);
    return { bigAd, step, application, roster, applicant, billing, counts };
  } finally {
    await client.end();
  }
}

/** The embedded server's address: its port from the cluster's postmaster.pid, its password from DATA_DIR. */
async function embeddedUrl() {
  const port = (await readFile(path.join(embeddedDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  const { password } = JSON.parse(await readFile(path.join(embeddedDir, 'postgres-credentials.json'), 'utf8'));
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/talentplace`;
}

/** Every request line the server wrote, by request id. */
function requestLines() {
  const lines = new Map();
  for (const text of server.output().split('\n')) {
    if (!text.includes('"msg":"request"')) continue;
    try {
      const line = JSON.parse(text);
      lines.set(line.requestId, line);
    } catch {
      // Not a JSON line.
    }
  }
  return lines;
}

/** Resident memory (kB) of the product's Node processes (the primary and its workers, not the embedded database's). */
async function serverRssKb() {
  const children = new Map();
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let total = 0;
  for (const pending = [server.child.pid]; pending.length; ) {
    const pid = pending.pop();
    pending.push(...(children.get(pid) ?? []));
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    if (/^Name:\s*postgres/m.test(status)) continue;
    total += Number(/^VmRSS:\s*(\d+)/m.exec(status)?.[1] ?? 0);
  }
  return total;
}

/** One download read to its end: when its first byte came, how long it all took, its size, and how much the server's memory grew meanwhile. */
async function timeDownload(url, cookie) {
  const before = await serverRssKb();
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await serverRssKb());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const startedAt = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  let firstByteMs = null;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body ?? []) {
    firstByteMs ??= Math.round(performance.now() - startedAt);
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const totalMs = Math.round(performance.now() - startedAt);
  sampling = false;
  await sampler;
  return { status: response.status, firstByteMs: firstByteMs ?? totalMs, totalMs, bytes, lines, growthKb: peak - before };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

let failed = false;
try {
  await waitReady(origin, server);
  const ids = await tenantIds();
  say(`Northwind Labs: ${ids.counts.applications} applications (${ids.bigAd.applications} on its biggest ad), ${ids.counts.ads} ads, ${ids.counts.members} members, ${ids.counts.roster} roster entries; ${ids.counts.events} event rows; ${ids.counts.billings} billings, ${ids.counts.invoices} invoices, ${ids.counts.ledger} ledger entries; ${ids.counts.profiles} talent profiles`);
  const month = (monthsBack) => {
    const at = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - monthsBack, 1));
    return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  const billingMonth = `${ids.billing.year}-${String(ids.billing.month).padStart(2, '0')}`;
  const { browser } = await signIn(origin, 'owner@demo.test', 60_000);
  // A link to one of Northwind's records selects Northwind (the owner is in three companies).
  await browser.follow(`/company/job-application?id=${ids.application.id}`);
  const dashboard = await browser.follow('/company/dashboard');
  if (!/data-testid="company-name"[^>]*>\s*Northwind Labs/.test(dashboard.body)) throw new Error('Northwind Labs is not the selected company');
  const views = [
    ['dashboard (charts)', '/company/dashboard', 150],
    ['applications, page 1', '/company/received-job-applications', 100],
    ['applications, page 100', '/company/received-job-applications?page=100', 100],
    ['applications of one step', `/company/received-job-applications?hiringStepId=${ids.step.id}`, 100],
    ['applications of the big ad', `/company/received-job-applications?jobAdId=${ids.bigAd.id}`, 100],
    ['applications, stuck only', '/company/received-job-applications?stuck=yes', 100],
    ['applications, a name searched', `/company/received-job-applications?q=${encodeURIComponent(ids.applicant.name)}`, 100],
    ['applications, a skill searched', '/company/received-job-applications?q=React', 100],
    ['board of the big ad', `/company/received-job-applications?view=board&jobAdId=${ids.bigAd.id}`, 100],
    ['an application', `/company/job-application?id=${ids.application.id}`, 100],
    ['job ads, page 1', '/company/job-ads', 100],
    ['job ads, page 10', '/company/job-ads?page=10', 100],
    ['the big ad', `/company/job-ad?id=${ids.bigAd.id}`, 100],
    ['members', '/company/members', 100],
    ['roster, page 1', '/company/talent-roster', 100],
    ['roster, page 100', '/company/talent-roster?page=100', 100],
    ['a roster entry', `/company/talent-roster-details?id=${ids.roster.id}`, 100],
    ['talent search', '/company/talent-search', 100],
    ['talent search, q=developer', '/company/talent-search?q=developer', 100],
    ['talent search, everyone', '/company/talent-search?q=', 100],
    ['talent search, skills any React', '/company/talent-search?skillsAny=react', 100],
    ['talent search, React, ≤ 100 EUR/h, English', '/company/talent-search?skillsAny=react&rateMax=100&rateCurrency=EUR&languages=english', 100],
    ['talent search, q=engineer, page 20', '/company/talent-search?q=engineer&page=20', 100],
    ['interviews', '/company/interviews', 100],
    ['messages', '/company/messages', 100],
    ['transactions', '/company/transactions', 100],
    ['transactions, page 100', '/company/transactions?page=100', 100],
    ['transactions, withdrawals only', '/company/transactions?type=WITHDRAWAL', 100],
    ['billing', '/company/billing', 100],
    ['billing, every status, page 50', '/company/billing?status=all&page=50', 100],
    ['billing, one month', `/company/billing?status=all&period=${billingMonth}`, 100],
    ['a billing', `/company/billing?id=${ids.billing.id}`, 100],
    ['invoicing', '/company/invoicing', 100],
    ['invoicing, page 50', '/company/invoicing?page=50', 100],
    ['invoicing, a talent searched', `/company/invoicing?q=${encodeURIComponent(ids.billing.talent)}`, 100],
    // A year is in most invoice numbers: thousands of matches, counted up to 1,000.
    ['invoicing, a year searched', `/company/invoicing?q=${new Date().getUTCFullYear() - 1}`, 100],
    ['an invoice', `/company/invoicing?id=${ids.billing.invoice_id}`, 100],
    ['sales', '/company/sales', 100],
    ['sales, three years', `/company/sales?from=${month(35)}&to=${month(0)}`, 100],
  ];
  const rows = [];
  for (const [name, address, targetMs, expectedStatus = 200] of views.filter(([name]) => !values.only || name.includes(values.only))) {
    const url = new URL(address, origin);
    const requestIds = [];
    let status = 0;
    for (let round = 0; round < iterations + 3; round += 1) {
      const response = await fetch(url, { headers: { cookie: browser.jar.header(url), accept: 'text/html' }, redirect: 'manual' });
      await response.arrayBuffer();
      status = response.status;
      if (round >= 3) requestIds.push(response.headers.get('x-request-id'));
    }
    // The line is written once the answer is sent: give the last one a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = requestLines();
    const measured = requestIds.map((id) => lines.get(id)).filter(Boolean);
    const times = measured.map((line) => line.durationMs).sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    rows.push({ name, status, p50: percentile(times, 50), p95, max: times.at(-1), statements: percentile(measured.map((line) => line.statements).sort((a, b) => a - b), 50), statementMs: percentile(measured.map((line) => line.statementMs).sort((a, b) => a - b), 95), targetMs, met: status === expectedStatus && p95 <= targetMs });
    say(`${name}: ${status}, p95 ${p95} ms`);
  }
  console.log(`\n| view | status | p50 ms | p95 ms | max ms | statements | SQL p95 ms | target | met |\n|---|---:|---:|---:|---:|---:|---:|---:|---|`);
  for (const row of rows) console.log(`| ${row.name} | ${row.status} | ${row.p50} | ${row.p95} | ${row.max} | ${row.statements} | ${row.statementMs} | ≤ ${row.targetMs} | ${row.met ? 'yes' : 'no'} |`);
  failed = rows.some((row) => !row.met);

  // The exports: written as they are read, so the first byte comes as soon as a page's
  // would, and the server's memory while one is sent does not grow with its rows.
  const exportsToTime = [
    ['sales export, three years', `/company/sales.csv?from=${month(35)}&to=${month(0)}`],
    ['transactions export, one month', '/company/transactions.csv?from=2026-09-01&to=2026-09-30'],
    ['transactions export, one year', '/company/transactions.csv?from=2025-10-01&to=2026-09-30'],
    ['transactions export, the whole ledger', '/company/transactions.csv'],
  ].filter(([name]) => !values.only || name.includes(values.only));
  const exportRows = [];
  for (const [name, address] of exportsToTime) {
    const url = new URL(address, origin);
    const rounds = [];
    for (let round = 0; round < 3; round += 1) rounds.push(await timeDownload(url, browser.jar.header(url)));
    const median = (pick) => rounds.map(pick).sort((a, b) => a - b)[1];
    const row = { name, status: rounds[0].status, rows: rounds[0].lines - 1, megabytes: (rounds[0].bytes / 1e6).toFixed(1), firstByteMs: median((r) => r.firstByteMs), totalMs: median((r) => r.totalMs), growthMb: Math.max(...rounds.map((r) => r.growthKb)) / 1024 };
    exportRows.push(row);
    say(`${name}: ${row.status}, ${row.rows} rows, first byte ${row.firstByteMs} ms, all ${row.totalMs} ms, memory +${row.growthMb.toFixed(0)} MB`);
  }
  console.log(`\n| export | status | rows | MB | first byte ms (median of 3) | whole file ms | server memory growth MB (max of 3) |\n|---|---:|---:|---:|---:|---:|---:|`);
  for (const row of exportRows) console.log(`| ${row.name} | ${row.status} | ${row.rows} | ${row.megabytes} | ${row.firstByteMs} | ${row.totalMs} | ${row.growthMb.toFixed(0)} |`);
  failed ||= exportRows.some((row) => row.status !== 200 || row.firstByteMs > 100);
} catch (error) {
  failed = true;
  console.error(`\nFAILED: ${error?.stack ?? error}`);
}
server.child.kill('SIGTERM');
await server.exited;
await server.save();
process.exit(failed ? 1 : 0);
