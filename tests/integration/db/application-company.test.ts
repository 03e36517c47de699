import { inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobAd, jobDescription, talentJobApplication, talentProfile } from '../../../src/server/db/schema';
import { describeEachDatabase, useSeededTestDatabase } from '../../support/test-database';

// The application's company rule (migration 0041): the database keeps on each application the
// company it belongs to, its ad's publisher, else its job description's company, whoever
// writes it (an older release's code during a rolling upgrade names no company at all).

describeEachDatabase("an application's company", (kind) => {
  const database = useSeededTestDatabase(kind);

  it("is its ad's publisher, else its job description's company, for every seeded application", async () => {
    const rows = await database.db.execute<{ wrong: number }>(sql`
      select count(*)::int as wrong from talent_job_application a
      left join job_ad j on j.id = a.job_ad_id left join job_description d on d.id = a.job_description_id
      where a.company_id is distinct from coalesce(j.publisher_company_id, d.company_id)`);
    expect(rows.rows[0]!.wrong).toBe(0);
  });

  it('is set on an insert that does not name it, with an ad or with a description only', async () => {
    const [ad] = await database.db.select({ id: jobAd.id, companyId: jobAd.publisherCompanyId }).from(jobAd).where(isNull(jobAd.deletedAt)).limit(1);
    const [description] = await database.db.select({ id: jobDescription.id, companyId: jobDescription.companyId }).from(jobDescription).where(isNotNull(jobDescription.companyId)).limit(1);
    const profiles = await database.db.select({ id: talentProfile.id }).from(talentProfile).limit(40);
    const taken = await database.db.select({ talentProfileId: talentJobApplication.talentProfileId, jobAdId: talentJobApplication.jobAdId }).from(talentJobApplication);
    const free = profiles.find((profile) => !taken.some((row) => row.talentProfileId === profile.id && row.jobAdId === ad!.id))!;
    const [withAd] = (await database.db.execute<{ id: string; company_id: string }>(sql`insert into talent_job_application (job_ad_id, talent_profile_id) values (${ad!.id}, ${free.id}) returning id, company_id`)).rows;
    expect(withAd!.company_id).toBe(ad!.companyId);
    const [withDescription] = (await database.db.execute<{ id: string; company_id: string }>(sql`insert into talent_job_application (job_description_id, talent_profile_id) values (${description!.id}, ${free.id}) returning id, company_id`)).rows;
    expect(withDescription!.company_id).toBe(description!.companyId);
    await database.db.delete(talentJobApplication).where(inArray(talentJobApplication.id, [withAd!.id, withDescription!.id]));
  });
});
