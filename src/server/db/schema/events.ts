import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { eventType } from './enums';

/** What a log row carries about the change; `before`/`after` hold the changed fields. */
export interface EventData {
  entityId?: string;
  companyId?: string | null;
  actorUserId?: string | null;
  impersonatorUserId?: string | null;
  /** The impersonation (its reason, its stretch of time) a write made under it belongs to. */
  impersonationId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  [detail: string]: unknown;
}

/**
 * Audit trail and notification feed: one row per mutation of an event type,
 * written in the mutation's transaction. fromId/toId have no foreign key on purpose:
 * they point at users or companies, and the trail must outlive what it mentions.
 */
export const generalEventslog = pgTable(
  'general_eventslog',
  {
    id: id(),
    fromId: uuid('from_id'),
    toId: uuid('to_id'),
    type: eventType('type').notNull(),
    eventData: jsonb('event_data').$type<EventData>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('general_eventslog_to_id_idx').on(t.toId, t.read, t.createdAt.desc()),
    index('general_eventslog_from_id_idx').on(t.fromId, t.createdAt.desc()),
    index('general_eventslog_type_idx').on(t.type, t.createdAt.desc()),
    // A company's dashboard reads its own events of a kind since a day (its charts).
    index('general_eventslog_company_type_idx')
      .on(sql`(${t.eventData}->>'companyId')`, t.type, t.createdAt)
      .where(sql`(${t.eventData}->>'companyId') is not null`),
    // A record's history (an application's moves and notes) reads its own events.
    index('general_eventslog_entity_idx')
      .on(sql`(${t.eventData}->>'entityId')`, t.createdAt)
      .where(sql`(${t.eventData}->>'entityId') is not null`),
    // The impersonation audit lists the writes made under each impersonation.
    index('general_eventslog_impersonation_id_idx')
      .on(sql`(${t.eventData}->>'impersonationId')`)
      .where(sql`(${t.eventData}->>'impersonationId') is not null`),
  ],
);
