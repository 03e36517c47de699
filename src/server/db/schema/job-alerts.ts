import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { jobAlertFrequency } from './enums';
import { user } from './users';

/**
 * A talent's saved /jobs search, mailed as a digest of the ads new since the last one
 * (a job alert). `query` is the canonical /jobs query string (searchParamsToQuery,
 * without page), so the digest runs the very search the talent saw. `checkedThrough` is
 * the high-water mark: ads published up to it were already considered (sent, or left out
 * by the digest's limits), so a digest lists only ads published after it. Unsubscribing
 * needs no stored secret: the mail's token is an HMAC of the alert id.
 */
export const jobAlert = pgTable(
  'job_alert',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    frequency: jobAlertFrequency('frequency').notNull().default('daily'),
    checkedThrough: timestamptz('checked_through').notNull().defaultNow(),
    lastSentAt: timestamptz('last_sent_at'),
    ...timestamps(),
  },
  (t) => [
    // The same search is saved once per user; changing how often is an update.
    uniqueIndex('job_alert_user_query_unique').on(t.userId, t.query),
    // The digest job's scan: the alerts of one frequency due since a moment.
    index('job_alert_frequency_checked_idx').on(t.frequency, t.checkedThrough),
  ],
);
