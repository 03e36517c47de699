import { and, eq, inArray, lte } from 'drizzle-orm';
import { getTranslator } from '../../../lib/i18n/i18n';
import { userLanguageColumn, userLanguageOf } from '../user-language';
import { dueBefore, selectDigestAds } from '../../../lib/job-alerts/job-alert-digest';
import { jobAlertLabel, jobAlertSearchParams, type JobAlertFrequency } from '../../../lib/job-alerts/job-alert-input';
import { jobAlertDigestMail, unsubscribeUrl } from '../../../lib/job-alerts/job-alert-mail';
import { MAX_PER_PAGE } from '../../../lib/job-ads/search-params';
import type { AppDatabase } from '../../db/client';
import { company, jobAd, jobAlert, user } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { JobSearch } from '../../job-ad-search/job-search';
import type { Viewer } from '../auth/viewer';
import { recordEvent } from '../record-event';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token';
import { errorMessage } from '../../../lib/text/error-message';

// The job alert digests, run by the scheduled job of each frequency. Each
// due alert runs its saved search through the one job search port (so the digest finds
// what /jobs finds, on PostgreSQL or Typesense), newest first, and mails the ads published
// after its high-water mark, as lib/job-alerts/job-alert-digest.ts selects them.

export interface JobAlertDigestOptions {
  db: AppDatabase;
  jobSearch: JobSearch;
  mailer: Mailer;
  site: { origin: string; productName: string };
  /** Signs the unsubscribe links (bff/secrets.ts). */
  unsubscribeKey: string;
  log: (message: string) => void;
}

/** Alerts read per batch of one run. */
const BATCH = 200;
/** Result pages read per alert at most (newest first, stopping at the high-water mark). */
const MAX_PAGES = 4;

interface Candidate {
  id: string;
  title: string;
  companyId: string;
  companyName: string | null;
  location: string | null;
  publishedAt: Date;
}

/** The open ads of the alert's search published after `since`, newest first, read page by page until older ones come. */
async function newAdsOf(options: JobAlertDigestOptions, query: string, since: Date, now: Date): Promise<Candidate[]> {
  const params = { ...jobAlertSearchParams(query), perPage: MAX_PER_PAGE };
  const found: Candidate[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { ids } = await options.jobSearch.search({ ...params, page }, now);
    if (!ids.length) break;
    const rows = await options.db
      .select({ id: jobAd.id, title: jobAd.title, companyId: jobAd.publisherCompanyId, name: company.name, isAnonymous: jobAd.isAnonymous, location: jobAd.location, publishedAt: jobAd.publishedAt })
      .from(jobAd)
      .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
      .where(inArray(jobAd.id, ids));
    for (const row of rows) {
      if (row.publishedAt) found.push({ id: row.id, title: row.title, companyId: row.companyId, companyName: row.isAnonymous ? null : row.name, location: row.location, publishedAt: row.publishedAt });
    }
    const oldest = Math.min(...rows.map((row) => row.publishedAt?.getTime() ?? Infinity));
    if (ids.length < params.perPage || oldest <= since.getTime()) break;
  }
  return found;
}

/**
 * One alert's digest. The alert is claimed first by moving its high-water mark to `now`
 * where it still holds the value read (so two runs never mail the same alert twice); a
 * failed send puts the mark back, so the next run tries again with the same ads.
 */
async function digestOne(options: JobAlertDigestOptions, alert: { id: string; query: string; frequency: JobAlertFrequency; checkedThrough: Date; email: string; language: string | null }, now: Date): Promise<boolean> {
  const { db } = options;
  const [claimed] = await db
    .update(jobAlert)
    .set({ checkedThrough: now })
    .where(and(eq(jobAlert.id, alert.id), eq(jobAlert.checkedThrough, alert.checkedThrough)))
    .returning({ id: jobAlert.id });
  if (!claimed) return false;
  try {
    const selection = selectDigestAds(await newAdsOf(options, alert.query, alert.checkedThrough, now), alert.checkedThrough, now);
    if (!selection.ads.length) return false;
    // In the language of the user whose alert it is.
    const language = userLanguageOf(alert.language);
    const t = getTranslator(['common'], language);
    const mail = jobAlertDigestMail(
      {
        label: jobAlertLabel(alert.query, t),
        query: alert.query,
        frequency: alert.frequency,
        ads: selection.ads,
        leftOut: selection.leftOut,
        unsubscribeUrl: unsubscribeUrl(options.site.origin, createUnsubscribeToken(options.unsubscribeKey, alert.id)),
      },
      t,
      options.site,
      language,
    );
    await options.mailer.send({ to: alert.email, ...mail });
    await db.update(jobAlert).set({ lastSentAt: now }).where(eq(jobAlert.id, alert.id));
    return true;
  } catch (error) {
    await db.update(jobAlert).set({ checkedThrough: alert.checkedThrough }).where(and(eq(jobAlert.id, alert.id), eq(jobAlert.checkedThrough, now)));
    throw error;
  }
}

/**
 * Mails the digests of every alert of this frequency that is due at `now` (its last one
 * at least a day or a week ago), to active users only. Answers how many alerts were
 * looked at and mailed; an alert whose mail failed is logged and left due.
 */
export async function sendJobAlertDigests(options: JobAlertDigestOptions, frequency: JobAlertFrequency, now = new Date()): Promise<{ checked: number; sent: number; failed: number }> {
  const totals = { checked: 0, sent: 0, failed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = await options.db
      .select({ id: jobAlert.id, query: jobAlert.query, frequency: jobAlert.frequency, checkedThrough: jobAlert.checkedThrough, email: user.email, language: userLanguageColumn })
      .from(jobAlert)
      .innerJoin(user, and(eq(user.id, jobAlert.userId), eq(user.status, 'active')))
      .where(and(eq(jobAlert.frequency, frequency), lte(jobAlert.checkedThrough, dueBefore(frequency, now))))
      .orderBy(jobAlert.checkedThrough, jobAlert.id)
      .limit(BATCH);
    // A failed alert stays due: it is not read again in the same run.
    const fresh = due.filter((alert) => !seen.has(alert.id));
    if (!fresh.length) break;
    for (const alert of fresh) {
      seen.add(alert.id);
      totals.checked += 1;
      try {
        if (await digestOne(options, alert, now)) totals.sent += 1;
      } catch (error) {
        totals.failed += 1;
        options.log(`job alerts: the ${frequency} digest of alert ${alert.id} failed (${errorMessage(error)}); it stays due`);
      }
    }
  }
  options.log(`job alerts: ${frequency} digests: ${totals.checked} due, ${totals.sent} mailed, ${totals.failed} failed`);
  return totals;
}

/**
 * The one-click unsubscribe (RFC 8058) and the unsubscribe page's button: deletes the alert
 * the token names, recorded as its user's jobAlert.delete. True when an alert was removed;
 * false for a bad token or an alert already gone (nothing to do either way).
 */
export async function unsubscribeJobAlert(db: AppDatabase, key: string, token: string | null): Promise<boolean> {
  const alertId = readUnsubscribeToken(key, token);
  if (!alertId) return false;
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(jobAlert).where(eq(jobAlert.id, alertId)).returning();
    if (!removed) return false;
    const [owner] = await tx.select({ id: user.id, externalId: user.externalId, email: user.email }).from(user).where(eq(user.id, removed.userId));
    const viewer: Viewer = { userId: owner!.id, externalId: owner!.externalId, email: owner!.email, isAdmin: false, adminPermissions: [], isImpersonate: false, actor: null, authenticatedAt: null };
    await recordEvent(tx, viewer, {
      type: 'jobAlert.delete',
      toId: owner!.id,
      data: { entityId: removed.id, unsubscribed: true, before: { query: removed.query, frequency: removed.frequency }, after: null },
    });
    return true;
  });
}
