import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { company, companyTalentRoster, talentProfile } from '../../../src/server/db/schema';
import { describeEachDatabase, useSeededTestDatabase } from '../../support/test-database';

// The roster's sort name (migration 0049): the database keeps on each roster entry its
// talent's name in lower case, whoever writes the entry or the profile (an older release's
// code during a rolling upgrade names no sort name at all), and erasing the name erases it.

describeEachDatabase("a roster entry's sort name", (kind) => {
  const database = useSeededTestDatabase(kind);

  const sortNameOf = async (id: string) => (await database.db.select({ name: companyTalentRoster.talentSortName }).from(companyTalentRoster).where(eq(companyTalentRoster.id, id)))[0]!.name;

  it("is its talent's name in lower case for every seeded entry", async () => {
    const { rows } = await database.db.execute<{ wrong: number; entries: number }>(sql`
      select count(*) filter (where r.talent_sort_name is distinct from lower(p.profile_name))::int as wrong, count(*)::int as entries
      from company_talent_roster r join talent_profile p on p.id = r.talent_profile_id`);
    expect(rows[0]!.entries).toBeGreaterThan(0);
    expect(rows[0]!.wrong).toBe(0);
  });

  it('is set on an insert that does not name it, follows a rename and an erased name, and cannot be written wrong', async () => {
    const [owner] = await database.db.select({ id: company.id }).from(company).limit(1);
    const [profile] = await database.db.insert(talentProfile).values({ profileName: 'Émile Sortname', email: 'sortname@talents.test' }).returning({ id: talentProfile.id });
    const [entry] = await database.db.insert(companyTalentRoster).values({ companyId: owner!.id, talentProfileId: profile!.id, currency: 'EUR' }).returning({ id: companyTalentRoster.id });
    expect(await sortNameOf(entry!.id)).toBe('émile sortname');
    await database.db.update(talentProfile).set({ profileName: 'Emile Renamed' }).where(eq(talentProfile.id, profile!.id));
    expect(await sortNameOf(entry!.id)).toBe('emile renamed');
    await database.db.update(companyTalentRoster).set({ talentSortName: 'aaa' }).where(eq(companyTalentRoster.id, entry!.id));
    expect(await sortNameOf(entry!.id)).toBe('emile renamed');
    await database.db.update(talentProfile).set({ profileName: null }).where(eq(talentProfile.id, profile!.id));
    expect(await sortNameOf(entry!.id)).toBeNull();
    await database.db.delete(companyTalentRoster).where(eq(companyTalentRoster.id, entry!.id));
    await database.db.delete(talentProfile).where(eq(talentProfile.id, profile!.id));
  });
});
