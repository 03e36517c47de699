import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Plugin } from 'graphql-yoga';
import type { NotificationPreference } from '../../../lib/notifications/notification-preferences';
import { getTranslator } from '../../../lib/i18n/i18n';
import { DEFAULT_LANGUAGE } from '../../../lib/i18n/namespaces';
import { companyReaderHears, isMailedEvent, mailAudienceOf, mailRecipientOf, recipientOf } from '../../../lib/notifications/notification-rules';
import { notificationMail } from '../../../lib/notifications/notification-text';
import { notificationLanguage, type NotificationReader } from '../../../lib/notifications/notification-language';
import { userLanguageColumn, userLanguageOf } from '../user-language';
import type { AppDatabase } from '../../db/client';
import { generalEventslog, user } from '../../db/schema';
import type { Mailer, MailMessage, MailThreading } from '../../mail/mailer';
import { readersOf } from './event-readers';
import { notificationFactsOf, type EventRow } from './notification-facts';
import { readNotificationPreferences } from './preferences';
import { gatherRecordedEvents, type RecordedEvent } from '../recorded-events';
import { errorMessage } from '../../../lib/text/error-message';

// E-mail for the events of the log. It never runs inside the write:
// the events an operation records are gathered while it runs (recorded-events.ts), and
// once it is over, so its transactions have committed or rolled back, they are read back
// from the log (a rolled-back write left none) and mailed in the background to the users
// they are addressed to, as the rules and the users' preferences say. The answer to the
// write never waits for a mail, and a failing mail server never fails or undoes it: a send
// that fails goes to the database job queue (`retryLater`, src/server/queue), which tries
// it again with backoff and survives a restart; without a queue (an API run on its own,
// tests) it is tried again in memory after each of RETRY_DELAYS_MS, then given up, each
// step logged.

/** Waits before each new try of a failed send: about 13 minutes in all, then given up. */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000];

export interface EventMailOptions {
  db: AppDatabase;
  mailer: Mailer;
  /** For the absolute links in the mails. */
  site: { origin: string; productName: string };
  log: (message: string) => void;
  retryDelaysMs?: readonly number[];
  /**
   * Keeps a mail whose first send failed for later tries that survive a restart (the
   * database job queue, src/server/queue). Without it the retries wait in memory.
   */
  retryLater?: (message: MailMessage) => Promise<void>;
}

export interface EventMail {
  /** The events one operation recorded, once it is over: returns at once, mails later. */
  afterOperation(events: readonly RecordedEvent[]): void;
  /** Resolves when every mail handed over so far is sent or given up (tests, shutdown). */
  settled(): Promise<void>;
  /** Stops the retries and waits for the sends under way. */
  close(): Promise<void>;
}

export function createEventMail(options: EventMailOptions): EventMail {
  const { db, mailer, log } = options;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const under = new Set<Promise<void>>();
  const stopping = new AbortController();

  const track = (work: Promise<void>) => {
    under.add(work);
    void work.finally(() => under.delete(work));
  };

  /** The mails the committed ones among these events make, one per event and recipient. */
  async function messagesFor(events: readonly RecordedEvent[]): Promise<MailMessage[]> {
    // Read once per user and operation: a batch of moves to one talent costs one query.
    const preferences = new Map<string, Promise<NotificationPreference[]>>();
    const preferencesOf = (userId: string) => {
      if (!preferences.has(userId)) preferences.set(userId, readNotificationPreferences(db, userId));
      return preferences.get(userId)!;
    };
    const wanted: RecordedEvent[] = [];
    // Most operations record nothing worth a mail: they cost no query here.
    for (const event of events.filter((candidate) => isMailedEvent(candidate))) {
      // An event addressed to a user is decided before reading it back; the company's are per reader below.
      if (mailAudienceOf(event) !== 'addressee' || (recipientOf(event) && mailRecipientOf(event, await preferencesOf(event.toId!)))) wanted.push(event);
    }
    // Calendar invitations go whatever the settings, once their write has committed (its row is in the log).
    const calendars = events.filter((event) => event.calendarMails);
    const committedCalendars = calendars.length
      ? new Set((await db.select({ id: generalEventslog.id }).from(generalEventslog).where(inArray(generalEventslog.id, calendars.map((event) => event.id)))).map((row) => row.id))
      : new Set<string>();
    const calendarMessages = calendars.filter((event) => committedCalendars.has(event.id)).flatMap((event) => event.calendarMails!(options.site));
    if (!wanted.length) return calendarMessages;
    const byId = new Map(wanted.map((event) => [event.id, event]));
    const rows = await db.select().from(generalEventslog).where(inArray(generalEventslog.id, [...byId.keys()]));
    // An invited address has no account, hence no language of its own: it reads the default.
    const addressed: Array<{ row: EventRow; to: string; reader: NotificationReader; link?: string; text?: string; threading?: MailThreading }> = [];
    const users = new Map<string, { row: EventRow; addressee: boolean; text?: string; threading?: MailThreading }[]>();
    for (const row of rows) {
      const event = byId.get(row.id)!;
      const addressee = mailAudienceOf(event) === 'addressee';
      for (const reader of await readersOf(db, row, event)) {
        if (reader.email) addressed.push({ row, to: reader.email, reader: { language: DEFAULT_LANGUAGE, addressee: false }, link: event.mailLink });
        else if (reader.userId && (addressee || companyReaderHears(event, reader.userId, await preferencesOf(reader.userId), 'email'))) {
          users.set(reader.userId, [...(users.get(reader.userId) ?? []), { row, addressee, text: event.mailText, threading: event.mailThreading }]);
        }
      }
    }
    const recipients = users.size
      ? await db.select({ id: user.id, email: user.email, language: userLanguageColumn }).from(user).where(and(inArray(user.id, [...users.keys()]), eq(user.status, 'active')))
      : [];
    for (const recipient of recipients) {
      for (const { row, addressee, text, threading } of users.get(recipient.id)!) addressed.push({ row, to: recipient.email, reader: { language: userLanguageOf(recipient.language), addressee }, text, threading });
    }
    const facts = await notificationFactsOf(db, addressed.map((item) => item.row));
    const notified = addressed.map((item, index) => {
      const language = notificationLanguage(facts[index]!.jobLanguage, item.reader);
      const mail = notificationMail({ ...facts[index]!, link: item.link ?? null }, getTranslator(['common'], language), options.site, language);
      // A message's own words come first; the notification's sentence, link and why follow.
      return { to: item.to, ...mail, ...(item.text ? { text: `${item.text}\n\n--\n${mail.text}` } : {}), ...item.threading };
    });
    return [...calendarMessages, ...notified];
  }

  async function deliver(message: MailMessage): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await mailer.send(message);
        return;
      } catch (error) {
        const reason = errorMessage(error);
        if (options.retryLater && !stopping.signal.aborted) {
          try {
            await options.retryLater(message);
            log(`mail: failed (${reason}); queued to be tried again`);
            return;
          } catch (queueError) {
            log(`mail: could not be queued (${errorMessage(queueError)}); trying again in memory`);
          }
        }
        const delay = delays[attempt];
        if (delay === undefined || stopping.signal.aborted) {
          log(`mail: gave up after ${attempt + 1} tries (${reason})`);
          return;
        }
        log(`mail: failed (${reason}); trying again in ${Math.round(delay / 1000)} s`);
        try {
          await sleep(delay, undefined, { signal: stopping.signal, ref: false });
        } catch {
          log(`mail: not sent, shutting down`);
          return;
        }
      }
    }
  }

  return {
    afterOperation(events) {
      if (stopping.signal.aborted) return;
      track(
        (async () => {
          try {
            await Promise.all((await messagesFor(events)).map(deliver));
          } catch (error) {
            log(`mail: could not prepare the mails of ${events.length} events (${errorMessage(error)})`);
          }
        })(),
      );
    },
    async settled() {
      while (under.size) await Promise.allSettled([...under]);
    },
    async close() {
      stopping.abort();
      await this.settled();
    },
  };
}

/**
 * The yoga plugin: each operation gathers the events it records and hands them, once it is
 * done, to each listener (the events' mail, their pushes: event-push.ts).
 */
export function notifyAfterOperations(listeners: ReadonlyArray<Pick<EventMail, 'afterOperation'>>): Plugin {
  return {
    onExecute({ executeFn, setExecuteFn }) {
      const events: RecordedEvent[] = [];
      setExecuteFn((args) => gatherRecordedEvents(events, () => executeFn(args)));
      return {
        onExecuteDone() {
          if (events.length) for (const listener of listeners) listener.afterOperation(events);
        },
      };
    },
  };
}
