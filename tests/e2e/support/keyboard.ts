import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (at most `max` times) until `target` has the focus: how a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, max = 80) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Chooses an option of the focused select with the arrow keys, as a keyboard user does. */
export async function chooseByKeyboard(page: Page, select: Locator, label: string) {
  await expect(select).toBeFocused();
  const labels = await select.locator('option').allTextContents();
  const target = labels.findIndex((text) => text.trim() === label);
  expect(target, `${label} among ${labels.join(', ')}`).toBeGreaterThan(0);
  const current = await select.evaluate((element: HTMLSelectElement) => element.selectedIndex);
  for (let index = current; index < target; index += 1) await page.keyboard.press('ArrowDown');
  await expect(select.locator('option:checked')).toHaveText(label);
}
