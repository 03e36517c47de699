import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { DIGEST_MAX_ADS, DIGEST_MAX_PER_COMPANY, isDigestDue, selectDigestAds, type DigestCandidate } from '../../../src/lib/job-alerts/job-alert-digest';
import { jobAlertCreateSchema, jobAlertLabel, jobAlertQuery, jobAlertSearchParams } from '../../../src/lib/job-alerts/job-alert-input';
import { jobAlertDigestMail, unsubscribeUrl } from '../../../src/lib/job-alerts/job-alert-mail';
import { parseJobSearchParams } from '../../../src/lib/job-ads/search-params';

const t = getTranslator(['common']);
const NOW = new Date('2026-11-25T07:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
let serial = 0;
const ad = (companyId: string, publishedAt: Date): DigestCandidate => ({ id: `ad-${String(++serial).padStart(3, '0')}`, companyId, publishedAt });

describe('a digest lists only ads published since the last one', () => {
  it('leaves out ads published at or before the high-water mark, and any dated after now', () => {
    const since = hoursAgo(24);
    const old = ad('c1', hoursAgo(30));
    const atMark = ad('c1', since);
    const fresh = ad('c2', hoursAgo(2));
    const future = ad('c3', new Date(NOW.getTime() + 60_000));
    expect(selectDigestAds([old, atMark, fresh, future], since, NOW)).toEqual({ ads: [fresh], leftOut: 0 });
  });

  it('lists the newest first', () => {
    const a = ad('c1', hoursAgo(5));
    const b = ad('c2', hoursAgo(1));
    expect(selectDigestAds([a, b], hoursAgo(24), NOW).ads).toEqual([b, a]);
  });
});

describe(`a digest lists at most ${DIGEST_MAX_ADS} ads per mail`, () => {
  it('keeps the newest ten of many companies and counts the rest as left out', () => {
    const ads = Array.from({ length: 14 }, (_, index) => ad(`company-${index}`, hoursAgo(index + 1)));
    const { ads: listed, leftOut } = selectDigestAds(ads, hoursAgo(48), NOW);
    expect(listed).toEqual(ads.slice(0, DIGEST_MAX_ADS));
    expect(leftOut).toBe(4);
  });
});

describe(`a digest lists at most ${DIGEST_MAX_PER_COMPANY} ads per company`, () => {
  it("takes a busy company's two newest and fills the mail with other companies", () => {
    const busy = Array.from({ length: 6 }, (_, index) => ad('busy', hoursAgo(index + 1)));
    const other = ad('quiet', hoursAgo(10));
    const { ads, leftOut } = selectDigestAds([...busy, other], hoursAgo(48), NOW);
    expect(ads).toEqual([busy[0], busy[1], other]);
    expect(leftOut).toBe(4);
  });
});

describe('a digest is due once a day or once a week', () => {
  it('is due a day (or a week) after the last one, with an hour of slack for the daily run', () => {
    expect(isDigestDue({ frequency: 'daily', checkedThrough: hoursAgo(24) }, NOW)).toBe(true);
    expect(isDigestDue({ frequency: 'daily', checkedThrough: hoursAgo(23.5) }, NOW)).toBe(true);
    expect(isDigestDue({ frequency: 'daily', checkedThrough: hoursAgo(20) }, NOW)).toBe(false);
    expect(isDigestDue({ frequency: 'weekly', checkedThrough: hoursAgo(24 * 6) }, NOW)).toBe(false);
    expect(isDigestDue({ frequency: 'weekly', checkedThrough: hoursAgo(24 * 7) }, NOW)).toBe(true);
  });
});

describe('an alert keeps the search as /jobs reads it', () => {
  it('keeps the words and filters, never the page, the page size or the order', () => {
    expect(jobAlertQuery(parseJobSearchParams(new URLSearchParams('q=developer&work_mode=remote&page=3&per_page=50&sort_by=publishedAt:asc')))).toBe('q=developer&work_mode=remote');
    expect(jobAlertCreateSchema.parse({ query: '?location=Berlin', frequency: 'weekly' })).toEqual({ query: 'location=Berlin', frequency: 'weekly' });
  });

  it('reads the search back newest first', () => {
    expect(jobAlertSearchParams('q=developer')).toMatchObject({ q: 'developer', sortBy: 'newest', page: 1 });
  });

  it('refuses a frequency other than daily or weekly', () => {
    const parsed = jobAlertCreateSchema.safeParse({ query: '', frequency: 'hourly' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('frequencyInvalid');
  });

  it('names the alert by its words, place, kinds of work and the number of other filters', () => {
    expect(jobAlertLabel('', t)).toBe('All jobs');
    expect(jobAlertLabel('q=developer&location=Berlin', t)).toBe('“developer” in Berlin');
    expect(jobAlertLabel('q=developer&work_mode=remote,hybrid&employment_type=freelancer', t)).toBe('“developer” · Remote, Hybrid, Freelancer');
    expect(jobAlertLabel('salary_min=50&currency=EUR', t)).toBe('All jobs, 2 more filters');
  });
});

describe('the digest mail', () => {
  const site = { origin: 'https://talentplace.test', productName: 'Talentplace' };
  const link = unsubscribeUrl(site.origin, 'abc.def');
  const digest = {
    label: '“developer”',
    query: 'q=developer',
    frequency: 'daily' as const,
    ads: [
      { id: '5d0c4b6a-0000-4000-8000-000000000001', title: 'Frontend <Developer>', companyName: 'Northwind Labs', location: 'Berlin, Germany' },
      { id: '5d0c4b6a-0000-4000-8000-000000000002', title: 'Backend Developer', companyName: null, location: null },
    ],
    leftOut: 3,
    unsubscribeUrl: link,
  };
  const mail = jobAlertDigestMail(digest, t, site, 'en');

  it('carries one-click unsubscribe headers (RFC 8058)', () => {
    expect(link).toBe('https://talentplace.test/unsubscribe?token=abc.def');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('names the product, each ad with its link, what was left out and the whole search, in text and HTML', () => {
    expect(mail.subject).toBe('2 new jobs for “developer” on Talentplace');
    expect(mail.text).toContain('Frontend <Developer> (Northwind Labs · Berlin, Germany)');
    expect(mail.text).toContain('Backend Developer (Company not named)');
    expect(mail.text).toContain('3 more new jobs match');
    expect(mail.text).toContain('https://talentplace.test/jobs?q=developer');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('Frontend &#60;Developer&#62;');
    expect(mail.html).not.toContain('<Developer>');
    expect(mail.html).toContain('<strong>Talentplace</strong>');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("is written in its user's language, and its links open the French pages", () => {
    const french = jobAlertDigestMail(digest, getTranslator(['common'], 'fr'), site, 'fr');
    expect(french.html).toContain('<html lang="fr">');
    expect(french.text).toContain('https://talentplace.test/fr/jobs?q=developer');
    expect(french.text).toContain('https://talentplace.test/fr/site-settings#job-alerts');
    expect(french.text).toContain('https://talentplace.test/fr/job-apply/5d0c4b6a-0000-4000-8000-000000000001');
    expect(french.subject).not.toBe(mail.subject);
    // The unsubscribe link works in any language: it stays as it is.
    expect(french.text).toContain(link);
  });
});
