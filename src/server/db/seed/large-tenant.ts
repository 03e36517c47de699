import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../client';

// The large tenant (docs/benchmarks.md, "A large tenant"): on top of the demo data, Northwind
// Labs (the demo owner's first company) grows to what a staffing agency running on the
// product holds after years: hundreds of ads, one with tens of thousands of applications,
// about a hundred thousand applications in all, hundreds of members, a roster of thousands
// and a million event rows. Every row is made by the database in one statement per table
// (generate_series), copying the demo's own rows of that kind as templates, so the rows
// have the shape the product writes and the seed keeps up with the schema by itself:
// a column added later is copied from the template like the others.

export interface LargeTenantOptions {
  /** Job ads added to the company. */
  jobAds: number;
  /** Applications in all; the first ad gets `bigAdApplications` of them. */
  applications: number;
  bigAdApplications: number;
  /** Members added with the Recruiter role. */
  members: number;
  /** Roster entries (accepted). */
  roster: number;
  /** Event rows about the company. */
  events: number;
  /** Over how many years the rows are spread. */
  years: number;
  onProgress?: (step: string, done: number, total: number) => void;
}

/** The issue's tenant: 300 ads, 100,000 applications (20,000 on one ad), 500 members, 10,000 roster entries, 1,000,000 events over five years. */
export const LARGE_TENANT: Omit<LargeTenantOptions, 'onProgress'> = { jobAds: 300, applications: 100_000, bigAdApplications: 20_000, members: 500, roster: 10_000, events: 1_000_000, years: 5 };

/** The tenant scaled down (0.01: a hundredth), for tests; at least one of everything. */
export function scaledLargeTenant(scale: number): Omit<LargeTenantOptions, 'onProgress'> {
  const scaled = (value: number) => Math.max(1, Math.round(value * scale));
  return { ...LARGE_TENANT, jobAds: Math.max(2, scaled(LARGE_TENANT.jobAds)), applications: scaled(LARGE_TENANT.applications), bigAdApplications: scaled(LARGE_TENANT.bigAdApplications), members: scaled(LARGE_TENANT.members), roster: scaled(LARGE_TENANT.roster), events: scaled(LARGE_TENANT.events) };
}

export interface LargeTenantSummary {
  companyId: string;
  counts: Record<string, number>;
}

/** The columns of a table that an INSERT may name (generated ones are computed). */
async function insertableColumns(db: AppDatabase, table: string): Promise<string[]> {
  const rows = await db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.rows.map((row) => row.column_name);
}

/**
 * Inserts `count` rows into `table`, each a copy of one of the template rows (`templates`:
 * a WHERE on the table, taken in turn), with the columns of `set` computed instead: SQL over
 * `g` (the row's number, 1..count) and `t` (its template). Returns the rows inserted.
 */
async function copyRows(db: AppDatabase, table: string, count: number, templates: SQL, set: Record<string, SQL>): Promise<number> {
  const columns = await insertableColumns(db, table);
  const unknown = Object.keys(set).filter((column) => !columns.includes(column));
  if (unknown.length) throw new Error(`large tenant: ${table} has no column ${unknown.join(', ')}`);
  const values = columns.map((column) => set[column] ?? sql`t.${sql.identifier(column)}`);
  const result = await db.execute(sql`
    insert into ${sql.identifier(table)} (${sql.join(columns.map((column) => sql.identifier(column)), sql`, `)})
    select ${sql.join(values, sql`, `)}
    from generate_series(1, ${count}::int) g
    join (select *, (row_number() over (order by id) - 1)::int as template_number, count(*) over ()::int as template_count
          from ${sql.identifier(table)} where ${templates}) t
      on t.template_number = g % t.template_count`);
  return affected(result, count);
}

/** The rows a statement wrote, as node-postgres (rowCount) or PGlite (affectedRows) tells it. */
const affected = (result: unknown, fallback: number) => {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? fallback;
};

/** A time `g` of `count` steps back over the tenant's years, newest first. */
const spreadBack = (years: number, count: number) => sql`now() - (g::float8 / ${count}::int) * interval '1 year' * ${years}::int`;

export async function seedLargeTenant(db: AppDatabase, options: LargeTenantOptions): Promise<LargeTenantSummary> {
  const progress = options.onProgress ?? (() => {});
  const steps = 6;
  const [company] = (await db.execute<{ id: string }>(sql`select id from company where name = 'Northwind Labs' and deleted_at is null`)).rows;
  if (!company) throw new Error('large tenant: seed the demo data first (Northwind Labs is missing)');
  const companyId = company.id;
  const counts: Record<string, number> = {};
  const talents = Math.max(options.bigAdApplications, Math.ceil(options.applications / Math.max(1, options.jobAds - 1)), options.roster);

  progress('large tenant: members', 0, steps);
  const [recruiterRole] = (await db.execute<{ id: string }>(sql`select id from company_role where company_id = ${companyId} and role = 'Recruiter'`)).rows;
  counts.user = await copyRows(db, 'user', options.members + talents, sql`email like '%@demo.test' and id not in (select user_id from talent_profile where user_id is not null)`, {
    id: sql`gen_random_uuid()`,
    external_id: sql`'large-tenant-' || g`,
    email: sql`case when g <= ${options.members}::int then 'member-' || g || '@northwind.large.test' else 'talent-' || (g - ${options.members}::int) || '@talents.large.test' end`,
    display_name: sql`case when g <= ${options.members}::int then 'Member ' || g else 'Talent ' || (g - ${options.members}::int) end`,
    admin_role_id: sql`null`,
    created_at: spreadBack(options.years, options.members + talents),
  });
  counts.company_on_user = await insertRows(db, sql`
    insert into company_on_user (company_id, user_id, role_id)
    select ${companyId}, id, ${recruiterRole?.id ?? null} from "user" where email like 'member-%@northwind.large.test'`);

  progress('large tenant: talents', 1, steps);
  counts.talent_profile = await copyRows(db, 'talent_profile', talents, sql`deleted_at is null and user_id is not null`, {
    id: sql`gen_random_uuid()`,
    user_id: sql`(select id from "user" where external_id = 'large-tenant-' || (g + ${options.members}::int))`,
    email: sql`'talent-' || g || '@talents.large.test'`,
    external_user_id: sql`'large-tenant-' || (g + ${options.members}::int)`,
    profile_name: sql`coalesce(t.profile_name, 'Talent') || ' ' || g`,
    created_at: spreadBack(options.years, talents),
  });

  progress('large tenant: job ads', 2, steps);
  const openAds = Math.max(1, Math.floor(options.jobAds / 10));
  counts.job_ad = await copyRows(db, 'job_ad', options.jobAds, sql`publisher_company_id = ${companyId} and deleted_at is null`, {
    id: sql`gen_random_uuid()`,
    title: sql`t.title || ' #' || g`,
    // A tenth of the ads are open now; the others closed over the years, newest first.
    published_at: sql`case when g <= ${openAds}::int then now() - (g || ' days')::interval else ${spreadBack(options.years, options.jobAds)} end`,
    published_until: sql`case when g <= ${openAds}::int then now() + interval '60 days' else ${spreadBack(options.years, options.jobAds)} + interval '45 days' end`,
    created_at: spreadBack(options.years, options.jobAds),
    deleted_at: sql`null`,
  });

  progress('large tenant: applications', 3, steps);
  // The first (newest) ad takes bigAdApplications talents; the rest share the others, each
  // talent at most once per ad. Steps, reasons and times as the company's own.
  counts.talent_job_application = await insertRows(db, sql`
    with ads as (
      select id, job_description_id, (row_number() over (order by published_at desc, id) - 1)::int as n
      from job_ad where publisher_company_id = ${companyId} and title like '% #%'),
    people as (
      select id, (row_number() over (order by created_at desc, id) - 1)::int as n
      from talent_profile where email like 'talent-%@talents.large.test'),
    steps as (
      select id, (row_number() over (order by "order", id) - 1)::int as n, count(*) over ()::int as total
      from company_hiring_step where company_id = ${companyId} and deleted_at is null),
    wanted as (
      select g, case when g <= ${options.bigAdApplications}::int then 0 else 1 + ((g - ${options.bigAdApplications}::int) % ${Math.max(1, options.jobAds - 1)}::int) end as ad_n,
             case when g <= ${options.bigAdApplications}::int then g - 1 else ((g - ${options.bigAdApplications}::int) / ${Math.max(1, options.jobAds - 1)}::int) % ${talents}::int end as person_n
      from generate_series(1, ${options.applications}::int) g)
    insert into talent_job_application (job_ad_id, job_description_id, talent_profile_id, company_hiring_step_id, step_changed_at, details, created_at, updated_at)
    select ads.id, ads.job_description_id, people.id, steps.id, ${spreadBack(options.years, options.applications)}, '{}'::jsonb,
           ${spreadBack(options.years, options.applications)}, now()
    from wanted
    join ads on ads.n = wanted.ad_n
    join people on people.n = wanted.person_n
    join steps on steps.n = wanted.g % steps.total
    on conflict do nothing`);

  progress('large tenant: roster', 4, steps);
  counts.company_talent_roster = await insertRows(db, sql`
    insert into company_talent_roster (talent_profile_id, company_id, manager_id, currency, consent, consent_answered_at, created_at)
    select id, ${companyId}, null, 'EUR', 'accepted', created_at, created_at
    from talent_profile where email like 'talent-%@talents.large.test'
    order by created_at desc limit ${options.roster}::int
    on conflict do nothing`);

  progress('large tenant: events', 5, steps);
  counts.general_eventslog = await copyRows(db, 'general_eventslog', options.events, sql`event_data->>'companyId' = ${companyId}`, {
    id: sql`gen_random_uuid()`,
    created_at: spreadBack(options.years, options.events),
    updated_at: spreadBack(options.years, options.events),
    read: sql`true`,
  });
  await db.execute(sql`analyze`);
  progress('large tenant: done', steps, steps);
  return { companyId, counts };
}

async function insertRows(db: AppDatabase, statement: SQL): Promise<number> {
  return affected(await db.execute(statement), 0);
}
