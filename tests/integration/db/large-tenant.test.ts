import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { scaledLargeTenant, seedLargeTenant, type LargeTenantSummary } from '../../../src/server/db/seed/large-tenant';
import { describeEachDatabase, openSeededTestDatabase } from '../../support/test-database';

// The large tenant of the seed (`npm run seed -- --large-tenant`, docs/benchmarks.md), at a
// hundredth of its size: Northwind Labs grows by the counts asked, each row shaped as the
// product writes it, and the company's rules still hold (its own steps, one application per
// talent and ad).

const tenant = scaledLargeTenant(0.01);

describeEachDatabase('the large tenant seed', (kind) => {
  let database: Database;
  let summary: LargeTenantSummary;
  beforeAll(async () => {
    database = await openSeededTestDatabase(kind);
    summary = await seedLargeTenant(database.db, tenant);
  }, 120_000);
  afterAll(() => database?.close());

  const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows[0]!;

  it('adds the asked counts of members, ads, applications, roster entries and events to Northwind Labs', async () => {
    expect(summary.counts).toMatchObject({ company_on_user: tenant.members, job_ad: tenant.jobAds, talent_job_application: tenant.applications, company_talent_roster: tenant.roster, general_eventslog: tenant.events });
    // The newest of the ads added holds the big share.
    const big = await one<{ n: number }>(sql`
      select count(*)::int as n from talent_job_application
      where job_ad_id = (select id from job_ad where publisher_company_id = ${summary.companyId} and title like '% #%' order by published_at desc, id limit 1)`);
    expect(big.n).toBe(tenant.bigAdApplications);
    const members = await one<{ n: number }>(sql`select count(*)::int as n from company_on_user m join company_role r on r.id = m.role_id where m.company_id = ${summary.companyId} and r.role = 'Recruiter'`);
    expect(members.n).toBeGreaterThanOrEqual(tenant.members);
  });

  it("puts every application in one of the company's own steps, spread over the years, with open and closed ads", async () => {
    const foreign = await one<{ n: number }>(sql`
      select count(*)::int as n from talent_job_application a join job_ad j on j.id = a.job_ad_id join company_hiring_step s on s.id = a.company_hiring_step_id
      where j.publisher_company_id = ${summary.companyId} and s.company_id <> ${summary.companyId}`);
    expect(foreign.n).toBe(0);
    const span = await one<{ years: number }>(sql`select extract(epoch from max(created_at) - min(created_at)) / 31557600 as years from talent_job_application where talent_profile_id in (select id from talent_profile where email like 'talent-%@talents.large.test')`);
    expect(Number(span.years)).toBeGreaterThan(tenant.years - 0.5);
    const ads = await one<{ open: number; closed: number }>(sql`
      select count(*) filter (where published_until > now())::int as open, count(*) filter (where published_until <= now())::int as closed
      from job_ad where publisher_company_id = ${summary.companyId} and title like '% #%'`);
    expect(ads.open).toBeGreaterThan(0);
    expect(ads.closed).toBeGreaterThan(0);
  });
});
