import { copyLink } from '../ui/copy-link';

/** The current address carrying `company_id` (the company banner's share button), replacing any it had. */
export function shareableAddress(href: string, companyId: string): string {
  const url = new URL(href);
  url.searchParams.set('company_id', companyId);
  return url.href;
}

/**
 * `<tp-company-banner>`: the company pages' banner in the browser. It runs the Share
 * button: copy the current address with company_id and say 'URL copied to clipboard'
 * (copyLink, as every copy button). The button stays hidden until this runs, since it
 * cannot work without script. (The shell mirrors the selected company to local storage.)
 */
export class CompanyBannerElement extends HTMLElement {
  private button: HTMLButtonElement | null = null;

  connectedCallback() {
    const companyId = this.dataset.companyId;
    if (!companyId) return;
    const button = this.querySelector<HTMLButtonElement>('[data-share]');
    if (!button || button === this.button) return;
    this.button = button;
    button.hidden = false;
    button.addEventListener('click', () => void copyLink(shareableAddress(location.href, companyId), this.dataset.copiedMessage ?? ''));
  }
}

if (!customElements.get('tp-company-banner')) customElements.define('tp-company-banner', CompanyBannerElement);
