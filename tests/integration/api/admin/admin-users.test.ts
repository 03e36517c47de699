import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentUrl, pictureUrl } from '../../../../src/lib/uploads/media-urls';
import { hashPassword } from '../../../../src/server/crypto/password-hash';
import {
  billing,
  companyMemberInvitation,
  companyOnUser,
  companyRole,
  companySavedTalent,
  companyTalentNote,
  generalEventslog,
  identityAccount,
  jobAd,
  savedJobAd,
  talentJobApplication,
  talentPaymentProfile,
  talentProfile,
  user,
  userNotificationPreferences,
  webPushSubscription,
} from '../../../../src/server/db/schema';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import type { FileStorage } from '../../../../src/server/storage/file-storage';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// Users and talents for the platform. Blocking refuses every call of the
// user (their sessions end: tests/integration/bff/admin-block.test.ts); deleting erases
// their personal data as docs/personal-data.md says, keeping the money rows.

const LIST = `query ($q: String, $status: UserStatus, $talentVerification: TalentVerificationStatus) {
  findManyAdminUser(q: $q, status: $status, talentVerification: $talentVerification) {
    items { id email displayName status isAdmin statusActions companyCount talentProfile { id profileName verificationStatus isVisible } } total
  }
}`;
const STATUS = 'mutation ($id: ID!, $status: AdminUserStatusChange!) { updateOneUserStatus(id: $id, status: $status) { id status statusActions } }';
const DELETE = 'mutation ($id: ID!) { deleteOneUser(id: $id) { id email displayName status statusActions talentProfile { id } } }';
const VERIFY_TALENT = 'mutation ($id: ID!, $status: TalentVerificationStatus!) { updateOneTalentProfileVerification(id: $id, verificationStatus: $status) { id talentProfile { verificationStatus } } }';
const FIND_ME = '{ findMe { id } }';

interface Item { id: string; email: string; displayName: string | null; status: string; isAdmin: boolean; statusActions: string[]; companyCount: number; talentProfile: { id: string; profileName: string | null; verificationStatus: string; isVisible: boolean } | null }

describeEachDatabase('admin: users and talents', (kind) => {
  let f: AdminFixture;
  let storage: FileStorage;
  let tara: { userId: string; profileId: string };
  beforeAll(async () => {
    storage = await createDiskFileStorage(mkdtempSync(path.join(tmpdir(), 'tp-admin-uploads-')));
    f = await startAdminFixture(kind, { storage });
    const db = f.h.database.db;
    const userId = await f.userId('tara');
    await db.update(user).set({ displayName: 'Tara Talent', phoneNumber: '+351 912 345 678' }).where(eq(user.id, userId));
    const [profile] = await db.insert(talentProfile).values({ userId, externalUserId: 'tara', email: 'tara@example.test', profileName: 'Tara T.', jobTitle: 'Data engineer', description: 'Ten years of pipelines.' }).returning({ id: talentProfile.id });
    tara = { userId, profileId: profile!.id };
    await f.userId('rita');
    await f.h.token('other-admin', { roles: ['super:admin'] }).then((token) => f.h.call(FIND_ME, { token }));
  });
  afterAll(() => f.h.close());

  const list = async (variables: Record<string, unknown> = {}) => {
    const { body } = await f.asAdmin(LIST, variables);
    expect(body.errors).toBeUndefined();
    return body.data?.findManyAdminUser as { items: Item[]; total: number };
  };
  const userEvents = (userId: string) => f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.toId, userId), inArray(generalEventslog.type, ['user.update', 'user.delete'])));

  it('finds users by e-mail, display name or talent profile name, with their profile and what may be done', async () => {
    expect((await list({ q: 'TARA T' })).items.map((item) => item.id)).toEqual([tara.userId]);
    expect((await list({ q: 'rita@' })).items.map((item) => item.email)).toEqual(['rita@example.test']);
    const [found] = (await list({ q: 'Tara Talent' })).items;
    expect(found).toMatchObject({ displayName: 'Tara Talent', status: 'active', isAdmin: false, statusActions: ['block', 'delete'], talentProfile: { id: tara.profileId, profileName: 'Tara T.', verificationStatus: 'pending', isVisible: true } });
    const admins = (await list({ q: 'admin' })).items;
    expect(admins.find((item) => item.email === 'admin@example.test')).toMatchObject({ isAdmin: true, statusActions: [] });
    expect(admins.find((item) => item.email === 'other-admin@example.test')).toMatchObject({ isAdmin: true, statusActions: [] });
    expect((await list({ q: '_' })).total).toBe(0);
  });

  it("sets a talent's verification status, recording talentProfile.update, and filters by it", async () => {
    const { body } = await f.asAdmin(VERIFY_TALENT, { id: tara.profileId, status: 'verified' });
    expect(body.data?.updateOneTalentProfileVerification).toEqual({ id: tara.userId, talentProfile: { verificationStatus: 'verified' } });
    expect((await list({ talentVerification: 'verified' })).items.map((item) => item.id)).toEqual([tara.userId]);
    expect((await list({ talentVerification: 'pending' })).items.map((item) => item.id)).not.toContain(tara.userId);
    const events = await f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'talentProfile.update'), eq(generalEventslog.toId, tara.profileId)));
    expect(events.map((event) => event.eventData)).toEqual([expect.objectContaining({ admin: true, changedFields: ['verificationStatus'], before: { verificationStatus: 'pending' }, after: { verificationStatus: 'verified' } })]);
    expect((await f.asAdmin(VERIFY_TALENT, { id: randomUUID(), status: 'verified' })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('blocks a user, whose every call is then refused, and unblocks them; each move a user.update event', async () => {
    const rita = (await list({ q: 'rita@' })).items[0]!;
    const blocked = await f.asAdmin(STATUS, { id: rita.id, status: 'BLOCKED' });
    expect(blocked.body.data?.updateOneUserStatus).toEqual({ id: rita.id, status: 'blocked', statusActions: ['unblock', 'delete'] });
    const refused = await f.as('rita', FIND_ME);
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'accountInactive' });
    expect((await list({ status: 'blocked' })).items.map((item) => item.id)).toEqual([rita.id]);
    expect((await f.asAdmin(STATUS, { id: rita.id, status: 'BLOCKED' })).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadyInStatus' });

    expect((await f.asAdmin(STATUS, { id: rita.id, status: 'ACTIVE' })).body.data?.updateOneUserStatus).toMatchObject({ status: 'active' });
    expect((await f.as('rita', FIND_ME)).body.errors).toBeUndefined();
    expect((await userEvents(rita.id)).map((event) => [event.type, event.fromId, event.eventData.action, event.eventData.before, event.eventData.after])).toEqual([
      ['user.update', f.adminUserId, 'block', { status: 'active' }, { status: 'blocked' }],
      ['user.update', f.adminUserId, 'unblock', { status: 'blocked' }, { status: 'active' }],
    ]);
  });

  it("never blocks or deletes the admin's own account or another admin's", async () => {
    const otherAdmin = (await list({ q: 'other-admin' })).items[0]!;
    expect((await f.asAdmin(STATUS, { id: f.adminUserId, status: 'BLOCKED' })).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'ownAccount' });
    expect((await f.asAdmin(DELETE, { id: otherAdmin.id })).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'adminAccount' });
    expect((await userEvents(otherAdmin.id))).toEqual([]);
  });

  it('deletes a user: personal data erased, the profile hidden and emptied, the application a tombstone, money rows kept; user.delete recorded', async () => {
    const db = f.h.database.db;
    // What Tara left on the platform: files, an application with her words, bank details,
    // a saved job, her settings, a membership and an invitation to her address, a company's
    // note and shortlist entry about her, a billing, and a sign-in account of the built-in provider.
    const pictureKey = `${randomUUID()}.webp`;
    const cvKey = `${randomUUID()}.pdf`;
    await storage.put(pictureKey, new Uint8Array([1, 2, 3]), 'image/webp');
    await storage.put(cvKey, new Uint8Array([37, 80, 68, 70]), 'application/pdf');
    await db.update(talentProfile).set({ profilePicture: { url: pictureUrl(pictureKey) }, cv: { url: documentUrl(tara.profileId, cvKey), name: 'cv.pdf' }, links: [{ url: 'https://tara.example' }] }).where(eq(talentProfile.id, tara.profileId));
    const [ad] = await db.insert(jobAd).values({ title: 'Data engineer', publisherCompanyId: f.a.id }).returning({ id: jobAd.id });
    const [application] = await db.insert(talentJobApplication).values({ talentProfileId: tara.profileId, jobAdId: ad!.id, message: 'I would love to join.', details: { expectedRate: '500' } }).returning({ id: talentJobApplication.id });
    await db.insert(talentPaymentProfile).values({ talentProfileId: tara.profileId, currency: 'EUR', bankInformation: { iban: 'PT50000201231234567890154', accountHolder: 'Tara Talent' } });
    await db.insert(savedJobAd).values({ jobAdId: ad!.id, userId: tara.userId });
    await db.insert(userNotificationPreferences).values({ userId: tara.userId, type: 'billing.create', email: false });
    await db.insert(webPushSubscription).values({ userId: tara.userId, endpoint: 'https://push.example.test/tara', p256dh: 'key', auth: 'secret' });
    const [ownerRole] = await db.select({ id: companyRole.id }).from(companyRole).where(eq(companyRole.companyId, f.a.id));
    await db.insert(companyOnUser).values({ companyId: f.a.id, userId: tara.userId, roleId: ownerRole!.id });
    await db.insert(companyMemberInvitation).values({ companyId: f.b.id, email: 'TARA@example.test', roleId: (await db.select({ id: companyRole.id }).from(companyRole).where(eq(companyRole.companyId, f.b.id)))[0]!.id });
    await db.insert(companyTalentNote).values({ companyId: f.a.id, talentProfileId: tara.profileId, note: 'Strong in SQL.' });
    await db.insert(companySavedTalent).values({ companyId: f.a.id, talentProfileId: tara.profileId });
    const [bill] = await db.insert(billing).values({ talentProfileId: tara.profileId, amount: '1000.00', currency: 'EUR', year: 2025, month: 1 }).returning({ id: billing.id });
    // Tara signs in through the built-in provider: her user's external id is that account's id.
    const [account] = await db.insert(identityAccount).values({ email: 'tara@example.test', name: 'Tara Talent', passwordHash: await hashPassword('correct horse battery') }).returning({ id: identityAccount.id });
    await db.update(user).set({ externalId: account!.id }).where(eq(user.id, tara.userId));

    const { body } = await f.asAdmin(DELETE, { id: tara.userId });
    expect(body.errors).toBeUndefined();
    expect(body.data?.deleteOneUser).toEqual({ id: tara.userId, email: `deleted-${tara.userId}@users.invalid`, displayName: null, status: 'deleted', statusActions: [], talentProfile: null });

    const [row] = await db.select().from(user).where(eq(user.id, tara.userId));
    expect(row).toMatchObject({ status: 'deleted', email: `deleted-${tara.userId}@users.invalid`, displayName: null, phoneNumber: null, preferences: {} });
    const [profile] = await db.select().from(talentProfile).where(eq(talentProfile.id, tara.profileId));
    expect(profile).toMatchObject({ userId: tara.userId, isVisible: false, isAvailableForHire: false, verificationStatus: 'deleted', profileName: null, email: null, jobTitle: null, description: null, profilePicture: null, cv: null, links: [] });
    expect(profile?.deletedAt).toBeInstanceOf(Date);
    expect(await storage.get(pictureKey)).toBeNull();
    expect(await storage.get(cvKey)).toBeNull();
    const [tombstone] = await db.select().from(talentJobApplication).where(eq(talentJobApplication.id, application!.id));
    expect(tombstone).toMatchObject({ talentProfileId: tara.profileId, message: null, details: {} });
    for (const [table, where] of [
      [talentPaymentProfile, eq(talentPaymentProfile.talentProfileId, tara.profileId)],
      [savedJobAd, eq(savedJobAd.userId, tara.userId)],
      [userNotificationPreferences, eq(userNotificationPreferences.userId, tara.userId)],
      [webPushSubscription, eq(webPushSubscription.userId, tara.userId)],
      [companyOnUser, eq(companyOnUser.userId, tara.userId)],
      [companyMemberInvitation, eq(companyMemberInvitation.companyId, f.b.id)],
      [companyTalentNote, eq(companyTalentNote.talentProfileId, tara.profileId)],
      [companySavedTalent, eq(companySavedTalent.talentProfileId, tara.profileId)],
      [identityAccount, eq(identityAccount.id, account!.id)],
    ] as const) {
      expect(await db.select().from(table).where(where), String(table)).toEqual([]);
    }
    expect(await db.select({ id: billing.id }).from(billing).where(eq(billing.id, bill!.id))).toEqual([{ id: bill!.id }]);
    const events = await userEvents(tara.userId);
    expect(events.map((event) => [event.type, event.eventData.action, event.eventData.erased])).toEqual([['user.delete', 'delete', true]]);
    // The audit row names who deleted, never the erased address or name.
    expect(JSON.stringify(events[0]!.eventData)).not.toContain('tara@example.test');

    expect((await list({ q: 'Tara' })).total).toBe(0);
    expect((await list({ status: 'deleted' })).items.map((item) => item.id)).toEqual([tara.userId]);
    expect((await f.asAdmin(STATUS, { id: tara.userId, status: 'ACTIVE' })).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'userDeleted' });
    expect((await f.asAdmin(VERIFY_TALENT, { id: tara.profileId, status: 'verified' })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
