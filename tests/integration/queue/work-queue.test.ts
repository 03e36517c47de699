import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { createEventMail } from '../../../src/server/api/notifications/event-mail';
import type { PushJob } from '../../../src/server/api/notifications/event-push';
import { gatherRecordedEvents, type RecordedEvent } from '../../../src/server/api/recorded-events';
import { recordEvent } from '../../../src/server/api/record-event';
import { company, jobAd, jobTitleSuggestion, user } from '../../../src/server/db/schema';
import type { MailMessage } from '../../../src/server/mail/mailer';
import { QUEUES, startWorkQueue, type WorkHandlers, type WorkQueue } from '../../../src/server/queue/work-queue';
import { closeExpiredJobAds } from '../../../src/server/job-ad-search/close-expired-job-ads';
import { describeEachDatabase, openTestDatabase, testDatabaseUrl } from '../../support/test-database';

// The database job queue of the scheduled work (pg-boss): it runs on PGlite and PostgreSQL,
// keeps jobs across a restart, retries a mail, and with two workers on one PostgreSQL runs
// a job once. Jobs are queued with runNow, as a cron tick queues them: nothing waits for a
// schedule; the workers poll every half second.

const MESSAGE: MailMessage = { to: 'tala@example.test', subject: 'Your billing for March 2026 is approved', text: 'Approved.\n' };

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the queue');
    await sleep(50);
  }
}

function recordingHandlers() {
  const calls = { mails: [] as MailMessage[], pushes: [] as PushJob[], digests: 0, expired: 0, domainChecks: 0, reminderSweeps: 0, exportSweeps: 0, retentionRuns: 0, exports: [] as string[], failMails: 0, failPushes: 0 };
  const handlers: WorkHandlers = {
    async sendMail(message) {
      if (calls.failMails > 0) {
        calls.failMails -= 1;
        throw new Error('connection refused');
      }
      calls.mails.push(message);
    },
    async sendPush(job) {
      if (calls.failPushes > 0) {
        calls.failPushes -= 1;
        throw new Error('the push service answered 503');
      }
      calls.pushes.push(job);
    },
    sendJobAlertDigests: async () => void (calls.digests += 1),
    closeExpiredJobAds: async () => void (calls.expired += 1),
    recheckCompanyDomains: async () => void (calls.domainChecks += 1),
    async sendInterviewReminders(_now, enqueueMail) {
      calls.reminderSweeps += 1;
      await enqueueMail({ ...MESSAGE, subject: 'Tomorrow: interview for Rust engineer' });
    },
    async preparePersonalDataExport(exportId, enqueueMail) {
      calls.exports.push(exportId);
      await enqueueMail({ ...MESSAGE, subject: 'Your data is ready to download' });
    },
    sweepExpiredPersonalDataExports: async () => void (calls.exportSweeps += 1),
    applyRetention: async () => void (calls.retentionRuns += 1),
  };
  return { calls, handlers };
}

describeEachDatabase('the database job queue (pg-boss)', (kind) => {
  let database: Database;
  const schema = `pgboss_${randomBytes(4).toString('hex')}`;
  const started: WorkQueue[] = [];
  const logs: string[] = [];
  const start = async (handlers: WorkHandlers, schedules = { jobAlertCron: null as string | null, expiredAdsCron: null as string | null }) => {
    const queue = await startWorkQueue({ database, handlers, schedules, log: (line) => logs.push(line), pollingIntervalSeconds: 0.5, schema, mailRetry: { retryLimit: 2, retryDelay: 1, retryBackoff: false } });
    started.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterEach(async () => {
    for (const queue of started.splice(0)) await queue.stop();
  });
  afterAll(async () => {
    if (database.kind === 'postgres') await database.pool.query(`drop schema if exists "${schema}" cascade`);
    await database.close();
  });

  it('runs a queued digest run, an expired ads run and a domain check', async () => {
    const { calls, handlers } = recordingHandlers();
    const queue = await start(handlers);
    await queue.runNow(QUEUES.jobAlertDigests);
    await queue.runNow(QUEUES.expiredJobAds);
    await queue.runNow(QUEUES.domainCheck);
    await until(() => calls.digests === 1 && calls.expired === 1 && calls.domainChecks === 1);
  });

  it('runs an interview reminder sweep whose mails go as mail jobs, tried again when the mail server fails', async () => {
    const { calls, handlers } = recordingHandlers();
    const queue = await start(handlers);
    calls.failMails = 1;
    await queue.runNow(QUEUES.interviewReminders);
    await until(() => calls.mails.some((mail) => mail.subject === 'Tomorrow: interview for Rust engineer'));
    expect(calls.reminderSweeps).toBe(1);
    expect(logs.some((line) => line.startsWith('mail: failed again (try'))).toBe(true);
  });

  it('schedules both jobs by cron, once per name however many times an instance starts', async () => {
    const { handlers } = recordingHandlers();
    const queue = await start(handlers, { jobAlertCron: '7 * * * *', expiredAdsCron: '23 * * * *' });
    await queue.stop();
    started.pop();
    const again = await start(handlers, { jobAlertCron: '7 * * * *', expiredAdsCron: '23 * * * *' });
    const schedules = await again.boss.getSchedules();
    expect(schedules.map((entry) => [entry.name, entry.cron]).sort()).toEqual([
      [QUEUES.expiredJobAds, '23 * * * *'],
      [QUEUES.jobAlertDigests, '7 * * * *'],
      [QUEUES.expiredPersonalDataExports, '23 * * * *'],
    ]);
  });

  it("prepares an asked-for archive of a user's data, its mail going as a mail job, and sweeps the expired ones", async () => {
    const { calls, handlers } = recordingHandlers();
    const queue = await start(handlers);
    await queue.queuePersonalDataExport('b1946ac9-2a5e-4c5e-9f0f-6a8c1f4e2d10');
    await queue.runNow(QUEUES.expiredPersonalDataExports);
    await until(() => calls.mails.some((mail) => mail.subject === 'Your data is ready to download') && calls.exportSweeps === 1);
    expect(calls.exports).toEqual(['b1946ac9-2a5e-4c5e-9f0f-6a8c1f4e2d10']);
  });

  it('keeps a mail queued while no worker runs, and sends it after a restart', async () => {
    const { calls, handlers } = recordingHandlers();
    // The first instance queues the retry and stops before any worker could take it.
    const first = await start(handlers);
    await first.boss.offWork(QUEUES.mail);
    await first.retryMail(MESSAGE);
    await first.stop();
    started.pop();
    expect(calls.mails).toEqual([]);
    await start(handlers);
    await until(() => calls.mails.length === 1);
    expect(calls.mails[0]).toEqual(MESSAGE);
  });

  it("forgets the mails still waiting for an erased account's address, whatever its case, and sends the others after a restart", async () => {
    const { calls, handlers } = recordingHandlers();
    const first = await start(handlers);
    await first.boss.offWork(QUEUES.mail);
    await first.retryMail({ ...MESSAGE, to: 'Erased.Person@example.test', subject: 'to the erased' });
    await first.retryMail({ ...MESSAGE, to: 'someone-else@example.test', subject: 'to someone else' });
    expect(await first.forgetMailTo('erased.person@example.test')).toBe(1);
    expect(await first.forgetMailTo('erased.person@example.test')).toBe(0);
    await first.stop();
    started.pop();
    await start(handlers);
    await until(() => calls.mails.length === 1);
    expect(calls.mails.map((mail) => mail.subject)).toEqual(['to someone else']);
  });

  it('tries a failing mail again until it goes', async () => {
    const { calls, handlers } = recordingHandlers();
    const queue = await start(handlers);
    calls.failMails = 1;
    await queue.retryMail({ ...MESSAGE, subject: 'second try' });
    await until(() => calls.mails.some((mail) => mail.subject === 'second try'));
    expect(logs.some((line) => line.startsWith('mail: failed again (try'))).toBe(true);
  });

  it('sends a queued push, trying it again when the push service fails', async () => {
    const { calls, handlers } = recordingHandlers();
    const queue = await start(handlers);
    calls.failPushes = 1;
    const job: PushJob = { subscriptionId: '00000000-0000-4000-8000-000000000001', message: { title: 'Talentplace', body: 'Northwind Labs invited you', url: '/talent/invitations' } };
    await queue.queuePush(job);
    // PUSH_RETRY waits 30 s before the second try: the first failure is what is checked here.
    await until(() => logs.some((line) => line.includes(`push: to subscription ${job.subscriptionId} failed (try 1)`)));
    await queue.queuePush({ ...job, subscriptionId: '00000000-0000-4000-8000-000000000002' });
    await until(() => calls.pushes.length === 1);
    expect(calls.pushes[0]).toEqual({ ...job, subscriptionId: '00000000-0000-4000-8000-000000000002' });
  });

  if (kind === 'postgres') {
    it('runs a job once when two instances share the database', async () => {
      const a = recordingHandlers();
      const b = recordingHandlers();
      const first = await start(a.handlers);
      await start(b.handlers);
      for (let index = 0; index < 5; index += 1) await first.runNow(QUEUES.jobAlertDigests);
      await until(() => a.calls.digests + b.calls.digests === 5);
      // Time for a second worker to pick a job up again, were it able to.
      await sleep(1500);
      expect(a.calls.digests + b.calls.digests).toBe(5);
    });
  }

  it("hands an event's mail that failed to the queue, which sends it later", async () => {
    const { calls, handlers } = recordingHandlers();
    const queue = await start(handlers);
    const [owner, talent] = await database.db
      .insert(user)
      .values([
        { externalId: 'queue-owner', email: 'queue-owner@example.test' },
        { externalId: 'queue-talent', email: 'queue-talent@example.test' },
      ])
      .returning();
    const [invitingCompany] = await database.db.insert(company).values({ name: 'Queue Co', verificationStatus: 'verified' }).returning({ id: company.id });
    const mailLogs: string[] = [];
    const eventMail = createEventMail({
      db: database.db,
      mailer: { send: () => Promise.reject(new Error('connection refused')) },
      site: { origin: 'https://talentplace.test', productName: 'Talentplace' },
      log: (line) => mailLogs.push(line),
      retryLater: (message) => queue.retryMail(message),
    });
    const viewer = { userId: owner!.id, externalId: owner!.externalId, email: owner!.email, isAdmin: false, adminPermissions: [], isImpersonate: false, actor: null, authenticatedAt: null };
    const events: RecordedEvent[] = [];
    await gatherRecordedEvents(events, () =>
      recordEvent(database.db, viewer, { type: 'talentInvitation.create', toId: talent!.id, data: { entityId: randomUUID(), companyId: invitingCompany!.id } }),
    );
    eventMail.afterOperation(events);
    await eventMail.settled();
    expect(mailLogs.some((line) => line.endsWith('queued to be tried again'))).toBe(true);
    await until(() => calls.mails.length === 1);
    expect(calls.mails[0]).toMatchObject({ to: 'queue-talent@example.test', subject: 'Queue Co invites you to apply for a job' });
    await eventMail.close();
  });

  it('tidies the suggestion of a title whose last ad expired', async () => {
    const [owner] = await database.db.insert(company).values({ name: 'Expiring Co', verificationStatus: 'verified' }).returning({ id: company.id });
    await database.db.insert(jobAd).values({ title: 'Short Lived Role', publisherCompanyId: owner!.id, publishedAt: new Date(Date.now() - 60_000), publishedUntil: new Date(Date.now() + 800) });
    const suggestion = () => database.db.select().from(jobTitleSuggestion).where(eq(jobTitleSuggestion.titleKey, 'short lived role'));
    expect(await suggestion()).toHaveLength(1);
    await sleep(1000);
    const followed: string[] = [];
    expect(await closeExpiredJobAds({ db: database.db, jobAdIndex: { follow: async (id) => void followed.push(id) } })).toEqual({ titles: 1, ads: 1 });
    expect(await suggestion()).toEqual([]);
    expect(followed).toHaveLength(1);
    expect(await closeExpiredJobAds({ db: database.db, jobAdIndex: { follow: async () => {} } })).toMatchObject({ titles: 0 });
  });

  // Last: it drops the queue's tables. pg-boss reports a worker that cannot fetch as a plain
  // object (the error spread, its queue's name beside it), which the log once wrote as
  // "queue: [object Object]".
  it("logs a worker's failure with its queue and message, never [object Object]", async () => {
    const { handlers } = recordingHandlers();
    await start(handlers);
    const before = logs.length;
    if (database.kind === 'postgres') await database.pool.query(`drop schema "${schema}" cascade`);
    else await database.client.exec(`drop schema "${schema}" cascade`);
    // Other failures may come first (pg-boss's own upkeep has no queue name, and a fetch
    // under way as the schema goes may fail otherwise): wait for a worker's line.
    const workerFailure = /^queue: [a-z-]+: .*does not exist/;
    await until(() => logs.slice(before).some((line) => workerFailure.test(line)), 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; the queue logged: ${JSON.stringify(logs.slice(before))}`);
    });
    const failures = logs.slice(before).filter((line) => line.startsWith('queue: '));
    expect(failures.filter((line) => line.includes('[object Object]'))).toEqual([]);
  });
});
