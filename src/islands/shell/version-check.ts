import { isNewVersionAvailable, VERSION_CHECK_INTERVAL_MS } from '../../lib/notifications/version-check';
import { notify } from '../stores/notifications';

/**
 * Polls the home page and raises the 'new version' warning with a Refresh action when a
 * deployment replaced the build this page came from. Hidden tabs skip their turn. The poll
 * sends no cookie: it asks the guest home page (cached, cheap) for the build id, so an open
 * tab neither renews its session nor reloads the current user every minute, and an idle
 * session still ends on time.
 */
export function startVersionCheck(options: { buildId: string; message: string; refreshLabel: string; intervalMs?: number }) {
  let announced = false;
  const check = async () => {
    if (announced || document.visibilityState === 'hidden') return;
    try {
      const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' }, credentials: 'omit' });
      if (!response.ok) return;
      if (isNewVersionAvailable(await response.text(), options.buildId)) {
        announced = true;
        notify({
          id: 'new-version',
          variant: 'warning',
          message: options.message,
          action: { label: options.refreshLabel, run: () => window.location.reload() },
        });
      }
    } catch {
      // Offline or a deployment in progress: try again at the next tick.
    }
  };
  return setInterval(check, options.intervalMs ?? VERSION_CHECK_INTERVAL_MS);
}
