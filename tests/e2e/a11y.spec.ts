import { test } from './support/test';
import { expectNoAxeViolations } from './support/demo-session';
import { guestRoutes } from './support/live-routes';

// WCAG 2.2 AA on every page a guest can open (the front end's accessibility target).
for (const route of guestRoutes) {
  test(`axe finds no violations on ${route.path}`, async ({ page }) => {
    await page.goto(route.path);
    await expectNoAxeViolations(page);
  });
}

test('axe finds no violations on the not-found page', async ({ page }) => {
  await page.goto('/missing-page');
  await expectNoAxeViolations(page);
});
