import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_TALENT, signInAs } from './support/demo-session';
import { selectCompany } from './support/company-area';
import { crawl, ROUTES_BY_ROLE, textsOf } from './support/route-crawl';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_HIRING_STEPS } from '../../src/lib/companies/hiring-steps';
import { OWNER_ROLE, RECRUITER_ROLE } from '../../src/lib/companies/company-roles';
import { DEFAULT_REJECTION_REASONS } from '../../src/lib/job-applications/rejection-reasons';

// The French crawl (docs/french.md): every live route of the route table, once, in French,
// as the role that opens it (a guest, the demo talent, the owner in Northwind Labs, the
// admin, the support agent), and a record of each route the pages link to. No text a person reads or hears on it (text, placeholders,
// accessible names, titles) may be an English text of the locale files whose French
// differs: that is a string written in English into the page, or asked of the wrong
// language. What people wrote (names, titles, a company's own hiring steps) is theirs, and
// marked so (`translate="no"`, or `lang` of its language), or, for the names the demo's
// English companies gave their hiring steps, roles and rejection reasons, listed here: it is
// left out. Other tests share the database and write their own English (job ad titles, names):
// a template is matched only where the page's own words surround what was filled in.

/** Every text of a locale tree with its key path. */
function leaves(tree: unknown, prefix = ''): Array<[string, string]> {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return [];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** Every text of every locale file of a language, keyed by file and key path. */
function localeTexts(language: 'en' | 'fr'): Map<string, string> {
  const root = path.resolve('src/locales', language);
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? files(path.join(dir, name)) : name.endsWith('.json') ? [path.join(dir, name)] : []));
  return new Map(files(root).flatMap((file) => leaves(JSON.parse(readFileSync(file, 'utf8'))).map(([key, text]): [string, string] => [`${path.relative(root, file)}:${key}`, text])));
}

const french = localeTexts('fr');
/** The plural forms stand for one another: the French of `x_other` may live at `x_many`. */
const frenchOf = (key: string) => french.get(key) ?? french.get(key.replace(/_(one|other|zero)$/, '_many'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English texts that read differently in French: whole ones, and templates as patterns (their values are any text). */
const englishOnly = [...localeTexts('en')].filter(([key, english]) => frenchOf(key) !== english && /\p{L}{2}/u.test(english));
/** A text that is also French somewhere ("Date", "Type", "Talent") reads right on a French page. */
const frenchTexts = new Set([...french.values()].map((text) => text.trim()));
const exact = new Set(englishOnly.filter(([, english]) => !english.includes('{{') && !english.includes('$t(') && !frenchTexts.has(english.trim())).map(([, english]) => english.trim()));
// A template is matched only when at least two of its written parts hold words: "{{company}}
// moved your application for {{title}} to the interview stage." is the page's sentence, while
// "Review {{name}}" would also match what people write ("Review mode", a job ad's title).
const wordedParts = (english: string) => english.split(/\{\{[^}]+\}\}/).filter((part) => /\p{L}{3}/u.test(part)).length;
const patterns = englishOnly
  .map(([, english]) => english.trim())
  .filter((english) => english.includes('{{') && !english.includes('$t(') && wordedParts(english) >= 2)
  .map((english) => new RegExp(`^${english.split(/\{\{[^}]+\}\}/).map(escape).join('.+')}$`, 's'));

/** What the demo's companies named their hiring steps (and described them), roles and rejection reasons: in English, they work in English. */
const companyWords = new Set<string>([
  ...DEFAULT_HIRING_STEPS.flatMap((step) => [step.stepName, step.stepDescription]),
  OWNER_ROLE,
  RECRUITER_ROLE,
  ...DEFAULT_REJECTION_REASONS.map((reason) => reason.label),
]);

const englishIn = (texts: readonly string[]) => texts.filter((text) => !companyWords.has(text) && (exact.has(text) || patterns.some((pattern) => pattern.test(text))));

/** The English a French page shows: exact texts of the locale files, and templates filled in. */
const englishOn = async (page: Page) => englishIn(await textsOf(page, { sameLanguage: 'kept' }));
const byRole = ROUTES_BY_ROLE;

test.describe('the French crawl: nothing in English on a French page', () => {
  test.describe.configure({ timeout: 180_000 });

  test('as a guest', async ({ page }) => {
    const { found, records } = await crawl(page, byRole.guest, 'fr', englishOn);
    expect(found).toEqual([]);
    // A job's page is read with a job in it, not only as "not found".
    expect(records).toContain('jobApply');
  });

  test('as the demo talent', async ({ page }) => {
    await signInAs(page, DEMO_TALENT, '/talent/dashboard');
    const { found, records } = await crawl(page, byRole.talent, 'fr', englishOn);
    expect(found).toEqual([]);
    expect(records).toEqual(expect.arrayContaining(['talentAssignment', 'talentBilling', 'talentInvitation']));
  });

  test('as the owner of Northwind Labs', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const { found, records } = await crawl(page, byRole.company, 'fr', englishOn);
    expect(found).toEqual([]);
    expect(records).toEqual(expect.arrayContaining(['companyJobAd', 'companyJobApplication', 'companyTalentAssignment']));
  });

  test('as the admin and the support agent', async ({ page, browser }) => {
    await signInAs(page, 'admin@demo.test', '/admin/companies');
    const admin = await crawl(page, byRole.admin, 'fr', englishOn);
    expect(admin.found).toEqual([]);
    expect(admin.records).toContain('adminCompany');
    const support = await (await browser.newContext()).newPage();
    await signInAs(support, 'support@demo.test', '/impersonate');
    expect((await crawl(support, byRole.support, 'fr', englishOn)).found).toEqual([]);
    await support.context().close();
  });
});
