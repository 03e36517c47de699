import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// The profile edits one section at a time and never loses a word: a talent adds two skills
// and a position while a description is half typed in another section, with JavaScript and
// without. Each test signs up a talent of its own, so nothing other specs do matters.
const HALF_TYPED = 'I build accessible shops and design sys';

async function newTalent(page: Page, name: string) {
  await signUpNewAccount(page, name, newEmail('sections'));
  await page.goto('/talent/dashboard');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/talent\/profile$/);
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** What every variant must end with: the description, both skills and the position saved. */
async function expectNothingLost(page: Page) {
  await expect(region(page, 'Basics').getByRole('definition').filter({ hasText: HALF_TYPED })).toBeVisible();
  const skills = region(page, 'Skills').getByRole('listitem');
  await expect(skills).toHaveText(['React · Advanced · 5 years', 'TypeScript · Intermediate']);
  await expect(region(page, 'Experience').getByRole('listitem')).toContainText(['Atlantic Web Studio · Product Engineer']);
}

test.describe('the talent profile, one section at a time', () => {
  test('with JavaScript: sections open in place, entries are added on the client, leaving asks and keeps the draft, Save saves it all', async ({ page }) => {
    await newTalent(page, 'Sam Sections');
    await expectNoAxeViolations(page);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    const basics = region(page, 'Basics');
    await expect(basics.getByLabel('Description')).toBeHidden();
    await basics.getByRole('link', { name: 'Edit Basics' }).click();
    await expect(page).toHaveURL(/\/talent\/profile$/);
    await expect(basics.getByLabel('Profile name')).toBeFocused();
    await basics.getByLabel('Description').fill(HALF_TYPED);

    const skills = region(page, 'Skills');
    await skills.getByRole('link', { name: 'Edit Skills' }).click();
    expect(asked).toEqual(['Basics has changes you have not saved. Keep them, to be saved with your next Save, and open Skills?']);
    await expect(basics.getByLabel('Description')).toBeHidden();
    await expect(basics.getByText(/^Changes not saved yet\./)).toBeVisible();
    await skills.getByRole('button', { name: 'Add skill' }).click();
    await expect(skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill')).toBeFocused();
    await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill').fill('React');
    await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Level').selectOption({ label: 'Advanced' });
    await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Years of practice').fill('5');
    await skills.getByRole('button', { name: 'Add skill' }).click();
    await skills.getByRole('group', { name: 'Skill 2' }).getByLabel('Skill').fill('TypeScript');
    await skills.getByRole('group', { name: 'Skill 2' }).getByLabel('Level').selectOption({ label: 'Intermediate' });
    // A third, removed again: the others keep what was typed and their numbers.
    await skills.getByRole('button', { name: 'Add skill' }).click();
    await skills.getByRole('group', { name: 'Skill 3' }).getByLabel('Skill').fill('Cobol');
    await skills.getByRole('button', { name: 'Remove skill 3' }).click();
    await expect(skills.getByRole('group')).toHaveCount(2);
    await expect(page).toHaveURL(/\/talent\/profile$/);
    await expectNoAxeViolations(page);

    const experience = region(page, 'Experience');
    await experience.getByRole('link', { name: 'Edit Experience' }).click();
    expect(asked).toHaveLength(2);
    await experience.getByRole('button', { name: 'Add position' }).click();
    const position = experience.getByRole('group', { name: 'Position 1' });
    await position.getByLabel('Company').fill('Atlantic Web Studio');
    await position.getByLabel('Title').fill('Product Engineer');
    await expect(experience.getByText('Save also saves your unsaved changes to: Basics, Skills.')).toBeVisible();

    // Leaving the page with changes asks first (the browser's own question); staying keeps them.
    page.removeAllListeners('dialog');
    const leaving = page.waitForEvent('dialog');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('navigation', { name: 'Talent menu' }).getByRole('link', { name: 'Dashboard' }).click();
    expect((await leaving).type()).toBe('beforeunload');
    await expect(position.getByLabel('Company')).toHaveValue('Atlantic Web Studio');

    await experience.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/talent\/profile#experience$/);
    await expect(page.locator('tp-toaster').getByText('Profile saved')).toBeVisible();
    await expect(experience).toBeFocused();
    await expectNothingLost(page);
  });

  test('with JavaScript: Cancel asks before it discards, and the section is as saved', async ({ page }) => {
    await newTalent(page, 'Cleo Cancel');
    page.on('dialog', (dialog) => void dialog.accept());
    const links = region(page, 'Links');
    await links.getByRole('link', { name: 'Edit Links' }).click();
    await links.getByRole('button', { name: 'Add link' }).click();
    await links.getByRole('group', { name: 'Link 1' }).getByLabel('Web address').fill('https://example.test');
    await links.getByRole('link', { name: 'Cancel' }).click();
    await expect(links.getByText('No links yet.').filter({ visible: true })).toHaveCount(1);
    await expect(links.getByRole('link', { name: 'Edit Links' })).toBeFocused();
    await links.getByRole('link', { name: 'Edit Links' }).click();
    await expect(links.getByRole('group')).toHaveCount(0);
  });

  test('without JavaScript: Edit opens one section, moving to another carries the draft, Add posts hand back every typed value', async ({ page, browser, baseURL }) => {
    await newTalent(page, 'Nico NoScript');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    try {
      await noJs.goto('/talent/profile');
      const basics = region(noJs, 'Basics');
      await basics.getByRole('link', { name: 'Edit Basics' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile\?edit=basics#basics$/);
      await expect(region(noJs, 'Skills').getByLabel('Skill', { exact: true })).toHaveCount(0);
      await basics.getByLabel('Description').fill(HALF_TYPED);

      // While Basics is open, Edit elsewhere submits it: what was typed comes along as a draft.
      const skills = region(noJs, 'Skills');
      await skills.getByRole('button', { name: 'Edit Skills' }).click();
      await expect(basics.getByText(/^Changes not saved yet\./)).toBeVisible();
      await skills.getByRole('button', { name: 'Add skill' }).click();
      await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill').fill('React');
      await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Level').selectOption({ label: 'Advanced' });
      await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Years of practice').fill('5');
      await skills.getByRole('button', { name: 'Add skill' }).click();
      await expect(skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill')).toHaveValue('React');
      await skills.getByRole('group', { name: 'Skill 2' }).getByLabel('Skill').fill('TypeScript');
      await skills.getByRole('group', { name: 'Skill 2' }).getByLabel('Level').selectOption({ label: 'Intermediate' });
      await expect(basics.getByText(/^Changes not saved yet\./)).toBeVisible();

      const experience = region(noJs, 'Experience');
      await experience.getByRole('button', { name: 'Edit Experience' }).click();
      await experience.getByRole('button', { name: 'Add position' }).click();
      const position = experience.getByRole('group', { name: 'Position 1' });
      await position.getByLabel('Company').fill('Atlantic Web Studio');
      await position.getByLabel('Title').fill('Product Engineer');
      await expect(experience.getByText('Save also saves your unsaved changes to: Basics, Skills.')).toBeVisible();
      await experience.getByRole('button', { name: 'Save' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile#experience$/);
      await expect(experience).toBeFocused();
      await expect(experience.getByRole('status')).toHaveText('Profile saved');
      await expectNothingLost(noJs);
    } finally {
      await context.close();
    }
  });

  test('the levels are chosen from their scales, and the server refuses anything else', async ({ page }) => {
    await newTalent(page, 'Lea Levels');
    await page.goto('/talent/profile?edit=languages');
    const languages = region(page, 'Languages');
    await languages.getByRole('button', { name: 'Add language' }).click();
    const level = languages.getByRole('group', { name: 'Language 1' }).getByLabel('Level');
    await expect(level.locator('option')).toHaveText(['No level', 'A1 · Beginner', 'A2 · Elementary', 'B1 · Intermediate', 'B2 · Upper intermediate', 'C1 · Advanced', 'C2 · Proficient', 'Native']);
    await languages.getByRole('group', { name: 'Language 1' }).getByLabel('Language').fill('German');
    // A forged choice, as a hand-made post would send it.
    await level.evaluate((select: HTMLSelectElement) => {
      select.options[1]!.value = 'Fluent';
      select.selectedIndex = 1;
    });
    await languages.getByRole('button', { name: 'Save' }).click();
    await expect(languages.getByText('Choose a level from the list: A1 to C2, or Native.')).toBeVisible();
    await level.selectOption({ label: 'B2 · Upper intermediate' });
    await languages.getByRole('button', { name: 'Save' }).click();
    await expect(languages.getByRole('listitem')).toHaveText(['German · B2 · Upper intermediate']);
  });
});
