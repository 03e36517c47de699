import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin, company, featureFlag, jobAd, talentProfile, user, userFeatureFlag } from '../../../../src/server/db/schema';
import { ADMIN_PERMISSIONS, ASSIGNABLE_ADMIN_PERMISSIONS, type AdminPermission } from '../../../../src/lib/permissions/admin-permissions';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// What each admin may do: every admin operation checks one of its admin permissions on the
// server, whatever the pages show. A second admin (the token holds the admin role too) is
// narrowed by the super admin through updateOneAdminPermissions, then tries every
// operation outside its permissions: FORBIDDEN, adminPermissionMissing, nothing written.

const SECOND = 'second-admin';
const SET_PERMISSIONS = 'mutation ($userId: ID!, $permissions: [AdminPermission!]!) { updateOneAdminPermissions(userId: $userId, permissions: $permissions) { id permissions isSuperAdmin } }';
const FIND_ME = '{ findMe { isAdmin adminPermissions } }';

describeEachDatabase('admin operations: each checks its admin permissions', (kind) => {
  let f: AdminFixture;
  let secondId: string;
  let targets: { companyId: string; userId: string; profileId: string; jobAdId: string; flagId: string };
  const asSecond = async (query: string, variables: Record<string, unknown> = {}) =>
    f.h.call(query, { token: await f.h.token(SECOND, { roles: ['super:admin'], email: 'second@example.test' }), variables });

  beforeAll(async () => {
    f = await startAdminFixture(kind);
    await asSecond('{ findMe { id } }');
    secondId = (await f.h.database.db.select({ id: user.id }).from(user).where(eq(user.externalId, SECOND)))[0]!.id;
    const userId = await f.userId('some-talent');
    const db = f.h.database.db;
    const [profile] = await db.insert(talentProfile).values({ userId, profileName: 'Some Talent' }).returning({ id: talentProfile.id });
    const [pending] = await db.insert(company).values({ name: 'Pending Co' }).returning({ id: company.id });
    const [ad] = await db.insert(jobAd).values({ title: 'Live ad', publisherCompanyId: f.a.id, publishedAt: new Date() }).returning({ id: jobAd.id });
    const [flag] = await db.insert(featureFlag).values({ name: 'some-flag', description: 'Before' }).returning({ id: featureFlag.id });
    await db.insert(userFeatureFlag).values({ userId, featureFlagId: flag!.id });
    targets = { companyId: pending!.id, userId, profileId: profile!.id, jobAdId: ad!.id, flagId: flag!.id };
  });
  afterAll(() => f.h.close());

  // Each admin operation and the admin permissions that open it (any one of them).
  const operations = (): Array<{ name: string; needs: AdminPermission[]; query: string; variables: Record<string, unknown>; read?: boolean }> => [
    { name: 'findManyAdminCompany', needs: ['verification', 'finance'], query: '{ findManyAdminCompany { total } }', variables: {}, read: true },
    { name: 'findAdminCompany', needs: ['verification', 'finance'], query: 'query ($id: ID!) { findAdminCompany(id: $id) { company { id } } }', variables: { id: targets.companyId }, read: true },
    { name: 'verifyOneCompany', needs: ['verification'], query: 'mutation ($id: ID!) { verifyOneCompany(id: $id) { id } }', variables: { id: targets.companyId } },
    { name: 'rejectOneCompany', needs: ['verification'], query: 'mutation ($id: ID!) { rejectOneCompany(id: $id, reason: "No.") { id } }', variables: { id: targets.companyId } },
    { name: 'deleteOneCompany', needs: ['verification'], query: 'mutation ($id: ID!) { deleteOneCompany(id: $id) { id } }', variables: { id: targets.companyId } },
    {
      name: 'updateOneCompanyPermissions',
      needs: ['verification'],
      query: 'mutation ($id: ID!) { updateOneCompanyPermissions(companyId: $id, permissions: [{ resource: "jobAd", limited: true, read: true, create: false, update: false, delete: false }]) { resource } }',
      variables: { id: targets.companyId },
    },
    { name: 'findManyAdminUser', needs: ['support', 'verification'], query: '{ findManyAdminUser { total } }', variables: {}, read: true },
    { name: 'updateOneUserStatus', needs: ['support'], query: 'mutation ($id: ID!) { updateOneUserStatus(id: $id, status: BLOCKED) { id } }', variables: { id: targets.userId } },
    { name: 'deleteOneUser', needs: ['support'], query: 'mutation ($id: ID!) { deleteOneUser(id: $id) { id } }', variables: { id: targets.userId } },
    { name: 'updateOneTalentProfileVerification', needs: ['verification'], query: 'mutation ($id: ID!) { updateOneTalentProfileVerification(id: $id, verificationStatus: verified) { id } }', variables: { id: targets.profileId } },
    { name: 'findManyImpersonation', needs: ['support'], query: '{ findManyImpersonation { total } }', variables: {}, read: true },
    { name: 'findManyAdminJobAd', needs: ['moderation'], query: '{ findManyAdminJobAd { total } }', variables: {}, read: true },
    { name: 'moderateOneJobAd', needs: ['moderation'], query: 'mutation ($id: ID!) { moderateOneJobAd(id: $id, action: unpublish, reason: "No.") { id } }', variables: { id: targets.jobAdId } },
    { name: 'findManyAdminJobApplication', needs: ['moderation'], query: '{ findManyAdminJobApplication { total } }', variables: {}, read: true },
    { name: 'findAdminJobApplication', needs: ['moderation'], query: 'query ($id: ID!) { findAdminJobApplication(id: $id) { id } }', variables: { id: '00000000-0000-4000-8000-000000000000' } },
    { name: 'findManyAdminTalentProfile', needs: ['moderation', 'support', 'verification'], query: '{ findManyAdminTalentProfile(search: { q: "Some" }) { total } }', variables: {}, read: true },
    { name: 'findAdminTalentProfile', needs: ['moderation', 'support', 'verification'], query: 'query ($id: ID!) { findAdminTalentProfile(id: $id) { id } }', variables: { id: targets.profileId } },
    { name: 'findManyFeatureFlag', needs: ['flags'], query: '{ findManyFeatureFlag(includeDeleted: true) { total } }', variables: {}, read: true },
    { name: 'findFeatureFlag', needs: ['flags'], query: 'query ($id: ID!) { findFeatureFlag(id: $id) { id } }', variables: { id: targets.flagId }, read: true },
    { name: 'findManyFeatureFlagHolder', needs: ['flags'], query: 'query ($id: ID!) { findManyFeatureFlagHolder(featureFlagId: $id) { total } }', variables: { id: targets.flagId }, read: true },
    { name: 'createOneFeatureFlag', needs: ['flags'], query: 'mutation { createOneFeatureFlag(data: { name: "new-flag" }) { id } }', variables: {} },
    { name: 'updateOneFeatureFlag', needs: ['flags'], query: 'mutation ($id: ID!) { updateOneFeatureFlag(id: $id, data: { description: "After" }) { id } }', variables: { id: targets.flagId } },
    { name: 'deleteOneFeatureFlag', needs: ['flags'], query: 'mutation ($id: ID!) { deleteOneFeatureFlag(id: $id) { id } }', variables: { id: targets.flagId } },
    { name: 'createOneUserFeatureFlag', needs: ['flags'], query: 'mutation ($id: ID!, $userId: ID!) { createOneUserFeatureFlag(featureFlagId: $id, userId: $userId) { id } }', variables: { id: targets.flagId, userId: f.adminUserId } },
    { name: 'deleteOneUserFeatureFlag', needs: ['flags'], query: 'mutation ($id: ID!, $userId: ID!) { deleteOneUserFeatureFlag(featureFlagId: $id, userId: $userId) { id } }', variables: { id: targets.flagId, userId: targets.userId } },
    // Company credit: finance writes, verification reads too (the company page shows it).
    { name: 'findManyAdminCompanyCredit', needs: ['finance', 'verification'], query: 'query ($id: ID!) { findManyAdminCompanyCredit(companyId: $id) { id } }', variables: { id: targets.companyId }, read: true },
    { name: 'createOneCompanyCredit', needs: ['finance'], query: 'mutation ($id: ID!) { createOneCompanyCredit(companyId: $id, data: { amount: "5", currency: "EUR", reason: "Why" }) { id } }', variables: { id: targets.companyId } },
    { name: 'updateOneCompanyCredit', needs: ['finance'], query: 'mutation ($id: ID!) { updateOneCompanyCredit(id: $id, data: { amount: "5", reason: "Why" }) { id } }', variables: { id: '00000000-0000-4000-8000-000000000000' } },
    { name: 'endOneCompanyCredit', needs: ['finance'], query: 'mutation ($id: ID!) { endOneCompanyCredit(id: $id, reason: "Why") { id } }', variables: { id: '00000000-0000-4000-8000-000000000000' } },
    // Talents' bank details: verification reads and reviews them.
    { name: 'findManyAdminPaymentProfile', needs: ['verification'], query: '{ findManyAdminPaymentProfile { total } }', variables: {}, read: true },
    { name: 'verifyOnePaymentProfile', needs: ['verification'], query: 'mutation ($id: ID!) { verifyOnePaymentProfile(id: $id, seenUpdatedAt: "2026-01-01T00:00:00Z") { id } }', variables: { id: '00000000-0000-4000-8000-000000000000' } },
    { name: 'refuseOnePaymentProfile', needs: ['verification'], query: 'mutation ($id: ID!) { refuseOnePaymentProfile(id: $id, seenUpdatedAt: "2026-01-01T00:00:00Z", reason: "No.") { id } }', variables: { id: '00000000-0000-4000-8000-000000000000' } },
    { name: 'findManyPlatformAdmin', needs: ['admins'], query: '{ findManyPlatformAdmin { total } }', variables: {}, read: true },
    { name: 'updateOneAdminPermissions', needs: ['admins'], query: SET_PERMISSIONS, variables: { userId: f.adminUserId, permissions: [] } },
  ];

  async function expectNothingWritten() {
    const db = f.h.database.db;
    const [pending] = await db.select().from(company).where(eq(company.id, targets.companyId));
    expect(pending).toMatchObject({ verificationStatus: 'pending', deletedAt: null, rejectionReason: null });
    const [target] = await db.select().from(user).where(eq(user.id, targets.userId));
    expect(target).toMatchObject({ status: 'active' });
    const [profile] = await db.select().from(talentProfile).where(eq(talentProfile.id, targets.profileId));
    expect(profile).toMatchObject({ verificationStatus: 'pending' });
    const [ad] = await db.select().from(jobAd).where(eq(jobAd.id, targets.jobAdId));
    expect(ad).toMatchObject({ moderation: null });
    expect(await db.select({ name: featureFlag.name, description: featureFlag.description, deletedAt: featureFlag.deletedAt }).from(featureFlag)).toEqual([{ name: 'some-flag', description: 'Before', deletedAt: null }]);
    const [superAdmin] = await db.select({ role: admin.role }).from(user).innerJoin(admin, eq(admin.id, user.adminRoleId)).where(eq(user.id, f.adminUserId));
    expect(superAdmin?.role).toBe('super:admin');
  }

  it('a new admin holds every permission, as the super admin does, until narrowed', async () => {
    const { body } = await asSecond(FIND_ME);
    expect(body.data?.findMe).toEqual({ isAdmin: true, adminPermissions: [...ADMIN_PERMISSIONS] });
    expect((await f.asAdmin(FIND_ME)).body.data?.findMe).toEqual({ isAdmin: true, adminPermissions: [...ADMIN_PERMISSIONS] });
    expect((await f.as('some-talent', FIND_ME)).body.data?.findMe).toEqual({ isAdmin: false, adminPermissions: [] });
  });

  it('the super admin narrows another admin to moderation, with an event row naming both sets', async () => {
    const { body } = await f.asAdmin(SET_PERMISSIONS, { userId: secondId, permissions: ['moderation'] });
    expect(body.errors).toBeUndefined();
    expect(body.data?.updateOneAdminPermissions).toEqual({ id: secondId, permissions: ['moderation'], isSuperAdmin: false });
    expect((await asSecond(FIND_ME)).body.data?.findMe).toEqual({ isAdmin: true, adminPermissions: ['moderation'] });
    const [event] = await f.events('user.update', secondId);
    expect(event).toMatchObject({ fromId: f.adminUserId, toId: secondId });
    expect(event?.eventData).toMatchObject({ admin: true, action: 'adminPermissions', before: { permissions: [...ADMIN_PERMISSIONS] }, after: { permissions: ['moderation'] }, actorUserId: f.adminUserId });
  });

  it('a moderation-only admin calling a finance, verification, support, flags or admins operation gets FORBIDDEN', async () => {
    await f.asAdmin(SET_PERMISSIONS, { userId: secondId, permissions: ['moderation'] });
    for (const operation of operations().filter((candidate) => !candidate.needs.includes('moderation'))) {
      const { status, body } = await asSecond(operation.query, operation.variables);
      expect(body.errors?.[0]?.extensions?.code, operation.name).toBe('FORBIDDEN');
      expect(body.errors?.[0]?.extensions, operation.name).toMatchObject({ reason: 'adminPermissionMissing' });
      expect(status, operation.name).toBe(403);
    }
    await expectNothingWritten();
  });

  it('each single permission opens its operations and none other', async () => {
    for (const permission of ASSIGNABLE_ADMIN_PERMISSIONS) {
      expect((await f.asAdmin(SET_PERMISSIONS, { userId: secondId, permissions: [permission] })).body.errors, permission).toBeUndefined();
      for (const operation of operations()) {
        const allowed = operation.needs.includes(permission);
        // Writes it may do are left alone here: the operations' own tests make them.
        if (allowed && !operation.read) continue;
        const { body } = await asSecond(operation.query, operation.variables);
        if (allowed) expect(body.errors, `${permission} ${operation.name}`).toBeUndefined();
        else expect(body.errors?.[0]?.extensions, `${permission} ${operation.name}`).toMatchObject({ reason: 'adminPermissionMissing' });
      }
    }
    await expectNothingWritten();
  });

  it('nobody sets their own permissions, a non-admin is given none, an unknown id is NOT_FOUND', async () => {
    const own = await f.asAdmin(SET_PERMISSIONS, { userId: f.adminUserId, permissions: ['moderation'] });
    expect(own.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'ownAdminPermissions' });
    const talent = await f.asAdmin(SET_PERMISSIONS, { userId: targets.userId, permissions: ['finance'] });
    expect(talent.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'notAnAdmin' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const unknown = await f.asAdmin(SET_PERMISSIONS, { userId: id, permissions: ['finance'] });
      expect(unknown.body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
    }
    const [talentRow] = await f.h.database.db.select({ adminRoleId: user.adminRoleId }).from(user).where(eq(user.id, targets.userId));
    expect(talentRow?.adminRoleId).toBeNull();
    await expectNothingWritten();
  });

  it('an admin given every assignable permission still cannot set admins; a non-admin cannot either', async () => {
    await f.asAdmin(SET_PERMISSIONS, { userId: secondId, permissions: [...ASSIGNABLE_ADMIN_PERMISSIONS, 'admins'] });
    expect((await asSecond(FIND_ME)).body.data?.findMe).toEqual({ isAdmin: true, adminPermissions: [...ASSIGNABLE_ADMIN_PERMISSIONS] });
    const widened = await asSecond(SET_PERMISSIONS, { userId: f.adminUserId, permissions: [] });
    expect(widened.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'adminPermissionMissing' });
    const talent = await f.as('some-talent', SET_PERMISSIONS, { userId: secondId, permissions: ['finance'] });
    expect(talent.body.errors?.[0]?.message).toBe('Only platform administrators may do this');
    await expectNothingWritten();
  });

  it('the super admin lists the admins with their permissions and last visit', async () => {
    await f.asAdmin(SET_PERMISSIONS, { userId: secondId, permissions: ['finance', 'support'] });
    const { body } = await f.asAdmin('{ findManyPlatformAdmin { total items { id email permissions isSuperAdmin isSelf lastVisit } } }');
    expect(body.errors).toBeUndefined();
    const items = (body.data as { findManyPlatformAdmin: { items: Array<Record<string, unknown>> } }).findManyPlatformAdmin.items;
    expect(items.map((item) => [item.id, item.permissions, item.isSuperAdmin, item.isSelf])).toEqual([
      [f.adminUserId, [...ADMIN_PERMISSIONS], true, true],
      [secondId, ['finance', 'support'], false, false],
    ]);
    expect(items.every((item) => typeof item.lastVisit === 'string')).toBe(true);
  });
});
