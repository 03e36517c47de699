import { expect, test } from './support/test';
import poolsEn from '../../src/locales/en/common/talent-pools.json' with { type: 'json' };
import poolsFr from '../../src/locales/fr/common/talent-pools.json' with { type: 'json' };
import savedWords from '../../src/locales/en/common/saved-talents.json' with { type: 'json' };
import companiesWords from '../../src/locales/en/common/companies.json' with { type: 'json' };
import rbacWords from '../../src/locales/en/rbac.json' with { type: 'json' };
import { selectCompany } from './support/company-area';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Consent for talent pools (lib/talent-pools/pool-consent.ts): the demo talent agrees, by
// keyboard, to the request Northwind's shortlist made of her; Camille, in French at phone
// width, declines Brightpath's, which takes her off its list and stops the next save, then
// agrees after all. Brightpath is used so that no other spec's Northwind save meets her no.

const en = poolsEn.talentPools;
const fr = poolsFr.talentPools;
const saved = savedWords.savedTalents;

test.describe('consent for talent pools', () => {
  test.describe.configure({ timeout: 90_000 });

  test("the demo talent agrees to Northwind's request from her settings, by keyboard, and reads what she agreed to", async ({ page }) => {
    await signInAs(page, DEMO_TALENT, '/edit-account');
    const section = page.getByRole('region', { name: en.heading });
    const northwind = section.getByTestId('talent-pool-consent').filter({ hasText: 'Northwind Labs' });
    await expect(northwind.getByText(en.consentText.replace('{{company}}', 'Northwind Labs'))).toBeVisible();
    await expectNoAxeViolations(page);
    const agree = northwind.getByRole('button', { name: `${en.answers.accepted}: Northwind Labs` });
    // Another spec of the run may have answered already; only an open request offers Agree.
    if (await agree.count()) {
      await agree.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: poolsEn.notices.talentPools.accepted }).first()).toBeVisible();
    }
    await expect(northwind.getByText(en.statusShort.accepted, { exact: true })).toBeVisible();
    await expect(northwind.getByText(/^You agreed on .+; valid until .+ 20\d\d$/)).toBeVisible();
    await northwind.getByText(en.shownText).press('Enter');
    await expect(northwind.getByText(en.consentText.replace('{{company}}', 'Northwind Labs'))).toBeVisible();
    await expect(northwind.getByRole('button', { name: `${en.answers.withdrawn}: Northwind Labs` })).toBeVisible();
    await expect(northwind.getByRole('button', { name: `${en.renew}: Northwind Labs` })).toBeVisible();
    await expectFitsPhoneWidth(page);
  });

  test('Camille declines Brightpath in French at phone width: she leaves its list and the search offers no save, until she agrees after all', async ({ page, browser }) => {
    const label = `Pool ${Date.now().toString(36)}`;
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Brightpath Consulting');
    await page.goto('/company/talent-saved');
    await page.locator('#new-list-label').fill(label);
    await page.getByRole('button', { name: saved.createList }).click();
    await expect(page.getByRole('status').filter({ hasText: savedWords.notices.savedTalents.listCreated }).first()).toBeVisible();
    const saveCamille = async () => {
      await page.goto('/company/talent-search?q=Camille');
      const card = page.locator('[data-talent-id]').filter({ hasText: 'Camille Durand' }).first();
      await card.locator('select[name="listId"]').selectOption({ label });
      await card.getByRole('button', { name: new RegExp(`^${saved.saveTo}:`) }).click();
      return card;
    };
    await saveCamille();
    await expect(page.getByRole('status').filter({ hasText: savedWords.notices.savedTalents.saved }).first()).toBeVisible();
    await page.goto('/company/talent-saved');
    await page.getByRole('link', { name: new RegExp(`^${label}`) }).click();
    await expect(page.locator('[data-saved-talent-id]').getByTestId('pool-consent')).toHaveText(saved.poolConsent.requested);

    const camilleContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const camille = await camilleContext.newPage();
    await signInAs(camille, 'camille@demo.test', '/fr/edit-account');
    const section = camille.getByRole('region', { name: fr.heading });
    const brightpath = section.getByTestId('talent-pool-consent').filter({ hasText: 'Brightpath Consulting' });
    await expect(brightpath.getByText(fr.statusShort.requested)).toBeVisible();
    await brightpath.getByRole('button', { name: `${fr.answers.declined}\u00a0: Brightpath Consulting` }).click();
    await expect(camille.getByRole('status').filter({ hasText: poolsFr.notices.talentPools.declined }).first()).toBeVisible();
    await expect(brightpath.getByText(fr.statusShort.declined, { exact: true })).toBeVisible();
    await expectFitsPhoneWidth(camille);

    // The company's list no longer holds her, and the search says why she cannot be saved again.
    await page.reload();
    await expect(page.locator('[data-saved-talent-id]')).toHaveCount(0);
    await page.goto('/company/talent-search?q=Camille');
    const card = page.locator('[data-talent-id]').filter({ hasText: 'Camille Durand' }).first();
    await expect(card.getByText(saved.poolDeclinedShort)).toBeVisible();
    await expect(card.getByRole('button', { name: new RegExp(`^${saved.saveTo}:`) })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // She changes her mind: the company may save her again.
    await camille.reload();
    await brightpath.getByRole('button', { name: `${fr.acceptAgain}\u00a0: Brightpath Consulting` }).click();
    await expect(brightpath.getByText(fr.statusShort.accepted, { exact: true })).toBeVisible();
    await saveCamille();
    await expect(page.getByRole('status').filter({ hasText: savedWords.notices.savedTalents.saved }).first()).toBeVisible();
    await camilleContext.close();
  });
});

test.describe('retention of candidates’ data', () => {
  test('the owner sets shorter periods on Edit Profile (a longer one is refused at its field, as typed) and reads what the next run will erase', async ({ page }) => {
    const words = companiesWords.companies;
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Brightpath Consulting');
    await page.getByRole('navigation', { name: rbacWords.companyMenu.label }).getByRole('link', { name: rbacWords.companyMenu.editProfile }).click();
    const months = page.getByLabel(words.profile.refusedApplicationMonths);
    await months.fill('9');
    await page.getByRole('button', { name: words.profile.submit }).click();
    await expect(page.getByText(words.errors.refusedApplicationMonthsOutOfRange)).toBeVisible();
    await expect(page.getByLabel(words.profile.refusedApplicationMonths)).toHaveValue('9');
    await page.getByLabel(words.profile.refusedApplicationMonths).fill('3');
    await page.getByRole('button', { name: words.profile.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: companiesWords.notices.companies.profileSaved }).first()).toBeVisible();
    await expect(page.getByLabel(words.profile.refusedApplicationMonths)).toHaveValue('3');
    const section = page.getByRole('region', { name: words.retention.heading });
    await expect(section.getByRole('heading', { name: words.retention.dueHeading })).toBeVisible();
    await expect(section.getByTestId('retention-due')).toBeVisible();
    await expectFitsPhoneWidth(page);
    // Back to the law's longest, as the demo has it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel(words.profile.refusedApplicationMonths).fill('6');
    await page.getByRole('button', { name: words.profile.submit }).click();
    await expect(page.getByLabel(words.profile.refusedApplicationMonths)).toHaveValue('6');
  });
});
