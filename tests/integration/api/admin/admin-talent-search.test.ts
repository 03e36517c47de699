import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generalEventslog, talentProfile } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// The admin's talent search: the company talent search's engine in the admin's scope. A company
// finds visible profiles only; the admin finds hidden ones too, marked, never deleted ones,
// and opens any profile with the e-mail address as the only contact, each opening recorded.

const SEARCH = (field: string) => `query ($search: TalentSearchInput) { ${field}(search: $search) { items { id profileName isVisible matchedSkills } total reference { title } } }`;
const PROFILE = 'query ($id: ID!) { findAdminTalentProfile(id: $id) { id profileName isVisible contact { email phoneNumber documents { slot } } savedIn { id } } }';

describeEachDatabase('admin talent search', (kind) => {
  let f: AdminFixture;
  const ids: Record<'vera' | 'hank' | 'gone', string> = { vera: '', hank: '', gone: '' };
  let hankUserId: string;
  beforeAll(async () => {
    f = await startAdminFixture(kind);
    const db = f.h.database.db;
    const insert = async (subject: string, values: Partial<typeof talentProfile.$inferInsert>) => {
      const userId = await f.userId(subject);
      const [row] = await db.insert(talentProfile).values({ userId, externalUserId: subject, email: `${subject}@contact.test`, skills: [{ name: 'Elixir' }], ...values }).returning({ id: talentProfile.id });
      return { id: row!.id, userId };
    };
    ids.vera = (await insert('vera', { profileName: 'Vera Visible' })).id;
    const hank = await insert('hank', { profileName: 'Hank Hidden', isVisible: false, cv: { url: 'https://files.example/cv.pdf', name: 'cv.pdf' } });
    ids.hank = hank.id;
    hankUserId = hank.userId;
    ids.gone = (await insert('gone', { profileName: 'Gone Deleted', isVisible: false, deletedAt: new Date() })).id;
  });
  afterAll(() => f.h.close());

  const names = (body: { data?: Record<string, unknown> | null }, field: string) => (body.data?.[field] as { items: Array<{ profileName: string; isVisible: boolean }> }).items.map((item) => [item.profileName, item.isVisible]);

  it('keeps hidden profiles out of a company search', async () => {
    const { body } = await f.as('owner-a', SEARCH('findManyTalentProfile'), { search: { skillsAny: ['elixir'] } }, f.a.id);
    expect(body.errors).toBeUndefined();
    expect(names(body, 'findManyTalentProfile')).toEqual([['Vera Visible', true]]);
  });

  it('finds hidden profiles for the admin, marked hidden, never deleted ones, with the same filters and ranking', async () => {
    const { body } = await f.asAdmin(SEARCH('findManyAdminTalentProfile'), { search: { skillsAny: ['elixir'], q: 'Hank' } });
    expect(body.errors).toBeUndefined();
    expect(names(body, 'findManyAdminTalentProfile')).toEqual([['Hank Hidden', false]]);
    const all = await f.asAdmin(SEARCH('findManyAdminTalentProfile'), { search: { skillsAll: ['elixir'] } });
    expect(names(all.body, 'findManyAdminTalentProfile').sort()).toEqual([['Hank Hidden', false], ['Vera Visible', true]]);
    expect((all.body.data?.findManyAdminTalentProfile as { items: Array<{ matchedSkills: string[] }> }).items[0]!.matchedSkills).toEqual(['elixir']);
  });

  it('has no job description or ad to rank against for the admin', async () => {
    const { body } = await f.asAdmin(SEARCH('findManyAdminTalentProfile'), { search: { matchJobDescriptionId: ids.vera } });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [expect.objectContaining({ field: 'search.matchJobDescriptionId', code: 'referenceUnknown' })] });
  });

  it("opens a hidden profile for the admin with the e-mail address as the only contact, recording talentProfile.read to the talent", async () => {
    const { body } = await f.asAdmin(PROFILE, { id: ids.hank });
    expect(body.errors).toBeUndefined();
    expect(body.data?.findAdminTalentProfile).toEqual({ id: ids.hank, profileName: 'Hank Hidden', isVisible: false, contact: { email: 'hank@contact.test', phoneNumber: null, documents: [] }, savedIn: [] });
    const events = await f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'talentProfile.read'), eq(generalEventslog.toId, hankUserId)));
    expect(events.map((event) => [event.fromId, event.eventData.entityId, event.eventData.admin, event.eventData.isVisible])).toEqual([[f.adminUserId, ids.hank, true, false]]);
    // Hank is told, among his notifications.
    expect((await f.as('hank', '{ myUnreadNotificationCount }')).body.data?.myUnreadNotificationCount).toBe(1);
    // The company still cannot reach Hank: hidden and not linked to it.
    const company = await f.as('owner-a', 'query ($id: ID!) { findTalentProfile(id: $id) { id } }', { id: ids.hank }, f.a.id);
    expect(company.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for a deleted or unknown profile', async () => {
    for (const id of [ids.gone, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await f.asAdmin(PROFILE, { id })).body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
    }
  });
});
