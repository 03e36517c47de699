import { describe, expect, it } from 'vitest';
import { matomoCommands, type AnalyticsConfig } from '../../../src/lib/analytics/matomo-commands';
import { ConfigError, readConfig } from '../../../src/server/config';

const CONFIG: AnalyticsConfig = { trackerBaseUrl: 'https://stats.example/', siteId: '7', exclude: [/^\/auth\//, /[?&]token=/] };
const SETUP = [['disableCookies'], ['setDoNotTrack', true], ['setTrackerUrl', 'https://stats.example/matomo.php'], ['setSiteId', '7']];
const commandsFor = (address: string) => matomoCommands(new URL(address, 'https://talentplace.example'), CONFIG);

describe('analytics: page views and site searches', () => {
  it('an ordinary page is a page view', () => {
    expect(commandsFor('/talent/dashboard')).toEqual([...SETUP, ['trackPageView']]);
    expect(commandsFor('/jobs')).toEqual([...SETUP, ['trackPageView']]);
  });

  it('a job search with a query is a site search, its query_by the category', () => {
    expect(commandsFor('/jobs?q=react%20developer&query_by=title')).toEqual([...SETUP, ['trackSiteSearch', 'react developer', 'title', false]]);
    expect(commandsFor('/jobs?q=%20go%20')).toEqual([...SETUP, ['trackSiteSearch', 'go', false, false]]);
  });

  it('paths under the English and French search prefixes are site searches', () => {
    expect(commandsFor('/search/frontend-developer')).toEqual([...SETUP, ['trackSiteSearch', 'frontend developer', false, false]]);
    expect(commandsFor('/recherche/d%C3%A9veloppeur')).toEqual([...SETUP, ['trackSiteSearch', 'développeur', false, false]]);
    expect(commandsFor('/recherche/%E0%A4%A')?.at(-1)).toEqual(['trackSiteSearch', '%E0%A4%A', false, false]);
    expect(commandsFor('/search/')?.at(-1)).toEqual(['trackPageView']);
    expect(commandsFor('/searching')?.at(-1)).toEqual(['trackPageView']);
  });

  it('configured URL patterns are not tracked at all', () => {
    expect(commandsFor('/auth/callback?code=x')).toBeNull();
    expect(commandsFor('/sign-up?token=abc')).toBeNull();
  });
});

describe('analytics configuration', () => {
  it('is off unless both MATOMO_URL and MATOMO_SITE_ID are set', () => {
    expect(readConfig({}).analytics).toBeNull();
    expect(() => readConfig({ MATOMO_URL: 'https://stats.example' })).toThrow(ConfigError);
    expect(() => readConfig({ MATOMO_SITE_ID: '3' })).toThrow(ConfigError);
  });

  it('reads the tracker base, the site id and the exclusions', () => {
    const { analytics } = readConfig({ MATOMO_URL: 'https://stats.example/m', MATOMO_SITE_ID: '3', MATOMO_EXCLUDE: '^/auth/, [?&]token=' });
    expect(analytics?.trackerBaseUrl).toBe('https://stats.example/m/');
    expect(analytics?.siteId).toBe('3');
    expect(analytics?.exclude.map(String)).toEqual(['/^\\/auth\\//', '/[?&]token=/']);
  });

  it('refuses a bad address, site id or pattern with a hint', () => {
    expect(() => readConfig({ MATOMO_URL: 'stats', MATOMO_SITE_ID: '3' })).toThrow(/MATOMO_URL/);
    expect(() => readConfig({ MATOMO_URL: 'ftp://stats.example', MATOMO_SITE_ID: '3' })).toThrow(/http/);
    expect(() => readConfig({ MATOMO_URL: 'https://stats.example', MATOMO_SITE_ID: 'abc' })).toThrow(/MATOMO_SITE_ID/);
    expect(() => readConfig({ MATOMO_URL: 'https://stats.example', MATOMO_SITE_ID: '3', MATOMO_EXCLUDE: '(' })).toThrow(/MATOMO_EXCLUDE/);
  });
});
