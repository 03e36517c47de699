import { dismissNotification, notifications, type Notification } from '../stores/notifications';

/** `<tp-notifications>`: the sticky banners of spec §4, each with an optional action and a close button. */
class NotificationBanners extends HTMLElement {
  private unsubscribe: (() => void) | null = null;

  connectedCallback() {
    this.unsubscribe = notifications.subscribe((list) => this.render(list));
  }

  disconnectedCallback() {
    this.unsubscribe?.();
  }

  private render(list: readonly Notification[]) {
    const closeLabel = this.dataset.closeLabel ?? 'Close';
    this.replaceChildren(
      ...list.map((notification) => {
        const banner = document.createElement('div');
        banner.className = `tp-banner tp-banner--${notification.variant}`;
        banner.setAttribute('role', notification.variant === 'error' || notification.variant === 'warning' ? 'alert' : 'status');
        banner.dataset.notification = notification.id;
        const text = document.createElement('p');
        text.textContent = notification.message;
        banner.append(text);
        if (notification.action) {
          const { label, run } = notification.action;
          const action = document.createElement('button');
          action.type = 'button';
          action.textContent = label;
          action.addEventListener('click', run);
          banner.append(action);
        }
        const close = document.createElement('button');
        close.type = 'button';
        close.setAttribute('aria-label', closeLabel);
        close.textContent = '×';
        close.addEventListener('click', () => dismissNotification(notification.id));
        banner.append(close);
        return banner;
      }),
    );
  }
}

if (!customElements.get('tp-notifications')) customElements.define('tp-notifications', NotificationBanners);
