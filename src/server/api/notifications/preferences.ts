import { eq } from 'drizzle-orm';
import { withDefaults, type NotificationPreference } from '../../../lib/account/notification-preferences';
import type { AppDatabase } from '../../db/client';
import { userNotificationPreferences } from '../../db/schema';

/** One preference per event type for a user: their stored choice, else the default. */
export async function readNotificationPreferences(db: Pick<AppDatabase, 'select'>, userId: string): Promise<NotificationPreference[]> {
  const stored = await db
    .select({ type: userNotificationPreferences.type, email: userNotificationPreferences.email, ui: userNotificationPreferences.ui, push: userNotificationPreferences.push })
    .from(userNotificationPreferences)
    .where(eq(userNotificationPreferences.userId, userId));
  return withDefaults(stored);
}
