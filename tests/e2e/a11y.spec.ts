import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { guestRoutes } from './support/live-routes';

// WCAG 2.2 AA on every page a guest can open (the front end's accessibility target).
for (const route of guestRoutes) {
  test(`axe finds no violations on ${route.path}`, async ({ page }) => {
    await page.goto(route.path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('axe finds no violations on the not-found page', async ({ page }) => {
  await page.goto('/missing-page');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
