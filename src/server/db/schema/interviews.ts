import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ScorecardAnswers, ScorecardDefinition } from '../../../lib/interviews/interview-rules';
import { createdAt, id, timestamps, timestamptz } from './columns';
import { company, companyHiringStep } from './companies';
import { talentJobApplication } from './jobs';
import { talentProfile } from './talents';
import { user } from './users';

// Interviews (lib/interviews/interview-rules.ts): a plan per hiring step, the times a
// company proposes, the interview the talent books, and each interviewer's scorecard.

/** How a step interviews: its duration, interviewers, location and scorecard. One per step. */
export const interviewPlan = pgTable(
  'interview_plan',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    companyHiringStepId: uuid('company_hiring_step_id')
      .notNull()
      .references(() => companyHiringStep.id, { onDelete: 'cascade' }),
    durationMinutes: integer('duration_minutes').notNull(),
    interviewerIds: uuid('interviewer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    locationKind: text('location_kind').notNull(),
    location: text('location'),
    scorecard: jsonb('scorecard').$type<ScorecardDefinition>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('interview_plan_step_unique').on(t.companyHiringStepId), index('interview_plan_company_idx').on(t.companyId)],
);

/**
 * A time a company offers for interviews. One slot may be offered to several applicants of a
 * step (interviewOfferedSlot); the unique index on interview.slot_id is what keeps two of them
 * from booking it, however close together they click.
 */
export const interviewSlot = pgTable(
  'interview_slot',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('interview_slot_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`), index('interview_slot_company_start_idx').on(t.companyId, t.startsAt)],
);

export const interview = pgTable(
  'interview',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    jobApplicationId: uuid('job_application_id')
      .notNull()
      .references(() => talentJobApplication.id, { onDelete: 'cascade' }),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'cascade' }),
    /** The step it interviews for (its plan's scorecard): kept when the application moves on. */
    companyHiringStepId: uuid('company_hiring_step_id').references(() => companyHiringStep.id, { onDelete: 'set null' }),
    /** PROPOSED, BOOKED or CANCELLED (INTERVIEW_STATUSES). */
    status: text('status').notNull().default('PROPOSED'),
    /** The booked time; null while proposed and once cancelled (which frees the slot). */
    slotId: uuid('slot_id').references(() => interviewSlot.id, { onDelete: 'restrict' }),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The organiser's zone: the calendar invitation's times and the mails' wording. */
    timeZone: text('time_zone').notNull(),
    locationKind: text('location_kind').notNull(),
    location: text('location'),
    interviewerIds: uuid('interviewer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    scorecard: jsonb('scorecard').$type<ScorecardDefinition>().notNull(),
    organizerUserId: uuid('organizer_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The calendar invitation's SEQUENCE: one more with every change sent (RFC 5545 3.8.7.4). */
    sequence: integer('sequence').notNull().default(0),
    /** The talent asked for other times, in her words; cleared when new times are proposed. */
    otherTimesNote: text('other_times_note'),
    cancelReason: text('cancel_reason'),
    /** 'company' or 'talent': who called it off. */
    cancelledBy: text('cancelled_by'),
    ...timestamps(),
  },
  (t) => [
    check('interview_status', sql`${t.status} in ('PROPOSED', 'BOOKED', 'CANCELLED')`),
    check('interview_booked_has_time', sql`${t.status} <> 'BOOKED' or (${t.slotId} is not null and ${t.startsAt} is not null and ${t.endsAt} is not null)`),
    uniqueIndex('interview_slot_booked_once').on(t.slotId),
    index('interview_company_start_idx').on(t.companyId, t.startsAt),
    index('interview_talent_start_idx').on(t.talentProfileId, t.startsAt),
    index('interview_application_idx').on(t.jobApplicationId),
  ],
);

/** The times offered to one interview's talent. */
export const interviewOfferedSlot = pgTable(
  'interview_offered_slot',
  {
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interview.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => interviewSlot.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.slotId] }), index('interview_offered_slot_slot_idx').on(t.slotId)],
);

/** One interviewer's scorecard for one interview: hidden from the other interviewers until they submit theirs. */
export const interviewScorecard = pgTable(
  'interview_scorecard',
  {
    id: id(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interview.id, { onDelete: 'cascade' }),
    interviewerUserId: uuid('interviewer_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ratings: jsonb('ratings').$type<ScorecardAnswers['ratings']>().notNull(),
    answers: jsonb('answers').$type<ScorecardAnswers['answers']>().notNull(),
    recommendation: text('recommendation').notNull(),
    ...timestamps(),
  },
  (t) => [
    check('interview_scorecard_recommendation', sql`${t.recommendation} in ('STRONG_NO', 'NO', 'YES', 'STRONG_YES')`),
    uniqueIndex('interview_scorecard_interviewer_unique').on(t.interviewId, t.interviewerUserId),
  ],
);

/**
 * A reminder sent (lib/interviews/interview-reminders.ts): the row is taken before the mail
 * goes, so two instances sweeping at once send it once; keyed by the start it was for, so a
 * moved interview is reminded again for its new time.
 */
export const interviewReminder = pgTable(
  'interview_reminder',
  {
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interview.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.kind, t.startsAt] })],
);

/**
 * A member's private calendar feed of her interviews (a subscribed ICS address): looked up by
 * the hash of its secret, kept sealed (secret-box.ts) so that her page can show the address
 * again. A new address replaces the old, which stops working.
 */
export const interviewCalendarFeed = pgTable(
  'interview_calendar_feed',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    sealedToken: text('sealed_token'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('interview_calendar_feed_token_unique').on(t.tokenHash)],
);
