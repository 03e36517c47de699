import type { Toast } from '../../lib/notifications/toast-policy';
import { dismissToast, toasts } from '../stores/toasts';
import { MessageListElement, messageBox } from './message-list-element';

/** `<tp-toaster>`: renders the toast store bottom-left. */
class Toaster extends MessageListElement<Toast> {
  protected readonly store = toasts;

  protected render(list: readonly Toast[]) {
    const dismissLabel = this.dataset.dismissLabel ?? 'Dismiss';
    const items = list.map((toast) => {
      let action: HTMLAnchorElement | null = null;
      if (toast.action?.href) {
        action = document.createElement('a');
        action.href = toast.action.href;
        action.textContent = toast.action.label;
      }
      const item = messageBox({
        className: `tp-toast tp-toast--${toast.variant}`,
        role: toast.variant === 'error' ? 'alert' : 'status',
        text: toast.message,
        action,
        closeLabel: dismissLabel,
        onClose: () => dismissToast(toast.id),
      });
      item.dataset.variant = toast.variant;
      return item;
    });
    this.replaceChildren(...items);
  }
}

if (!customElements.get('tp-toaster')) customElements.define('tp-toaster', Toaster);
