import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultJobSearchParams } from '../../../src/lib/job-ads/search-params';
import { MEMORY_DATA_DIR, openDatabase, type Database } from '../../../src/server/db/client';
import { defaultMigrationsFolder, migrate } from '../../../src/server/db/migrate';
import { jobAd, user } from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-accounts';
import { createAccountStore } from '../../../src/server/idp/account-store';
import { createPostgresJobSearch } from '../../../src/server/job-ad-search/postgres-job-search';
import { ROLES_CLAIM, startApiHarness, type ApiHarness } from '../../support/api-harness';
import { createScratchDatabase, describeEachDatabase, type TestDatabaseKind } from '../../support/test-database';

// Upgrades keep data (docs/deploy.md, "Upgrading"): each dump in tests/fixtures/upgrade is a
// database that an earlier release made and seeded (scripts/make-upgrade-dump.mjs, run when
// a change adds a migration). Loaded into a new database, it is upgraded by today's
// migrations; every row is still there, the demo accounts sign in and read themselves
// through the API, and the old ads are found by today's search.

const FIXTURES = path.resolve('tests/fixtures/upgrade');
const dumps = readdirSync(FIXTURES).filter((name) => name.endsWith('.sql.gz'));
const migrationCount = (JSON.parse(readFileSync(path.join(defaultMigrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** The tables of the public schema and their row counts. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const [row] = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows;
    counts[table] = row!.n;
  }
  return counts;
}

/** An empty, unmigrated database of this kind; `drop` discards it after it is closed. */
async function openEmptyDatabase(kind: TestDatabaseKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { database: await openDatabase({ dataDir: MEMORY_DATA_DIR }), drop: async () => {} };
  const scratch = await createScratchDatabase('upgrade');
  return { database: await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY_DATA_DIR }), drop: scratch.drop };
}

/** Runs the dump's SQL; its session settings (an empty search_path) are reset after it. */
async function load(database: Database, dump: string): Promise<void> {
  const script = `${dump}\nRESET ALL;`;
  if (database.kind === 'pglite') await database.client.exec(script);
  else await database.pool.query(script);
}

for (const file of dumps) {
  const dump = gunzipSync(readFileSync(path.join(FIXTURES, file))).toString('utf8');
  const header = /^-- Made by scripts\/make-upgrade-dump\.mjs on (\S+) from release ([0-9a-f]{8})/.exec(dump);
  if (!header) throw new Error(`${file}: no header naming its release and day (scripts/make-upgrade-dump.mjs)`);
  const madeOn = new Date(header[1]!);

  describeEachDatabase(`upgrading the database of release ${header[2]} (the upgrade keeps data rule)`, (kind) => {
    let h: ApiHarness;
    let drop: () => Promise<void> = async () => {};
    let before: Record<string, number>;
    let after: Record<string, number>;
    let migrationsBefore: number;
    beforeAll(async () => {
      const opened = await openEmptyDatabase(kind);
      drop = opened.drop;
      try {
        await load(opened.database, dump);
        before = await rowCounts(opened.database);
        migrationsBefore = (await opened.database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!.n;
        await migrate(opened.database);
        after = await rowCounts(opened.database);
      } catch (error) {
        await opened.database.close();
        throw error;
      }
      h = await startApiHarness(kind, { database: opened.database });
    }, 120_000);
    afterAll(async () => {
      await h?.close();
      await drop();
    });

    it("applies each migration made since, and keeps every table and every row", async () => {
      expect(migrationsBefore).toBeLessThan(migrationCount);
      const [applied] = (await h.database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows;
      expect(applied!.n).toBe(migrationCount);
      expect(before.user).toBeGreaterThan(0);
      for (const [table, count] of Object.entries(before)) expect({ table, count: after[table] }).toEqual({ table, count });
    });

    it('keeps the demo accounts: each signs in with the demo password, and the API answers it as itself', async () => {
      const accounts = createAccountStore(h.database.db, { rolesClaim: ROLES_CLAIM });
      const present = DEMO_ACCOUNTS.filter((account) => dump.includes(`'${account.email}'`));
      expect(present.map((account) => account.key)).toEqual(expect.arrayContaining(['talent', 'owner', 'admin']));
      for (const account of present) {
        expect(await accounts.authenticate(account.email, DEMO_PASSWORD, '127.0.0.1'), account.email).toMatchObject({ ok: true });
        const [row] = await h.database.db.select({ externalId: user.externalId }).from(user).where(eq(user.email, account.email));
        const token = await h.token(row!.externalId, { email: account.email, roles: [...account.roles] });
        const { body } = await h.call('{ findMe { email companies { company { name } } } }', { token });
        expect(body.errors, account.email).toBeUndefined();
        expect((body.data as { findMe: { email: string } }).findMe.email).toBe(account.email);
      }
    });

    it('finds the ads of that day by their words with today\'s search', async () => {
      const search = createPostgresJobSearch(h.database.db);
      const [open] = await h.database.db
        .select({ id: jobAd.id, title: jobAd.title })
        .from(jobAd)
        .where(sql`${jobAd.deletedAt} is null and ${jobAd.publishedAt} <= ${madeOn.toISOString()} and ${jobAd.publishedUntil} > ${madeOn.toISOString()}`)
        .limit(1);
      const word = open!.title.split(/\s+/).find((candidate) => candidate.length >= 5) ?? open!.title;
      const found = await search.search({ ...defaultJobSearchParams(), q: word, sortBy: 'relevance', perPage: 50 }, madeOn);
      expect(found.ids).toContain(open!.id);
      // From the release that had French ads on: found unaccented (accent folding) as of that day.
      if (dump.includes('Développeur')) {
        const french = await search.search({ ...defaultJobSearchParams(), q: 'developpeur', sortBy: 'relevance' }, madeOn);
        const titles = french.ids.length ? await h.database.db.select({ title: jobAd.title }).from(jobAd).where(inArray(jobAd.id, french.ids)) : [];
        expect(titles.some(({ title }) => title.includes('Développeur'))).toBe(true);
      }
    });

    it('asks every talent a company saved before consent for talent pools existed (an open request each)', async () => {
      const [pairs] = (await h.database.db.execute<{ n: number }>(sql`select count(*)::int as n from (select distinct company_id, talent_profile_id from company_saved_talent) as pair`)).rows;
      const [unasked] = (await h.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from (select distinct company_id, talent_profile_id from company_saved_talent) as pair where not exists (select 1 from talent_pool_consent as consent where consent.company_id = pair.company_id and consent.talent_profile_id = pair.talent_profile_id)`,
      )).rows;
      expect(pairs!.n).toBeGreaterThan(0);
      expect(unasked!.n).toBe(0);
    });
  });
}
