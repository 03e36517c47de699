import { describe, expect, it } from 'vitest';
import { notificationLanguage } from '../../../src/lib/notifications/notification-language';

describe('notification language', () => {
  it("writes the talent's mails about an ad in the ad's language, whatever her own", () => {
    expect(notificationLanguage('fr', { language: 'en', addressee: true })).toBe('fr');
    expect(notificationLanguage('en', { language: 'fr', addressee: true })).toBe('en');
  });

  it("writes a company member's mail in the member's own language, even about a French ad", () => {
    expect(notificationLanguage('fr', { language: 'en', addressee: false })).toBe('en');
  });

  it("falls back to the recipient's language for an ad in a language the product does not speak, or no ad", () => {
    expect(notificationLanguage('de', { language: 'fr', addressee: true })).toBe('fr');
    expect(notificationLanguage(null, { language: 'fr', addressee: true })).toBe('fr');
    expect(notificationLanguage(undefined, { language: 'en', addressee: true })).toBe('en');
  });
});
