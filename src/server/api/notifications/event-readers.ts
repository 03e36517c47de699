import { and, eq } from 'drizzle-orm';
import { mailAudienceOf } from '../../../lib/notifications/notification-rules';
import type { AppDatabase } from '../../db/client';
import { companyOnUser, companyRole } from '../../db/schema';
import type { EventRow } from './notification-facts';
import type { RecordedEvent } from '../recorded-events';

// Who reads one committed event of the log outside the bell, by its audience
// (mailAudienceOf): e-mail (event-mail.ts) and web push (event-push.ts) reach the same
// people, each then asking the reader's settings for its own channel.

/** A reader: a user of the platform, or an address invited to it (mail only). */
export interface EventReader {
  userId: string | null;
  email: string | null;
}

/**
 * The user the event is addressed to, the owners of the company it is addressed to, the
 * member it added, or the address it invited.
 */
export async function readersOf(db: AppDatabase, row: EventRow, event: RecordedEvent): Promise<EventReader[]> {
  const after = (row.eventData.after ?? {}) as Record<string, unknown>;
  switch (mailAudienceOf(event)) {
    case 'addressee':
      return [{ userId: row.toId, email: null }];
    case 'addedMember':
      return typeof after.userId === 'string' ? [{ userId: after.userId, email: null }] : [];
    case 'invitedAddress':
      return typeof after.email === 'string' ? [{ userId: null, email: after.email }] : [];
    case 'companyOwners': {
      const owners = await db
        .select({ userId: companyOnUser.userId })
        .from(companyOnUser)
        .innerJoin(companyRole, and(eq(companyRole.id, companyOnUser.roleId), eq(companyRole.isDefault, true)))
        .where(eq(companyOnUser.companyId, row.toId!));
      return owners.map((owner) => ({ userId: owner.userId, email: null }));
    }
    default:
      return [];
  }
}
