import { expect, test } from './support/test';
import { DEMO_TALENT, expectNoAxeViolations, signInAs } from './support/demo-session';
import jobsFr from '../../src/locales/fr/jobs.json' with { type: 'json' };
import jobsEn from '../../src/locales/en/jobs.json' with { type: 'json' };
import commonFr from '../../src/locales/fr/common.json' with { type: 'json' };
import accountFr from '../../src/locales/fr/common/account.json' with { type: 'json' };
import accountEn from '../../src/locales/en/common/account.json' with { type: 'json' };
import { newEmail, submitSignUpAndConfirm } from './support/sign-up';

// French under /fr (docs/french.md): a guest searches and opens a job in French, every link
// staying in French, and the switcher takes her to the same page in English; a browser that
// prefers French is sent to the French home once, and the choice is remembered; a talent
// works in French from her dashboard; an account keeps the language it signed up in, which
// its page and the switcher change.

test.describe('French under /fr', () => {
  test('a guest reads the job search and a job page in French, the links stay in French, and the switcher keeps the page', async ({ page, baseURL }) => {
    await page.goto('/fr/jobs?q=developer');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(jobsFr.search.heading);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/fr/jobs?q=developer`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${baseURL}/jobs?q=developer`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/jobs?q=developer`);
    await expectNoAxeViolations(page);
    // Money as French writes it: the amount, a no-break space, then the currency (5 400 €), never "€5,400".
    const results = await page.locator('main').innerText();
    expect(results).toMatch(/\d\u00a0(€|£|\$)/);
    expect(results).not.toMatch(/[€£$]\s?\d/);

    const first = page.locator('article[id^="job-"]').first().getByRole('link').first();
    await expect(first).toHaveAttribute('href', /^\/fr\/job-apply\//);
    await first.click();
    await expect(page).toHaveURL(/\/fr\/job-apply\/[^/]+\/[^/]+$/);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(page.getByRole('link', { name: jobsFr.ad.apply }).first()).toBeVisible();

    await page.getByRole('navigation', { name: commonFr.language.switcher }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/job-apply\/[^/]+\/[^/]+$/);
    expect(new URL(page.url()).pathname.startsWith('/fr')).toBe(false);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    await expect(page.getByRole('link', { name: jobsEn.ad.apply }).first()).toBeVisible();
  });

  test('the French search folds accents: "developpeur" finds the French ads written "Développeur"', async ({ page }) => {
    await page.goto('/fr/jobs?q=developpeur');
    const found = page.locator('article[id^="job-"]').filter({ hasText: 'Développeur Full Stack TypeScript' });
    await expect(found).toBeVisible();
    await found.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Développeur Full Stack TypeScript');
    await expect(page.locator('main')).toContainText('4\u202f800\u00a0€');
    // On the English page the interface is English and the ad's own words say they are French.
    await page.getByRole('navigation', { name: commonFr.language.switcher }).getByRole('link', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: jobsEn.ad.apply }).first()).toBeVisible();
  });

  test('a browser that prefers French is sent to the French home once; the choice made in the switcher is remembered', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page).toHaveURL(`${baseURL}/fr`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.getByRole('navigation', { name: commonFr.language.switcher }).getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      const home = await page.goto('/');
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // The English home depends on the browser's languages and cookie: caches must not share it.
      expect(home?.headers().vary).toMatch(/Accept-Language/);
    } finally {
      await context.close();
    }
  });

  test('a talent works in French: her dashboard, her menu and the pages it opens', async ({ page }) => {
    await signInAs(page, DEMO_TALENT, '/fr/talent/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const menu = page.locator('aside').getByRole('navigation', { name: commonFr.talentMenu.label });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: commonFr.talentMenu.appliedJobs }).first().click();
    await expect(page).toHaveURL(/\/fr\/talent\/applied-jobs$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectNoAxeViolations(page);
  });

  test("an account keeps the language it signed up in; its page changes it, and so does the switcher, but not another site's link", async ({ page, baseURL }) => {
    await page.goto('/fr/sign-up');
    await submitSignUpAndConfirm(page, 'Louise Martin', newEmail('fr-sign-up'), /\/fr\/sign-up\/success$/, 'fr');
    await page.goto('/fr/edit-account');
    const french = page.getByRole('combobox', { name: accountFr.editAccount.language });
    await expect(french).toHaveValue('fr');
    await french.selectOption('en');
    await page.getByRole('button', { name: accountFr.editAccount.save }).click();
    // Saved in English, the page opens again in it.
    await expect(page).toHaveURL(`${baseURL}/edit-account`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const english = page.getByRole('combobox', { name: accountEn.editAccount.language });
    await expect(english).toHaveValue('en');
    await expectNoAxeViolations(page);

    // A link from another site switches this browser, never the account.
    const foreign = await page.request.get('/language?to=fr&returnTo=/edit-account', { headers: { 'sec-fetch-site': 'cross-site' }, maxRedirects: 0 });
    expect(foreign.status()).toBe(303);
    await page.goto('/edit-account');
    await expect(english).toHaveValue('en');

    // The switcher on the product's own page chooses for the account too.
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(`${baseURL}/fr/edit-account`);
    await expect(french).toHaveValue('fr');
  });

  test('Camille, the French demo talent, signs in in French and finds her applications to French ads, in French', async ({ page }) => {
    await signInAs(page, 'camille@demo.test', '/fr/talent/applied-jobs');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(commonFr.titles.talentAppliedJobs);
    await expect(page.getByRole('link', { name: 'Développeur Full Stack TypeScript' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    // Her profile in French: the languages she picked from the catalog (in English) named in French, her rate as French money.
    await page.goto('/fr/talent/profile');
    await expect(page.locator('#languages')).toContainText('Français · Langue maternelle');
    await expect(page.locator('#languages')).toContainText('Anglais · C1');
    await expect(page.locator('#rates')).toContainText('68\u00a0€');
  });
});
