import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { getTranslator } from '../../../lib/i18n/i18n';
import type { AppDatabase } from '../../db/client';
import { companyOnUser, interview, interviewCalendarFeed, user } from '../../db/schema';
import { userLanguageColumn, userLanguageOf } from '../user-language';
import { calendarFeed } from '../../calendar/calendar-invitation';
import { builder } from '../builder';
import { notFound } from '../errors';
import { locationText } from './interview-invitations';
import { interviewUid, peopleOf } from './interview-rows';

// A member's private calendar feed (interviews): an address with a secret that her calendar
// subscribes to, listing the interviews she organises or sits in, at the companies she still
// belongs to (booked ones, and cancelled ones so that calendars drop them). The secret is
// looked up by its hash; it is kept sealed so her page can show the address again.

/** Interviews older than this leave the feed. */
const FEED_PAST_DAYS = 60;
const FEED_LIMIT = 500;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const SEAL_PURPOSE = (userId: string) => `interview-calendar-feed:${userId}`;

const InterviewCalendarFeed = builder.objectRef<{ token: string | null; createdAt: Date }>('InterviewCalendarFeed').implement({
  fields: (t) => ({
    token: t.exposeString('token', { nullable: true, description: 'The secret of the address /api/calendar-feeds/<token>.ics; null where it cannot be shown again (make a new one)' }),
    createdAt: t.field({ type: 'DateTime', resolve: (feed) => feed.createdAt }),
  }),
});

builder.queryField('myInterviewCalendarFeed', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: InterviewCalendarFeed,
    nullable: true,
    description: "The signed-in user's calendar feed of her interviews, or null before she made one",
    resolve: async (_root, _args, context) => {
      const [row] = await context.db.select().from(interviewCalendarFeed).where(eq(interviewCalendarFeed.userId, context.viewer.userId)).limit(1);
      if (!row) return null;
      const token = row.sealedToken && context.secretBox ? context.secretBox.open(row.sealedToken, SEAL_PURPOSE(row.userId)) : null;
      return { token, createdAt: row.createdAt };
    },
  }),
);

builder.mutationField('renewInterviewCalendarFeed', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: InterviewCalendarFeed,
    description: "Makes the signed-in user's calendar feed address, or a new one in place of the old (which stops working at once)",
    resolve: async (_root, _args, context) => {
      const token = randomBytes(24).toString('base64url');
      const userId = context.viewer.userId;
      const values = { tokenHash: hashOf(token), sealedToken: context.secretBox ? context.secretBox.seal(token, SEAL_PURPOSE(userId)) : null, createdAt: new Date() };
      const [row] = await context.db.insert(interviewCalendarFeed).values({ userId, ...values }).onConflictDoUpdate({ target: interviewCalendarFeed.userId, set: values }).returning();
      return { token, createdAt: row!.createdAt };
    },
  }),
);

/** The feed's calendar text for a secret, or null for an unknown one. */
export async function calendarFeedText(db: AppDatabase, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [feed] = await db
    .select({ userId: interviewCalendarFeed.userId, language: userLanguageColumn })
    .from(interviewCalendarFeed)
    .innerJoin(user, eq(user.id, interviewCalendarFeed.userId))
    .where(eq(interviewCalendarFeed.tokenHash, hashOf(token)))
    .limit(1);
  if (!feed) return null;
  const memberOf = db.select({ companyId: companyOnUser.companyId }).from(companyOnUser).where(eq(companyOnUser.userId, feed.userId));
  const rows = await db
    .select()
    .from(interview)
    .where(
      and(
        inArray(interview.status, ['BOOKED', 'CANCELLED']),
        gt(interview.endsAt, new Date(Date.now() - FEED_PAST_DAYS * 86_400_000)),
        or(eq(interview.organizerUserId, feed.userId), sql`${feed.userId} = any(${interview.interviewerIds})`),
        inArray(interview.companyId, memberOf),
      ),
    )
    .orderBy(desc(interview.startsAt))
    .limit(FEED_LIMIT);
  // In the language of the member whose feed it is.
  const t = getTranslator(['common'], userLanguageOf(feed.language));
  const events = [];
  for (const row of rows) {
    if (!row.startsAt || !row.endsAt) continue;
    const people = await peopleOf(db, row);
    const values = { title: people.jobTitle, company: people.companyName, talent: people.talent?.name ?? '' };
    const organizer = people.organizer ?? people.interviewers[0];
    events.push({
      uid: interviewUid(row.id),
      sequence: row.sequence,
      start: row.startsAt,
      end: row.endsAt,
      timeZone: row.timeZone,
      summary: t('interviews.feedSummary', values),
      description: t('interviews.description', values),
      location: locationText(row, t),
      organizer: organizer ? { name: organizer.name, email: organizer.email } : { name: people.companyName, email: 'interviews@invalid' },
      attendees: [...(people.talent ? [people.talent] : []), ...people.interviewers].map((person) => ({ name: person.name, email: person.email })),
      cancelled: row.status === 'CANCELLED',
    });
  }
  return calendarFeed(t('interviews.feedName'), events);
}

builder.queryField('interviewCalendarFeed', (t) =>
  t.field({
    type: 'String',
    description: 'A calendar feed as iCalendar text (METHOD:PUBLISH), for its secret; public, the secret is the credential. NOT_FOUND for an unknown secret',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, context) => {
      const text = await calendarFeedText(context.db, token);
      if (text === null) throw notFound('The calendar feed');
      return text;
    },
  }),
);
