// Talent search at scale (docs/benchmarks.md): server time of the company talent search on a
// throwaway database seeded with N talent profiles. Run through bench/talent-search-scale.mjs.
import { parseArgs } from 'node:util';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { talentSearchSchema } from '../src/lib/talent-search/talent-search-input';
import { migrate } from '../src/server/db/migrate';
import { company, jobDescription } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/db/seed/demo-seed';
import { searchTalents } from '../src/server/api/talent-search/talent-search';
import { openKeptDatabase, openThrowawayDatabase, time, timingTable, type Timing } from './bench-support';

const usage = `Usage: node bench/talent-search-scale.mjs --talents N (--pglite | --postgres URL) [options]

  --talents N        talent profiles seeded by the demo seed (besides the demo talent)
  --pglite           a throwaway PGlite data directory under the system temp directory
  --postgres URL     a PostgreSQL server: a throwaway database is created there and dropped afterwards
  --iterations N     timed calls per case (default 30), after 3 untimed ones
  --keep             keep the throwaway database (to EXPLAIN its queries)
  --reuse NAME       with --postgres: time the database NAME an earlier --keep run left (migrated, not seeded again)
`;

async function main() {
  const { values } = parseArgs({
    options: {
      talents: { type: 'string' },
      pglite: { type: 'boolean' },
      postgres: { type: 'string' },
      iterations: { type: 'string', default: '30' },
      keep: { type: 'boolean' },
      reuse: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const talents = Number(values.talents);
  if (values.help || !Number.isInteger(talents) || talents < 10 || (!values.pglite && !values.postgres) || (values.reuse && !values.postgres)) {
    process.stderr.write(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const iterations = Number(values.iterations);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const throwaway = values.reuse
    ? await openKeptDatabase(values.postgres!, values.reuse)
    : await openThrowawayDatabase({ pglite: Boolean(values.pglite), postgres: values.postgres, prefix: 'tp-talent-bench' });
  const { database } = throwaway;
  try {
    const started = performance.now();
    await migrate(database);
    if (!values.reuse) await seedDemoData(database.db, { jobAds: 200, talents });
    await database.db.execute(sql`analyze`);
    log(`${database.kind}: ${values.reuse ? `migrated ${values.reuse}` : `seeded ${talents} talents`} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [northwind] = await database.db.select({ id: company.id }).from(company).where(eq(company.name, 'Northwind Labs')).limit(1);
    const [description] = await database.db
      .select({ id: jobDescription.id, title: jobDescription.title })
      .from(jobDescription)
      .where(and(eq(jobDescription.companyId, northwind!.id), isNull(jobDescription.deletedAt), sql`cardinality(${jobDescription.skills}) >= 3`))
      .limit(1);
    const [counted] = (await database.db.execute<{ visible: number }>(sql`select count(*)::int as visible from talent_profile where is_visible and deleted_at is null`)).rows;
    const scope = { kind: 'company' as const, companyId: northwind!.id, mayReadLists: true };
    const cases: Array<[string, Record<string, unknown>]> = [
      ['everyone, page 1', {}],
      ['q=developer', { q: 'developer' }],
      ['skills any React', { skillsAny: ['react'] }],
      ['skills all React + TypeScript', { skillsAll: ['react', 'typescript'] }],
      ['React, rate ≤ 100 EUR/h, English', { skillsAny: ['react'], rateMax: '100', rateCurrency: 'EUR', languages: ['english'] }],
      ['React, English at least B2', { skillsAny: ['react'], languages: ['english'], languageLevel: 'B2' }],
      ['React, none of PHP, available, 3+ years', { skillsAny: ['react'], skillsExcluded: ['php'], availableOnly: true, minExperience: 3 }],
      ['place Berlin or relocating there', { location: 'berlin', includeRelocation: true }],
      [`ranked against "${description!.title}"`, { matchJobDescriptionId: description!.id }],
      [`ranked against the description, rate ≤ 90 EUR/h, English`, { matchJobDescriptionId: description!.id, rateMax: '90', rateCurrency: 'EUR', languages: ['english'] }],
      ['q=engineer, page 20', { q: 'engineer', page: 20 }],
    ];
    const timings: Timing[] = [];
    for (const [name, input] of cases) {
      const { page = 1, ...search } = input as { page?: number };
      const checked = talentSearchSchema.parse(search);
      const window = { page, perPage: 20, offset: (page - 1) * 20 };
      timings.push(await time(name, iterations, async () => {
        const result = await searchTalents(database.db, scope, checked, window);
        return `${result.items.length} shown, ${result.total}${result.totalIsExact ? '' : '+'} match`;
      }));
    }
    console.log(`${database.kind}: ${counted!.visible} visible talent profiles, ${iterations} timed calls per case\n`);
    console.log(timingTable(timings));
  } finally {
    await throwaway.dispose(Boolean(values.keep), log);
  }
}

await main();
