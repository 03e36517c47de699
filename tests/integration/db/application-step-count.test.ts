import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companyHiringStep, jobAd, talentJobApplication } from '../../../src/server/db/schema';
import { countedApplications } from '../../../src/server/api/job-applications/pipeline-counts';
import { describeEachDatabase, useSeededTestDatabase } from '../../support/test-database';

// The application count rule (migration 0044): the database keeps each company's applications
// counted by ad and hiring step, in step with every insert, move and delete, so that the
// dashboard, the pipeline and the lists' totals never count a large company's applications
// one by one; the counts always equal the applications themselves.

describeEachDatabase('the application counts the database keeps', (kind) => {
  const database = useSeededTestDatabase(kind);

  /** The kept counts that differ from counting the applications (none when the rule holds). */
  async function drift(): Promise<unknown[]> {
    const rows = await database.db.execute(sql`
      with live as (
        select company_id, coalesce(job_ad_id, '00000000-0000-0000-0000-000000000000') as job_ad_id,
               coalesce(company_hiring_step_id, '00000000-0000-0000-0000-000000000000') as company_hiring_step_id, count(*)::int as applications
        from talent_job_application where company_id is not null group by 1, 2, 3),
      kept as (select * from application_step_count where applications <> 0)
      (select 'kept' as side, * from kept except select 'kept', * from live)
      union all
      (select 'live' as side, * from live except select 'live', * from kept)`);
    return rows.rows;
  }

  it('equal the seeded applications, by company, ad and step', async () => {
    expect(await drift()).toEqual([]);
  });

  it('follow an application in, from step to step, and out', async () => {
    const [ad] = await database.db.select({ id: jobAd.id, companyId: jobAd.publisherCompanyId }).from(jobAd).where(isNull(jobAd.deletedAt)).limit(1);
    const steps = await database.db.select({ id: companyHiringStep.id }).from(companyHiringStep).where(and(eq(companyHiringStep.companyId, ad!.companyId), isNull(companyHiringStep.deletedAt))).limit(2);
    const [newcomer] = (await database.db.execute<{ id: string }>(sql`
      select id from talent_profile p where not exists (select 1 from talent_job_application a where a.talent_profile_id = p.id and a.job_ad_id = ${ad!.id}) limit 1`)).rows;
    const before = await countedApplications(database.db, ad!.companyId, { jobAdId: ad!.id });
    const [application] = await database.db.insert(talentJobApplication).values({ jobAdId: ad!.id, talentProfileId: newcomer!.id, companyHiringStepId: steps[0]!.id }).returning({ id: talentJobApplication.id });
    expect(await countedApplications(database.db, ad!.companyId, { jobAdId: ad!.id })).toBe(before + 1);
    expect(await drift()).toEqual([]);
    await database.db.update(talentJobApplication).set({ companyHiringStepId: steps[1]!.id }).where(eq(talentJobApplication.id, application!.id));
    expect(await drift()).toEqual([]);
    await database.db.update(talentJobApplication).set({ companyHiringStepId: null }).where(eq(talentJobApplication.id, application!.id));
    expect(await drift()).toEqual([]);
    await database.db.delete(talentJobApplication).where(eq(talentJobApplication.id, application!.id));
    expect(await countedApplications(database.db, ad!.companyId, { jobAdId: ad!.id })).toBe(before);
    expect(await drift()).toEqual([]);
  });
});
