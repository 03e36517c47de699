import type { ReadableAtom } from 'nanostores';

// What the toaster (<tp-toaster>) and the sticky banners (<tp-notifications>) share: both
// are plain DOM rather than React, so that every page can show messages without loading
// the React runtime, and both draw the same message box. Labels come from the
// server-rendered data attributes (i18n stays server-side).

/** A custom element that renders a store's list of messages on every change while it is on the page. */
export abstract class MessageListElement<T> extends HTMLElement {
  private unsubscribe: (() => void) | null = null;

  protected abstract readonly store: ReadableAtom<T[]>;

  protected abstract render(list: readonly T[]): void;

  connectedCallback() {
    this.unsubscribe = this.store.subscribe((list) => this.render(list));
  }

  disconnectedCallback() {
    this.unsubscribe?.();
  }
}

/**
 * One message: its text, an optional action, and a × button that dismisses it, labelled
 * with the element's server-rendered word. An error (and a banner's warning) is announced
 * as an alert, anything else as a status.
 */
export function messageBox(message: { className: string; role: 'alert' | 'status'; text: string; action: HTMLElement | null; closeLabel: string; onClose: () => void }): HTMLDivElement {
  const box = document.createElement('div');
  box.className = message.className;
  box.setAttribute('role', message.role);
  const text = document.createElement('p');
  text.textContent = message.text;
  box.append(text);
  if (message.action) box.append(message.action);
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', message.closeLabel);
  close.textContent = '×';
  close.addEventListener('click', message.onClose);
  box.append(close);
  return box;
}
