import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, generalEventslog, jobAd, talentProfile } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// Feature flags. An admin creates, describes, deletes flags and gives
// them to users; a user's flags reach findMe, deleted ones marked; the talent
// dashboard's rate insight answers only while the talent holds talent-rate-insight and it
// is not deleted. Every write is an event.

const LIST = 'query ($q: String, $includeDeleted: Boolean) { findManyFeatureFlag(q: $q, includeDeleted: $includeDeleted) { items { id name description userCount isChecked deletedAt } total } }';
const CREATE = 'mutation ($name: String!, $description: String) { createOneFeatureFlag(data: { name: $name, description: $description }) { id name description userCount isChecked } }';
const UPDATE = 'mutation ($id: ID!, $description: String) { updateOneFeatureFlag(id: $id, data: { description: $description }) { id description } }';
const DELETE = 'mutation ($id: ID!) { deleteOneFeatureFlag(id: $id) { id deletedAt } }';
const ASSIGN = 'mutation ($id: ID!, $userId: ID!) { createOneUserFeatureFlag(featureFlagId: $id, userId: $userId) { id userCount } }';
const REMOVE = 'mutation ($id: ID!, $userId: ID!) { deleteOneUserFeatureFlag(featureFlagId: $id, userId: $userId) { id userCount } }';
const HOLDERS = 'query ($id: ID!) { findManyFeatureFlagHolder(featureFlagId: $id) { items { userId email } total } }';
const FIND_ME = '{ findMe { featureFlags { name deletedAt } } }';
const RATE = '{ myRateInsight { currency rateUnit adCount low median high yourRate standing skillCount } }';

describeEachDatabase('feature flags', (kind) => {
  let f: AdminFixture;
  let talentId: string;
  beforeAll(async () => {
    f = await startAdminFixture(kind);
    const db = f.h.database.db;
    talentId = await f.userId('tina');
    await db.insert(talentProfile).values({ userId: talentId, externalUserId: 'tina', profileName: 'Tina', hourlyRate: '45.00', rateCurrency: 'EUR', skills: [{ name: 'Go' }, { name: 'SQL' }] });
    // Five open ads asking for Go or SQL paying hourly in EUR; one in GBP, one monthly, one
    // asking for other skills and one draft do not count.
    const publishedAt = new Date(Date.now() - 86_400_000);
    await db.insert(jobAd).values([
      ...['40.00', '50.00', '60.00', '70.00', '80.00'].map((salary, index) => ({ title: `Go dev ${index}`, publisherCompanyId: f.a.id, skills: ['Go'], skillsLowercase: ['go'], salary, salaryRateUnit: 'HOUR' as const, currency: 'EUR', publishedAt })),
      { title: 'GBP', publisherCompanyId: f.a.id, skills: ['SQL'], skillsLowercase: ['sql'], salary: '500.00', salaryRateUnit: 'HOUR' as const, currency: 'GBP', publishedAt },
      { title: 'Monthly', publisherCompanyId: f.a.id, skills: ['SQL'], skillsLowercase: ['sql'], salary: '9000.00', salaryRateUnit: 'MONTH' as const, currency: 'EUR', publishedAt },
      { title: 'Java', publisherCompanyId: f.a.id, skills: ['Java'], skillsLowercase: ['java'], salary: '1.00', salaryRateUnit: 'HOUR' as const, currency: 'EUR', publishedAt },
      { title: 'Draft', publisherCompanyId: f.a.id, skills: ['Go'], skillsLowercase: ['go'], salary: '1.00', salaryRateUnit: 'HOUR' as const, currency: 'EUR' },
    ]);
    await db.update(company).set({ verificationStatus: 'verified' }).where(eq(company.id, f.a.id));
  });
  afterAll(() => f.h.close());

  const ok = async (query: string, variables: Record<string, unknown> = {}) => {
    const { body } = await f.asAdmin(query, variables);
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const flagEvents = (types: string[]) => f.h.database.db.select().from(generalEventslog).where(inArray(generalEventslog.type, types as never[]));

  it('creates a flag with a checked kebab-case name unique among flags that are not deleted, recording featureFlag.create', async () => {
    const created = (await ok(CREATE, { name: 'talent-rate-insight', description: ' Pay card ' })).createOneFeatureFlag as { id: string };
    expect(created).toMatchObject({ name: 'talent-rate-insight', description: 'Pay card', userCount: 0, isChecked: true });
    const refused = async (name: string) => (await f.asAdmin(CREATE, { name })).body.errors?.[0]?.extensions?.fieldErrors;
    expect(await refused('talent-rate-insight')).toEqual([expect.objectContaining({ field: 'data.name', code: 'nameTaken' })]);
    expect(await refused('Talent Search')).toEqual([expect.objectContaining({ field: 'data.name', code: 'nameNotKebabCase' })]);
    expect(await refused('  ')).toEqual([expect.objectContaining({ field: 'data.name', code: 'nameRequired' })]);
    const events = await flagEvents(['featureFlag.create']);
    expect(events.map((event) => [event.fromId, event.toId, event.eventData.entityId, event.eventData.after])).toEqual([[f.adminUserId, null, created.id, { name: 'talent-rate-insight', description: 'Pay card' }]]);
  });

  it("gives the flag to a talent, whose findMe and dashboard insight then have it, and takes it back", async () => {
    const { items } = (await ok(LIST, { q: 'rate' })).findManyFeatureFlag as { items: Array<{ id: string }> };
    const flagId = items[0]!.id;
    expect((await f.as('tina', RATE)).body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'featureFlagOff' });

    expect((await ok(ASSIGN, { id: flagId, userId: talentId })).createOneUserFeatureFlag).toEqual({ id: flagId, userCount: 1 });
    expect((await f.asAdmin(ASSIGN, { id: flagId, userId: talentId })).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadyHolds' });
    expect(((await ok(HOLDERS, { id: flagId })).findManyFeatureFlagHolder as { items: unknown[] }).items).toEqual([{ userId: talentId, email: 'tina@example.test' }]);
    expect((await f.as('tina', FIND_ME)).body.data?.findMe).toEqual({ featureFlags: [{ name: 'talent-rate-insight', deletedAt: null }] });
    const insight = await f.as('tina', RATE);
    expect(insight.body.errors).toBeUndefined();
    expect(insight.body.data?.myRateInsight).toEqual({ currency: 'EUR', rateUnit: 'HOUR', adCount: 5, low: '50.00', median: '60.00', high: '70.00', yourRate: '45.00', standing: 'below', skillCount: 2 });

    expect((await ok(REMOVE, { id: flagId, userId: talentId })).deleteOneUserFeatureFlag).toEqual({ id: flagId, userCount: 0 });
    expect((await f.asAdmin(REMOVE, { id: flagId, userId: talentId })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('tina', FIND_ME)).body.data?.findMe).toEqual({ featureFlags: [] });
    expect((await f.as('tina', RATE)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const events = await flagEvents(['userFeatureFlag.create', 'userFeatureFlag.delete']);
    expect(events.map((event) => [event.type, event.fromId, event.toId, event.eventData.admin])).toEqual([
      ['userFeatureFlag.create', f.adminUserId, talentId, true],
      ['userFeatureFlag.delete', f.adminUserId, talentId, true],
    ]);
  });

  it('describes a flag and soft-deletes it: off for its holders at once, listed only with deleted ones, its name free again', async () => {
    const created = (await ok(CREATE, { name: 'old-beta' })).createOneFeatureFlag as { id: string };
    expect((await ok(UPDATE, { id: created.id, description: 'Being retired' })).updateOneFeatureFlag).toEqual({ id: created.id, description: 'Being retired' });
    await ok(ASSIGN, { id: created.id, userId: talentId });
    const deleted = (await ok(DELETE, { id: created.id })).deleteOneFeatureFlag as { deletedAt: string | null };
    expect(deleted.deletedAt).not.toBeNull();
    // Still held (the record stays) but marked deleted, so the current-user state leaves it out.
    expect((await f.as('tina', FIND_ME)).body.data?.findMe).toEqual({ featureFlags: [{ name: 'old-beta', deletedAt: expect.any(String) }] });
    expect(((await ok(LIST, { q: 'old-beta' })).findManyFeatureFlag as { total: number }).total).toBe(0);
    expect(((await ok(LIST, { q: 'old-beta', includeDeleted: true })).findManyFeatureFlag as { items: unknown[] }).items).toEqual([expect.objectContaining({ id: created.id, userCount: 1, isChecked: false })]);
    for (const query of [DELETE, UPDATE]) expect((await f.asAdmin(query, { id: created.id })).body.errors?.[0]?.extensions, query).toMatchObject({ code: 'CONFLICT', reason: 'featureFlagDeleted' });
    expect((await f.asAdmin(ASSIGN, { id: created.id, userId: f.adminUserId })).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'featureFlagDeleted' });
    expect((await ok(CREATE, { name: 'old-beta' })).createOneFeatureFlag).toMatchObject({ name: 'old-beta', userCount: 0 });
    const events = await f.h.database.db.select().from(generalEventslog).where(and(inArray(generalEventslog.type, ['featureFlag.update', 'featureFlag.delete']), eq(generalEventslog.fromId, f.adminUserId)));
    expect(events.map((event) => [event.type, event.eventData.before])).toEqual([
      ['featureFlag.update', { description: null }],
      ['featureFlag.delete', { name: 'old-beta', userCount: 1 }],
    ]);
  });

  it('answers a talent holding a deleted rate insight flag FORBIDDEN', async () => {
    const { items } = (await ok(LIST, { q: 'talent-rate-insight' })).findManyFeatureFlag as { items: Array<{ id: string }> };
    const flagId = items[0]!.id;
    await ok(ASSIGN, { id: flagId, userId: talentId });
    expect((await f.as('tina', RATE)).body.errors).toBeUndefined();
    await ok(DELETE, { id: flagId });
    expect((await f.as('tina', RATE)).body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'featureFlagOff' });
  });
});
