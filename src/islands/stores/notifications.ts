import { atom } from 'nanostores';

export type NotificationVariant = 'error' | 'info' | 'success' | 'warning';

/** A sticky banner (a notification): stays until closed or acted on. */
export interface Notification {
  id: string;
  variant: NotificationVariant;
  message: string;
  action?: { label: string; run: () => void };
}

export const notifications = atom<Notification[]>([]);

/** Shows a banner; a banner with the same id replaces the older one instead of stacking. */
export function notify(notification: Notification) {
  notifications.set([...notifications.get().filter((item) => item.id !== notification.id), notification]);
}

export function dismissNotification(id: string) {
  notifications.set(notifications.get().filter((item) => item.id !== id));
}
