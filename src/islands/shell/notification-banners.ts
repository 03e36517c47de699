import { ALERT_TONES, toneClass } from '../../lib/theme/tones';
import { dismissNotification, notifications, type Notification } from '../stores/notifications';
import { MessageListElement, messageBox } from './message-list-element';

/** `<tp-notifications>`: the sticky notification banners, each with an optional action and a close button. */
class NotificationBanners extends MessageListElement<Notification> {
  protected readonly store = notifications;

  protected render(list: readonly Notification[]) {
    const closeLabel = this.dataset.closeLabel ?? 'Close';
    this.replaceChildren(
      ...list.map((notification) => {
        let action: HTMLButtonElement | null = null;
        if (notification.action) {
          const { label, run } = notification.action;
          action = document.createElement('button');
          action.type = 'button';
          action.textContent = label;
          action.addEventListener('click', run);
        }
        const banner = messageBox({
          className: `tp-banner ${toneClass(ALERT_TONES[notification.variant])}`,
          role: notification.variant === 'error' || notification.variant === 'warning' ? 'alert' : 'status',
          text: notification.message,
          action,
          closeLabel,
          onClose: () => dismissNotification(notification.id),
        });
        banner.dataset.notification = notification.id;
        return banner;
      }),
    );
  }
}

if (!customElements.get('tp-notifications')) customElements.define('tp-notifications', NotificationBanners);
