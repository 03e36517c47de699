import { afterAll, beforeAll, expect, it } from 'vitest';
import { talentProfile } from '../../../../src/server/db/schema';
import { searchTalents } from '../../../../src/server/api/talent-search/talent-search';
import { talentSearchSchema } from '../../../../src/lib/talent-search/talent-search-input';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const SEARCH = `query ($search: TalentSearchInput, $page: Int, $perPage: Int) {
  findManyTalentProfile(search: $search, page: $page, perPage: $perPage) {
    items { profileName matchedSkills missingSkills hourlyRate rateCurrency }
    total totalIsExact pageCount reference { kind title skills }
  }
}`;
const CREATE_DESCRIPTION = 'mutation ($data: JobDescriptionInput!) { createOneJobDescription(data: $data) { id } }';

type Result = { profileName: string; matchedSkills: string[]; missingSkills: string[] };
type Page = { items: Result[]; total: number; totalIsExact: boolean; pageCount: number; reference: { kind: string; title: string; skills: string[] } | null };
const skill = (...names: string[]) => names.map((name) => ({ name }));

describeEachDatabase('talent search for companies', (kind) => {
  let f: CompaniesFixture;
  const search = async (search: Record<string, unknown>, subject = 'searcher-a') => {
    const { body } = await f.as(subject, SEARCH, { search }, f.a.id);
    return { page: body.data?.findManyTalentProfile as Page, errors: body.errors };
  };
  const names = (page: Page) => page.items.map((item) => item.profileName);
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('searcher-a', f.a.id, 'Searcher', { talentProfile: { read: true }, jobDescription: { read: true, create: true } });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
    await f.h.database.db.insert(talentProfile).values([
      { profileName: 'Rita React', jobTitle: 'Frontend engineer', skills: skill('React', 'TypeScript', 'CSS'), languages: [{ language: 'English', level: 'C1' }, { language: 'German', level: 'NATIVE' }], hourlyRate: '70.00', rateCurrency: 'EUR', location: 'Berlin', workMode: 'remote', totalExperience: 6, verificationStatus: 'verified' },
      { profileName: 'Tom Typescript', jobTitle: 'Full-stack developer', skills: skill('TypeScript', 'Node.js', 'React'), languages: [{ language: 'English', level: 'A1' }], hourlyRate: '95.00', rateCurrency: 'EUR', location: 'Lisbon', isInterestedInRelocation: true, interestedToRelocateTo: ['Berlin'], totalExperience: 9 },
      { profileName: 'Gus Go', jobTitle: 'Backend engineer', skills: skill('Go', 'PostgreSQL'), languages: [{ language: 'English' }], hourlyRate: '80.00', rateCurrency: 'GBP', location: 'London', isAvailableForHire: false },
      { profileName: 'Hidden Hanna', jobTitle: 'React developer', skills: skill('React'), isVisible: false },
      { profileName: 'Pia PHP', jobTitle: 'Développeuse web', skills: skill('PHP', 'React'), languages: [{ language: 'French' }], hourlyRate: '50.00', rateCurrency: 'EUR', location: 'Paris' },
    ]);
  });
  afterAll(() => f.h.close());

  it('finds visible profiles only, by words of the name, title or skills', async () => {
    expect(names((await search({ q: 'react' })).page).sort()).toEqual(['Pia PHP', 'Rita React', 'Tom Typescript']);
    expect((await search({})).page.total).toBe(4);
  });

  it('folds accents (the search accent folding rule): "developpeuse" finds "Développeuse"', async () => {
    expect(names((await search({ q: 'developpeuse' })).page)).toEqual(['Pia PHP']);
    expect(names((await search({ q: 'DÉVELOPPEUSE web' })).page)).toEqual(['Pia PHP']);
  });

  it('skills all of, any of and none of; languages; a rate range in one currency', async () => {
    expect(names((await search({ skillsAll: ['react', 'typescript'] })).page).sort()).toEqual(['Rita React', 'Tom Typescript']);
    expect(names((await search({ skillsAny: ['go', 'php'] })).page).sort()).toEqual(['Gus Go', 'Pia PHP']);
    expect(names((await search({ skillsAny: ['react'], skillsExcluded: ['php'] })).page).sort()).toEqual(['Rita React', 'Tom Typescript']);
    expect(names((await search({ languages: ['german'] })).page)).toEqual(['Rita React']);
    expect(names((await search({ skillsAny: ['react'], rateMax: '80', rateCurrency: 'EUR' })).page).sort()).toEqual(['Pia PHP', 'Rita React']);
    const noCurrency = await search({ rateMax: '80' });
    expect((noCurrency.errors?.[0]?.extensions?.fieldErrors as { field: string; code: string }[])[0]).toMatchObject({ field: 'search.rateCurrency', code: 'rateCurrencyRequired' });
  });

  it('languages with level: at least the level asked in every language, on the profile scale (CEFR, then native)', async () => {
    expect(names((await search({ languages: ['english'], languageLevel: 'B2' })).page)).toEqual(['Rita React']);
    expect(names((await search({ languages: ['english'], languageLevel: 'A1' })).page).sort()).toEqual(['Rita React', 'Tom Typescript']);
    expect(names((await search({ languages: ['english', 'german'], languageLevel: 'NATIVE' })).page)).toEqual([]);
    expect(names((await search({ languages: ['german'], languageLevel: 'NATIVE' })).page)).toEqual(['Rita React']);
    const noLanguage = await search({ languageLevel: 'C1' });
    expect((noLanguage.errors?.[0]?.extensions?.fieldErrors as { code: string }[])[0]?.code).toBe('levelNeedsLanguage');
    const unknown = await search({ languages: ['english'], languageLevel: 'FLUENT' });
    expect((unknown.errors?.[0]?.extensions?.fieldErrors as { code: string }[])[0]?.code).toBe('choiceUnknown');
  });

  it('place with or without the talents willing to move there; availability, experience, verification', async () => {
    expect(names((await search({ location: 'berlin' })).page)).toEqual(['Rita React']);
    expect(names((await search({ location: 'berlin', includeRelocation: true })).page).sort()).toEqual(['Rita React', 'Tom Typescript']);
    expect(names((await search({ availableOnly: true })).page)).not.toContain('Gus Go');
    expect(names((await search({ minExperience: 7 })).page)).toEqual(['Tom Typescript']);
    expect(names((await search({ verifiedOnly: true })).page)).toEqual(['Rita React']);
  });

  it('ranks by overlap with a job description and says which skills match and which lack', async () => {
    const created = await f.as('searcher-a', CREATE_DESCRIPTION, { data: { title: 'React lead', workMode: 'remote', countryCode: 'DE', skills: ['React', 'TypeScript', 'GraphQL'] } }, f.a.id);
    const id = (created.body.data?.createOneJobDescription as { id: string }).id;
    const { page } = await search({ skillsAny: ['react'], matchJobDescriptionId: id });
    expect(page.reference).toEqual({ kind: 'JOB_DESCRIPTION', title: 'React lead', skills: ['React', 'TypeScript', 'GraphQL'] });
    // Two skills of three first (either order: they tie), then one of three.
    expect(page.items.slice(0, 2).map((item) => item.profileName).sort()).toEqual(['Rita React', 'Tom Typescript']);
    for (const item of page.items.slice(0, 2)) expect([item.matchedSkills, item.missingSkills]).toEqual([['React', 'TypeScript'], ['GraphQL']]);
    expect([page.items[2]?.matchedSkills, page.items[2]?.missingSkills]).toEqual([['React'], ['TypeScript', 'GraphQL']]);
    expect(page.items.at(-1)?.profileName).toBe('Pia PHP');
    // Against a reference, a talent with none of its skills is no candidate.
    expect(names((await search({ matchJobDescriptionId: id })).page)).not.toContain('Gus Go');
    // Another company's job description is refused, as an unknown one.
    const foreign = await f.as('owner-b', CREATE_DESCRIPTION, { data: { title: 'B role', workMode: 'remote', countryCode: 'FR', skills: ['Go'] } }, f.b.id);
    const foreignId = (foreign.body.data?.createOneJobDescription as { id: string }).id;
    const refused = await search({ matchJobDescriptionId: foreignId });
    expect((refused.errors?.[0]?.extensions?.fieldErrors as { code: string }[])[0]?.code).toBe('referenceUnknown');
  });

  it('narrows to a selection of talents (the invitation pages), still visible profiles only', async () => {
    const all = await f.h.database.db.select({ id: talentProfile.id, profileName: talentProfile.profileName }).from(talentProfile);
    const idOf = (name: string) => all.find((row) => row.profileName === name)!.id;
    const picked = await search({ talentProfileIds: [idOf('Gus Go'), idOf('Hidden Hanna'), idOf('Pia PHP')] });
    expect(names(picked.page).sort()).toEqual(['Gus Go', 'Pia PHP']);
    const malformed = await search({ talentProfileIds: ['not-an-id'] });
    expect((malformed.errors?.[0]?.extensions?.fieldErrors as { field: string; code: string }[])[0]).toMatchObject({ field: 'search.talentProfileIds', code: 'talentIdInvalid' });
  });

  it('orders by how complete the profile is (the talent search base order): the fullest profile first without skills or words to rank by', async () => {
    const { page } = await search({});
    expect(page).toMatchObject({ total: 4, totalIsExact: true, pageCount: 1 });
    // Rita and Tom have a title, years of experience, a place, three skills and languages (39
    // each); Gus and Pia no years and two skills (31 each).
    expect(names(page).slice(0, 2).sort()).toEqual(['Rita React', 'Tom Typescript']);
    expect(names(page).slice(2).sort()).toEqual(['Gus Go', 'Pia PHP']);
  });

  it('counts and pages to the cap only (the talent search count cap): past it the total is a lower bound and ranking reads the most complete matches', async () => {
    const scope = { kind: 'company' as const, companyId: f.a.id, mayReadLists: false };
    const everyone = talentSearchSchema.parse({});
    const first = await searchTalents(f.h.database.db, scope, everyone, { page: 1, perPage: 2, offset: 0 }, 3);
    expect(first).toMatchObject({ total: 3, totalIsExact: false });
    expect(first.items.map((item) => item.profileName).sort()).toEqual(['Rita React', 'Tom Typescript']);
    // The second page ends at the cap: one talent, not two.
    const second = await searchTalents(f.h.database.db, scope, everyone, { page: 2, perPage: 2, offset: 2 }, 3);
    expect(second.items).toHaveLength(1);
    expect(second).toMatchObject({ total: 3, totalIsExact: false });
    // A page past the cap is empty, its total still counted (the page then sends to the last one).
    expect(await searchTalents(f.h.database.db, scope, everyone, { page: 3, perPage: 2, offset: 4 }, 3)).toMatchObject({ items: [], total: 3, totalIsExact: false });
    // At the cap exactly, the count is exact.
    expect(await searchTalents(f.h.database.db, scope, everyone, { page: 1, perPage: 2, offset: 0 }, 4)).toMatchObject({ total: 4, totalIsExact: true });
    // Ranked by skills, only the candidates within the cap are ranked: Pia (React alone, the
    // least complete of the three candidates) is past a cap of 2 and never shown.
    const ranked = await searchTalents(f.h.database.db, scope, talentSearchSchema.parse({ skillsAny: ['react', 'typescript'] }), { page: 1, perPage: 10, offset: 0 }, 2);
    expect(ranked.items.map((item) => item.profileName).sort()).toEqual(['Rita React', 'Tom Typescript']);
    expect(ranked).toMatchObject({ total: 2, totalIsExact: false });
  });

  it('finds the matches beyond the most complete profiles it walks (the talent search candidates rule): those walked first, then the others', async () => {
    const scope = { kind: 'company' as const, companyId: f.a.id, mayReadLists: false };
    const window = { page: 1, perPage: 10, offset: 0 };
    // Walking the two most complete profiles (Rita and Tom), Gus is found all the same.
    const go = await searchTalents(f.h.database.db, scope, talentSearchSchema.parse({ skillsAny: ['go'] }), window, 3, 2);
    expect(go.items.map((item) => item.profileName)).toEqual(['Gus Go']);
    expect(go).toMatchObject({ total: 1, totalIsExact: true });
    // Everyone, past a cap of 3: the two walked come first, then one of the others found.
    const everyone = await searchTalents(f.h.database.db, scope, talentSearchSchema.parse({}), window, 3, 2);
    expect(everyone).toMatchObject({ total: 3, totalIsExact: false });
    expect(everyone.items.map((item) => item.profileName).slice(0, 2).sort()).toEqual(['Rita React', 'Tom Typescript']);
    expect(['Gus Go', 'Pia PHP']).toContain(everyone.items[2]!.profileName);
    // Walking none, every match is still found and counted.
    expect(await searchTalents(f.h.database.db, scope, talentSearchSchema.parse({}), window, 10, 0)).toMatchObject({ total: 4, totalIsExact: true });
  });

  it('needs talentProfile read, and never answers contact details', async () => {
    expect((await search({}, 'blind-a')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const withEmail = await f.as('searcher-a', '{ findManyTalentProfile { items { email } } }', {}, f.a.id);
    expect(withEmail.body.errors?.[0]?.message).toMatch(/Cannot query field "email"/);
  });
});
