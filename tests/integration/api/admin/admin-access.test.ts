import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, featureFlag, generalEventslog, jobAd, talentProfile, user, userFeatureFlag } from '../../../../src/server/db/schema';
import { startImpersonating } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// Every admin operation checks the admin role on the server. Anyone else
// gets FORBIDDEN (a guest UNAUTHENTICATED): a signed-in user, a company owner calling with
// their own company selected, an impersonator, and an admin acting as someone else. Nothing
// is written by a refused call.
describeEachDatabase('admin operations: the admin role, checked for each', (kind) => {
  let f: AdminFixture;
  let targets: { companyId: string; userId: string; profileId: string; jobAdId: string; flagId: string };
  beforeAll(async () => {
    f = await startAdminFixture(kind);
    const userId = await f.userId('some-talent');
    const [profile] = await f.h.database.db.insert(talentProfile).values({ userId, profileName: 'Some Talent' }).returning({ id: talentProfile.id });
    const [pending] = await f.h.database.db.insert(company).values({ name: 'Pending Co' }).returning({ id: company.id });
    const [ad] = await f.h.database.db.insert(jobAd).values({ title: 'Live ad', publisherCompanyId: f.a.id, publishedAt: new Date() }).returning({ id: jobAd.id });
    const [flag] = await f.h.database.db.insert(featureFlag).values({ name: 'some-flag', description: 'Before' }).returning({ id: featureFlag.id });
    await f.h.database.db.insert(userFeatureFlag).values({ userId, featureFlagId: flag!.id });
    targets = { companyId: pending!.id, userId, profileId: profile!.id, jobAdId: ad!.id, flagId: flag!.id };
  });
  afterAll(() => f.h.close());

  const operations = () => [
    { name: 'findManyAdminCompany', query: '{ findManyAdminCompany { total } }', variables: {} },
    { name: 'findAdminCompany', query: 'query ($id: ID!) { findAdminCompany(id: $id) { company { id } } }', variables: { id: targets.companyId } },
    { name: 'verifyOneCompany', query: 'mutation ($id: ID!) { verifyOneCompany(id: $id) { id } }', variables: { id: targets.companyId } },
    { name: 'rejectOneCompany', query: 'mutation ($id: ID!) { rejectOneCompany(id: $id, reason: "No.") { id } }', variables: { id: targets.companyId } },
    { name: 'deleteOneCompany', query: 'mutation ($id: ID!) { deleteOneCompany(id: $id) { id } }', variables: { id: targets.companyId } },
    {
      name: 'updateOneCompanyPermissions',
      query: 'mutation ($id: ID!) { updateOneCompanyPermissions(companyId: $id, permissions: [{ resource: "jobAd", limited: true, read: true, create: false, update: false, delete: false }]) { resource } }',
      variables: { id: targets.companyId },
    },
    { name: 'findManyAdminUser', query: '{ findManyAdminUser { total } }', variables: {} },
    { name: 'updateOneUserStatus', query: 'mutation ($id: ID!) { updateOneUserStatus(id: $id, status: BLOCKED) { id } }', variables: { id: targets.userId } },
    { name: 'deleteOneUser', query: 'mutation ($id: ID!) { deleteOneUser(id: $id) { id } }', variables: { id: targets.userId } },
    {
      name: 'updateOneTalentProfileVerification',
      query: 'mutation ($id: ID!) { updateOneTalentProfileVerification(id: $id, verificationStatus: verified) { id } }',
      variables: { id: targets.profileId },
    },
    { name: 'findManyAdminJobAd', query: '{ findManyAdminJobAd { total } }', variables: {} },
    { name: 'moderateOneJobAd', query: 'mutation ($id: ID!) { moderateOneJobAd(id: $id, action: unpublish, reason: "No.") { id } }', variables: { id: targets.jobAdId } },
    { name: 'findManyAdminJobApplication', query: '{ findManyAdminJobApplication { total } }', variables: {} },
    {
      name: 'findAdminJobApplication',
      query: 'query ($id: ID!) { findAdminJobApplication(id: $id) { id } }',
      variables: { id: '00000000-0000-4000-8000-000000000000' },
      // No such application: the admin gets NOT_FOUND, anyone else is refused before the look-up.
      adminCode: 'NOT_FOUND',
    },
    // The platform's talent search and a profile from it.
    { name: 'findManyAdminTalentProfile', query: '{ findManyAdminTalentProfile(search: { q: "Some" }) { total } }', variables: {} },
    { name: 'findAdminTalentProfile', query: 'query ($id: ID!) { findAdminTalentProfile(id: $id) { id } }', variables: { id: targets.profileId } },
    // Feature flags.
    { name: 'findManyFeatureFlag', query: '{ findManyFeatureFlag(includeDeleted: true) { total } }', variables: {} },
    { name: 'findFeatureFlag', query: 'query ($id: ID!) { findFeatureFlag(id: $id) { id } }', variables: { id: targets.flagId } },
    { name: 'findManyFeatureFlagHolder', query: 'query ($id: ID!) { findManyFeatureFlagHolder(featureFlagId: $id) { total } }', variables: { id: targets.flagId } },
    { name: 'createOneFeatureFlag', query: 'mutation { createOneFeatureFlag(data: { name: "new-flag" }) { id } }', variables: {} },
    { name: 'updateOneFeatureFlag', query: 'mutation ($id: ID!) { updateOneFeatureFlag(id: $id, data: { description: "After" }) { id } }', variables: { id: targets.flagId } },
    { name: 'deleteOneFeatureFlag', query: 'mutation ($id: ID!) { deleteOneFeatureFlag(id: $id) { id } }', variables: { id: targets.flagId } },
    { name: 'deleteOneUserFeatureFlag', query: 'mutation ($id: ID!, $userId: ID!) { deleteOneUserFeatureFlag(featureFlagId: $id, userId: $userId) { id } }', variables: { id: targets.flagId, userId: targets.userId } },
    { name: 'createOneUserFeatureFlag', query: 'mutation ($id: ID!, $userId: ID!) { createOneUserFeatureFlag(featureFlagId: $id, userId: $userId) { id } }', variables: { id: targets.flagId, userId: f.adminUserId } },
  ];

  async function expectNothingWritten() {
    const db = f.h.database.db;
    const [pending] = await db.select().from(company).where(eq(company.id, targets.companyId));
    expect(pending).toMatchObject({ verificationStatus: 'pending', deletedAt: null, rejectionReason: null });
    const [target] = await db.select().from(user).where(eq(user.id, targets.userId));
    expect(target).toMatchObject({ status: 'active', email: 'some-talent@example.test' });
    const [profile] = await db.select().from(talentProfile).where(eq(talentProfile.id, targets.profileId));
    expect(profile).toMatchObject({ verificationStatus: 'pending', deletedAt: null });
    expect(await db.select().from(generalEventslog).where(inArray(generalEventslog.type, ['user.update', 'user.delete', 'jobAd.update', 'talentProfile.read', 'featureFlag.create', 'featureFlag.update', 'featureFlag.delete', 'userFeatureFlag.create', 'userFeatureFlag.delete']))).toEqual([]);
    const [ad] = await db.select().from(jobAd).where(eq(jobAd.id, targets.jobAdId));
    expect(ad).toMatchObject({ moderation: null, moderationReason: null });
    expect(ad?.publishedAt).not.toBeNull();
    expect(await db.select({ name: featureFlag.name, description: featureFlag.description, deletedAt: featureFlag.deletedAt }).from(featureFlag)).toEqual([{ name: 'some-flag', description: 'Before', deletedAt: null }]);
    expect(await db.select({ userId: userFeatureFlag.userId }).from(userFeatureFlag)).toEqual([{ userId: targets.userId }]);
  }

  it('answers a guest UNAUTHENTICATED', async () => {
    for (const operation of operations()) {
      const { body } = await f.h.call(operation.query, { variables: operation.variables });
      expect(body.errors?.[0]?.extensions?.code, operation.name).toBe('UNAUTHENTICATED');
    }
    await expectNothingWritten();
  });

  it('answers a signed-in user FORBIDDEN', async () => {
    for (const operation of operations()) {
      const { status, body } = await f.as('some-talent', operation.query, operation.variables);
      expect(body.errors?.[0]?.extensions?.code, operation.name).toBe('FORBIDDEN');
      expect(body.errors?.[0]?.message, operation.name).toBe('Only platform administrators may do this');
      expect(status, operation.name).toBe(403);
    }
    await expectNothingWritten();
  });

  it('answers a company owner FORBIDDEN, with their own company selected too', async () => {
    for (const operation of operations()) {
      const { body } = await f.as('owner-a', operation.query, operation.variables, f.a.id);
      expect(body.errors?.[0]?.extensions?.code, operation.name).toBe('FORBIDDEN');
    }
    await expectNothingWritten();
  });

  it('answers an impersonator FORBIDDEN, and an admin acting as someone else does not act as an admin', async () => {
    const impersonator = await f.h.token('support', { roles: ['super:impersonate'] });
    const adminImpersonating = await f.h.token('admin-and-support', { roles: ['super:admin', 'super:impersonate'] });
    await startImpersonating(f.h, adminImpersonating, 'owner-a');
    for (const operation of operations()) {
      const alone = await f.h.call(operation.query, { token: impersonator, variables: operation.variables });
      expect(alone.body.errors?.[0]?.extensions?.code, operation.name).toBe('FORBIDDEN');
      const actingAs = await f.h.call(operation.query, { token: adminImpersonating, variables: operation.variables, headers: { 'x-impersonate-as': 'owner-a' } });
      expect(actingAs.body.errors?.[0]?.extensions?.code, operation.name).toBe('FORBIDDEN');
    }
    await expectNothingWritten();
  });

  it('lets the admin call every one of them', async () => {
    for (const operation of operations().filter((candidate) => !candidate.name.startsWith('delete') && candidate.name !== 'rejectOneCompany')) {
      const { body } = await f.asAdmin(operation.query, operation.variables);
      if ('adminCode' in operation) expect(body.errors?.[0]?.extensions?.code, operation.name).toBe(operation.adminCode);
      else expect(body.errors, operation.name).toBeUndefined();
    }
  });
});
