import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// Skills as chips (profile-sections.ts, the skills list's `chips`): a skill is typed beside
// Add with the catalogue's suggestions, Enter adds it as a chip and keeps the field for the
// next one, each chip has its level on the fixed scale and a × of its own; Enter with
// nothing typed and Backspace never remove nor save anything. Without JavaScript, Add posts
// the typed skill, and a skill typed but not added is kept when another section is saved.
async function newTalent(page: Page, name: string) {
  await signUpNewAccount(page, name, newEmail('skills'));
  await page.goto('/talent/dashboard');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/talent\/profile$/);
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('skills as chips', () => {
  test('from the keyboard alone: Enter adds each typed skill as a chip, levels from the scale, × removes, Backspace does not', async ({ page }) => {
    await newTalent(page, 'Kim Keys');
    const skills = region(page, 'Skills');
    await skills.getByRole('link', { name: 'Edit Skills' }).focus();
    await page.keyboard.press('Enter');
    const typed = skills.getByRole('combobox', { name: 'New skill', exact: true });
    await expect(typed).toHaveAttribute('list', 'skill-suggestions');
    // The catalogue's skills, the ones job ads are matched on, are the suggestions.
    await expect(page.locator('#skill-suggestions option[value="TypeScript"]')).toHaveCount(1);

    await typed.focus();
    await page.keyboard.type('React');
    await page.keyboard.press('Enter');
    await expect(skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill', { exact: true })).toHaveValue('React');
    await expect(skills.getByRole('status').filter({ hasText: 'React added.' })).toHaveCount(1);
    await expect(typed).toBeFocused();
    await expect(typed).toHaveValue('');
    await page.keyboard.type('TypeScript');
    await page.keyboard.press('Enter');
    await expect(skills.getByRole('group')).toHaveCount(2);

    // Enter with nothing typed neither adds nor saves; Backspace only edits the text.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect(skills.getByRole('group')).toHaveCount(2);
    await expect(page).toHaveURL(/\/talent\/profile$/);

    const level = skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Level');
    await expect(level.locator('option')).toHaveText(['No level', 'Beginner', 'Intermediate', 'Advanced', 'Expert']);
    await level.focus();
    await level.selectOption({ label: 'Advanced' });
    await skills.getByRole('button', { name: 'Remove skill 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(skills.getByRole('group')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await skills.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/talent\/profile#skills$/);
    await expect(skills.getByRole('listitem')).toHaveText(['React · Advanced']);
  });

  test('Add with a typed skill puts it on a chip and moves to its level', async ({ page }) => {
    await newTalent(page, 'Ada Add');
    const skills = region(page, 'Skills');
    await skills.getByRole('link', { name: 'Edit Skills' }).click();
    await skills.getByRole('combobox', { name: 'New skill', exact: true }).fill('Figma');
    await skills.getByRole('button', { name: 'Add skill' }).click();
    const chip = skills.getByRole('group', { name: 'Skill 1' });
    await expect(chip.getByLabel('Skill', { exact: true })).toHaveValue('Figma');
    await expect(chip.getByLabel('Level')).toBeFocused();
  });

  test('without JavaScript: Add posts the typed skill, and one typed but not added is kept when another section is saved', async ({ page, browser, baseURL }) => {
    await newTalent(page, 'Noa NoScript');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    try {
      await noJs.goto('/talent/profile?edit=skills');
      const skills = region(noJs, 'Skills');
      await skills.getByRole('combobox', { name: 'New skill', exact: true }).fill('React');
      await skills.getByRole('button', { name: 'Add skill' }).click();
      await expect(skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill', { exact: true })).toHaveValue('React');
      await expect(skills.getByRole('combobox', { name: 'New skill', exact: true })).toHaveValue('');
      await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Level').selectOption({ label: 'Expert' });
      await skills.getByRole('combobox', { name: 'New skill', exact: true }).fill('Go');

      // Opening another section carries the skills as a draft, the typed one among them.
      const basics = region(noJs, 'Basics');
      await basics.getByRole('button', { name: 'Edit Basics' }).click();
      await basics.getByLabel('Job title').fill('Backend Engineer');
      await basics.getByRole('button', { name: 'Save' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile#basics$/);
      await expect(skills.getByRole('listitem')).toHaveText(['React · Expert', 'Go']);
    } finally {
      await context.close();
    }
  });
});
