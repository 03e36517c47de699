import { expect, test } from './support/test';
import { expectFitsPhoneWidth } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// The talent profile on a 390 px phone: read-only sections that fit the screen, one opened
// in place to edit, nothing lost on the way.
test.describe('the talent profile on a phone', () => {
  test('sections read and edit one at a time at 390 px, with no sideways scrolling and no axe violations', async ({ page }) => {
    await signUpNewAccount(page, 'Pia Phone', newEmail('phone'));
    await page.goto('/talent/dashboard');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page).toHaveURL(/\/talent\/profile$/);
    await expectFitsPhoneWidth(page);

    page.on('dialog', (dialog) => void dialog.accept());
    const basics = page.getByRole('region', { name: 'Basics' });
    await basics.getByRole('link', { name: 'Edit Basics' }).tap();
    await basics.getByLabel('Description').fill('Half a sentence about');
    const skills = page.getByRole('region', { name: 'Skills' });
    await skills.getByRole('link', { name: 'Edit Skills' }).tap();
    await skills.getByRole('button', { name: 'Add skill' }).tap();
    await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill').fill('Figma');
    await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Level').selectOption({ label: 'Expert' });
    await expectFitsPhoneWidth(page);
    await skills.getByRole('button', { name: 'Save' }).tap();
    await expect(page).toHaveURL(/\/talent\/profile#skills$/);
    await expect(skills.getByRole('listitem')).toHaveText(['Figma · Expert']);
    await expect(basics.getByRole('definition').filter({ hasText: 'Half a sentence about' })).toBeVisible();
    await expectFitsPhoneWidth(page);
  });
});
