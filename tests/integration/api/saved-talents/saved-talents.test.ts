import { afterAll, beforeAll, expect, it } from 'vitest';
import { talentProfile } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const LISTS = '{ findManyCompanySavedTalentList { id label talentCount } }';
const CREATE_LIST = 'mutation ($label: String!) { createOneCompanySavedTalentList(label: $label) { id label talentCount } }';
const RENAME_LIST = 'mutation ($id: ID!, $label: String!) { updateOneCompanySavedTalentList(id: $id, label: $label) { id label } }';
const DELETE_LIST = 'mutation ($id: ID!) { deleteOneCompanySavedTalentList(id: $id) }';
const SAVE = 'mutation ($talentProfileId: ID!, $listId: ID!) { createOneCompanySavedTalent(talentProfileId: $talentProfileId, listId: $listId) }';
const MOVE = 'mutation ($id: ID!, $listId: ID!) { moveCompanySavedTalent(id: $id, listId: $listId) }';
const REMOVE = 'mutation ($id: ID!) { deleteOneCompanySavedTalent(id: $id) }';
const ENTRIES = 'query ($listId: ID!) { findManyCompanySavedTalent(listId: $listId) { items { id profileName talentProfileId } total } }';
const SEARCH = '{ findManyTalentProfile(search: { q: "saved" }) { items { profileName savedInLists } } }';
const ALL = { read: true, create: true, update: true, delete: true };

type List = { id: string; label: string; talentCount: number };
type FieldError = { field: string; code: string };

describeEachDatabase('saved talents: company shortlists', (kind) => {
  let f: CompaniesFixture;
  let ana: string;
  let ben: string;
  let hidden: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('curator-a', f.a.id, 'Curator', { companySavedTalent: ALL, talentProfile: { read: true } });
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { companySavedTalent: { read: true } });
    const rows = await f.h.database.db
      .insert(talentProfile)
      .values([{ profileName: 'Ana Saved', jobTitle: 'saved engineer' }, { profileName: 'Ben Saved', jobTitle: 'saved designer' }, { profileName: 'Hidden', isVisible: false }])
      .returning({ id: talentProfile.id });
    [ana, ben, hidden] = rows.map((row) => row.id) as [string, string, string];
  });
  afterAll(() => f.h.close());

  it('creates, renames and deletes named lists, a name once per company, each with its event', async () => {
    const list = (await f.as('curator-a', CREATE_LIST, { label: ' Frontend shortlist ' }, f.a.id)).body.data?.createOneCompanySavedTalentList as List;
    expect(list).toMatchObject({ label: 'Frontend shortlist', talentCount: 0 });
    expect(await f.events('companySavedTalentList.create', list.id)).toHaveLength(1);
    const twice = await f.as('curator-a', CREATE_LIST, { label: 'frontend SHORTLIST' }, f.a.id);
    expect((twice.body.errors?.[0]?.extensions?.fieldErrors as FieldError[])[0]).toMatchObject({ field: 'label', code: 'labelTaken' });
    expect(((await f.as('curator-a', RENAME_LIST, { id: list.id, label: 'Frontend' }, f.a.id)).body.data?.updateOneCompanySavedTalentList as List).label).toBe('Frontend');
    const empty = await f.as('curator-a', CREATE_LIST, { label: '  ' }, f.a.id);
    expect((empty.body.errors?.[0]?.extensions?.fieldErrors as FieldError[])[0]?.code).toBe('labelRequired');
    // Company B uses the same name freely, and cannot touch A's list.
    expect((await f.as('owner-b', CREATE_LIST, { label: 'Frontend' }, f.b.id)).body.errors).toBeUndefined();
    expect((await f.as('owner-b', RENAME_LIST, { id: list.id, label: 'Mine' }, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('reader-a', CREATE_LIST, { label: 'Nope' }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('saves talents into lists once, moves and removes them; search shows which lists hold a talent', async () => {
    const [frontend] = (await f.as('curator-a', LISTS, {}, f.a.id)).body.data?.findManyCompanySavedTalentList as List[];
    const backend = (await f.as('curator-a', CREATE_LIST, { label: 'Backend' }, f.a.id)).body.data?.createOneCompanySavedTalentList as List;
    const anaEntry = (await f.as('curator-a', SAVE, { talentProfileId: ana, listId: frontend!.id }, f.a.id)).body.data?.createOneCompanySavedTalent as string;
    await f.as('curator-a', SAVE, { talentProfileId: ben, listId: frontend!.id }, f.a.id);
    expect(((await f.as('curator-a', SAVE, { talentProfileId: ana, listId: frontend!.id }, f.a.id)).body.errors?.[0]?.extensions as Record<string, unknown>)?.reason).toBe('alreadySaved');
    expect((await f.as('curator-a', SAVE, { talentProfileId: hidden, listId: frontend!.id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await f.events('companySavedTalent.create', anaEntry)).toHaveLength(1);
    const listed = (await f.as('reader-a', ENTRIES, { listId: frontend!.id }, f.a.id)).body.data?.findManyCompanySavedTalent as { items: { profileName: string }[]; total: number };
    expect(listed.total).toBe(2);
    const found = (await f.as('curator-a', SEARCH, {}, f.a.id)).body.data?.findManyTalentProfile as { items: { profileName: string; savedInLists: string[] }[] };
    expect(found.items.find((item) => item.profileName === 'Ana Saved')?.savedInLists).toEqual(['Frontend']);

    expect((await f.as('curator-a', MOVE, { id: anaEntry, listId: backend.id }, f.a.id)).body.errors).toBeUndefined();
    expect((await f.events('companySavedTalent.update', anaEntry))[0]?.eventData).toMatchObject({ after: { listId: backend.id } });
    const lists = (await f.as('reader-a', LISTS, {}, f.a.id)).body.data?.findManyCompanySavedTalentList as List[];
    expect(lists.map((list) => [list.label, list.talentCount])).toEqual([['Backend', 1], ['Frontend', 1]]);
    expect((await f.as('owner-b', REMOVE, { id: anaEntry }, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('curator-a', REMOVE, { id: anaEntry }, f.a.id)).body.data?.deleteOneCompanySavedTalent).toBe(true);
    expect(await f.events('companySavedTalent.delete', anaEntry)).toHaveLength(1);
    // Deleting a list takes its entries with it.
    expect((await f.as('curator-a', DELETE_LIST, { id: frontend!.id }, f.a.id)).body.data?.deleteOneCompanySavedTalentList).toBe(true);
    expect((await f.as('reader-a', ENTRIES, { listId: frontend!.id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
