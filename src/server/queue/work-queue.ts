import { currentRequestId, inRequest } from '../logging/request-id';
import { measure, queueJobFailures } from '../metrics/metrics';
import { SpanKind } from '@opentelemetry/api';
import { contextOfCarrier, inSpan, traceCarrier } from '../tracing/spans';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import type { MailMessage } from '../mail/mailer';
import type { PushJob } from '../api/notifications/event-push';
import { errorMessage } from '../../lib/text/error-message';

// Scheduled and deferred work in a job queue kept in the database itself:
// pg-boss, on PostgreSQL and on the embedded PGlite alike. Jobs are rows (schema `pgboss`),
// so they survive a restart; workers take them with FOR UPDATE SKIP LOCKED, so several
// instances sharing the database run each job once; a cron schedule is one row per name,
// and pg-boss turns each tick into one job whichever instance sees it first.
//
// PGlite: pg-boss 12 supports it as a backend (`backend: 'pglite'`, `fromPglite`), sharing
// the process's one PGlite instance (single connection; pg-boss's multi-statement blocks run
// as one exec, which PGlite serialises with the app's own transactions). Measured in
// tests/integration/queue/work-queue.test.ts on both databases.

/** The queues and what each job carries. */
export const QUEUES = {
  /** A mail whose first send failed: tried again with backoff, across restarts. */
  mail: 'mail-send',
  /** One push to one subscribed browser: sent by whichever instance takes it, retried when the push service fails. */
  push: 'push-send',
  /** Mail the job alert digests that are due (both frequencies; the due rule decides). */
  jobAlertDigests: 'job-alert-digests',
  /** Tidy suggestions and the search index after ads closed by time. */
  expiredJobAds: 'job-ads-expired',
  /** Look every proven company e-mail domain up again (single sign-on). */
  domainCheck: 'company-domains-check',
  /** Send the interview reminders that are due (api/interviews/interview-reminders.ts); each mail then goes as a mail job. */
  interviewReminders: 'interview-reminders',
  /** Prepare one asked-for archive of a user's data (api/account/personal-data-export-work.ts). */
  personalDataExport: 'personal-data-export',
  /** Delete the archives past their seven days, with their files; scheduled with the expired ads (EXPIRED_ADS_CRON). */
  expiredPersonalDataExports: 'personal-data-exports-expired',
  /** Apply the retention rule: erase ended applications past their company's period, end pool agreements, mail renewals (api/talent-pools/retention-work.ts). */
  retention: 'retention',
} as const;

/** Retries of a mail: about 30 s, 1, 2, 4, 8 minutes apart (pg-boss backoff), then given up. */
export const MAIL_RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;

/** Retries of a push: about 30 s, 1, 2 minutes apart, then given up (it is news, not a record). */
export const PUSH_RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true, retryDelayMax: 600 } as const;

export interface WorkHandlers {
  sendMail(message: MailMessage): Promise<void>;
  sendPush(job: PushJob): Promise<void>;
  sendJobAlertDigests(now: Date): Promise<void>;
  closeExpiredJobAds(now: Date): Promise<void>;
  recheckCompanyDomains(now: Date): Promise<void>;
  /** `enqueueMail` hands a mail to the mail queue (MAIL_RETRY). */
  sendInterviewReminders(now: Date, enqueueMail: (message: MailMessage) => Promise<void>): Promise<void>;
  /** `enqueueMail` as above: the "ready" mail. */
  preparePersonalDataExport(exportId: string, enqueueMail: (message: MailMessage) => Promise<void>): Promise<void>;
  sweepExpiredPersonalDataExports(now: Date): Promise<void>;
  /** `enqueueMail` as above: the renewal mails. */
  applyRetention(now: Date, enqueueMail: (message: MailMessage) => Promise<void>): Promise<void>;
}

export interface WorkQueueOptions {
  /** On PostgreSQL pg-boss keeps a small pool of its own to the same database. */
  database: Database;
  handlers: WorkHandlers;
  /** Cron expressions (UTC); null leaves a job unscheduled (tests call `runNow`). */
  schedules: { jobAlertCron: string | null; expiredAdsCron: string | null; domainCheckCron?: string | null; interviewReminderCron?: string | null; retentionCron?: string | null };
  log: (message: string) => void;
  /** Seconds between polls of an idle queue (pg-boss default 2). */
  pollingIntervalSeconds?: number;
  /** The schema of pg-boss's tables (default pgboss). */
  schema?: string;
  /** Overrides MAIL_RETRY (tests use seconds, not minutes). */
  mailRetry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
}

export interface WorkQueue {
  /** Keeps a mail for a later try (MAIL_RETRY), in the database. */
  retryMail(message: MailMessage): Promise<void>;
  /** Drops the mails to `address` still waiting for a try (its account was erased); answers how many. */
  forgetMailTo(address: string): Promise<number>;
  /** Queues one push (PUSH_RETRY). */
  queuePush(job: PushJob): Promise<void>;
  /** Queues the preparation of one asked-for archive of a user's data. */
  queuePersonalDataExport(exportId: string): Promise<void>;
  /** Queues one run of a scheduled job now (an operator's "run it", the tests). */
  runNow(queue: typeof QUEUES.jobAlertDigests | typeof QUEUES.expiredJobAds | typeof QUEUES.domainCheck | typeof QUEUES.interviewReminders | typeof QUEUES.expiredPersonalDataExports | typeof QUEUES.retention): Promise<string | null>;
  boss: PgBoss;
  stop(): Promise<void>;
}

/** A job's data with the id of the request that queued it (logging/request-id.ts), and its trace. */
type Queued<T> = T & { requestId?: string; traceparent?: string };

/** The data to queue, naming the request being answered, if any, and its span when traced. */
function queued<T extends object>(data: T): Queued<T> {
  const requestId = currentRequestId();
  return { ...data, ...(requestId ? { requestId } : {}), ...traceCarrier() };
}

/**
 * Runs a job under the id of the request that queued it (or its own for a scheduled run),
 * in a span of the sender's trace; `run` gets the job's own data.
 */
function inJobRequest<T, R>(queue: string, job: { id: string; data: T }, run: (data: T) => Promise<R>): Promise<R> {
  const { requestId, traceparent, ...data } = (job.data ?? {}) as Queued<Record<string, unknown>>;
  return inRequest(typeof requestId === 'string' ? requestId : `job:${job.id}`, () =>
    inSpan(`queue ${queue}`, SpanKind.CONSUMER, { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue }, () => run((job.data === null ? null : data) as T), contextOfCarrier(traceparent)),
  );
}

export async function startWorkQueue(options: WorkQueueOptions): Promise<WorkQueue> {
  const { database, log, handlers } = options;
  const schema = options.schema ?? 'pgboss';
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.client), backend: 'pglite', schema })
      : new PgBoss({ connectionString: database.connectionString, max: 3, schema });
  // A failed job's error comes as a plain object with its queue's name beside the message.
  boss.on('error', (error: unknown) => {
    const queue = typeof error === 'object' && error !== null ? (error as { queue?: unknown }).queue : undefined;
    log(`queue: ${typeof queue === 'string' ? `${queue}: ` : ''}${errorMessage(error)}`);
  });
  await boss.start();

  const mailRetry = options.mailRetry ?? MAIL_RETRY;
  await boss.createQueue(QUEUES.mail, { ...mailRetry, deleteAfterSeconds: 24 * 3600 });
  await boss.createQueue(QUEUES.push, { ...PUSH_RETRY, deleteAfterSeconds: 24 * 3600 });
  // A scheduled run that fails is not retried at once: the next tick covers the same ground
  // (a digest left due stays due, the expired ads are looked up over two days).
  await boss.createQueue(QUEUES.jobAlertDigests, { retryLimit: 0, deleteAfterSeconds: 7 * 24 * 3600 });
  await boss.createQueue(QUEUES.expiredJobAds, { retryLimit: 0, deleteAfterSeconds: 7 * 24 * 3600 });
  await boss.createQueue(QUEUES.domainCheck, { retryLimit: 0, deleteAfterSeconds: 7 * 24 * 3600 });
  // Reminders are recorded before they go (interview_reminder), so a sweep is never retried: the next minute's covers it.
  await boss.createQueue(QUEUES.interviewReminders, { retryLimit: 0, deleteAfterSeconds: 24 * 3600 });
  // An archive that failed says so on the page, where it is asked for again: not retried.
  await boss.createQueue(QUEUES.personalDataExport, { retryLimit: 0, deleteAfterSeconds: 24 * 3600 });
  await boss.createQueue(QUEUES.expiredPersonalDataExports, { retryLimit: 0, deleteAfterSeconds: 7 * 24 * 3600 });
  // Idempotent and daily: a failed run is taken up by the next one.
  await boss.createQueue(QUEUES.retention, { retryLimit: 0, deleteAfterSeconds: 7 * 24 * 3600 });

  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work<Queued<MailMessage>>(QUEUES.mail, polling, async ([job]) =>
    inJobRequest(QUEUES.mail, job!, async (message) => {
      try {
        await handlers.sendMail(message);
      } catch (error) {
        queueJobFailures.inc({ queue: QUEUES.mail });
        log(`mail: failed again (try ${job!.retryCount + 2}): ${errorMessage(error)}`);
        throw error;
      }
    }),
  );
  await boss.work<Queued<PushJob>>(QUEUES.push, polling, async ([job]) =>
    inJobRequest(QUEUES.push, job!, async (push) => {
      try {
        await handlers.sendPush(push);
      } catch (error) {
        queueJobFailures.inc({ queue: QUEUES.push });
        log(`push: to subscription ${push.subscriptionId} failed (try ${job!.retryCount + 1}): ${errorMessage(error)}`);
        throw error;
      }
    }),
  );
  await boss.work(QUEUES.jobAlertDigests, polling, async ([job]) => inJobRequest(QUEUES.jobAlertDigests, job!, () => handlers.sendJobAlertDigests(new Date())));
  await boss.work(QUEUES.expiredJobAds, polling, async ([job]) => inJobRequest(QUEUES.expiredJobAds, job!, () => handlers.closeExpiredJobAds(new Date())));
  await boss.work(QUEUES.domainCheck, polling, async ([job]) => inJobRequest(QUEUES.domainCheck, job!, () => handlers.recheckCompanyDomains(new Date())));
  await boss.work(QUEUES.interviewReminders, polling, async ([job]) =>
    inJobRequest(QUEUES.interviewReminders, job!, () => handlers.sendInterviewReminders(new Date(), async (message) => void (await boss.send(QUEUES.mail, queued(message), mailRetry)))),
  );
  await boss.work<Queued<{ exportId: string }>>(QUEUES.personalDataExport, polling, async ([job]) =>
    inJobRequest(QUEUES.personalDataExport, job!, ({ exportId }) => handlers.preparePersonalDataExport(exportId, async (message) => void (await boss.send(QUEUES.mail, queued(message), mailRetry)))),
  );
  await boss.work(QUEUES.expiredPersonalDataExports, polling, async ([job]) => inJobRequest(QUEUES.expiredPersonalDataExports, job!, () => handlers.sweepExpiredPersonalDataExports(new Date())));
  await boss.work(QUEUES.retention, polling, async ([job]) =>
    inJobRequest(QUEUES.retention, job!, () => handlers.applyRetention(new Date(), async (message) => void (await boss.send(QUEUES.mail, queued(message), mailRetry)))),
  );

  // Scheduling is an upsert of one row per name: every instance may do it at start-up.
  for (const [queue, cron] of [
    [QUEUES.jobAlertDigests, options.schedules.jobAlertCron],
    [QUEUES.expiredJobAds, options.schedules.expiredAdsCron],
    [QUEUES.domainCheck, options.schedules.domainCheckCron ?? null],
    [QUEUES.interviewReminders, options.schedules.interviewReminderCron ?? null],
    // At the expired ads' time (hourly by default): an archive past its seven days goes with its file.
    [QUEUES.expiredPersonalDataExports, options.schedules.expiredAdsCron],
    [QUEUES.retention, options.schedules.retentionCron ?? null],
  ] as const) {
    if (cron) await boss.schedule(queue, cron, null, { tz: 'UTC' });
    else await boss.unschedule(queue);
  }
  log(`queue: pg-boss on ${database.kind === 'pglite' ? 'the embedded PGlite' : 'PostgreSQL'} (schema ${schema}); digests "${options.schedules.jobAlertCron ?? 'off'}", expired ads "${options.schedules.expiredAdsCron ?? 'off'}"`);

  measure.queues(async () => (await boss.getQueues()).map(({ name, queuedCount, activeCount }) => ({ name, queuedCount, activeCount })));

  return {
    boss,
    async retryMail(message) {
      await boss.send(QUEUES.mail, queued(message), mailRetry);
    },
    async forgetMailTo(address) {
      // A job being tried right now (active) goes out or fails as it is; the waiting ones go.
      const { rows } = await boss
        .getDb()
        .executeSql(`delete from ${schema}.job where name = $1 and state in ('created', 'retry') and lower(data->>'to') = lower($2) returning id`, [QUEUES.mail, address]);
      return rows.length;
    },
    async queuePush(job) {
      await boss.send(QUEUES.push, queued(job), PUSH_RETRY);
    },
    async queuePersonalDataExport(exportId) {
      await boss.send(QUEUES.personalDataExport, queued({ exportId }));
    },
    runNow: (queue) => boss.send(queue, null),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
