import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generalEventslog, jobAd } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startTypesenseStub, type TypesenseStub } from '../../../support/typesense-stub';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// The platform moderates job ads. Unpublish takes an ad out of public view
// with a reason its company reads, and the company may publish it again once fixed; remove
// does the same for good. Every moderation is a jobAd.update event marked admin.

const LIST = `query ($q: String, $state: AdminJobAdState, $page: Int, $perPage: Int) {
  findManyAdminJobAd(q: $q, state: $state, page: $page, perPage: $perPage) {
    items { id title state companyName ownerEmail applicationCount moderationActions moderation { moderation reason } } total page pageCount
  }
}`;
const MODERATE = `mutation ($id: ID!, $action: JobAdModerationAction!, $reason: String!) {
  moderateOneJobAd(id: $id, action: $action, reason: $reason) { id state moderationActions moderation { moderation reason at } }
}`;
const AD_FIELDS = 'id status publishedAt moderation { moderation reason at }';
const CREATE = `mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { ${AD_FIELDS} } }`;
const FIND = `query ($id: ID!) { findJobAd(id: $id) { ${AD_FIELDS} } }`;
const COMPANY_LIST = `{ findManyJobAd { items { id status moderation { moderation reason } } } }`;
const PUBLISH = `mutation ($id: ID!) { publishOneJobAd(id: $id) { ${AD_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $data: JobAdInput!) { updateOneJobAd(id: $id, data: $data) { ${AD_FIELDS} } }`;
const DUPLICATE = `mutation ($id: ID!) { duplicateOneJobAd(id: $id) { ${AD_FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteOneJobAd(id: $id) }';
const PUBLIC_SEARCH = 'query ($q: String) { jobAds(search: { q: $q }) { items { id } total } }';
const PUBLIC_AD = 'query ($id: ID!) { jobAd(id: $id) { id } }';
const GONE = 'query ($id: ID!) { jobAdGone(id: $id) }';
const SUGGEST = 'query ($q: String!) { jobAdSuggestions(q: $q) { title } }';

type Ad = { id: string; status: string; publishedAt: string | null; moderation: { moderation: string; reason: string; at: string } | null };
type AdminAd = { id: string; title: string; state: string; companyName: string; ownerEmail: string | null; applicationCount: number; moderationActions: string[]; moderation: { moderation: string; reason: string } | null };

const DATA = { workMode: 'remote', countryCode: 'PT', skills: ['Moderation'] };

describeEachDatabase('admin: job ad moderation', (kind) => {
  let f: AdminFixture;
  let typesense: TypesenseStub;
  const ads: Record<string, string> = {};
  beforeAll(async () => {
    typesense = await startTypesenseStub();
    f = await startAdminFixture(kind, { searchEnv: { TYPESENSE_HOST: typesense.url, TYPESENSE_API_KEY: 'admin-key' } });
    const create = async (owner: string, companyId: string, title: string, published = true) => {
      const { body } = await f.as(owner, CREATE, { data: { ...DATA, title, ...(published ? { publishedAt: new Date(Date.now() - 1000).toISOString() } : {}) } }, companyId);
      expect(body.errors).toBeUndefined();
      return (body.data?.createOneJobAd as Ad).id;
    };
    ads.walrus = await create('owner-a', f.a.id, 'Walrus keeper');
    ads.pelican = await create('owner-a', f.a.id, 'Pelican trainer');
    ads.draft = await create('owner-a', f.a.id, 'Draft otter', false);
    ads.beaver = await create('owner-b', f.b.id, 'Beaver architect');
  });
  afterAll(async () => {
    await f.h.close();
    await typesense.stop();
  });

  const list = async (variables: Record<string, unknown> = {}) => {
    const { body } = await f.asAdmin(LIST, variables);
    expect(body.errors).toBeUndefined();
    return body.data?.findManyAdminJobAd as { items: AdminAd[]; total: number; page: number; pageCount: number };
  };
  const moderate = (id: string, action: string, reason: string) => f.asAdmin(MODERATE, { id, action, reason });
  const publicTotal = async (q: string) => ((await f.h.call(PUBLIC_SEARCH, { variables: { q } })).body.data?.jobAds as { total: number }).total;
  const adminEvents = (id: string) =>
    f.h.database.db
      .select()
      .from(generalEventslog)
      .where(and(eq(generalEventslog.type, 'jobAd.update'), sql`${generalEventslog.eventData}->>'entityId' = ${id}`, sql`${generalEventslog.eventData}->>'admin' = 'true'`));

  it("finds every company's ads by title, place, company or id and by state; pages", async () => {
    const all = await list();
    expect(all.total).toBe(4);
    // Live ads first.
    expect(all.items.at(-1)?.id).toBe(ads.draft);
    expect(all.items.find((item) => item.id === ads.walrus)).toMatchObject({ state: 'PUBLISHED', companyName: 'Company A', ownerEmail: 'owner-a@example.test', applicationCount: 0, moderationActions: ['unpublish', 'remove'], moderation: null });
    expect((await list({ q: 'company b' })).items.map((item) => item.id)).toEqual([ads.beaver]);
    expect((await list({ q: 'WALRUS' })).items.map((item) => item.id)).toEqual([ads.walrus]);
    expect((await list({ q: ads.pelican })).items.map((item) => item.id)).toEqual([ads.pelican]);
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ state: 'DRAFT' })).items.map((item) => item.id)).toEqual([ads.draft]);
    expect((await list({ perPage: 3, page: 2 })).items).toHaveLength(1);
  });

  it('unpublishes with a reason: the ad leaves public view at once, the company reads why, an event is recorded', async () => {
    expect(await publicTotal('walrus')).toBe(1);
    const reason = 'The salary is missing.\nAdd it and publish again.';
    const { body } = await moderate(ads.walrus!, 'unpublish', `  ${reason} `);
    expect(body.errors).toBeUndefined();
    expect(body.data?.moderateOneJobAd).toMatchObject({ state: 'UNPUBLISHED', moderationActions: ['remove'], moderation: { moderation: 'unpublished', reason } });

    expect(await publicTotal('walrus')).toBe(0);
    expect((await f.h.call(PUBLIC_AD, { variables: { id: ads.walrus } })).body.data?.jobAd).toBeNull();
    expect((await f.h.call(GONE, { variables: { id: ads.walrus } })).body.data?.jobAdGone).toBe(true);
    expect((await f.h.call(SUGGEST, { variables: { q: 'walru' } })).body.data?.jobAdSuggestions).toEqual([]);
    expect(typesense.requests.some((request) => request.method === 'DELETE' && request.path.endsWith(`/documents/${ads.walrus}`))).toBe(true);

    const seen = (await f.as('owner-a', FIND, { id: ads.walrus }, f.a.id)).body.data?.findJobAd as Ad;
    expect(seen).toMatchObject({ status: 'DRAFT', moderation: { moderation: 'unpublished', reason } });
    const row = ((await f.as('owner-a', COMPANY_LIST, {}, f.a.id)).body.data?.findManyJobAd as { items: Ad[] }).items.find((item) => item.id === ads.walrus);
    expect(row?.moderation?.reason).toBe(reason);

    const [event] = await adminEvents(ads.walrus!);
    expect(event?.toId).toBe(f.a.id);
    expect(event?.eventData).toMatchObject({ entityId: ads.walrus, companyId: f.a.id, admin: true, action: 'unpublish', reason, after: { publishedAt: null, moderation: 'unpublished' }, actorUserId: f.adminUserId });
    expect((await list({ state: 'UNPUBLISHED' })).items.map((item) => item.id)).toEqual([ads.walrus]);
  });

  it('the company fixes an unpublished ad and publishes it again: the notice goes, guests find it again', async () => {
    const edited = await f.as('owner-a', UPDATE, { id: ads.walrus, data: { ...DATA, title: 'Walrus keeper', adDescription: 'Now with the salary.' } }, f.a.id);
    expect(edited.body.errors).toBeUndefined();
    // Still a draft being fixed: the notice stays.
    expect((edited.body.data?.updateOneJobAd as Ad).moderation?.moderation).toBe('unpublished');
    const again = (await f.as('owner-a', PUBLISH, { id: ads.walrus }, f.a.id)).body.data?.publishOneJobAd as Ad;
    expect(again).toMatchObject({ status: 'PUBLISHED', moderation: null });
    expect(await publicTotal('walrus')).toBe(1);
    const [row] = await f.h.database.db.select().from(jobAd).where(eq(jobAd.id, ads.walrus!));
    expect(row).toMatchObject({ moderation: null, moderationReason: null, moderatedAt: null });
  });

  it('removes for good: gone from public view, the company sees why and may only delete it', async () => {
    const reason = 'This is not a job: it sells a course.';
    const removed = await moderate(ads.pelican!, 'remove', reason);
    expect(removed.body.data?.moderateOneJobAd).toMatchObject({ state: 'REMOVED', moderationActions: [], moderation: { moderation: 'removed', reason } });
    expect(await publicTotal('pelican')).toBe(0);
    expect((await f.h.call(GONE, { variables: { id: ads.pelican } })).body.data?.jobAdGone).toBe(true);
    expect((await adminEvents(ads.pelican!))[0]?.eventData).toMatchObject({ action: 'remove', reason });

    expect((await f.as('owner-a', FIND, { id: ads.pelican }, f.a.id)).body.data?.findJobAd).toMatchObject({ moderation: { moderation: 'removed', reason } });
    for (const [name, query, variables] of [
      ['publish', PUBLISH, { id: ads.pelican }],
      ['update', UPDATE, { id: ads.pelican, data: { ...DATA, title: 'Pelican trainer', publishedAt: new Date().toISOString() } }],
      ['duplicate', DUPLICATE, { id: ads.pelican }],
    ] as const) {
      const { body } = await f.as('owner-a', query, variables, f.a.id);
      expect(body.errors?.[0]?.extensions, name).toMatchObject({ code: 'CONFLICT', reason: 'jobAdRemoved' });
    }
    expect(await publicTotal('pelican')).toBe(0);
    const [row] = await f.h.database.db.select().from(jobAd).where(eq(jobAd.id, ads.pelican!));
    expect(row).toMatchObject({ publishedAt: null, moderation: 'removed', moderationReason: reason });

    // Removal is final, and unpublishing what nobody sees is refused.
    expect((await moderate(ads.pelican!, 'unpublish', 'Again')).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'jobAdRemoved' });
    expect((await moderate(ads.draft!, 'unpublish', 'Why')).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'jobAdNotPublic' });

    expect((await f.as('owner-a', DELETE, { id: ads.pelican }, f.a.id)).body.data?.deleteOneJobAd).toBe(true);
    expect((await list({ state: 'DELETED' })).items.map((item) => item.id)).toEqual([ads.pelican]);
    expect((await moderate(ads.pelican!, 'remove', 'Once more')).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'jobAdDeleted' });
  });

  it('needs a reason; an unknown id is NOT_FOUND; a refused call writes nothing', async () => {
    const before = (await adminEvents(ads.beaver!)).length;
    const blank = await moderate(ads.beaver!, 'unpublish', '   ');
    expect(blank.body.errors?.[0]?.extensions?.fieldErrors).toEqual([expect.objectContaining({ field: 'reason', code: 'moderationReasonRequired' })]);
    const long = await moderate(ads.beaver!, 'remove', 'x'.repeat(1001));
    expect((long.body.errors?.[0]?.extensions?.fieldErrors as Array<{ code: string }>)[0]?.code).toBe('reasonTooLong');
    expect((await moderate('00000000-0000-4000-8000-000000000000', 'remove', 'Gone')).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await moderate('not-a-uuid', 'remove', 'Gone')).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await publicTotal('beaver')).toBe(1);
    expect(await adminEvents(ads.beaver!)).toHaveLength(before);
  });

  it('a company member, a talent and a guest may not moderate: FORBIDDEN (a guest UNAUTHENTICATED), nothing written', async () => {
    const variables = { id: ads.beaver, action: 'remove', reason: 'Not yours to decide.' };
    expect((await f.as('owner-b', MODERATE, variables, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('some-talent', MODERATE, variables)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.h.call(MODERATE, { variables })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await f.as('owner-b', LIST, {}, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await publicTotal('beaver')).toBe(1);
    expect(await adminEvents(ads.beaver!)).toHaveLength(0);
  });
});
