import type { MatomoCommand } from '../../lib/analytics/matomo-commands';

declare global {
  interface Window {
    _paq?: MatomoCommand[];
  }
}

export interface AnalyticsStart {
  scriptUrl: string;
  commands: MatomoCommand[];
}

/**
 * Queues the server's commands for Matomo and loads its tracker once. Matomo replays
 * `window._paq` when its script arrives, so nothing waits on the network here.
 */
export function startAnalytics({ scriptUrl, commands }: AnalyticsStart) {
  const queue = (window._paq ??= []);
  queue.push(...commands);
  if (document.querySelector(`script[data-tracker]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  script.dataset.tracker = 'matomo';
  document.head.append(script);
}
