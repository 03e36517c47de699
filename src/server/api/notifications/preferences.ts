import { eq, sql } from 'drizzle-orm';
import { withDefaults, type NotificationPreference } from '../../../lib/notifications/notification-preferences';
import type { AppDatabase } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { userNotificationPreferences } from '../../db/schema';

const storedPreferencesOf = preparedQuery((db: Pick<AppDatabase, 'select'>) =>
  db
    .select({ type: userNotificationPreferences.type, email: userNotificationPreferences.email, ui: userNotificationPreferences.ui, push: userNotificationPreferences.push })
    .from(userNotificationPreferences)
    .where(eq(userNotificationPreferences.userId, sql.placeholder('userId')))
    .prepare(''),
);

/** One preference per event type for a user: their stored choice, else the default (read for the bell on every signed-in page). */
export async function readNotificationPreferences(db: Pick<AppDatabase, 'select'>, userId: string): Promise<NotificationPreference[]> {
  return withDefaults(await storedPreferencesOf(db).execute({ userId }));
}
