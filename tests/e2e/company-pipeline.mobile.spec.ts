import { expect, test } from './support/test';
import { publishJobAd, selectCompany } from './support/company-area';
import { DEMO_TALENT, expectNoAxeViolations, signInAs } from './support/demo-session';

// A board on a 390 x 844 phone (the mobile project): the first card is on the first screen,
// the filters folded behind a toggle that counts those in force, the columns stacked.
const SCREEN_HEIGHT = 844;

test.describe('a board on a 390 px phone', () => {
  test('the first card is on the first screen; the filters open from their toggle, which counts them', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const ad = await publishJobAd(page, `Phone board ${stamp}`);
    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, DEMO_TALENT, '/talent/dashboard');
    await talent.goto(`/job-apply-form?jobAdId=${ad}`);
    await talent.getByRole('button', { name: 'Send application' }).click();
    await expect(talent).toHaveURL(/\/job-apply\/success\?jobAdId=/);
    await talentContext.close();

    await page.goto(`/company/received-job-applications?view=board&jobAdId=${ad}`);
    const toggle = page.getByRole('main').locator('details.tp-filters > summary');
    await expect(toggle).toHaveAccessibleName('Filters');
    await expect(page.getByRole('searchbox', { name: 'Name, job title or skill' })).toBeHidden();
    const card = page.locator('[data-application-id]').first();
    const box = (await card.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(SCREEN_HEIGHT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    await toggle.tap();
    await page.getByRole('checkbox', { name: 'Only stuck applications' }).check();
    await page.getByRole('button', { name: 'Filter', exact: true }).tap();
    await expect(page).toHaveURL(/[?&]stuck=yes(&|$)/);
    await expect(toggle).toHaveAccessibleName('Filters (1)');
  });
});
