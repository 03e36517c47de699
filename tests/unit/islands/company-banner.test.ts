import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareableAddress } from '../../../src/islands/company/company-banner-element';
import { toasts } from '../../../src/islands/stores/toasts';

const COMPANY = '7b0e4c0e-2f1a-4c7e-9a55-1d2f3a4b5c6d';

function mountBanner() {
  document.body.innerHTML = `<tp-company-banner data-company-id="${COMPANY}" data-copied-message="URL copied to clipboard"><button type="button" data-share hidden>Share</button></tp-company-banner>`;
  return document.querySelector<HTMLButtonElement>('[data-share]')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  toasts.set([]);
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('company banner share button', () => {
  it('copies the current address with company_id, keeping its path and other parameters', () => {
    expect(shareableAddress('https://tp.example/company/dashboard?tab=2#top', COMPANY)).toBe(`https://tp.example/company/dashboard?tab=2&company_id=${COMPANY}#top`);
    expect(shareableAddress('https://tp.example/company/dashboard?company_id=old', COMPANY)).toBe(`https://tp.example/company/dashboard?company_id=${COMPANY}`);
  });

  it('shows the button once the script runs, copies and says URL copied to clipboard', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const button = mountBanner();
    expect(button.hidden).toBe(false);
    button.click();
    await vi.waitFor(() => expect(toasts.get().map((toast) => [toast.variant, toast.message])).toEqual([['success', 'URL copied to clipboard']]));
    expect(writeText).toHaveBeenCalledWith(shareableAddress(location.href, COMPANY));
  });

  it('only logs a copy failure: no toast', async () => {
    const failure = new Error('denied');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(failure) }, configurable: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mountBanner().click();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(String), failure));
    expect(toasts.get()).toEqual([]);
  });
});
