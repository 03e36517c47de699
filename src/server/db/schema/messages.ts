import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Attachment } from './billing';
import { id, timestamps, timestamptz, type HeldSender } from './columns';
import { company } from './companies';
import { jobAssignment, talentInvitation, talentJobApplication } from './jobs';
import { talentProfile } from './talents';
import { user } from './users';

// Messages between a company and a talent: one thread per application, invitation or
// assignment (exactly one of the three is set), between the company's members allowed to
// see that record and the talent. Private notes (companyTalentNote) never appear here.
export const messageThread = pgTable(
  'message_thread',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'cascade' }),
    jobApplicationId: uuid('job_application_id').references(() => talentJobApplication.id, { onDelete: 'cascade' }),
    talentInvitationId: uuid('talent_invitation_id').references(() => talentInvitation.id, { onDelete: 'cascade' }),
    jobAssignmentId: uuid('job_assignment_id').references(() => jobAssignment.id, { onDelete: 'cascade' }),
    /** The newest message's time: inboxes list threads by it. */
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    /**
     * Each side's newest message: a reader has something unread exactly when the other side's
     * is later than their last read, a comparison on the row (the menus count on every page).
     */
    lastCompanyMessageAt: timestamptz('last_company_message_at'),
    lastTalentMessageAt: timestamptz('last_talent_message_at'),
    /** The side that closed the conversation ('company' or 'talent'): the other side can no longer write in it. */
    blockedSide: text('blocked_side'),
    blockedAt: timestamptz('blocked_at'),
    blockedByUserId: uuid('blocked_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('message_thread_one_subject', sql`num_nonnulls(${t.jobApplicationId}, ${t.talentInvitationId}, ${t.jobAssignmentId}) = 1`),
    check('message_thread_blocked_side', sql`${t.blockedSide} is null or ${t.blockedSide} in ('company', 'talent')`),
    uniqueIndex('message_thread_job_application_unique').on(t.jobApplicationId),
    uniqueIndex('message_thread_talent_invitation_unique').on(t.talentInvitationId),
    // An assignment concerns up to three companies: each has its own thread with the talent.
    uniqueIndex('message_thread_job_assignment_company_unique').on(t.jobAssignmentId, t.companyId),
    index('message_thread_company_last_idx').on(t.companyId, t.lastMessageAt.desc()),
    index('message_thread_talent_last_idx').on(t.talentProfileId, t.lastMessageAt.desc()),
  ],
);

export const message = pgTable(
  'message',
  {
    id: id(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThread.id, { onDelete: 'cascade' }),
    /** Who wrote it (the user the write was made as; an impersonator is in its event row). */
    authorUserId: uuid('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Written for the company (by one of its members) rather than by the talent. */
    fromCompany: boolean('from_company').notNull(),
    body: text('body').notNull(),
    /** Files sent with it (lib/messages/message-attachments.ts): private, downloaded by the thread's two sides only. */
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    /**
     * A message held back so that its sender may undo it (one message to several
     * applications): nobody else sees it, and nobody is told of it, until this time; null
     * once it went out (held-messages.ts delivers it).
     */
    deliverAt: timestamptz('deliver_at'),
    /** Who sent a held message, as its event will say (the impersonator too): kept until it goes out. */
    heldBy: jsonb('held_by').$type<HeldSender>(),
    ...timestamps(),
  },
  (t) => [index('message_thread_created_idx').on(t.threadId, t.createdAt), index('message_deliver_at_idx').on(t.deliverAt).where(sql`${t.deliverAt} is not null`)],
);

/** Up to when a user has read a thread: what came later from the other side is unread. */
export const messageThreadRead = pgTable(
  'message_thread_read',
  {
    id: id(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThread.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('message_thread_read_thread_user_unique').on(t.threadId, t.userId), index('message_thread_read_user_idx').on(t.userId)],
);

/**
 * A conversation reported to the platform by one of its sides (spam, harassment, fraud):
 * moderators read it in the admin area and dismiss it or close the conversation to the
 * reported side. Kept after the decision, with who made it and when.
 */
export const messageThreadReport = pgTable(
  'message_thread_report',
  {
    id: id(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThread.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The reporter's side ('company' or 'talent'): the other side is the one reported. */
    side: text('side').notNull(),
    /** One of THREAD_REPORT_REASONS (lib/messages/thread-reports.ts). */
    reason: text('reason').notNull(),
    details: text('details'),
    /** 'open' until a moderator decides: 'dismissed' or 'closed' (the conversation closed to the reported side). */
    status: text('status').notNull().default('open'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('message_thread_report_side', sql`${t.side} in ('company', 'talent')`),
    check('message_thread_report_status', sql`${t.status} in ('open', 'dismissed', 'closed')`),
    index('message_thread_report_status_created_idx').on(t.status, t.createdAt.desc()),
    index('message_thread_report_thread_idx').on(t.threadId),
  ],
);

/**
 * A company's message template (lib/messages/message-templates.ts): a name and a text whose
 * merge fields ({talentName}, {jobTitle}, {companyName}) are filled in for each talent it
 * is sent to. Names are unique in a company, whatever their case.
 */
export const messageTemplate = pgTable(
  'message_template',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('message_template_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);
