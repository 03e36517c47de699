import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generalEventslog, talentPaymentProfile, user } from '../../../../src/server/db/schema';
import { createOutboxMailer } from '../../../../src/server/mail/outbox-mailer';
import { readOutbox } from '../../../support/outbox';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// The platform's review of talents' bank details: admins holding verification read the
// full account of profiles awaiting review and verify or refuse them with a reason; each
// review keeps who and when, records an event addressed to the talent, who is told (bell,
// and mail as their settings say) and reads the state on their side. Probes: the talent,
// an admin without verification, a guest, unknown ids, details changed since they were
// read, and an admin's own bank details.

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const SAVE = 'mutation($data: SaveMyPaymentProfileInput!) { saveMyPaymentProfile(data: $data) { id isVerified reviewState updatedAt } }';
const MINE = '{ myPaymentProfile { id isVerified reviewState refusalReason reviewedAt maskedIban } }';
const LIST = `query($reviewState: PaymentProfileReviewState) { findManyAdminPaymentProfile(reviewState: $reviewState) {
  total items { id talentName email iban otherAccount bic needsManualCheck reviewState refusalReason reviewedAt reviewedBy updatedAt concernsYou } } }`;
const VERIFY = 'mutation($id: ID!, $seen: DateTime!) { verifyOnePaymentProfile(id: $id, seenUpdatedAt: $seen) { id reviewState reviewedBy reviewedAt updatedAt } }';
const REFUSE = 'mutation($id: ID!, $seen: DateTime!, $reason: String!) { refuseOnePaymentProfile(id: $id, seenUpdatedAt: $seen, reason: $reason) { id reviewState refusalReason reviewedBy updatedAt } }';
const NOTIFICATIONS = '{ myNotifications { items { type action reason entityId } } }';
const PREFERENCES = 'mutation ($data: [NotificationPreferenceInput!]!) { updateMyNotificationPreferences(data: $data) { type } }';
const SET_PERMISSIONS = 'mutation ($userId: ID!, $permissions: [AdminPermission!]!) { updateOneAdminPermissions(userId: $userId, permissions: $permissions) { id } }';
const NOBODY = '00000000-0000-4000-8000-000000000000';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const OTHER_IBAN = 'GB82 WEST 1234 5698 7654 32';

type Reviewed = { id: string; reviewState: string; reviewedBy: string | null; reviewedAt: string | null; updatedAt: string; refusalReason?: string | null };
type Listed = Reviewed & { talentName: string | null; email: string; iban: string | null; needsManualCheck: boolean; concernsYou: boolean };

describeEachDatabase('bank details reviewed by verification admins', (kind) => {
  let f: AdminFixture;
  let outboxDir: string;
  const asModerator = async (query: string, variables: Record<string, unknown> = {}) =>
    f.h.call(query, { token: await f.h.token('moderator', { roles: ['super:admin'], email: 'moderator@example.test' }), variables });
  const listed = async (reviewState = 'AWAITING'): Promise<Listed[]> => {
    const { body } = await f.asAdmin(LIST, { reviewState: reviewState.toLowerCase() });
    expect(body.errors).toBeUndefined();
    return (body.data?.findManyAdminPaymentProfile as { items: Listed[] }).items;
  };
  const row = async (email: string, reviewState?: string) => (await listed(reviewState)).find((item) => item.email === email);
  const newTalent = async (subject: string, name: string) => {
    await f.as(subject, CREATE_PROFILE, { data: { email: `${subject}@example.test`, profileName: name } });
    const saved = await f.as(subject, SAVE, { data: { currency: 'EUR', accountHolder: name, iban: IBAN, bic: 'COBADEFFXXX' } });
    expect(saved.body.errors).toBeUndefined();
    return saved.body.data?.saveMyPaymentProfile as { id: string; updatedAt: string };
  };
  const mailsTo = (address: string) => readOutbox(outboxDir).filter((mail) => mail.to.includes(address));

  beforeAll(async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'tp-bank-review-'));
    f = await startAdminFixture(kind, { mail: { mailer: createOutboxMailer({ directory: outboxDir, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} }) } });
    await asModerator('{ findMe { id } }');
    const [moderator] = await f.h.database.db.select({ id: user.id }).from(user).where(eq(user.externalId, 'moderator'));
    await f.asAdmin(SET_PERMISSIONS, { userId: moderator!.id, permissions: ['moderation', 'finance', 'support', 'flags'] });
  });
  afterAll(async () => {
    await f.h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('lists details awaiting review with the full IBAN for the reviewer, verifies them with who and when, and tells the talent', async () => {
    const saved = await newTalent('tara', 'Tara Talent');
    expect((await f.as('tara', MINE)).body.data?.myPaymentProfile).toMatchObject({ isVerified: false, reviewState: 'awaiting', refusalReason: null, reviewedAt: null });
    const waiting = await row('tara@example.test');
    expect(waiting).toMatchObject({ id: saved.id, talentName: 'Tara Talent', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', needsManualCheck: false, reviewState: 'awaiting', concernsYou: false });

    const verified = await f.asAdmin(VERIFY, { id: saved.id, seen: waiting!.updatedAt });
    expect(verified.body.errors).toBeUndefined();
    expect(verified.body.data?.verifyOnePaymentProfile).toMatchObject({ reviewState: 'verified', reviewedBy: 'admin@example.test', updatedAt: waiting!.updatedAt });
    const [stored] = await f.h.database.db.select().from(talentPaymentProfile).where(eq(talentPaymentProfile.id, saved.id));
    expect(stored).toMatchObject({ isVerified: true, reviewedById: f.adminUserId, refusalReason: null });
    expect(stored!.reviewedAt).toBeInstanceOf(Date);
    expect(await row('tara@example.test')).toBeUndefined();
    expect(await row('tara@example.test', 'verified')).toMatchObject({ reviewState: 'verified' });

    // The talent reads it on their side, in the bell and by mail (on by default for this type).
    expect((await f.as('tara', MINE)).body.data?.myPaymentProfile).toMatchObject({ isVerified: true, reviewState: 'verified', maskedIban: 'DE•• •••• •••• •••• 3000' });
    const taraId = await f.userId('tara');
    const events = await f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.toId, taraId), eq(generalEventslog.type, 'talentProfile.update')));
    expect(events.map((event) => [event.fromId, event.eventData.action, event.eventData.paymentProfileId])).toEqual([[f.adminUserId, 'paymentProfileVerify', saved.id]]);
    expect(JSON.stringify(events)).not.toMatch(/DE89|370400/);
    const bell = (await f.as('tara', NOTIFICATIONS)).body.data?.myNotifications as { items: Array<Record<string, unknown>> };
    expect(bell.items[0]).toMatchObject({ type: 'talentProfile.update', action: 'paymentProfileVerify', reason: null });
    await f.h.eventMail!.settled();
    expect(mailsTo('tara@example.test').map((mail) => mail.subject)).toEqual(['Your bank details are verified']);

    const again = await f.asAdmin(VERIFY, { id: saved.id, seen: waiting!.updatedAt });
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadyVerified' });
  });

  it('takes an account outside the IBAN scheme as the talent wrote it: masked on her side, in full and flagged for a check by hand on the reviewer\'s', async () => {
    await f.as('uma', CREATE_PROFILE, { data: { email: 'uma@example.test', profileName: 'Uma Talent' } });
    const account = 'Routing 021000021\nAccount 123456789';
    const both = await f.as('uma', SAVE, { data: { currency: 'USD', accountHolder: 'Uma Talent', iban: IBAN, otherAccount: account } });
    expect(both.body.errors?.[0]?.extensions?.fieldErrors).toMatchObject([{ field: 'data.otherAccount', code: 'accountTwice' }]);
    const saved = await f.as('uma', SAVE, { data: { currency: 'USD', accountHolder: 'Uma Talent', otherAccount: `  ${account}  ` } });
    expect(saved.body.errors).toBeUndefined();
    const mine = await f.as('uma', '{ myPaymentProfile { maskedIban maskedOtherAccount reviewState } }');
    expect(mine.body.data?.myPaymentProfile).toEqual({ maskedIban: null, maskedOtherAccount: '•••• 6789', reviewState: 'awaiting' });
    expect(JSON.stringify(mine.body)).not.toContain('123456789');
    expect(await row('uma@example.test')).toMatchObject({ iban: null, otherAccount: account, needsManualCheck: true });
    // An IBAN typed later replaces the other account.
    const replaced = await f.as('uma', SAVE, { data: { currency: 'USD', accountHolder: 'Uma Talent', iban: OTHER_IBAN } });
    expect(replaced.body.errors).toBeUndefined();
    expect(await row('uma@example.test')).toMatchObject({ iban: 'GB82WEST12345698765432', otherAccount: null, needsManualCheck: false });
  });

  it('returns changed details to awaiting review, refuses a review of details read before the change, and refuses with a reason the talent reads', async () => {
    const saved = await newTalent('rory', 'Rory Talent');
    const first = await row('rory@example.test');
    expect((await f.asAdmin(VERIFY, { id: saved.id, seen: first!.updatedAt })).body.errors).toBeUndefined();

    // Any change to verified details returns them to unverified, the last review cleared.
    const changed = await f.as('rory', SAVE, { data: { currency: 'EUR', accountHolder: 'Rory Talent', iban: OTHER_IBAN, bic: 'WESTGB2L' } });
    expect(changed.body.data?.saveMyPaymentProfile).toMatchObject({ isVerified: false, reviewState: 'awaiting' });
    expect((await f.as('rory', MINE)).body.data?.myPaymentProfile).toMatchObject({ reviewState: 'awaiting', reviewedAt: null });
    const stale = await f.asAdmin(VERIFY, { id: saved.id, seen: first!.updatedAt });
    expect(stale.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'detailsChanged' });
    const staleRefusal = await f.asAdmin(REFUSE, { id: saved.id, seen: first!.updatedAt, reason: 'Not yours' });
    expect(staleRefusal.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'detailsChanged' });

    const now = await row('rory@example.test');
    expect(now).toMatchObject({ iban: 'GB82WEST12345698765432', reviewState: 'awaiting', reviewedAt: null });
    const blank = await f.asAdmin(REFUSE, { id: saved.id, seen: now!.updatedAt, reason: '  ' });
    expect(blank.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'reason', code: 'reasonRequired' }] });
    const refused = await f.asAdmin(REFUSE, { id: saved.id, seen: now!.updatedAt, reason: 'The account holder is not you.' });
    expect(refused.body.data?.refuseOnePaymentProfile).toMatchObject({ reviewState: 'refused', refusalReason: 'The account holder is not you.', reviewedBy: 'admin@example.test' });
    expect((await f.as('rory', MINE)).body.data?.myPaymentProfile).toMatchObject({ isVerified: false, reviewState: 'refused', refusalReason: 'The account holder is not you.' });
    const twice = await f.asAdmin(REFUSE, { id: saved.id, seen: now!.updatedAt, reason: 'Again' });
    expect(twice.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadyRefused' });
    await f.h.eventMail!.settled();
    const refusalMail = mailsTo('rory@example.test').find((mail) => mail.subject === 'Your bank details could not be verified');
    expect(refusalMail?.text).toContain('The account holder is not you.');
    const bell = (await f.as('rory', NOTIFICATIONS)).body.data?.myNotifications as { items: Array<Record<string, unknown>> };
    expect(bell.items[0]).toMatchObject({ action: 'paymentProfileRefuse', reason: 'The account holder is not you.' });

    // Corrected: awaiting review again, the refusal gone.
    await f.as('rory', SAVE, { data: { currency: 'EUR', accountHolder: 'Rory Talent', iban: IBAN, bic: 'COBADEFFXXX' } });
    expect((await f.as('rory', MINE)).body.data?.myPaymentProfile).toMatchObject({ reviewState: 'awaiting', refusalReason: null });
  });

  it('mails the talent only when their settings say so; the bell still tells them', async () => {
    const saved = await newTalent('quiet', 'Quiet Talent');
    await f.as('quiet', PREFERENCES, { data: [{ type: 'talentProfile.update', email: false, ui: true, push: false }] });
    const waiting = await row('quiet@example.test');
    expect((await f.asAdmin(VERIFY, { id: saved.id, seen: waiting!.updatedAt })).body.errors).toBeUndefined();
    await f.h.eventMail!.settled();
    expect(mailsTo('quiet@example.test')).toEqual([]);
    const bell = (await f.as('quiet', NOTIFICATIONS)).body.data?.myNotifications as { items: Array<Record<string, unknown>> };
    expect(bell.items.map((item) => item.action)).toEqual(['paymentProfileVerify']);
  });

  it('refuses the talent, an admin without verification and a guest; answers unknown ids NOT_FOUND; nothing written', async () => {
    const saved = await newTalent('probe', 'Probe Talent');
    const seen = saved.updatedAt;
    for (const call of [(q: string, v: Record<string, unknown>) => f.as('probe', q, v), asModerator]) {
      expect((await call(VERIFY, { id: saved.id, seen })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await call(REFUSE, { id: saved.id, seen, reason: 'No' })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await call(LIST, {})).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await asModerator(VERIFY, { id: saved.id, seen })).body.errors?.[0]?.extensions).toMatchObject({ reason: 'adminPermissionMissing' });
    expect((await f.h.call(VERIFY, { variables: { id: saved.id, seen } })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const id of [NOBODY, 'nope']) {
      expect((await f.asAdmin(VERIFY, { id, seen })).body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
      expect((await f.asAdmin(REFUSE, { id, seen, reason: 'Why' })).body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
    }
    // A talent profile's id is not a payment profile's.
    const profileId = (await row('probe@example.test'))!;
    const [stored] = await f.h.database.db.select().from(talentPaymentProfile).where(eq(talentPaymentProfile.id, saved.id));
    expect((await f.asAdmin(VERIFY, { id: stored!.talentProfileId, seen })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(profileId).toMatchObject({ reviewState: 'awaiting', reviewedAt: null });
    expect(stored).toMatchObject({ isVerified: false, reviewedById: null, refusalReason: null });
  });

  it("never lets an admin review their own bank details (separation of duties)", async () => {
    await f.asAdmin(CREATE_PROFILE, { data: { email: 'admin@example.test', profileName: 'Admin Talent' } });
    const saved = await f.asAdmin(SAVE, { data: { currency: 'EUR', accountHolder: 'Admin Talent', iban: IBAN } });
    const own = saved.body.data?.saveMyPaymentProfile as { id: string; updatedAt: string };
    expect(await row('admin@example.test')).toMatchObject({ concernsYou: true });
    const verify = await f.asAdmin(VERIFY, { id: own.id, seen: own.updatedAt });
    expect(verify.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'ownPaymentProfile' });
    const [stored] = await f.h.database.db.select().from(talentPaymentProfile).where(eq(talentPaymentProfile.id, own.id));
    expect(stored?.isVerified).toBe(false);
  });
});
