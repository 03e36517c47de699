import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { eventTypesOnChannel, UNREAD_COUNT_CAP } from '../../../lib/notifications/notification-rules';
import type { NotificationFacts } from '../../../lib/notifications/notification-text';
import type { AppDatabase } from '../../db/client';
import { generalEventslog, type EventType } from '../../db/schema';
import { builder } from '../builder';
import { notFound } from '../errors';
import { recordEvent } from '../record-event';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { notificationFactsOf, type EventRow } from './notification-facts';
import { readNotificationPreferences } from './preferences';

// The in-app notification centre: the event log rows addressed to the
// signed-in user whose type they hear of in the app (userNotificationPreferences `ui`,
// defaults when none saved), newest first, with `read` (the generalEventslog entity). Like
// every `my` operation it takes no user id: another user's event answers NOT_FOUND.

type Reader = Pick<AppDatabase, 'select'>;

interface NotificationRow extends NotificationFacts {
  id: string;
  read: boolean;
  createdAt: Date;
}

/**
 * The caller's notifications as a condition on the log: addressed to them, of a type on
 * in the app, not done by themselves (the SQL twin of `recipientOf`: the actor is
 * eventData.actorUserId, or fromId on rows written before it was kept).
 */
async function myNotifications(db: Reader, userId: string): Promise<SQL> {
  const types = eventTypesOnChannel(await readNotificationPreferences(db, userId), 'ui') as EventType[];
  return and(
    eq(generalEventslog.toId, userId),
    types.length ? inArray(generalEventslog.type, types) : sql`false`,
    sql`coalesce(${generalEventslog.eventData}->>'actorUserId', ${generalEventslog.fromId}::text) is distinct from ${userId}::text`,
  )!;
}

async function withFacts(db: Reader, rows: EventRow[]): Promise<NotificationRow[]> {
  const facts = await notificationFactsOf(db, rows);
  return rows.map((row, index) => ({ ...facts[index]!, id: row.id, read: row.read, createdAt: row.createdAt }));
}

/** Unread notifications, counted up to just past the bell's cap (the bell says "99+"). */
async function unreadCount(db: Reader, scope: SQL): Promise<number> {
  const unread = db.select({ id: generalEventslog.id }).from(generalEventslog).where(and(scope, eq(generalEventslog.read, false))).limit(UNREAD_COUNT_CAP + 1).as('unread');
  const [row] = await db.select({ value: count() }).from(unread);
  return row?.value ?? 0;
}

const Notification = builder.objectRef<NotificationRow>('Notification');
Notification.implement({
  description: 'One event of the log addressed to you: its type, when, whether read, and the names its sentence needs',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type', { description: 'The event type, e.g. talentJobApplication.update' }),
    read: t.exposeBoolean('read'),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    entityId: t.exposeID('entityId', { nullable: true, description: 'The row the event is about (application, invitation, billing...)' }),
    companyId: t.exposeID('companyId', { nullable: true }),
    companyName: t.exposeString('companyName', { nullable: true }),
    title: t.exposeString('title', { nullable: true, description: 'The job of the application, invitation or assignment' }),
    step: t.exposeString('step', { nullable: true, description: 'The hiring step an application moved to' }),
    stepGroup: t.exposeString('stepGroup', { nullable: true, description: 'IN_PROGRESS, HIRED, REJECTED or WITHDRAWN' }),
    talentStatus: t.exposeString('talentStatus', { nullable: true, description: "An application's status as its talent is shown it (talentJobApplicationStatus.create)" }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why an application or a billing was rejected' }),
    status: t.exposeString('status', { nullable: true, description: "The status a billing moved to; a roster entry's consent (requested: a company asks to hold you on its roster)" }),
    billingPeriod: t.exposeString('billingPeriod', { nullable: true, description: 'The billing month, 2026-03' }),
    invoiceNumber: t.exposeString('invoiceNumber', { nullable: true }),
    document: t.exposeString('document', { nullable: true, description: 'The document a company downloaded: cv, resume or pdf' }),
    invitation: t.boolean({ description: 'An invitation to join a company (companyOnUser.create)', resolve: (row) => row.invitation === true }),
    role: t.exposeString('role', { nullable: true, description: "A member invitation's role" }),
    inviter: t.exposeString('inviter', { nullable: true, description: 'Who sent a member invitation' }),
    partner: t.exposeString('partner', { nullable: true, description: "A company link's other company" }),
    relation: t.exposeString('relation', { nullable: true, description: 'A proposed company link as your company reads it: PROVIDES_TO_US or WE_PROVIDE_TO' }),
    threadId: t.exposeID('threadId', { nullable: true, description: "A message's conversation" }),
    fromCompany: t.boolean({ nullable: true, description: 'A message written for the company (true) or by the talent (false, a company reader’s copy); null for other events', resolve: (row) => row.fromCompany ?? null }),
    talentName: t.string({ nullable: true, description: 'The talent who wrote a message, or booked, moved or cancelled an interview, as her company readers hear of it', resolve: (row) => row.talentName ?? null }),
    jobApplicationId: t.id({ nullable: true, description: 'The application an interview is for', resolve: (row) => row.jobApplicationId ?? null }),
    action: t.string({
      nullable: true,
      description: "The platform's review the event records: a company's (verify, reject, ...) or a talent's bank details' (paymentProfileVerify, paymentProfileRefuse)",
      resolve: (row) => row.action ?? null,
    }),
  }),
});

const NotificationPage = pageOf(Notification, 'Notification');

builder.queryField('myNotifications', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: NotificationPage,
    description: 'Your notifications, newest first: the events addressed to you whose type is on in the app in your notification settings',
    args: { ...pageArgs, unreadOnly: t.arg.boolean({ required: false, description: 'Only the unread ones (default false)' }) },
    resolve: async (_root, args, { db, viewer }) => {
      const { page, perPage, offset } = pageWindow(args);
      const scope = await myNotifications(db, viewer.userId);
      const where = args.unreadOnly ? and(scope, eq(generalEventslog.read, false))! : scope;
      const [rows, [total]] = await Promise.all([
        db.select().from(generalEventslog).where(where).orderBy(desc(generalEventslog.createdAt), desc(generalEventslog.id)).limit(perPage).offset(offset),
        db.select({ value: count() }).from(generalEventslog).where(where),
      ]);
      return { items: await withFacts(db, rows), total: total?.value ?? 0, page, perPage };
    },
  }),
);

builder.queryField('myUnreadNotificationCount', (t) =>
  t.withAuth({ signedIn: true }).int({
    description: `How many of your notifications are unread, counted up to ${UNREAD_COUNT_CAP + 1} (the bell shows ${UNREAD_COUNT_CAP}+ beyond)`,
    resolve: async (_root, _args, { db, viewer }) => unreadCount(db, await myNotifications(db, viewer.userId)),
  }),
);

builder.mutationField('markNotificationRead', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Notification,
    description: 'Marks one of your notifications read (again is fine); any other id is NOT_FOUND',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { db, viewer }) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This notification');
      const scope = await myNotifications(db, viewer.userId);
      const row = await db.transaction(async (tx) => {
        const [unread] = await tx.update(generalEventslog).set({ read: true }).where(and(eq(generalEventslog.id, id), scope, eq(generalEventslog.read, false))).returning();
        if (unread) {
          await recordEvent(tx, viewer, { type: 'notification.update', toId: null, data: { entityId: id, changedFields: ['read'], before: { read: false }, after: { read: true } } });
          return unread;
        }
        // Already read: marking it again changes nothing and logs nothing.
        const [read] = await tx.select().from(generalEventslog).where(and(eq(generalEventslog.id, id), scope));
        return read;
      });
      if (!row) throw notFound('This notification');
      const [notification] = await withFacts(db, [row]);
      return notification!;
    },
  }),
);

builder.mutationField('markAllNotificationsRead', (t) =>
  t.withAuth({ signedIn: true }).int({
    description: 'Marks all your unread notifications read; answers how many it marked',
    resolve: async (_root, _args, { db, viewer }) => {
      const scope = await myNotifications(db, viewer.userId);
      return db.transaction(async (tx) => {
        const marked = await tx.update(generalEventslog).set({ read: true }).where(and(scope, eq(generalEventslog.read, false))).returning({ id: generalEventslog.id });
        if (marked.length) {
          await recordEvent(tx, viewer, { type: 'notification.update', toId: null, data: { changedFields: ['read'], before: { read: false }, after: { read: true }, count: marked.length } });
        }
        return marked.length;
      });
    },
  }),
);
