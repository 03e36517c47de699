import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../client';
import { LARGE_TENANT_MONEY_STEPS, seedLargeTenantMoney, type LargeTenantMoneyOptions } from './large-tenant-money';
import { copyRows, insertRows, spreadBack } from './large-tenant-rows';

// The large tenant (docs/benchmarks.md, "A large tenant"): on top of the demo data, Northwind
// Labs (the demo owner's first company) grows to what a staffing agency running on the
// product holds after years: hundreds of ads, one with tens of thousands of applications,
// about a hundred thousand applications in all, hundreds of members, a roster of thousands,
// a million event rows, a million other talents on the platform for its talent search, and the money of five years: a thousand assignments, 60,000 monthly
// billings and their invoices, 300,000 ledger entries (large-tenant-money.ts). Every row is made by the database in one statement per table
// (generate_series), copying the demo's own rows of that kind as templates, so the rows
// have the shape the product writes and the seed keeps up with the schema by itself:
// a column added later is copied from the template like the others.

export interface LargeTenantOptions extends LargeTenantMoneyOptions {
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
  /** Talent profiles besides the tenant's own talents, the pool its talent search reads. */
  profiles: number;
  /** Over how many years the rows are spread. */
  years: number;
  onProgress?: (step: string, done: number, total: number) => void;
}

/**
 * The tenant: 300 ads, 100,000 applications (20,000 on one ad), 500 members, 10,000 roster entries, 1,000,000 events,
 * 1,000,000 talent profiles for the talent search,
 * 1,000 assignments with 60,000 billings (a month each over the five years) and their invoices, 300,000 ledger entries.
 */
export const LARGE_TENANT: Omit<LargeTenantOptions, 'onProgress'> = {
  jobAds: 300,
  applications: 100_000,
  bigAdApplications: 20_000,
  members: 500,
  roster: 10_000,
  events: 1_000_000,
  profiles: 1_000_000,
  assignments: 1_000,
  billings: 60_000,
  ledgerEntries: 300_000,
  years: 5,
};

/** The tenant scaled down (0.01: a hundredth), for tests; at least one of everything. */
export function scaledLargeTenant(scale: number): Omit<LargeTenantOptions, 'onProgress'> {
  const scaled = (value: number) => Math.max(1, Math.round(value * scale));
  return {
    ...LARGE_TENANT,
    jobAds: Math.max(2, scaled(LARGE_TENANT.jobAds)),
    applications: scaled(LARGE_TENANT.applications),
    bigAdApplications: scaled(LARGE_TENANT.bigAdApplications),
    members: scaled(LARGE_TENANT.members),
    roster: scaled(LARGE_TENANT.roster),
    events: scaled(LARGE_TENANT.events),
    profiles: scaled(LARGE_TENANT.profiles),
    assignments: scaled(LARGE_TENANT.assignments),
    billings: scaled(LARGE_TENANT.billings),
    ledgerEntries: scaled(LARGE_TENANT.ledgerEntries),
  };
}

export interface LargeTenantSummary {
  companyId: string;
  counts: Record<string, number>;
  /** How long each step took, in milliseconds, in the order they ran. */
  stepMs: Record<string, number>;
}

export async function seedLargeTenant(db: AppDatabase, options: LargeTenantOptions): Promise<LargeTenantSummary> {
  const progress = options.onProgress ?? (() => {});
  const names = ['members', 'talents', 'job ads', 'applications', 'roster', 'events', 'talent pool', ...LARGE_TENANT_MONEY_STEPS, 'vacuum'] as const;
  const stepMs: Record<string, number> = {};
  let running: { name: string; since: number } | null = null;
  /** Starts step `name` (null: the end), ending the one before with its time. */
  const step = (name: (typeof names)[number] | null) => {
    const now = performance.now();
    if (running) stepMs[running.name] = Math.round(now - running.since);
    running = name ? { name, since: now } : null;
    progress(`large tenant: ${name ?? 'done'}`, name ? names.indexOf(name) : names.length, names.length);
  };
  const [company] = (await db.execute<{ id: string }>(sql`select id from company where name = 'Northwind Labs' and deleted_at is null`)).rows;
  if (!company) throw new Error('large tenant: seed the demo data first (Northwind Labs is missing)');
  const companyId = company.id;
  const counts: Record<string, number> = {};
  const talents = Math.max(options.bigAdApplications, Math.ceil(options.applications / Math.max(1, options.jobAds - 1)), options.roster);

  step('members');
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

  step('talents');
  counts.talent_profile = await copyRows(db, 'talent_profile', talents, sql`deleted_at is null and user_id is not null`, {
    id: sql`gen_random_uuid()`,
    user_id: sql`(select id from "user" where external_id = 'large-tenant-' || (g + ${options.members}::int))`,
    email: sql`'talent-' || g || '@talents.large.test'`,
    external_user_id: sql`'large-tenant-' || (g + ${options.members}::int)`,
    profile_name: sql`coalesce(t.profile_name, 'Talent') || ' ' || g`,
    created_at: spreadBack(options.years, talents),
  });

  step('job ads');
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

  step('applications');
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

  step('roster');
  counts.company_talent_roster = await insertRows(db, sql`
    insert into company_talent_roster (talent_profile_id, company_id, manager_id, currency, consent, consent_answered_at, created_at)
    select id, ${companyId}, null, 'EUR', 'accepted', created_at, created_at
    from talent_profile where email like 'talent-%@talents.large.test'
    order by created_at desc limit ${options.roster}::int
    on conflict do nothing`);

  step('events');
  counts.general_eventslog = await copyRows(db, 'general_eventslog', options.events, sql`event_data->>'companyId' = ${companyId}`, {
    id: sql`gen_random_uuid()`,
    created_at: spreadBack(options.years, options.events),
    updated_at: spreadBack(options.years, options.events),
    read: sql`true`,
  });

  step('talent pool');
  // The platform's other talents, whom the talent search reads: copies of the demo's varied
  // profiles (hidden ones included), without accounts, as talents a company added before they
  // signed up; updated over the years, so the search's order spreads them.
  counts.talent_pool = await copyRows(db, 'talent_profile', options.profiles, sql`deleted_at is null and (email is null or email not like '%.large.test')`, {
    id: sql`gen_random_uuid()`,
    user_id: sql`null`,
    external_user_id: sql`null`,
    email: sql`'profile-' || g || '@pool.large.test'`,
    profile_name: sql`coalesce(t.profile_name, 'Talent') || ' ' || g`,
    created_at: spreadBack(options.years, options.profiles),
    updated_at: spreadBack(options.years, options.profiles),
  });

  Object.assign(counts, await seedLargeTenantMoney(db, companyId, options, step));
  // A vacuum as well as the planner's statistics: the tables as autovacuum leaves them after
  // bulk inserts, their pages marked all-visible, so that the lists that read an index alone
  // (the invoices', the stuck applications' count) are timed as a running server has them.
  step('vacuum');
  await db.execute(sql`vacuum analyze`);
  step(null);
  return { companyId, counts, stepMs };
}
