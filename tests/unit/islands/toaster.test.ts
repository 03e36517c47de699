import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/islands/shell/toaster';
import { showErrorToast, showToast, toasts } from '../../../src/islands/stores/toasts';

function rendered() {
  return [...document.querySelectorAll('tp-toaster .tp-toast')].map((toast) => ({
    variant: (toast as HTMLElement).dataset.variant,
    text: toast.querySelector('p')?.textContent,
    role: toast.getAttribute('role'),
  }));
}

describe('toaster (at most 3 at once, 5000 ms, bottom-left)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<tp-toaster data-dismiss-label="Dismiss"></tp-toaster>';
  });
  afterEach(() => {
    toasts.set([]);
    vi.useRealTimers();
  });

  it('shows at most three toasts, dropping the oldest', () => {
    for (const message of ['one', 'two', 'three', 'four']) showToast('info', message);
    expect(rendered().map((toast) => toast.text)).toEqual(['two', 'three', 'four']);
  });

  it('hides a toast after 5000 ms', () => {
    showToast('success', 'Saved');
    vi.advanceTimersByTime(4_999);
    expect(rendered()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(rendered()).toHaveLength(0);
  });

  it('hides an error toast after 3000 ms and announces it as an alert', () => {
    showErrorToast(new Error('Could not save'));
    expect(rendered()).toEqual([{ variant: 'error', text: 'Could not save', role: 'alert' }]);
    vi.advanceTimersByTime(3_000);
    expect(rendered()).toHaveLength(0);
  });

  it('cuts an error message to 300 characters', () => {
    showErrorToast(new Error('x'.repeat(400)));
    expect(rendered()[0]?.text).toHaveLength(300);
  });

  it('closes a toast with its labelled close button', () => {
    showToast('warning', 'Careful');
    const close = document.querySelector<HTMLButtonElement>('tp-toaster button[aria-label="Dismiss"]');
    close?.click();
    expect(rendered()).toHaveLength(0);
  });
});
