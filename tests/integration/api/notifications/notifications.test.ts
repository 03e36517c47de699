import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { formatPeriod, periodOf } from '../../../../src/lib/billing/billing-period';
import type { NotificationFacts } from '../../../../src/lib/notifications/notification-text';
import { gatherRecordedEvents, type RecordedEvent } from '../../../../src/server/api/recorded-events';
import { recordEvent } from '../../../../src/server/api/record-event';
import { company, generalEventslog, jobAd, jobAssignment, talentJobApplication } from '../../../../src/server/db/schema';
import type { MailMessage } from '../../../../src/server/mail/mailer';
import { createOutboxMailer } from '../../../../src/server/mail/outbox-mailer';
import { readOutbox } from '../../../support/outbox';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const STEPS = '{ findManyCompanyHiringStep { id stepName } }';
const REASONS = '{ findManyCompanyRejectionReason { id kind label } }';
const MOVE = 'mutation ($ids: [ID!]!, $hiringStepId: ID!, $rejectionReasonId: ID) { moveTalentJobApplication(ids: $ids, hiringStepId: $hiringStepId, rejectionReasonId: $rejectionReasonId) { id } }';
const NOTIFICATIONS = `query ($unreadOnly: Boolean, $page: Int, $perPage: Int) { myNotifications(unreadOnly: $unreadOnly, page: $page, perPage: $perPage) {
  total items { id type read companyName title step stepGroup talentStatus reason status billingPeriod entityId }
} }`;
const COUNT = '{ myUnreadNotificationCount }';
const MARK = 'mutation ($id: ID!) { markNotificationRead(id: $id) { id read } }';
const MARK_ALL = 'mutation { markAllNotificationsRead }';
const PREFERENCES = 'mutation ($data: [NotificationPreferenceInput!]!) { updateMyNotificationPreferences(data: $data) { type } }';
const CREATE_BILLING = 'mutation ($data: CreateMyBillingInput!) { createMyBilling(data: $data) { id } }';
const SEND_BILLING = 'mutation ($id: ID!) { sendMyBilling(id: $id) { id } }';
const APPROVE = 'mutation ($id: ID!) { approveBilling(id: $id) { billing { status } } }';
const UPDATE_ME = 'mutation ($data: UpdateMeInput!) { updateMe(data: $data) { language } }';

type Item = Pick<NotificationFacts, 'type' | 'companyName' | 'title' | 'step' | 'stepGroup' | 'talentStatus' | 'reason' | 'status' | 'billingPeriod' | 'entityId'> & { id: string; read: boolean };

/** A mailer that writes to the outbox folder, or fails while `failing` is set; it counts the tries. */
function switchableMailer(directory: string) {
  const outbox = createOutboxMailer({ directory, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} });
  const state = { failing: false, tries: 0 };
  return {
    state,
    mailer: {
      async send(message: MailMessage) {
        state.tries += 1;
        if (state.failing) throw new Error('connection refused');
        await outbox.send(message);
      },
    },
  };
}

describeEachDatabase('notification centre and the mails of events', (kind) => {
  let f: CompaniesFixture;
  let outboxDir: string;
  let mail: ReturnType<typeof switchableMailer>;
  const logs: string[] = [];
  let applicationId: string;
  let profileId: string;
  let stepOf: (name: string) => string;
  let rejectionReason: { id: string; label: string };
  const adTitle = 'Notified role';

  const talent = async (query: string, variables: Record<string, unknown> = {}) => f.h.call(query, { token: await f.h.token('tala'), variables });
  const list = async (variables: Record<string, unknown> = {}) => (await talent(NOTIFICATIONS, variables)).body.data?.myNotifications as { total: number; items: Item[] };
  const unread = async () => (await talent(COUNT)).body.data?.myUnreadNotificationCount as number;
  const move = async (step: string, reasonId?: string) => {
    const moved = await f.as('owner-a', MOVE, { ids: [applicationId], hiringStepId: stepOf(step), ...(reasonId ? { rejectionReasonId: reasonId } : {}) }, f.a.id);
    expect(moved.body.errors).toBeUndefined();
    await f.h.eventMail!.settled();
  };
  const mailsTo = (address: string) => readOutbox(outboxDir).filter((entry) => entry.to.includes(address));

  beforeAll(async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'tp-notify-'));
    mail = switchableMailer(outboxDir);
    f = await startCompaniesFixture(kind, { mail: { mailer: mail.mailer, retryDelaysMs: [5, 5] }, log: (line) => logs.push(line) });
    const ad = await f.as('owner-a', CREATE_AD, { data: { title: adTitle, workMode: 'onsite', countryCode: 'DE', locality: 'Berlin', publishedAt: new Date().toISOString() } }, f.a.id);
    const adId = (ad.body.data?.createOneJobAd as { id: string }).id;
    const profile = await talent(CREATE_PROFILE, { data: { email: 'tala@example.test', profileName: 'Tala Talent' } });
    profileId = (profile.body.data?.createOneTalentProfile as { id: string }).id;
    applicationId = ((await talent(APPLY, { data: { jobAdId: adId } })).body.data?.applyToJobAd as { id: string }).id;
    const steps = (await f.as('owner-a', STEPS, {}, f.a.id)).body.data?.findManyCompanyHiringStep as { id: string; stepName: string }[];
    stepOf = (name) => steps.find((step) => step.stepName === name)!.id;
    const reasons = (await f.as('owner-a', REASONS, {}, f.a.id)).body.data?.findManyCompanyRejectionReason as { id: string; kind: string; label: string }[];
    rejectionReason = reasons.find((reason) => reason.kind === 'REJECTED')!;
    // Every move reaches the talent at once here: the delay before she sees one has tests of its own (talent-statuses.test.ts).
    await f.h.database.db.update(company).set({ talentStatusDelayMinutes: 0 }).where(eq(company.id, f.a.id));
  });
  afterAll(async () => {
    await f.h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('puts a rejection in the talent\'s notifications with its names, and mails it after the write', async () => {
    expect(await unread()).toBe(0);
    await move('Rejected', rejectionReason.id);
    const { items, total } = await list();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ type: 'talentJobApplicationStatus.create', read: false, companyName: 'Company A', title: adTitle, step: null, talentStatus: 'NOT_SELECTED', reason: rejectionReason.label, entityId: applicationId });
    expect(await unread()).toBe(1);
    const [sent] = mailsTo('tala@example.test');
    expect(sent?.subject).toBe(`Your application for ${adTitle} was not selected`);
    expect(sent?.text).toContain(`Company A did not select your application for ${adTitle}.`);
    expect(sent?.text).not.toContain('Rejected');
    expect(sent?.text).toContain(`Reason: ${rejectionReason.label}`);
    expect(sent?.text).toContain('https://talentplace.test/talent/applied-jobs');
  });

  it("shows each user their own events only: the company's own events are not the owner's, and another user's id is NOT_FOUND", async () => {
    // The application's arrival is addressed to the company, not to a user.
    const owner = (await f.as('owner-a', NOTIFICATIONS)).body.data?.myNotifications as { total: number };
    expect(owner.total).toBe(0);
    const [mine] = (await list()).items;
    const probe = await f.as('someone-else', MARK, { id: mine!.id });
    expect(probe.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('someone-else', MARK, { id: 'not-a-uuid' })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await f.as('someone-else', MARK_ALL).then((answer) => answer.body.data?.markAllNotificationsRead)).toBe(0);
    expect((await list()).items[0]?.read).toBe(false);
  });

  it('marks one read, then all read, and counts what is left unread', async () => {
    await move('Screening');
    await move('Interview');
    expect(await unread()).toBe(3);
    const { items } = await list({ unreadOnly: true });
    expect(items.map((item) => item.talentStatus)).toEqual(['INTERVIEW', 'IN_REVIEW', 'NOT_SELECTED']);
    const marked = (await talent(MARK, { id: items[0]!.id })).body.data?.markNotificationRead as { id: string; read: boolean };
    expect(marked).toEqual({ id: items[0]!.id, read: true });
    expect(await unread()).toBe(2);
    expect((await list({ unreadOnly: true })).total).toBe(2);
    expect((await talent(MARK_ALL)).body.data?.markAllNotificationsRead).toBe(2);
    expect(await unread()).toBe(0);
    expect((await list()).total).toBe(3);
    expect((await list({ perPage: 2, page: 2 })).items.map((item) => item.talentStatus)).toEqual(['NOT_SELECTED']);
  });

  it('honours the preferences: a type off in the app leaves the bell, a type off by e-mail is not mailed', async () => {
    const before = mailsTo('tala@example.test').length;
    await talent(PREFERENCES, { data: [{ type: 'talentJobApplicationStatus.create', email: false, ui: false, push: false }] });
    expect((await list()).total).toBe(0);
    await move('Offer');
    expect(await unread()).toBe(0);
    expect(mailsTo('tala@example.test')).toHaveLength(before);
    // In the app again: the move is there (the log kept it), still without a mail.
    await talent(PREFERENCES, { data: [{ type: 'talentJobApplicationStatus.create', email: false, ui: true, push: false }] });
    expect((await list({ unreadOnly: true })).items.map((item) => item.talentStatus)).toEqual(['OFFER']);
    await talent(PREFERENCES, { data: [{ type: 'talentJobApplicationStatus.create', email: true, ui: true, push: false }] });
  });

  it('mails a billing approval to the talent, naming the month', async () => {
    const start = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    const [assignment] = await f.h.database.db.insert(jobAssignment).values({ talentProfileId: profileId, clientCompanyId: f.a.id, assignmentCurrency: 'EUR', startDate: start }).returning();
    const now = periodOf(new Date());
    const last = now.month === 1 ? { year: now.year - 1, month: 12 } : { year: now.year, month: now.month - 1 };
    const created = await talent(CREATE_BILLING, { data: { jobAssignmentId: assignment!.id, ...last, lines: [{ description: 'Development (hours)', unit: 'HOUR', quantity: '10', price: '50.00' }] } });
    const billingId = (created.body.data?.createMyBilling as { id: string }).id;
    expect((await talent(SEND_BILLING, { id: billingId })).body.errors).toBeUndefined();
    const approved = await f.as('owner-a', APPROVE, { id: billingId }, f.a.id);
    expect(approved.body.errors).toBeUndefined();
    await f.h.eventMail!.settled();
    const [item] = (await list({ unreadOnly: true })).items;
    expect(item).toMatchObject({ type: 'billing.update', status: 'APPROVED', companyName: 'Company A', entityId: billingId });
    const sent = mailsTo('tala@example.test').find((entry) => entry.subject.includes('billing'));
    expect(sent?.subject).toBe(`Your billing for ${formatPeriod(last, 'en')} is approved`);
    expect(sent?.text).toContain(`https://talentplace.test/talent/billing?id=${billingId}`);
  });

  it('keeps the write when the mail server fails: the move stands, the send is retried, then given up and logged', async () => {
    const before = mailsTo('tala@example.test').length;
    mail.state.failing = true;
    mail.state.tries = 0;
    try {
      await move('Hired');
    } finally {
      mail.state.failing = false;
    }
    const [row] = await f.h.database.db.select().from(talentJobApplication).where(eq(talentJobApplication.id, applicationId));
    expect(row?.companyHiringStepId).toBe(stepOf('Hired'));
    expect((await list({ unreadOnly: true })).items[0]).toMatchObject({ talentStatus: 'HIRED' });
    // One try and the two retries of the harness's delays.
    expect(mail.state.tries).toBe(3);
    expect(mailsTo('tala@example.test')).toHaveLength(before);
    expect(logs.some((line) => line.includes('trying again'))).toBe(true);
    expect(logs.some((line) => line.startsWith('mail: gave up after'))).toBe(true);
  });

  it('mails nothing for a write that rolled back', async () => {
    const before = readOutbox(outboxDir).length;
    const talentUserId = await f.userId('tala');
    const owner = { userId: await f.userId('owner-a'), externalId: 'owner-a', email: 'owner-a@example.test', isAdmin: false, adminPermissions: [], isImpersonate: false, actor: null, authenticatedAt: null };
    const events: RecordedEvent[] = [];
    await expect(
      gatherRecordedEvents(events, () =>
        f.h.database.db.transaction(async (tx) => {
          await recordEvent(tx, owner, { type: 'talentJobApplication.update', toId: talentUserId, data: { entityId: applicationId, companyId: f.a.id, toStep: 'Offer', group: 'IN_PROGRESS' } });
          throw new Error('the write failed after its event');
        }),
      ),
    ).rejects.toThrow('the write failed');
    expect(events).toHaveLength(1);
    f.h.eventMail!.afterOperation(events);
    await f.h.eventMail!.settled();
    expect(readOutbox(outboxDir)).toHaveLength(before);
    expect(await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.id, events[0]!.id))).toEqual([]);
  });

  it("mails the talent in the language she chose, its links to the French pages; and about a French ad in French whatever her own", async () => {
    const french = getTranslator(['common'], 'fr');
    const [application] = await f.h.database.db.select({ jobAdId: talentJobApplication.jobAdId }).from(talentJobApplication).where(eq(talentJobApplication.id, applicationId));
    expect((await talent(UPDATE_ME, { data: { language: 'fr' } })).body.errors).toBeUndefined();
    await move('Interview');
    const chosen = mailsTo('tala@example.test').at(-1);
    expect(chosen?.subject).toBe(french('notifications.mail.subjects.applicationStatusInterview', { title: adTitle }));
    expect(chosen?.text).toContain('https://talentplace.test/fr/talent/applied-jobs');
    expect(chosen?.text).toContain('https://talentplace.test/fr/site-settings');

    // Back to English for her, but the ad is written in French: its mails to her follow the ad.
    expect((await talent(UPDATE_ME, { data: { language: 'en' } })).body.errors).toBeUndefined();
    await f.h.database.db.update(jobAd).set({ language: 'fr' }).where(eq(jobAd.id, application!.jobAdId!));
    try {
      await move('Offer');
      expect(mailsTo('tala@example.test').at(-1)?.subject).toBe(french('notifications.mail.subjects.applicationStatusOffer', { title: adTitle }));
      // An ad in a language the product does not speak: her own language again.
      await f.h.database.db.update(jobAd).set({ language: 'de' }).where(eq(jobAd.id, application!.jobAdId!));
      await move('Interview');
      expect(mailsTo('tala@example.test').at(-1)?.subject).toBe(`Your application for ${adTitle}: interview stage`);
    } finally {
      await f.h.database.db.update(jobAd).set({ language: null }).where(eq(jobAd.id, application!.jobAdId!));
    }
  });
});
