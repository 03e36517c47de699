import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationPreference } from '../../../lib/notifications/notification-preferences';
import { getTranslator } from '../../../lib/i18n/i18n';
import { notificationLanguage } from '../../../lib/notifications/notification-language';
import { userLanguageColumn, userLanguageOf } from '../user-language';
import { companyReaderHears, isCompanyAudience, mailAudienceOf, pushRecipientOf, recipientOf } from '../../../lib/notifications/notification-rules';
import { notificationPush } from '../../../lib/notifications/notification-text';
import type { PushMessage } from '../../../lib/notifications/push-subscription';
import { errorMessage } from '../../../lib/text/error-message';
import type { AppDatabase } from '../../db/client';
import { generalEventslog, user, webPushSubscription } from '../../db/schema';
import type { PushOutcome, PushSender } from '../../push/push-sender';
import { readersOf } from './event-readers';
import { notificationFactsOf } from './notification-facts';
import { readNotificationPreferences } from './preferences';
import type { RecordedEvent } from '../recorded-events';

// Web push for the events of the log, beside their e-mail (event-mail.ts) and on the same
// terms: never inside the write, and to the same people (event-readers.ts). Once an
// operation is over, the events it recorded that notify a user whose settings have push on
// for the type (an event addressed to a company: its owners or the member it added) are
// read back from the log (a rolled-back write left none), and one push per subscribed browser of that user is handed
// to `dispatch`: the database job queue (src/server/queue), whose retries survive a
// restart; without one (QUEUE_ENABLED=false, tests) it is delivered at once.

/** One push to one browser: the subscription is read again when it is sent (it may be gone by then). */
export interface PushJob {
  subscriptionId: string;
  message: PushMessage;
}

export interface EventPushOptions {
  db: AppDatabase;
  site: { productName: string };
  dispatch: (job: PushJob) => Promise<void>;
  log: (message: string) => void;
}

export interface EventPush {
  /** The events one operation recorded, once it is over: returns at once, pushes later. */
  afterOperation(events: readonly RecordedEvent[]): void;
  /** Resolves when every push handed over so far is dispatched (tests, shutdown). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function createEventPush(options: EventPushOptions): EventPush {
  const { db, log } = options;
  const under = new Set<Promise<void>>();
  let closed = false;

  /**
   * The pushes the committed ones among these events make: one per event, reader and
   * subscribed browser. An event addressed to a user goes to that user; one addressed to a
   * company goes to the same readers as its mail (the owners, the member added), each as
   * their own settings say.
   */
  async function jobsFor(events: readonly RecordedEvent[]): Promise<PushJob[]> {
    const preferences = new Map<string, Promise<NotificationPreference[]>>();
    const preferencesOf = (userId: string) => {
      if (!preferences.has(userId)) preferences.set(userId, readNotificationPreferences(db, userId));
      return preferences.get(userId)!;
    };
    const toUser: RecordedEvent[] = [];
    // Most events notify nobody: they cost no query here.
    for (const event of events) {
      const recipient = recipientOf(event);
      if (recipient && pushRecipientOf(event, await preferencesOf(recipient))) toUser.push(event);
    }
    const toCompany = events.filter((event) => isCompanyAudience(mailAudienceOf(event)));
    if (!toUser.length && !toCompany.length) return [];
    const byId = new Map([...toUser, ...toCompany].map((event) => [event.id, event]));
    const rows = await db.select().from(generalEventslog).where(inArray(generalEventslog.id, [...byId.keys()]));
    const targets: Array<{ row: (typeof rows)[number]; userId: string; addressee: boolean }> = [];
    for (const row of rows) {
      const event = byId.get(row.id)!;
      if (row.toId && toUser.includes(event)) targets.push({ row, userId: row.toId, addressee: true });
      else {
        for (const reader of await readersOf(db, row, event)) {
          if (reader.userId && companyReaderHears(event, reader.userId, await preferencesOf(reader.userId), 'push')) targets.push({ row, userId: reader.userId, addressee: false });
        }
      }
    }
    if (!targets.length) return [];
    const subscriptions = await db
      .select({ id: webPushSubscription.id, userId: webPushSubscription.userId, language: userLanguageColumn })
      .from(webPushSubscription)
      .innerJoin(user, eq(user.id, webPushSubscription.userId))
      .where(and(inArray(webPushSubscription.userId, [...new Set(targets.map((target) => target.userId))]), eq(user.status, 'active')));
    if (!subscriptions.length) return [];
    const facts = await notificationFactsOf(db, targets.map((target) => target.row));
    return targets.flatMap((target, index) =>
      subscriptions
        .filter((subscription) => subscription.userId === target.userId)
        .map((subscription) => {
          const language = notificationLanguage(facts[index]!.jobLanguage, { language: userLanguageOf(subscription.language), addressee: target.addressee });
          return { subscriptionId: subscription.id, message: notificationPush(facts[index]!, getTranslator(['common'], language), options.site.productName, language) };
        }),
    );
  }

  return {
    afterOperation(events) {
      if (closed) return;
      const work = (async () => {
        try {
          for (const job of await jobsFor(events)) {
            await options.dispatch(job).catch((error: unknown) => log(`push: to subscription ${job.subscriptionId} not handed over (${errorMessage(error)})`));
          }
        } catch (error) {
          log(`push: could not prepare the pushes of ${events.length} events (${errorMessage(error)})`);
        }
      })();
      under.add(work);
      void work.finally(() => under.delete(work));
    },
    async settled() {
      while (under.size) await Promise.allSettled([...under]);
    },
    async close() {
      closed = true;
      await this.settled();
    },
  };
}

/**
 * Sends one push: reads its subscription (gone already: nothing to do), hands it to the
 * push service, and removes the subscription when the service says it is no more (404,
 * 410). Any other failure is thrown, for the queue to try again.
 */
export async function deliverPush(db: AppDatabase, sender: PushSender, job: PushJob): Promise<PushOutcome> {
  const [target] = await db
    .select({ endpoint: webPushSubscription.endpoint, p256dh: webPushSubscription.p256dh, auth: webPushSubscription.auth })
    .from(webPushSubscription)
    .where(eq(webPushSubscription.id, job.subscriptionId))
    .limit(1);
  if (!target) return 'gone';
  const outcome = await sender.send(target, job.message);
  // Only the row that was tried: the browser may have subscribed again meanwhile.
  if (outcome === 'gone') await db.delete(webPushSubscription).where(and(eq(webPushSubscription.id, job.subscriptionId), eq(webPushSubscription.endpoint, target.endpoint)));
  return outcome;
}
