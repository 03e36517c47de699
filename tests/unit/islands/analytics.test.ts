import { afterEach, describe, expect, it } from 'vitest';
import { startAnalytics } from '../../../src/islands/shell/analytics';

describe('analytics starter in the browser', () => {
  afterEach(() => {
    delete window._paq;
    document.head.innerHTML = '';
  });

  it('queues the commands for Matomo and loads its tracker once', () => {
    startAnalytics({ scriptUrl: 'https://stats.example/matomo.js', commands: [['setSiteId', '7'], ['trackPageView']] });
    startAnalytics({ scriptUrl: 'https://stats.example/matomo.js', commands: [['trackPageView']] });
    expect(window._paq).toEqual([['setSiteId', '7'], ['trackPageView'], ['trackPageView']]);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect([scripts[0]!.src, scripts[0]!.async]).toEqual(['https://stats.example/matomo.js', true]);
  });
});
