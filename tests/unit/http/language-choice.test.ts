import { describe, expect, it } from 'vitest';
import { homeRedirect, switchedAddress, switcherHref } from '../../../src/lib/http/language-choice';

describe('the language a browser chose', () => {
  it('at the first visit of the home page, the browser\'s first language of ours chooses, once, and is remembered', () => {
    expect(homeRedirect(undefined, 'fr-FR,fr;q=0.9,en;q=0.8')).toEqual({ location: '/fr', remember: 'fr' });
    expect(homeRedirect(undefined, 'en-GB,en;q=0.9')).toBeNull();
    expect(homeRedirect(undefined, 'de-DE')).toBeNull();
    expect(homeRedirect(undefined, null)).toBeNull();
  });

  it('afterwards the remembered language wins over the browser\'s', () => {
    expect(homeRedirect('fr', 'en')).toEqual({ location: '/fr', remember: null });
    expect(homeRedirect('en', 'fr-FR')).toBeNull();
    // A cookie that names no language of ours counts as nothing remembered.
    expect(homeRedirect('xx', 'fr')).toEqual({ location: '/fr', remember: 'fr' });
  });

  it('the switcher keeps the page, and never leads off the site', () => {
    expect(switcherHref('/jobs?q=developer', 'fr')).toBe('/language?to=fr&returnTo=%2Fjobs%3Fq%3Ddeveloper');
    expect(switchedAddress('fr', '/jobs?q=developer')).toEqual({ language: 'fr', location: '/fr/jobs?q=developer' });
    expect(switchedAddress('en', '/fr/jobs?q=developpeur')).toEqual({ language: 'en', location: '/jobs?q=developpeur' });
    expect(switchedAddress('fr', '/')).toEqual({ language: 'fr', location: '/fr' });
    for (const foreign of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', null]) expect(switchedAddress('fr', foreign)).toEqual({ language: 'fr', location: '/fr' });
    expect(switchedAddress('de', '/jobs')).toBeNull();
    expect(switchedAddress(null, '/jobs')).toBeNull();
  });
});
