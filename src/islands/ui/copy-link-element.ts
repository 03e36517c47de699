import { copyLink } from './copy-link';

/**
 * `<tp-copy-link data-href data-copied-message>`: runs the copy button inside it
 * (components/ui/CopyLinkButton.astro). The button stays hidden until this runs, since it
 * cannot work without script; the link it copies is also on the page as a plain link.
 */
export class CopyLinkElement extends HTMLElement {
  private button: HTMLButtonElement | null = null;

  connectedCallback() {
    const href = this.dataset.href;
    const button = this.querySelector<HTMLButtonElement>('button');
    if (!href || !button || button === this.button) return;
    this.button = button;
    button.hidden = false;
    button.addEventListener('click', () => void copyLink(this.dataset.href ?? href, this.dataset.copiedMessage ?? ''));
  }
}

if (!customElements.get('tp-copy-link')) customElements.define('tp-copy-link', CopyLinkElement);
