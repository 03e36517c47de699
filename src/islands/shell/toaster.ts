import type { Toast } from '../../lib/notifications/toast-policy';
import { dismissToast, toasts } from '../stores/toasts';

/**
 * `<tp-toaster>`: renders the toast store bottom-left. Plain DOM rather than React so
 * that every page can show toasts without loading the React runtime.
 * Labels come from the server-rendered data attributes (i18n stays server-side).
 */
class Toaster extends HTMLElement {
  private unsubscribe: (() => void) | null = null;

  connectedCallback() {
    this.unsubscribe = toasts.subscribe((list) => this.render(list));
  }

  disconnectedCallback() {
    this.unsubscribe?.();
  }

  private render(list: readonly Toast[]) {
    const dismissLabel = this.dataset.dismissLabel ?? 'Dismiss';
    const items = list.map((toast) => {
      const item = document.createElement('div');
      item.className = `tp-toast tp-toast--${toast.variant}`;
      item.setAttribute('role', toast.variant === 'error' ? 'alert' : 'status');
      item.dataset.variant = toast.variant;
      const text = document.createElement('p');
      text.textContent = toast.message;
      item.append(text);
      if (toast.action?.href) {
        const action = document.createElement('a');
        action.href = toast.action.href;
        action.textContent = toast.action.label;
        item.append(action);
      }
      const close = document.createElement('button');
      close.type = 'button';
      close.setAttribute('aria-label', dismissLabel);
      close.textContent = '×';
      close.addEventListener('click', () => dismissToast(toast.id));
      item.append(close);
      return item;
    });
    this.replaceChildren(...items);
  }
}

if (!customElements.get('tp-toaster')) customElements.define('tp-toaster', Toaster);
