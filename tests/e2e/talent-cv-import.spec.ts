import { expect, test } from './support/test';
import { expectFitsPhoneWidth, expectNoAxeViolations } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';
import { ETHAN_WALKER_CV as CV, profileScoreOf } from './support/talent-profile';
import profileWords from '../../src/locales/en/profile.json' with { type: 'json' };
import uploadWords from '../../src/locales/en/common/uploads.json' with { type: 'json' };

// A new talent fills her profile from her CV in the browser: the file is read on the server,
// the suggestion reviewed section by section, accepted, and the profile's score goes up. A
// file that is no CV is refused beside the field, the form kept.
const cvWords = profileWords.cvImport;

test('a new talent uploads her CV, reviews the suggestion and accepts it: her profile is filled and its score goes up', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewAccount(page, 'Ethan Walker', newEmail('cv'));
  await page.goto('/talent/dashboard');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/talent\/profile$/);
  const before = await profileScoreOf(page);

  await page.getByRole('link', { name: profileWords.page.fromCv }).click();
  await expect(page).toHaveURL(/\/talent\/profile-import/);
  await expectNoAxeViolations(page);

  await test.step('a file that is no CV is refused beside the field', async () => {
    await page.getByLabel(cvWords.upload.label).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
    await page.getByRole('button', { name: cvWords.upload.submit }).click();
    await expect(page.locator('[id$="-error"], [role="alert"]').first()).toBeVisible();
  });

  await test.step('her CV is read and reviewed: every section ticked, the values editable', async () => {
    await page.getByLabel(cvWords.upload.label).setInputFiles(CV);
    await page.getByRole('button', { name: cvWords.upload.submit }).click();
    await expect(page.getByText(cvWords.review.intro)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('checkbox', { name: /^Use this section/ }).first()).toBeChecked();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsPhoneWidth(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('accepted, the profile holds it and the score went up', async () => {
    await page.getByRole('button', { name: cvWords.review.acceptAll }).click();
    await expect(page).toHaveURL(/\/talent\/profile/);
    await expect(page.getByText(uploadWords.notices.profile.imported.scoreUp).first()).toBeVisible();
    expect(await profileScoreOf(page)).toBeGreaterThan(before);
    await page.goto('/talent/profile-sum');
    await expect(page.getByRole('heading', { name: 'Experience' })).toBeVisible();
  });
});
