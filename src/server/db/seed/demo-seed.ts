import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../crypto/password-hash';
import type { AppDatabase } from '../client';
import { identityAccount, user } from '../schema';
import { seedAccounts } from './accounts';
import { seedMarketplaceActivity } from './activity';
import { seedDemoBilling } from './billing';
import { seedCatalog } from './catalog';
import { seedCompanies } from './companies';
import { createSeedContext, type ProgressListener } from './context';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoTalentActivity } from './demo-talent';
import { seedFrenchDemoTalent } from './french-demo-talent';
import { seedDemoInterviews } from './demo-interviews';
import { seedEvents } from './events';
import { seedJobAds, seedJobDescriptions } from './jobs';
import { seedFrenchJobAds } from './french-job-ads';
import { seedTalents } from './talents';

export type { ProgressListener, SeedStep } from './context';

export const DEFAULT_JOB_ADS = 220;
export const DEFAULT_TALENTS = 60;
/** Below these the demo talent's saved jobs, applications and invitations cannot all be filled. */
export const MIN_JOB_ADS = 20;
export const MIN_TALENTS = 10;

export interface SeedDemoOptions {
  /** Published job ads (a few unpublished drafts come on top). */
  jobAds?: number;
  /** Talent profiles besides the demo talent's, each with its own user. */
  talents?: number;
  onProgress?: ProgressListener;
  /** Anchor for publication windows and billing months; the current time unless testing. */
  now?: Date;
}

export interface SeedSummary {
  /** Rows inserted per table (SQL table name). */
  counts: Record<string, number>;
  jobAds: { published: number; open: number; expired: number; drafts: number };
  /** Seeded talents, not counting the demo talent. */
  talents: number;
  durationMs: number;
}

export type SeedErrorCode = 'SEED_OPTIONS_INVALID' | 'DEMO_DATA_EXISTS';

export class SeedError extends Error {
  constructor(
    readonly code: SeedErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SeedError';
  }
}

/** True when nobody can have signed up or been seeded yet: no users and no identity accounts. */
export async function isDatabaseEmpty(db: AppDatabase): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`select not exists (select 1 from ${user}) and not exists (select 1 from ${identityAccount}) as empty`,
  );
  return result.rows[0]?.empty === true;
}

function count(name: string, value: number | undefined, fallback: number, minimum: number): number {
  const resolved = value ?? fallback;
  if (!Number.isSafeInteger(resolved) || resolved < minimum) {
    throw new SeedError('SEED_OPTIONS_INVALID', `${name} must be a whole number of at least ${minimum} (got ${value})`);
  }
  return resolved;
}

/** Fails before writing anything: a second seed would collide on the demo e-mail addresses. */
async function assertNoDemoData(db: AppDatabase): Promise<void> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const [accounts, users] = await Promise.all([
    db.select({ email: identityAccount.email }).from(identityAccount).where(inArray(sql`lower(${identityAccount.email})`, emails)),
    db.select({ email: user.email }).from(user).where(inArray(sql`lower(${user.email})`, emails)),
  ]);
  const found = [...new Set([...accounts, ...users].map((row) => row.email))];
  if (found.length > 0) {
    throw new SeedError(
      'DEMO_DATA_EXISTS',
      `The database already holds demo data (${found.join(', ')}); seed an empty database instead (a new data directory, or drop the schema)`,
    );
  }
}

/**
 * Fills the database with the deterministic demo: catalog, demo accounts, companies,
 * job descriptions and ads, talents and their activity, the demo talent's money trail
 * and a sample of the event log. One transaction per step, inserts in chunks of 500.
 */
export async function seedDemoData(db: AppDatabase, options: SeedDemoOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const jobAdCount = count('jobAds', options.jobAds, DEFAULT_JOB_ADS, MIN_JOB_ADS);
  const talentCount = count('talents', options.talents, DEFAULT_TALENTS, MIN_TALENTS);
  await assertNoDemoData(db);

  const ctx = createSeedContext(options.now ?? new Date(), options.onProgress);
  // Hashed once: scrypt is deliberately slow, and every demo account shares the password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction((tx) => seedCatalog(ctx, tx));
  const accounts = await db.transaction((tx) => seedAccounts(ctx, tx, passwordHash));
  const companies = await db.transaction((tx) => seedCompanies(ctx, tx, accounts));
  const descriptions = await db.transaction((tx) => seedJobDescriptions(ctx, tx, companies, jobAdCount));
  const ads = await db.transaction((tx) => seedJobAds(ctx, tx, companies, accounts, descriptions, jobAdCount));
  // After the generated ads and apart from them: the activity below picks among those by role.
  const frenchAds = await db.transaction((tx) => seedFrenchJobAds(ctx, tx, companies, accounts));
  const jobs = { descriptions, ads };
  const talents = await db.transaction((tx) => seedTalents(ctx, tx, accounts, talentCount));
  const base = { accounts, companies, jobs, talents };
  const marketplace = await db.transaction((tx) => seedMarketplaceActivity(ctx, tx, base));
  const { demoTalent, demoBilling } = await db.transaction(async (tx) => {
    ctx.progress('demo talent', 0, 2);
    const activity = await seedDemoTalentActivity(ctx, tx, base);
    await seedDemoInterviews(ctx, tx, base, activity);
    // Logged with the demo talent's applications: arrival, moves and the statuses she reads.
    activity.applications.push(...(await seedFrenchDemoTalent(ctx, tx, base, frenchAds)));
    ctx.progress('demo talent', 1, 2);
    const money = await seedDemoBilling(ctx, tx, base);
    ctx.progress('demo talent', 2, 2);
    return { demoTalent: activity, demoBilling: money };
  });
  await db.transaction((tx) => seedEvents(ctx, tx, { accounts, companies, jobs, marketplace, demoTalent, demoBilling }));
  // Statistics for the planner now, not when autovacuum gets to them: it never does for a
  // table with fewer than 50 changed rows (the demo's 12 companies), and without them a
  // named statement's kept plan guessed one verified company and drove the job ads'
  // queries from the companies (/jobs: PostgreSQL CPU 0.85 -> 0.48 ms a request).
  await db.execute(sql`analyze`);

  const published = [...ads, ...frenchAds].filter((ad) => ad.published);
  const open = published.filter((ad) => ad.open).length;
  return {
    counts: ctx.counts,
    jobAds: { published: published.length, open, expired: published.length - open, drafts: ads.filter((ad) => !ad.published).length },
    talents: talents.others.length,
    durationMs: Math.round(performance.now() - started),
  };
}
