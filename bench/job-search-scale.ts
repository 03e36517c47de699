// Job search at scale (docs/benchmarks.md): server time of the search adapter's search()
// and suggest() on a throwaway database holding N open job ads. Run through
// bench/job-search-scale.mjs, which bundles this file (it imports the TypeScript source).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { defaultJobSearchParams, type JobSearchParams } from '../src/lib/job-ads/search-params';
import type { Database } from '../src/server/db/client';
import os from 'node:os';
import { openThrowawayDatabase, time, timingTable, type Throwaway, type Timing } from './bench-support';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/db/seed/demo-seed';
import { createPostgresJobSearch, DEFAULT_COUNT_CAP } from '../src/server/job-ad-search/postgres-job-search';

const usage = `Usage: node bench/job-search-scale.mjs --ads N (--embedded | --pglite | --postgres URL) [options]

  --ads N            open job ads to search (seeded, then cloned set-based in SQL)
  --seed-ads N       ads made by the demo seed before cloning (default min(N, 20000))
  --embedded         the embedded PostgreSQL server (npm start's default) in a throwaway
                     DATA_DIR under the system temp directory
  --pglite           a throwaway PGlite data directory under the system temp directory
  --postgres URL     a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres):
                     a throwaway database is created there and dropped afterwards
  --iterations N     timed calls per case (default 30), after 3 untimed ones
  --keep             keep the throwaway database (to EXPLAIN its queries); its place is printed
  --reuse NAME       time the searches on what an earlier --keep run kept (seeded to N ads
                     already) and leave it as it is: with --postgres the database NAME,
                     with --embedded the data directory NAME
`;

// "deve" finds the French titles too ("Développeur ..."): suggestions fold accents.
const SUGGEST_PREFIXES = ['dev', 'pyth', 'ja', 're', 'deve'];

/** The search cases: common words, filters, sorts, a deep page, the fallback tiers. */
function searchCases(deepPage: number): Array<[string, Partial<JobSearchParams>]> {
  return [
    ['listing (no q), page 1', {}],
    ['listing, remote + freelancer', { workMode: ['remote'], employmentType: ['freelancer'] }],
    ['q=developer', { q: 'developer' }],
    ['q=engineer', { q: 'engineer' }],
    ['q=kubernetes', { q: 'kubernetes' }],
    ['q=developer, newest first', { q: 'developer', sortBy: 'newest' }],
    ['q=developer, remote + freelancer', { q: 'developer', workMode: ['remote'], employmentType: ['freelancer'] }],
    ['q=engineer, location Berlin', { q: 'engineer', location: 'berlin' }],
    ['q=engineer, hybrid + employee + London', { q: 'engineer', workMode: ['hybrid'], employmentType: ['employee'], location: 'london' }],
    [`q=developer, page ${deepPage}`, { q: 'developer', page: deepPage }],
    [`listing, page ${deepPage}`, { page: deepPage }],
    ['q=kube (prefix tier)', { q: 'kube' }],
    ['q=devloper (typo tier)', { q: 'devloper' }],
    // The French ads of the demo (cloned with the others), written with accents, found without.
    ['q=developpeur (accents folded)', { q: 'developpeur' }],
    // Stemmed by the ad's language: "developers" meets every English developer ad ("develop"),
    // "developpeurs" the French ones ("developpeur").
    ['q=developers (English stemming)', { q: 'developers' }],
    ['q=developpeurs (French stemming)', { q: 'developpeurs' }],
  ];
}

/**
 * Clones the seeded open ads until `target` ads are open, in set-based INSERT ... SELECT
 * statements of at most 100,000 rows (so the seed's mix of titles, skills, places and
 * terms stays the same): each copy gets a new publication time within the last 89 days
 * and keeps its deadline (in the future) and everything else.
 */
async function cloneOpenAds(database: Database, target: number, log: (line: string) => void): Promise<void> {
  const openAds = sql`published_at <= now() and deleted_at is null and (published_until is null or published_until > now())`;
  const openCount = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from job_ad where ${openAds}`)).rows[0]!.n;
  const seeded = await openCount();
  let open = seeded;
  while (open < target) {
    const rows = Math.min(100_000, target - open);
    const started = performance.now();
    await database.db.execute(sql`
      insert into job_ad (title, description, location, skills, skills_lowercase, ad_description, currency, salary, salary_rate_unit,
        language, is_anonymous, employment_type, work_mode, assignment_type, job_description_id, published_at, published_until,
        publisher_company_id, owner_user_id, created_at, updated_at)
      select title, description, location, skills, skills_lowercase, ad_description, currency, salary, salary_rate_unit,
        language, is_anonymous, employment_type, work_mode, assignment_type, job_description_id, published, published_until,
        publisher_company_id, owner_user_id, published, published
      from (
        select source.*, now() - random() * interval '89 days' as published
        from generate_series(1, ${Math.ceil(rows / seeded)}) as copy
        cross join (select * from job_ad where ${openAds} order by created_at limit ${seeded}) as source
        limit ${rows}
      ) as clone`);
    open = await openCount();
    log(`cloned ${rows} ads in ${((performance.now() - started) / 1000).toFixed(1)} s; ${open} open`);
  }
}

/** A database an earlier run kept, used as it is and never dropped: a database on `serverUrl`, or an embedded server's data directory. */
async function reusedDatabase(serverUrl: string | null, name: string): Promise<Throwaway> {
  if (serverUrl === null) {
    const database = await openDatabase({ dataDir: name, embedded: 'postgres' });
    return { database, dispose: () => database.close() };
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--reuse: "${name}" is not a database name this benchmark makes`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() });
  return { database, dispose: () => database.close() };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ads: { type: 'string' },
      'seed-ads': { type: 'string' },
      pglite: { type: 'boolean', default: false },
      embedded: { type: 'boolean', default: false },
      postgres: { type: 'string' },
      iterations: { type: 'string', default: '30' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const ads = Number(values.ads);
  if (values.help || !Number.isSafeInteger(ads) || ads < 1000 || [values.pglite, values.embedded, Boolean(values.postgres)].filter(Boolean).length !== 1) {
    process.stdout.write(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const iterations = Number(values.iterations);
  const seedAds = values['seed-ads'] ? Number(values['seed-ads']) : Math.min(ads, 20_000);
  const log = (line: string) => process.stderr.write(`${line}\n`);

  if (values.reuse && !values.postgres && !values.embedded) {
    process.stdout.write(usage);
    process.exitCode = 2;
    return;
  }
  const throwaway = values.reuse
    ? await reusedDatabase(values.postgres ?? null, values.reuse)
    : await openThrowawayDatabase({ pglite: Boolean(values.pglite), embedded: Boolean(values.embedded), postgres: values.postgres, prefix: 'tp-search-bench' });
  const { database } = throwaway;
  try {
    let started = performance.now();
    await migrate(database);
    if (!values.reuse) {
      await seedDemoData(database.db, { jobAds: seedAds, talents: 1000 });
      log(`${database.kind}: seeded ${seedAds} ads in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      started = performance.now();
      await cloneOpenAds(database, ads, log);
      await database.db.execute(sql`analyze`);
      log(`cloned and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const counts = (
      await database.db.execute<{ total: number; open: number; titles: number }>(sql`
        select count(*)::int as total,
          (count(*) filter (where published_at <= now() and deleted_at is null and (published_until is null or published_until > now())))::int as open,
          count(distinct lower(title))::int as titles
        from job_ad`)
    ).rows[0]!;

    const jobSearch = createPostgresJobSearch(database.db);
    const timings: Timing[] = [];
    for (const prefix of SUGGEST_PREFIXES) {
      timings.push(await time(`suggest "${prefix}"`, iterations, async () => `${(await jobSearch.suggest(prefix)).length} titles`));
    }
    // The deepest page the capped count allows at 20 a page.
    for (const [name, overrides] of searchCases(Math.ceil(DEFAULT_COUNT_CAP / 20))) {
      const params: JobSearchParams = { ...defaultJobSearchParams(), sortBy: overrides.q ? 'relevance' : 'newest', ...overrides };
      timings.push(
        await time(`search ${name}`, iterations, async () => {
          const result = await jobSearch.search(params);
          return `${result.ids.length} ids, total ${result.total}${'totalIsExact' in result && result.totalIsExact === false ? '+' : ''}`;
        }),
      );
    }
    const { version } = (await database.db.execute<{ version: string }>(sql`select current_setting('server_version') as version`)).rows[0]!;
    const engine = values.embedded ? `embedded PostgreSQL ${version}` : `${database.kind} ${version}`;
    console.log(`${engine}: ${counts.open} open ads (${counts.total} rows in job_ad, ${counts.titles} distinct titles), ${iterations} timed calls per case\n`);
    console.log(timingTable(timings));
  } finally {
    await throwaway.dispose(Boolean(values.keep), log);
  }
}

await main();
