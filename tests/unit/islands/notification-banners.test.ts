import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/islands/shell/notification-banners';
import { dismissNotification, notifications, notify } from '../../../src/islands/stores/notifications';
import { startVersionCheck } from '../../../src/islands/shell/version-check';
import { toneClass } from '../../../src/lib/theme/tones';

describe('sticky notification banners', () => {
  beforeEach(() => {
    notifications.set([]);
    document.body.innerHTML = '<tp-notifications data-close-label="Close notification"></tp-notifications>';
  });

  it('stays until closed, with its action and a close button', () => {
    const run = vi.fn();
    notify({ id: 'n1', variant: 'info', message: 'Heads up', action: { label: 'Act', run } });
    const banner = document.querySelector('[data-notification="n1"]')!;
    expect(banner.textContent).toContain('Heads up');
    (banner.querySelector('button') as HTMLButtonElement).click();
    expect(run).toHaveBeenCalledOnce();
    (banner.querySelector('button[aria-label="Close notification"]') as HTMLButtonElement).click();
    expect(document.querySelector('[data-notification="n1"]')).toBeNull();
  });

  it('replaces a banner with the same id instead of stacking it', () => {
    notify({ id: 'same', variant: 'warning', message: 'first' });
    notify({ id: 'same', variant: 'warning', message: 'second' });
    expect(document.querySelectorAll('tp-notifications .tp-banner')).toHaveLength(1);
    dismissNotification('same');
  });

  it('draws each banner in its tone, as the page draws an alert of that tone', () => {
    notify({ id: 'e', variant: 'error', message: 'Failed' });
    notify({ id: 'w', variant: 'warning', message: 'Careful' });
    expect(document.querySelector('[data-notification="e"]')!.className).toBe(`tp-banner ${toneClass('danger')}`);
    expect(document.querySelector('[data-notification="w"]')!.className).toBe(`tp-banner ${toneClass('pending')}`);
  });
});

describe('version check (new version warning with Refresh)', () => {
  beforeEach(() => {
    notifications.set([]);
    vi.useFakeTimers();
  });

  it('raises the warning once the home page stops carrying the running build id', async () => {
    let live = '<meta name="build-id" content="build-1">';
    const fetchMock = vi.fn(async () => new Response(live));
    vi.stubGlobal('fetch', fetchMock);
    const timer = startVersionCheck({ buildId: 'build-1', message: 'A new version is available.', refreshLabel: 'Refresh', intervalMs: 60_000 });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));
    expect(notifications.get()).toEqual([]);

    live = '<meta name="build-id" content="build-2">';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(notifications.get()).toMatchObject([{ id: 'new-version', variant: 'warning', action: { label: 'Refresh' } }]);
    clearInterval(timer);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
