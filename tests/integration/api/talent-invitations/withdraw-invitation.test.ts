import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generalEventslog, jobAd, talentInvitation, talentJobApplication, talentProfile, user } from '../../../../src/server/db/schema';
import { createOutboxMailer } from '../../../../src/server/mail/outbox-mailer';
import { readOutbox } from '../../../support/outbox';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// A company withdraws an invitation the talent has not answered yet: it reads
// WITHDRAWN on both sides, the talent is told (in the app, and by mail as their settings say)
// and can no longer apply through it; an answered one, another company's, or a role without
// talentInvitation delete is refused.

const CREATE = `mutation ($data: CreateManyTalentInvitationInput!) {
  createManyTalentInvitation(data: $data) { talentProfileId refusal invitation { id } }
}`;
const WITHDRAW = 'mutation ($id: ID!) { deleteOneTalentInvitation(id: $id) { id answer withdrawnAt } }';
const ONE = 'query ($id: ID!) { findTalentInvitation(id: $id) { id answer withdrawnAt } }';
const LIST = 'query ($answer: SentInvitationAnswer) { findManyTalentInvitation(answer: $answer) { total items { id answer } } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const MY_INVITATIONS = 'query ($filter: ReceivedInvitationFilter) { myInvitations(filter: $filter) { total items { id status withdrawnAt } } }';
const MY_INVITATION = 'query ($id: ID!) { myInvitation(id: $id) { id status withdrawnAt } }';
const IGNORE = 'mutation ($id: ID!) { ignoreInvitation(id: $id) { id } }';
const APPLY = 'mutation ($id: ID!) { applyToInvitation(id: $id) { id } }';
const NOTIFICATIONS = '{ myNotifications { total items { type companyName title entityId } } }';
const PREFERENCES = 'mutation ($data: [NotificationPreferenceInput!]!) { updateMyNotificationPreferences(data: $data) { type } }';

const MISSING = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;
const AD_TITLE = 'Frontend developer';

type Body = { data?: Record<string, unknown> | null; errors?: Array<{ message?: string; extensions?: Record<string, unknown> }> };
interface Talent {
  subject: string;
  email: string;
  profileId: string;
  userId: string;
}

describeEachDatabase('withdrawing an invitation to a talent', (kind) => {
  let f: CompaniesFixture;
  let outboxDir: string;
  let tara: Talent;
  let tom: Talent;
  let adId: string;
  let secondAdId: string;
  /** Tara's invitation to the first ad, withdrawn by the first test. */
  let taraWithdrawn: string;

  const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;
  const reasonOf = (body: Body) => body.errors?.[0]?.extensions?.reason;
  const mailsTo = (address: string) => readOutbox(outboxDir).filter((entry) => entry.to.includes(address));
  /** Owner A invites one talent to an ad; the new invitation's id. */
  const invite = async (talent: Talent, jobAdId = adId) => {
    const { body } = await f.as('owner-a', CREATE, { data: { talentProfileIds: [talent.profileId], jobAdId } }, f.a.id);
    const [outcome] = body.data?.createManyTalentInvitation as Array<{ refusal: string | null; invitation: { id: string } | null }>;
    expect(outcome?.refusal).toBeNull();
    return outcome!.invitation!.id;
  };
  const withdraw = async (id: string, subject = 'owner-a', companyId = f.a.id) => {
    const answer = await f.as(subject, WITHDRAW, { id }, companyId);
    await f.h.eventMail!.settled();
    return answer.body as Body;
  };
  const stored = async (id: string) => (await f.h.database.db.select({ deletedAt: talentInvitation.deletedAt }).from(talentInvitation).where(eq(talentInvitation.id, id)))[0]!;
  const deleteEvents = async () => (await f.h.database.db.select({ id: generalEventslog.id }).from(generalEventslog).where(eq(generalEventslog.type, 'talentInvitation.delete'))).length;

  beforeAll(async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'tp-withdraw-'));
    const mailer = createOutboxMailer({ directory: outboxDir, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} });
    f = await startCompaniesFixture(kind, { mail: { mailer, retryDelaysMs: [5] } });
    const db = f.h.database.db;
    const talent = async (subject: string, name: string): Promise<Talent> => {
      const email = `${subject}@example.test`;
      const { body } = await f.as(subject, CREATE_PROFILE, { data: { email, profileName: name } });
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      const [row] = await db.select({ profileId: talentProfile.id, userId: user.id, email: user.email }).from(user).innerJoin(talentProfile, eq(talentProfile.userId, user.id)).where(eq(user.externalId, subject));
      return { subject, ...row! };
    };
    tara = await talent('talent-tara', 'Tara Talent');
    tom = await talent('talent-tom', 'Tom Typescript');
    const now = Date.now();
    const ad = async (title: string) =>
      (await db.insert(jobAd).values({ title, publisherCompanyId: f.a.id, publishedAt: new Date(now - DAY), publishedUntil: new Date(now + 10 * DAY) }).returning({ id: jobAd.id }))[0]!.id;
    adId = await ad(AD_TITLE);
    secondAdId = await ad('Design systems lead');
    await f.memberWithRole('inviter-a', f.a.id, 'Inviter', { talentInvitation: { read: true, create: true } });
  });
  afterAll(async () => {
    await f.h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('withdraws a pending invitation: WITHDRAWN for the company, one delete event addressed to the talent, who is notified and mailed', async () => {
    const id = await invite(tara);
    taraWithdrawn = id;
    const body = await withdraw(id);
    expect(body.errors).toBeUndefined();
    const withdrawn = body.data?.deleteOneTalentInvitation as { id: string; answer: string; withdrawnAt: string | null };
    expect(withdrawn).toMatchObject({ id, answer: 'WITHDRAWN' });
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect((await stored(id)).deletedAt).not.toBeNull();
    // Still the company's to read, as withdrawn.
    expect((await f.as('owner-a', ONE, { id }, f.a.id)).body.data?.findTalentInvitation).toMatchObject({ answer: 'WITHDRAWN' });

    const events = await f.events('talentInvitation.delete', id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromId: await f.userId('owner-a'), toId: tara.userId });
    expect(events[0]!.eventData).toMatchObject({ companyId: f.a.id, talentProfileId: tara.profileId, before: { deletedAt: null } });

    const bell = (await f.as(tara.subject, NOTIFICATIONS)).body.data?.myNotifications as { items: Array<{ type: string; companyName: string; title: string; entityId: string }> };
    expect(bell.items[0]).toEqual({ type: 'talentInvitation.delete', companyName: 'Company A', title: AD_TITLE, entityId: id });
    const mail = mailsTo(tara.email).find((entry) => entry.subject.includes('withdrew'));
    expect(mail?.subject).toBe(`Company A withdrew its invitation for ${AD_TITLE}`);
    expect(mail?.text).toContain(`Company A withdrew its invitation to apply for ${AD_TITLE}.`);
    expect(mail?.text).toContain(`https://talentplace.test/talent/invitation?id=${id}`);
  });

  it('mails it only while "Invitation withdrawn" is on by e-mail in the talent\'s settings; the bell still has it', async () => {
    const saved = await f.as(tom.subject, PREFERENCES, { data: [{ type: 'talentInvitation.delete', email: false, ui: true, push: false }] });
    expect(saved.body.errors).toBeUndefined();
    const id = await invite(tom);
    expect((await withdraw(id)).errors).toBeUndefined();
    expect(mailsTo(tom.email).filter((entry) => entry.subject.includes('withdrew'))).toHaveLength(0);
    const bell = (await f.as(tom.subject, NOTIFICATIONS)).body.data?.myNotifications as { items: Array<{ type: string; entityId: string }> };
    expect(bell.items.map((item) => [item.type, item.entityId])).toContainEqual(['talentInvitation.delete', id]);
  });

  it('shows the talent the invitation withdrawn, out of New; applying or ignoring through it is refused and writes nothing', async () => {
    const id = taraWithdrawn;
    const mine = (await f.as(tara.subject, MY_INVITATIONS, {})).body.data?.myInvitations as { items: Array<{ id: string; status: string; withdrawnAt: string | null }> };
    expect(mine.items).toEqual([expect.objectContaining({ id, status: 'WITHDRAWN' })]);
    expect(mine.items[0]!.withdrawnAt).not.toBeNull();
    expect((await f.as(tara.subject, MY_INVITATION, { id })).body.data?.myInvitation).toMatchObject({ status: 'WITHDRAWN' });
    expect(((await f.as(tara.subject, MY_INVITATIONS, { filter: 'NEW' })).body.data?.myInvitations as { total: number }).total).toBe(0);

    const applied = await f.as(tara.subject, APPLY, { id });
    expect(codeOf(applied.body)).toBe('NOT_FOUND');
    expect(reasonOf(applied.body)).toBe('invitationWithdrawn');
    expect(applied.body.errors?.[0]?.message).toBe('The company withdrew this invitation: you can no longer apply through it or ignore it.');
    const ignored = await f.as(tara.subject, IGNORE, { id });
    expect(reasonOf(ignored.body)).toBe('invitationWithdrawn');
    expect(await f.h.database.db.select({ id: talentJobApplication.id }).from(talentJobApplication).where(eq(talentJobApplication.talentProfileId, tara.profileId))).toHaveLength(0);
    expect((await f.as(tara.subject, MY_INVITATION, { id })).body.data?.myInvitation).toMatchObject({ status: 'WITHDRAWN' });
  });

  it('refuses an invitation no longer pending with its reason: applied, ignored or already withdrawn; nothing is written', async () => {
    const toApply = await invite(tara, secondAdId);
    expect((await f.as(tara.subject, APPLY, { id: toApply })).body.errors).toBeUndefined();
    const toIgnore = await invite(tom, secondAdId);
    expect((await f.as(tom.subject, IGNORE, { id: toIgnore })).body.errors).toBeUndefined();
    const before = await deleteEvents();

    for (const [id, reason] of [[toApply, 'alreadyApplied'], [toIgnore, 'alreadyIgnored'], [taraWithdrawn, 'alreadyWithdrawn']] as const) {
      const body = await withdraw(id);
      expect(codeOf(body), reason).toBe('CONFLICT');
      expect(reasonOf(body), reason).toBe(reason);
    }
    expect((await f.as('owner-a', ONE, { id: toApply }, f.a.id)).body.data?.findTalentInvitation).toMatchObject({ answer: 'APPLIED', withdrawnAt: null });
    expect((await f.as('owner-a', ONE, { id: toIgnore }, f.a.id)).body.data?.findTalentInvitation).toMatchObject({ answer: 'IGNORED', withdrawnAt: null });
    expect(await deleteEvents()).toBe(before);
  });

  it("answers NOT_FOUND for another company's invitation, an unknown or a malformed id; the invitation stays pending", async () => {
    const id = await invite(tom, adId);
    const before = await deleteEvents();
    expect(codeOf(await withdraw(id, 'owner-b', f.b.id))).toBe('NOT_FOUND');
    expect(codeOf(await withdraw(MISSING))).toBe('NOT_FOUND');
    expect(codeOf(await withdraw('not-an-id'))).toBe('NOT_FOUND');
    expect((await stored(id)).deletedAt).toBeNull();
    expect(await deleteEvents()).toBe(before);
  });

  it('needs talentInvitation delete: a role that may invite but not delete is FORBIDDEN; nothing is written', async () => {
    const [pending] = ((await f.as('owner-a', LIST, { answer: 'PENDING' }, f.a.id)).body.data?.findManyTalentInvitation as { items: Array<{ id: string }> }).items;
    const before = await deleteEvents();
    expect(codeOf(await withdraw(pending!.id, 'inviter-a'))).toBe('FORBIDDEN');
    expect((await stored(pending!.id)).deletedAt).toBeNull();
    expect(await deleteEvents()).toBe(before);
  });

  it('lists withdrawn ones apart from pending ones, and a withdrawn invitation does not keep a new one to the same role out', async () => {
    const pending = (await f.as('owner-a', LIST, { answer: 'PENDING' }, f.a.id)).body.data?.findManyTalentInvitation as { items: Array<{ id: string; answer: string }> };
    const withdrawn = (await f.as('owner-a', LIST, { answer: 'WITHDRAWN' }, f.a.id)).body.data?.findManyTalentInvitation as { items: Array<{ id: string; answer: string }> };
    expect(pending.items.every((item) => item.answer === 'PENDING')).toBe(true);
    expect(withdrawn.items.map((item) => item.answer)).toEqual(['WITHDRAWN', 'WITHDRAWN']);
    // Tara's first invitation to the ad was withdrawn: she may be invited to it again.
    const again = await invite(tara, adId);
    expect(((await f.as(tara.subject, MY_INVITATIONS, { filter: 'NEW' })).body.data?.myInvitations as { items: Array<{ id: string }> }).items.map((item) => item.id)).toEqual([again]);
  });
});
