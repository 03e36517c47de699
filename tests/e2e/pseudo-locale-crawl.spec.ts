import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_TALENT, signInAs } from './support/demo-session';
import { selectCompany } from './support/company-area';
import { crawl, ROUTES_BY_ROLE, textsOf } from './support/route-crawl';
import { PSEUDO_LOCALE_COOKIE, unmarkedText } from '../../src/lib/i18n/pseudo-locale';
import { INTL_LOCALES } from '../../src/lib/format/locale';

// The pseudo-locale crawl (docs/french.md): the server allows the pseudo-locale
// (PSEUDO_LOCALE=allow, playwright.config.ts), and these browsers ask for it, so every text
// that comes from the locale files reads marked ⟦...⟧. Every live route of the route table,
// once per role, and a record of each route the pages link to: no word a person reads or
// hears (text, placeholders, accessible names, titles) may stand outside the marks, unless it
// is people's data marked as theirs (`translate="no"`, or a `lang` of its own), or a month or
// a day that Intl wrote into a date. A word outside the marks is a text written into the code.

/**
 * What Intl writes for an English page (lib/format/locale.ts): months and days, long and
 * short, the time of day, byte units, currency codes, and the names of languages and countries.
 */
const INTL_WORDS = new Set<string>();
const wordsOfIntl = (text: string) => (text.match(/\p{L}{2,}/gu) ?? []).forEach((word) => INTL_WORDS.add(word));
const locale = INTL_LOCALES.en;
for (let month = 0; month < 12; month += 1) {
  for (const style of ['long', 'short'] as const) wordsOfIntl(new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(Date.UTC(2026, month, 15)));
}
for (let day = 0; day < 7; day += 1) {
  for (const style of ['long', 'short'] as const) wordsOfIntl(new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2026, 10, 1 + day)));
}
wordsOfIntl(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true, timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 10, 1, 9)).map((part) => part.value).join(' '));
wordsOfIntl(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true, timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 10, 1, 21)).map((part) => part.value).join(' '));
for (const timeZone of ['UTC', 'Europe/Paris', 'Europe/London', 'America/New_York']) wordsOfIntl(new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).format(Date.UTC(2026, 0, 15)));
for (const unit of ['byte', 'kilobyte', 'megabyte', 'gigabyte']) wordsOfIntl(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(2));
for (const code of Intl.supportedValuesOf('currency')) INTL_WORDS.add(code);
const languageNames = new Intl.DisplayNames([locale], { type: 'language' });
const regionNames = new Intl.DisplayNames([locale], { type: 'region' });
for (let first = 97; first <= 122; first += 1) {
  for (let second = 97; second <= 122; second += 1) {
    const code = String.fromCharCode(first, second);
    wordsOfIntl(languageNames.of(code) ?? '');
    wordsOfIntl(regionNames.of(code.toUpperCase()) ?? '');
  }
}

/** The words of a text that stand outside the marks and are no month or day. */
const unmarkedWords = (text: string) => (unmarkedText(text).match(/\p{L}{2,}/gu) ?? []).filter((word) => !INTL_WORDS.has(word));

/**
 * The texts of a page with a word that came from no locale file. Its title is left out: a
 * record's page is named by the record (a job's title), which a title cannot mark; the French
 * crawl reads titles.
 */
const unmarkedOn = async (page: Page) => {
  const title = await page.title();
  return (await textsOf(page, { sameLanguage: 'left out' })).filter((text) => text !== title && unmarkedWords(text).length > 0);
};

/** From now on this browser asks for the pseudo-locale (signing in and choosing a company read the plain words first). */
async function askPseudoLocale(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: PSEUDO_LOCALE_COOKIE, value: '1', url: baseURL }]);
}

test.describe('the pseudo-locale crawl: every word from the locale files or people', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the pseudo-locale marks only what its browser asks for, and its rule finds a word outside the marks', async ({ page, baseURL }) => {
    expect(unmarkedWords('⟦Posted on 3 Nov 2026⟧ · Mon')).toEqual([]);
    expect(unmarkedWords('⟦Status: ⟦Applied⟧⟧ Previous')).toEqual(['Previous']);
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('⟦');
    await askPseudoLocale(page.context(), baseURL!);
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^⟦.+⟧$/);
  });

  test('as a guest', async ({ page, baseURL }) => {
    await askPseudoLocale(page.context(), baseURL!);
    const { found, records } = await crawl(page, ROUTES_BY_ROLE.guest, 'en', unmarkedOn);
    expect(found).toEqual([]);
    expect(records).toContain('jobApply');
  });

  test('as the demo talent', async ({ page, baseURL }) => {
    await signInAs(page, DEMO_TALENT, '/talent/dashboard');
    await askPseudoLocale(page.context(), baseURL!);
    const { found } = await crawl(page, ROUTES_BY_ROLE.talent, 'en', unmarkedOn);
    expect(found).toEqual([]);
  });

  test('as the owner of Northwind Labs', async ({ page, baseURL }) => {
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await askPseudoLocale(page.context(), baseURL!);
    const { found } = await crawl(page, ROUTES_BY_ROLE.company, 'en', unmarkedOn);
    expect(found).toEqual([]);
  });

  test('as the admin and the support agent', async ({ page, browser, baseURL }) => {
    await signInAs(page, 'admin@demo.test', '/admin/companies');
    await askPseudoLocale(page.context(), baseURL!);
    expect((await crawl(page, ROUTES_BY_ROLE.admin, 'en', unmarkedOn)).found).toEqual([]);
    const support = await (await browser.newContext()).newPage();
    await signInAs(support, 'support@demo.test', '/impersonate');
    await askPseudoLocale(support.context(), baseURL!);
    expect((await crawl(support, ROUTES_BY_ROLE.support, 'en', unmarkedOn)).found).toEqual([]);
    await support.context().close();
  });
});
