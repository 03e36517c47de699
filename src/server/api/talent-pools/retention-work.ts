import { and, asc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { formatDate } from '../../../lib/format/dates';
import { getTranslator } from '../../../lib/i18n/i18n';
import { pathInLanguage } from '../../../lib/i18n/language-path';
import { buildRoute } from '../../../lib/routes/build-route';
import { POOL_CONSENT_ANCHOR } from '../../../lib/talent-pools/pool-consent';
import { POOL_CONSENT_RENEWAL_DAYS, poolConsentEndsOn, renewalWindowOpens } from '../../../lib/talent-pools/retention';
import type { AppDatabase, Writer } from '../../db/client';
import { company, companyHiringStep, companySavedTalent, generalEventslog, interview, message, messageThread, talentJobApplication, talentPoolConsent, talentProfile, user } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import type { FileStorage } from '../../storage/file-storage';
import { deleteQuietly } from '../uploads/stored-files';
import { threadAttachmentKeys } from '../uploads/thread-attachment-keys';
import { poolLastContact } from './pool-last-contact';
import { userLanguageColumn, userLanguageOf } from '../user-language';

// The daily retention job (the queue's `retention` job, RETENTION_CRON; the retention rule,
// lib/talent-pools/retention.ts, docs/personal-data.md "Retention"). Idempotent: each step
// picks only what is still due, so a second run the same day, or two instances at once,
// change nothing more. Each erasure is one transaction with its log row (dataRetention.delete,
// addressed to the company); files go once it has committed.

export interface RetentionWork {
  db: AppDatabase;
  storage: FileStorage | null;
  site: { origin: string; productName: string };
  /** Hands a renewal mail on (to the queue, which retries it). */
  sendMail: (message: MailMessage) => Promise<void>;
}

/** Rows handled per query, so a large company's backlog is taken in slices. */
const BATCH = 200;

/** `from` plus the company's months, in SQL (the same calendar months as lib's addMonths). */
const monthsAfter = (from: SQL | AnyColumn, months: AnyColumn) => sql`${from} + make_interval(months => ${months})`;

/** An accepted agreement still holding at `now` for the application's company and talent. */
const holdingAgreement = (now: Date) => sql`exists (
  select 1 from ${talentPoolConsent}
  where ${talentPoolConsent.companyId} = ${talentJobApplication.companyId}
    and ${talentPoolConsent.talentProfileId} = ${talentJobApplication.talentProfileId}
    and ${talentPoolConsent.status} = 'accepted'
    and ${monthsAfter(poolLastContact, company.poolConsentMonths)} > ${now.toISOString()}::timestamptz
)`;

/**
 * A booked interview of the application still to come at `now`: its erasure waits until it has
 * passed (its talent and interviewers hold its invitation), then takes it with the rest.
 */
const upcomingInterview = (now: Date) => sql`exists (
  select 1 from ${interview}
  where ${interview.jobApplicationId} = ${talentJobApplication.id}
    and ${interview.status} = 'BOOKED'
    and ${interview.endsAt} > ${now.toISOString()}::timestamptz
)`;

/**
 * Ended applications (a REJECTED or WITHDRAWN step) not erased yet whose company's period is
 * over at `now`, without a holding agreement or an interview still to come. Reads the application's company and hiring step:
 * the query joins both (the job's candidates, their re-read under lock, the company's preview).
 */
export function erasableApplications(now: Date): SQL {
  return and(
    isNull(talentJobApplication.retentionErasedAt),
    inArray(companyHiringStep.group, ['REJECTED', 'WITHDRAWN']),
    sql`${monthsAfter(sql`${talentJobApplication.stepChangedAt}`, company.refusedApplicationMonths)} <= ${now.toISOString()}::timestamptz`,
    sql`not ${holdingAgreement(now)}`,
    sql`not ${upcomingInterview(now)}`,
  )!;
}

/** Accepted agreements whose company's period is over at `now`. */
export function endedAgreements(now: Date): SQL {
  return and(eq(talentPoolConsent.status, 'accepted'), sql`${monthsAfter(poolLastContact, company.poolConsentMonths)} <= ${now.toISOString()}::timestamptz`)!;
}

/**
 * Erases one application's note, answers, documents, messages and interviews (their scorecards,
 * offered times and reminders go with them), with its log row; answers the message files to delete.
 */
async function eraseApplication(tx: Writer, row: { id: string; companyId: string; talentProfileId: string; stepChangedAt: Date }, now: Date): Promise<string[]> {
  const threads = await tx.select({ id: messageThread.id }).from(messageThread).where(eq(messageThread.jobApplicationId, row.id));
  const threadIds = threads.map((thread) => thread.id);
  const fileKeys = await threadAttachmentKeys(tx, threadIds);
  const [{ messages } = { messages: 0 }] = threadIds.length ? await tx.select({ messages: sql<number>`count(*)::int` }).from(message).where(inArray(message.threadId, threadIds)) : [];
  if (threadIds.length) await tx.delete(messageThread).where(inArray(messageThread.id, threadIds));
  const interviews = await tx.delete(interview).where(eq(interview.jobApplicationId, row.id)).returning({ id: interview.id });
  await tx
    .update(talentJobApplication)
    .set({ message: null, details: {}, documentsErasedAt: sql`coalesce(${talentJobApplication.documentsErasedAt}, ${now.toISOString()}::timestamptz)`, retentionErasedAt: now, updatedAt: now })
    .where(eq(talentJobApplication.id, row.id));
  // Made by no one: the platform's rule, addressed to the company as its log.
  await tx.insert(generalEventslog).values({
    fromId: null,
    toId: row.companyId,
    type: 'dataRetention.delete',
    eventData: { entityId: row.id, companyId: row.companyId, talentProfileId: row.talentProfileId, kind: 'application', endedAt: row.stepChangedAt.toISOString(), messagesErased: messages, interviewsErased: interviews.length, before: null, after: null },
  });
  return fileKeys;
}

/** Ends one agreement at the end of its period: the company's saved talents lose her, and its log says so. */
async function endAgreement(tx: Writer, row: { id: string; companyId: string; talentProfileId: string }, now: Date): Promise<boolean> {
  const [ended] = await tx
    .update(talentPoolConsent)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(talentPoolConsent.id, row.id), eq(talentPoolConsent.status, 'accepted')))
    .returning({ id: talentPoolConsent.id });
  if (!ended) return false;
  const removed = await tx
    .delete(companySavedTalent)
    .where(and(eq(companySavedTalent.companyId, row.companyId), eq(companySavedTalent.talentProfileId, row.talentProfileId)))
    .returning({ id: companySavedTalent.id });
  await tx.insert(generalEventslog).values({
    fromId: null,
    toId: row.companyId,
    type: 'dataRetention.delete',
    eventData: { entityId: row.id, companyId: row.companyId, talentProfileId: row.talentProfileId, kind: 'poolConsent', removedSavedTalents: removed.length, before: { status: 'accepted' }, after: { status: 'expired' } },
  });
  return true;
}

/**
 * Mails each talent whose agreement ends within POOL_CONSENT_RENEWAL_DAYS, once per window
 * (renewal_mailed_at; cleared when she renews, outdated when a contact moves the end); her bell says it too
 * (talentPoolConsent.update with action renewalDue, addressed to her).
 */
async function mailRenewals(work: RetentionWork, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + POOL_CONSENT_RENEWAL_DAYS * 86_400_000);
  const endsOn = monthsAfter(poolLastContact, company.poolConsentMonths);
  // Not mailed in this window yet: never, or before a later contact moved the end (poolRenewalDue).
  const notMailedInWindow = sql`(${talentPoolConsent.renewalMailedAt} is null or ${talentPoolConsent.renewalMailedAt} < ${endsOn} - make_interval(days => ${POOL_CONSENT_RENEWAL_DAYS}))`;
  const due = await work.db
    .select({
      id: talentPoolConsent.id,
      companyId: company.id,
      companyName: company.name,
      lastContactAt: poolLastContact,
      poolConsentMonths: company.poolConsentMonths,
      userId: user.id,
      email: user.email,
      language: userLanguageColumn,
    })
    .from(talentPoolConsent)
    .innerJoin(company, eq(company.id, talentPoolConsent.companyId))
    .innerJoin(talentProfile, eq(talentProfile.id, talentPoolConsent.talentProfileId))
    .innerJoin(user, eq(user.id, talentProfile.userId))
    .where(
      and(
        eq(talentPoolConsent.status, 'accepted'),
        notMailedInWindow,
        sql`${endsOn} > ${now.toISOString()}::timestamptz`,
        sql`${endsOn} <= ${soon.toISOString()}::timestamptz`,
        eq(user.status, 'active'),
      ),
    )
    .orderBy(asc(talentPoolConsent.id))
    .limit(BATCH);
  let mailed = 0;
  for (const row of due) {
    // Claimed first: whichever run marks it mails it; the other finds it marked in this window.
    const windowOpens = renewalWindowOpens(poolConsentEndsOn(row.lastContactAt, row.poolConsentMonths));
    const claimed = await work.db.transaction(async (tx) => {
      const [marked] = await tx
        .update(talentPoolConsent)
        .set({ renewalMailedAt: now })
        .where(
          and(
            eq(talentPoolConsent.id, row.id),
            eq(talentPoolConsent.status, 'accepted'),
            sql`(${talentPoolConsent.renewalMailedAt} is null or ${talentPoolConsent.renewalMailedAt} < ${windowOpens.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: talentPoolConsent.id });
      if (!marked) return false;
      await tx.insert(generalEventslog).values({
        fromId: null,
        toId: row.userId,
        type: 'talentPoolConsent.update',
        eventData: { entityId: row.id, companyId: row.companyId, action: 'renewalDue', before: null, after: { status: 'accepted' } },
      });
      return true;
    });
    if (!claimed) continue;
    const language = userLanguageOf(row.language);
    const t = getTranslator(['common'], language);
    const endsOn = formatDate(poolConsentEndsOn(row.lastContactAt, row.poolConsentMonths), language);
    const link = `${work.site.origin}${pathInLanguage(buildRoute('editAccount'), language)}#${POOL_CONSENT_ANCHOR}`;
    await work.sendMail({ to: row.email, subject: t('talentPools.renewalMail.subject', { company: row.companyName }), text: t('talentPools.renewalMail.text', { company: row.companyName, date: endsOn, link, product: work.site.productName }) });
    mailed += 1;
  }
  return mailed;
}

export interface RetentionRun {
  applicationsErased: number;
  agreementsEnded: number;
  renewalsMailed: number;
}

/** A run's line in the server's log and the operator command's output. */
export function describeRetentionRun(run: RetentionRun): string {
  return `retention: ${run.applicationsErased} ended applications erased, ${run.agreementsEnded} pool agreements ended, ${run.renewalsMailed} renewal mails`;
}

/** What a run at `now` would erase and end, per company (the operator command's preview), by company name. */
export async function retentionDue(db: AppDatabase, now: Date): Promise<Array<{ companyName: string; applications: number; agreements: number }>> {
  const total = sql<number>`count(*)::int`;
  const [applications, agreements] = await Promise.all([
    db
      .select({ companyId: company.id, companyName: company.name, total })
      .from(talentJobApplication)
      .innerJoin(company, eq(company.id, talentJobApplication.companyId))
      .innerJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
      .where(erasableApplications(now))
      .groupBy(company.id, company.name),
    db.select({ companyId: company.id, companyName: company.name, total }).from(talentPoolConsent).innerJoin(company, eq(company.id, talentPoolConsent.companyId)).where(endedAgreements(now)).groupBy(company.id, company.name),
  ]);
  const due = new Map<string, { companyName: string; applications: number; agreements: number }>();
  for (const row of applications) due.set(row.companyId, { companyName: row.companyName, applications: row.total, agreements: 0 });
  for (const row of agreements) due.set(row.companyId, { companyName: row.companyName, applications: due.get(row.companyId)?.applications ?? 0, agreements: row.total });
  return [...due.values()].sort((a, b) => a.companyName.localeCompare(b.companyName));
}

/** One run of the rule at `now`: agreements ended first (their talents' applications may then be due), then applications erased, then renewal mails. */
export async function applyRetention(work: RetentionWork, now: Date): Promise<RetentionRun> {
  const { db } = work;
  let agreementsEnded = 0;
  for (;;) {
    const ended = await db
      .select({ id: talentPoolConsent.id, companyId: talentPoolConsent.companyId, talentProfileId: talentPoolConsent.talentProfileId })
      .from(talentPoolConsent)
      .innerJoin(company, eq(company.id, talentPoolConsent.companyId))
      .where(endedAgreements(now))
      .limit(BATCH);
    for (const row of ended) if (await db.transaction((tx) => endAgreement(tx, row, now))) agreementsEnded += 1;
    if (ended.length < BATCH) break;
  }
  let applicationsErased = 0;
  for (;;) {
    const due = await db
      .select({ id: talentJobApplication.id, companyId: company.id, talentProfileId: talentJobApplication.talentProfileId, stepChangedAt: talentJobApplication.stepChangedAt })
      .from(talentJobApplication)
      .innerJoin(company, eq(company.id, talentJobApplication.companyId))
      .innerJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
      .where(erasableApplications(now))
      .orderBy(asc(talentJobApplication.stepChangedAt))
      .limit(BATCH);
    for (const row of due) {
      const fileKeys = await db.transaction(async (tx) => {
        // Re-read under lock: moved out of its ended step, or erased by another run, meanwhile.
        const [still] = await tx
          .select({ id: talentJobApplication.id })
          .from(talentJobApplication)
          .innerJoin(company, eq(company.id, talentJobApplication.companyId))
          .innerJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
          .where(and(eq(talentJobApplication.id, row.id), erasableApplications(now)))
          .for('update', { of: talentJobApplication });
        return still ? eraseApplication(tx, row, now) : null;
      });
      if (fileKeys === null) continue;
      applicationsErased += 1;
      if (work.storage && fileKeys.length) await deleteQuietly(work.storage, fileKeys);
    }
    if (due.length < BATCH) break;
  }
  const renewalsMailed = await mailRenewals(work, now);
  return { applicationsErased, agreementsEnded, renewalsMailed };
}
