/**
 * What the page tells Matomo (the analytics rules): a site search for job searches and for paths
 * under the search prefixes, a page view otherwise, nothing for excluded addresses.
 * Pure, so the server decides it and the browser only replays the commands.
 */

export interface AnalyticsConfig {
  /** Matomo's base address, ending in "/" (matomo.js and matomo.php live under it). */
  trackerBaseUrl: string;
  siteId: string;
  /** Path-and-query patterns never tracked (MATOMO_EXCLUDE). */
  exclude: readonly RegExp[];
}

export type MatomoCommand = [string, ...Array<string | number | boolean>];

/** The English and French search prefixes whose pages count as site searches. */
const SITE_SEARCH_PREFIXES = ['/search/', '/recherche/'] as const;

/** The job search page: its q is the keyword, query_by the category. */
const JOB_SEARCH_PATH = '/jobs';

function siteSearch(url: URL): { keyword: string; category: string | false } | null {
  if (url.pathname === JOB_SEARCH_PATH) {
    const keyword = url.searchParams.get('q')?.trim();
    return keyword ? { keyword, category: url.searchParams.get('query_by')?.trim() || false } : null;
  }
  const prefix = SITE_SEARCH_PREFIXES.find((candidate) => url.pathname.startsWith(candidate));
  if (!prefix) return null;
  const [segment = ''] = url.pathname.slice(prefix.length).split('/');
  let keyword: string;
  try {
    keyword = decodeURIComponent(segment).replace(/[-+]/g, ' ').trim();
  } catch {
    keyword = segment;
  }
  return keyword ? { keyword, category: false } : null;
}

/** The commands for one page, or null when the address is excluded from tracking. */
export function matomoCommands(url: URL, config: AnalyticsConfig): MatomoCommand[] | null {
  const address = `${url.pathname}${url.search}`;
  if (config.exclude.some((pattern) => pattern.test(address))) return null;
  // No cookies and Do Not Track respected: analytics without a consent banner.
  const setup: MatomoCommand[] = [
    ['disableCookies'],
    ['setDoNotTrack', true],
    ['setTrackerUrl', `${config.trackerBaseUrl}matomo.php`],
    ['setSiteId', config.siteId],
  ];
  const search = siteSearch(url);
  return [...setup, search ? ['trackSiteSearch', search.keyword, search.category, false] : ['trackPageView']];
}
