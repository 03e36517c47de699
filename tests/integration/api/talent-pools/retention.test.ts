import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyRetention } from '../../../../src/server/api/talent-pools/retention-work';
import { company, companyHiringStep, companySavedTalent, companySavedTalentList, generalEventslog, interview, interviewScorecard, interviewSlot, jobAd, message, messageThread, talentJobApplication, talentPoolConsent, talentProfile } from '../../../../src/server/db/schema';
import { DEFAULT_SCORECARD } from '../../../../src/lib/interviews/interview-rules';
import type { MailMessage } from '../../../../src/server/mail/mailer';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import type { FileStorage } from '../../../../src/server/storage/file-storage';
import { messageAttachmentUrl } from '../../../../src/lib/messages/message-attachments';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// The retention rule's daily job (lib/talent-pools/retention.ts): an ended application is
// erased at its company's date unless its talent's pool agreement holds; an agreement ends at
// the end of its period, taking her off the saved talents; a renewal mail goes once, a month
// before; a second run changes nothing; the company reads the preview and the log.

const RETENTION = '{ companyRetention { dueTotal due { id talentName erasableSince } log { kind entityId talentName messagesErased interviewsErased removedSavedTalents } } }';
const UPDATE = 'mutation ($data: UpdateOneCompanyInput!) { updateOneCompany(data: $data) { refusedApplicationMonths poolConsentMonths } }';
const DAY = 86_400_000;

describeEachDatabase('retention of candidates’ data', (kind) => {
  let f: CompaniesFixture;
  let storage: FileStorage;
  let storageDir: string;
  const mails: MailMessage[] = [];
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const ids = {} as Record<'lost' | 'kept' | 'ended' | 'recent' | 'renewing' | 'hired' | 'contacted', string>;
  const profiles = {} as Record<string, string>;
  let fileKey: string;
  const work = () => ({ db: f.h.database.db, storage, site: { origin: 'https://talentplace.test', productName: 'Talentplace' }, sendMail: async (mail: MailMessage) => void mails.push(mail) });
  const application = async (id: string) => (await f.h.database.db.select().from(talentJobApplication).where(eq(talentJobApplication.id, id)))[0]!;

  beforeAll(async () => {
    storageDir = mkdtempSync(path.join(tmpdir(), 'tp-retention-'));
    storage = await createDiskFileStorage(storageDir);
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    const steps = await db.select().from(companyHiringStep).where(eq(companyHiringStep.companyId, f.a.id));
    const rejected = steps.find((step) => step.group === 'REJECTED')!.id;
    const hired = steps.find((step) => step.group === 'HIRED')!.id;
    const [ad] = await db.insert(jobAd).values({ title: 'Kept engineer', publisherCompanyId: f.a.id, publishedAt: ago(400) }).returning({ id: jobAd.id });
    for (const name of ['lost', 'kept', 'ended', 'recent', 'renewing', 'hired', 'contacted']) {
      const userId = await f.userId(`retention-${name}`);
      const [profile] = await db.insert(talentProfile).values({ userId, profileName: `Talent ${name}`, email: `retention-${name}@example.test` }).returning({ id: talentProfile.id });
      profiles[name] = profile!.id;
    }
    const ended = (name: string, days: number, step = rejected) => ({ jobAdId: ad!.id, talentProfileId: profiles[name]!, companyHiringStepId: step, createdAt: ago(days + 10), stepChangedAt: ago(days), message: `Cover note of ${name}`, details: { answers: [{ question: 'Why?', answer: 'Because' }] } });
    const rows = await db
      .insert(talentJobApplication)
      .values([ended('lost', 200), ended('kept', 200), ended('ended', 750), ended('recent', 30), ended('renewing', 740), ended('hired', 400, hired), ended('contacted', 200)])
      .returning({ id: talentJobApplication.id, talentProfileId: talentJobApplication.talentProfileId });
    for (const row of rows) ids[Object.keys(profiles).find((name) => profiles[name] === row.talentProfileId) as keyof typeof ids] = row.id;
    // A conversation about the lost application, with a file.
    fileKey = '11111111-1111-4111-8111-111111111111.pdf';
    await storage.put(fileKey, new Uint8Array([37, 80, 68, 70]), 'application/pdf');
    const [thread] = await db.insert(messageThread).values({ companyId: f.a.id, talentProfileId: profiles.lost!, jobApplicationId: ids.lost }).returning({ id: messageThread.id });
    const messageId = '22222222-2222-4222-8222-222222222222';
    await db.insert(message).values({ id: messageId, threadId: thread!.id, fromCompany: true, body: 'Thanks for applying', attachments: [{ url: messageAttachmentUrl({ messageId, key: fileKey }), name: 'offer.pdf' }] });
    // Agreements: kept holds; ended ran out; renewing ends within the month. Their applications
    // are contacts too (pool-last-contact.ts): ended's and renewing's are older than their agreements.
    await db.insert(talentPoolConsent).values([
      { companyId: f.a.id, talentProfileId: profiles.kept!, status: 'accepted', answeredAt: ago(100), lastContactAt: ago(100) },
      { companyId: f.a.id, talentProfileId: profiles.ended!, status: 'accepted', answeredAt: ago(800), lastContactAt: ago(800) },
      { companyId: f.a.id, talentProfileId: profiles.renewing!, status: 'accepted', answeredAt: ago(720), lastContactAt: ago(720) },
      // Agreed long ago, but the company and she wrote ten days ago: the last contact renews it.
      { companyId: f.a.id, talentProfileId: profiles.contacted!, status: 'accepted', answeredAt: ago(800), lastContactAt: ago(800) },
    ]);
    await db.insert(messageThread).values({ companyId: f.a.id, talentProfileId: profiles.contacted!, jobApplicationId: ids.contacted, lastMessageAt: ago(10) });
    const [list] = await db.insert(companySavedTalentList).values({ companyId: f.a.id, label: 'Pool' }).returning({ id: companySavedTalentList.id });
    await db.insert(companySavedTalent).values([profiles.ended!, profiles.kept!].map((talentProfileId) => ({ companyId: f.a.id, talentProfileId, companySavedTalentListId: list!.id })));
  });
  afterAll(async () => {
    await f.h.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it("previews what the next run erases: ended past the company's six months, without a holding agreement", async () => {
    const { body } = await f.as('owner-a', RETENTION, {}, f.a.id);
    expect(body.errors).toBeUndefined();
    const retention = body.data?.companyRetention as { dueTotal: number; due: Array<{ id: string; talentName: string }> };
    // An agreement past its period holds no more (the run also ends it); kept's and renewing's hold.
    expect(retention.due.map((due) => due.talentName).sort()).toEqual(['Talent ended', 'Talent lost']);
    expect(retention.dueTotal).toBe(2);
    expect((await f.as('owner-b', RETENTION, {}, f.b.id)).body.data?.companyRetention).toMatchObject({ dueTotal: 0, log: [] });
  });

  it('erases at its date the ended applications without a holding agreement, ends the agreements past their period, and mails the renewals', async () => {
    const run = await applyRetention(work(), now);
    expect(run).toEqual({ applicationsErased: 2, agreementsEnded: 1, renewalsMailed: 1 });
    const lost = await application(ids.lost);
    expect(lost).toMatchObject({ message: null, details: {} });
    expect(lost.retentionErasedAt).not.toBeNull();
    expect(lost.documentsErasedAt).not.toBeNull();
    expect(await f.h.database.db.select().from(messageThread).where(eq(messageThread.jobApplicationId, ids.lost))).toEqual([]);
    expect(await storage.get(fileKey)).toBeNull();
    // Her agreement ran out: her application goes too, and she leaves the saved talents.
    expect((await application(ids.ended)).retentionErasedAt).not.toBeNull();
    const [endedConsent] = await f.h.database.db.select().from(talentPoolConsent).where(eq(talentPoolConsent.talentProfileId, profiles.ended!));
    expect(endedConsent!.status).toBe('expired');
    expect(await f.h.database.db.select().from(companySavedTalent).where(eq(companySavedTalent.talentProfileId, profiles.ended!))).toEqual([]);
    // Kept: her agreement holds; recent: within six months; hired: not ended; renewing: still holds.
    for (const name of ['kept', 'recent', 'hired', 'renewing', 'contacted'] as const) expect((await application(ids[name])).message, name).toBe(`Cover note of ${name}`);
    const [contacted] = await f.h.database.db.select().from(talentPoolConsent).where(eq(talentPoolConsent.talentProfileId, profiles.contacted!));
    expect(contacted!.status).toBe('accepted');
    expect(await f.h.database.db.select().from(companySavedTalent).where(eq(companySavedTalent.talentProfileId, profiles.kept!))).toHaveLength(1);
    const [mail, ...others] = mails;
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to: 'retention-renewing@example.test', subject: "Your agreement with Company A's talent pool ends soon" });
    expect(mail!.text).toContain('https://talentplace.test/edit-account#talent-pools-heading');
    const [bell] = await f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'talentPoolConsent.update'), eq(generalEventslog.toId, await f.userId('retention-renewing'))));
    expect(bell?.eventData).toMatchObject({ action: 'renewalDue', companyId: f.a.id });
  });

  it('changes nothing more on a second run the same day (idempotent)', async () => {
    expect(await applyRetention(work(), new Date(now.getTime() + 60_000))).toEqual({ applicationsErased: 0, agreementsEnded: 0, renewalsMailed: 0 });
    expect(mails).toHaveLength(1);
  });

  it('logs each erasure for the company, naming the talent, and previews nothing more', async () => {
    const retention = (await f.as('owner-a', RETENTION, {}, f.a.id)).body.data?.companyRetention as { dueTotal: number; log: Array<{ kind: string; entityId: string; talentName: string; messagesErased: number | null; removedSavedTalents: number | null }> };
    expect(retention.dueTotal).toBe(0);
    expect(retention.log).toHaveLength(3);
    expect(retention.log).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'application', entityId: ids.lost, talentName: 'Talent lost', messagesErased: 1, interviewsErased: 0 }),
      expect.objectContaining({ kind: 'application', entityId: ids.ended, talentName: 'Talent ended', messagesErased: 0 }),
      expect.objectContaining({ kind: 'poolConsent', talentName: 'Talent ended', removedSavedTalents: 1, interviewsErased: null }),
    ]));
  });

  it('lets the company shorten its periods, never lengthen them beyond the maximum; a shorter period brings applications due sooner', async () => {
    const longer = await f.as('owner-a', UPDATE, { data: { refusedApplicationMonths: 7 } }, f.a.id);
    expect((longer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ code: string }>)[0]?.code).toBe('refusedApplicationMonthsOutOfRange');
    const shorter = await f.as('owner-a', UPDATE, { data: { refusedApplicationMonths: 1, poolConsentMonths: 12 } }, f.a.id);
    expect(shorter.body.data?.updateOneCompany).toEqual({ refusedApplicationMonths: 1, poolConsentMonths: 12 });
    const [stored] = await f.h.database.db.select({ months: company.refusedApplicationMonths }).from(company).where(eq(company.id, f.a.id));
    expect(stored!.months).toBe(1);
    // Thirty days ago is past one month: the recent application is due now; and renewing's
    // agreement, 720 days old, no longer holds under twelve months: hers is due too.
    const retention = (await f.as('owner-a', RETENTION, {}, f.a.id)).body.data?.companyRetention as { due: Array<{ talentName: string }> };
    expect(retention.due.map((due) => due.talentName)).toEqual(['Talent renewing', 'Talent recent']);
  });

  it('gives the renewal window that a later contact opens its own mail, and none before it opens', async () => {
    const db = f.h.database.db;
    await db.update(company).set({ refusedApplicationMonths: 6, poolConsentMonths: 24 }).where(eq(company.id, f.a.id));
    // Renewing's agreement was mailed about at the first run; she writes to the company today,
    // which moves its end two years on, and the window a month before that.
    await db.insert(messageThread).values({ companyId: f.a.id, talentProfileId: profiles.renewing!, jobApplicationId: ids.renewing, lastMessageAt: now });
    const renewalsTo = () => mails.filter((mail) => mail.to === 'retention-renewing@example.test').length;
    await applyRetention(work(), new Date(now.getTime() + 600 * DAY));
    expect(renewalsTo()).toBe(1);
    await applyRetention(work(), new Date(now.getTime() + 705 * DAY));
    expect(renewalsTo()).toBe(2);
    const [renewing] = await db.select().from(talentPoolConsent).where(eq(talentPoolConsent.talentProfileId, profiles.renewing!));
    expect(renewing!.status).toBe('accepted');
  });

  it('refuses the preview without talentJobApplication read (403 / FORBIDDEN), and a member of another company reads only its own', async () => {
    await f.memberWithRole('retention-outsider', f.a.id, 'No applications', { company: { read: true } });
    expect((await f.as('retention-outsider', RETENTION, {}, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(((await f.as('owner-b', RETENTION, {}, f.b.id)).body.data?.companyRetention as { log: unknown[] }).log).toEqual([]);
  });

  it("erases an ended application's interviews with their scorecards; one with an interview still to come waits until it has passed", async () => {
    const db = f.h.database.db;
    // Company B's own applications: the runs above leave nothing of B's due.
    const [rejected] = await db.select().from(companyHiringStep).where(and(eq(companyHiringStep.companyId, f.b.id), eq(companyHiringStep.group, 'REJECTED')));
    const [ad] = await db.insert(jobAd).values({ title: 'Interviewed engineer', publisherCompanyId: f.b.id, publishedAt: ago(400) }).returning({ id: jobAd.id });
    const interviewer = await f.userId('owner-b');
    const made = {} as Record<'interviewed' | 'booked', { application: string; interview: string }>;
    for (const [name, startsAt] of [['interviewed', ago(210)], ['booked', new Date(now.getTime() + 2 * DAY)]] as const) {
      const userId = await f.userId(`retention-${name}`);
      const [profile] = await db.insert(talentProfile).values({ userId, profileName: `Talent ${name}`, email: `retention-${name}@example.test` }).returning({ id: talentProfile.id });
      const [row] = await db
        .insert(talentJobApplication)
        .values({ jobAdId: ad!.id, talentProfileId: profile!.id, companyHiringStepId: rejected!.id, createdAt: ago(220), stepChangedAt: ago(200), message: `Cover note of ${name}` })
        .returning({ id: talentJobApplication.id });
      const endsAt = new Date(startsAt.getTime() + 3_600_000);
      const [slot] = await db.insert(interviewSlot).values({ companyId: f.b.id, startsAt, endsAt }).returning({ id: interviewSlot.id });
      const [booked] = await db
        .insert(interview)
        .values({ companyId: f.b.id, jobApplicationId: row!.id, talentProfileId: profile!.id, status: 'BOOKED', slotId: slot!.id, startsAt, endsAt, durationMinutes: 60, timeZone: 'Europe/Paris', locationKind: 'video', scorecard: DEFAULT_SCORECARD })
        .returning({ id: interview.id });
      await db.insert(interviewScorecard).values({ interviewId: booked!.id, interviewerUserId: interviewer, ratings: { 'Skills for the role': 2, Communication: 3 }, answers: {}, recommendation: 'NO' });
      made[name] = { application: row!.id, interview: booked!.id };
    }
    const interviewsOf = (name: 'interviewed' | 'booked') => db.select({ id: interview.id }).from(interview).where(eq(interview.jobApplicationId, made[name].application));
    const scorecardsOf = (name: 'interviewed' | 'booked') => db.select({ id: interviewScorecard.id }).from(interviewScorecard).where(eq(interviewScorecard.interviewId, made[name].interview));

    expect(await applyRetention(work(), now)).toMatchObject({ applicationsErased: 1 });
    expect((await application(made.interviewed.application)).message).toBeNull();
    expect(await interviewsOf('interviewed')).toEqual([]);
    expect(await scorecardsOf('interviewed')).toEqual([]);
    const [logged] = await db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'dataRetention.delete'), eq(generalEventslog.toId, f.b.id)));
    expect(logged?.eventData).toMatchObject({ entityId: made.interviewed.application, interviewsErased: 1 });
    const log = ((await f.as('owner-b', RETENTION, {}, f.b.id)).body.data?.companyRetention as { log: Array<{ entityId: string; interviewsErased: number }> }).log;
    expect(log).toEqual([expect.objectContaining({ entityId: made.interviewed.application, interviewsErased: 1 })]);
    // The interview two days ahead: the application keeps everything until it has passed.
    expect((await application(made.booked.application)).message).toBe('Cover note of booked');
    expect(await scorecardsOf('booked')).toHaveLength(1);
    expect(await applyRetention(work(), new Date(now.getTime() + 3 * DAY))).toMatchObject({ applicationsErased: 1 });
    expect((await application(made.booked.application)).message).toBeNull();
    expect(await interviewsOf('booked')).toEqual([]);
  });
});
