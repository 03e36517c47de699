import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../src/islands/ui/copy-link-element';
import { toasts } from '../../../src/islands/stores/toasts';

function mountButton(href: string) {
  document.body.innerHTML = `<tp-copy-link data-href="${href}" data-copied-message="Link copied"><button type="button" hidden>Copy link</button></tp-copy-link>`;
  return document.querySelector<HTMLButtonElement>('button')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  toasts.set([]);
  vi.restoreAllMocks();
});

describe('copy link button', () => {
  it('shows once its script runs, copies the link made absolute and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const button = mountButton('/jobs/frontend-developer-123');
    expect(button.hidden).toBe(false);
    button.click();
    await vi.waitFor(() => expect(toasts.get().map((toast) => [toast.variant, toast.message])).toEqual([['success', 'Link copied']]));
    expect(writeText).toHaveBeenCalledWith(new URL('/jobs/frontend-developer-123', location.href).href);
  });

  it('only logs a copy failure: no toast', async () => {
    const failure = new Error('denied');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(failure) }, configurable: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mountButton('/jobs/x').click();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(String), failure));
    expect(toasts.get()).toEqual([]);
  });
});
