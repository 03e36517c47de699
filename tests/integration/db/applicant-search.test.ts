import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobDescription, talentJobApplication, talentProfile } from '../../../src/server/db/schema';
import { describeEachDatabase, useSeededTestDatabase } from '../../support/test-database';

// The applicant search text (migration 0051): the database keeps on each application its
// talent's name, job title and skill names, each apart, whoever writes the application or
// the profile (an older release's code during a rolling upgrade names none of it), and
// erasing them erases it.

const SEPARATOR = String.fromCharCode(31);

describeEachDatabase("an application's applicant search text", (kind) => {
  const database = useSeededTestDatabase(kind);

  const searchOf = async (id: string) => (await database.db.select({ text: talentJobApplication.applicantSearch }).from(talentJobApplication).where(eq(talentJobApplication.id, id)))[0]!.text;

  it("is its talent's name, title and skill names for every seeded application", async () => {
    const { rows } = await database.db.execute<{ wrong: number; applications: number }>(sql`
      select count(*) filter (where a.applicant_search is distinct from concat_ws(chr(31), p.profile_name, p.job_title, array_to_string(p.skill_keys, chr(31))))::int as wrong, count(*)::int as applications
      from talent_job_application a join talent_profile p on p.id = a.talent_profile_id`);
    expect(rows[0]!.applications).toBeGreaterThan(0);
    expect(rows[0]!.wrong).toBe(0);
  });

  it('is set on an insert that does not name it, follows the profile, is erased with it, and cannot be written wrong', async () => {
    const [description] = await database.db.select({ id: jobDescription.id }).from(jobDescription).limit(1);
    const [profile] = await database.db
      .insert(talentProfile)
      .values({ profileName: 'Ines Search', jobTitle: 'Data engineer', email: 'applicant-search@talents.test', skills: [{ name: 'Rust' }, { name: 'SQL' }] })
      .returning({ id: talentProfile.id });
    const [application] = await database.db.insert(talentJobApplication).values({ talentProfileId: profile!.id, jobDescriptionId: description!.id }).returning({ id: talentJobApplication.id });
    expect(await searchOf(application!.id)).toBe(['Ines Search', 'Data engineer', 'rust', 'sql'].join(SEPARATOR));
    await database.db.update(talentProfile).set({ jobTitle: 'Platform engineer', skills: [{ name: 'Go' }] }).where(eq(talentProfile.id, profile!.id));
    expect(await searchOf(application!.id)).toBe(['Ines Search', 'Platform engineer', 'go'].join(SEPARATOR));
    await database.db.update(talentJobApplication).set({ applicantSearch: 'anything' }).where(eq(talentJobApplication.id, application!.id));
    expect(await searchOf(application!.id)).toBe(['Ines Search', 'Platform engineer', 'go'].join(SEPARATOR));
    await database.db.update(talentProfile).set({ profileName: null, jobTitle: null, skills: [] }).where(eq(talentProfile.id, profile!.id));
    expect(await searchOf(application!.id)).toBe('');
    await database.db.delete(talentJobApplication).where(eq(talentJobApplication.id, application!.id));
    await database.db.delete(talentProfile).where(eq(talentProfile.id, profile!.id));
  });
});
