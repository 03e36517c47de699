import { nextAvatarRetry } from '../../lib/profile/avatar-retry';

/**
 * `<tp-avatar>`: when its picture fails to load it tries again with a cache-busting
 * address after 1, 2, 4, 8 and 16 s (the avatar retries), showing the loading overlay meanwhile;
 * after the fifth retry fails the overlay stops and the first letter shows instead.
 * A plain custom element, so the server-rendered side menu needs no React for it.
 */
export class AvatarElement extends HTMLElement {
  private image: HTMLImageElement | null = null;
  private originalSrc = '';
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  connectedCallback() {
    const image = this.querySelector('img');
    if (!image || image === this.image) return;
    this.image = image;
    this.originalSrc = image.getAttribute('src') ?? '';
    image.addEventListener('load', this.handleLoad);
    image.addEventListener('error', this.handleError);
    if (!image.complete) {
      this.toggleAttribute('data-loading', true);
    } else if (typeof image.decode === 'function') {
      // It settled before this script ran: decoding tells a loaded picture from a broken one.
      image.decode().catch(() => this.handleError());
    }
  }

  disconnectedCallback() {
    clearTimeout(this.timer);
    this.image?.removeEventListener('load', this.handleLoad);
    this.image?.removeEventListener('error', this.handleError);
    this.image = null;
  }

  private handleLoad = () => {
    clearTimeout(this.timer);
    this.removeAttribute('data-loading');
    this.removeAttribute('data-failed');
  };

  private handleError = () => {
    this.failures += 1;
    const retry = nextAvatarRetry(this.originalSrc, this.failures);
    if (!retry) {
      this.removeAttribute('data-loading');
      this.toggleAttribute('data-failed', true);
      return;
    }
    this.toggleAttribute('data-loading', true);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.image) this.image.src = retry.src;
    }, retry.delayMs);
  };
}

if (!customElements.get('tp-avatar')) customElements.define('tp-avatar', AvatarElement);
