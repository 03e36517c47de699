import { expect, test } from './support/test';
import { DEMO_TALENT, signInAs } from './support/demo-session';

test('a new deployment raises the "new version" warning, and Refresh loads it', async ({ page }) => {
  await page.goto('/');
  const buildId = await page.locator('meta[name="build-id"]').getAttribute('content');
  expect(buildId).toBeTruthy();
  // Simulate the deployment: from now on the home page carries another build id.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replaceAll(buildId!, 'next-build');
    await route.fulfill({ response, body: html });
  });
  const banner = page.getByRole('alert').filter({ hasText: 'A new version of this site is available.' });
  await expect(banner).toBeVisible({ timeout: 10_000 });

  await page.unroute('/');
  await banner.getByRole('button', { name: 'Refresh' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('alert').filter({ hasText: 'A new version' })).toHaveCount(0);
});

test('the notification can be closed without refreshing', async ({ page }) => {
  await page.goto('/legal/terms');
  await page.route('/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>other build</html>' }));
  const banner = page.getByRole('alert').filter({ hasText: 'A new version' });
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await banner.getByRole('button', { name: 'Close notification' }).click();
  await expect(banner).toHaveCount(0);
});

test('the version check sends no cookie, so an open tab does not keep its session alive', async ({ page }) => {
  await signInAs(page, DEMO_TALENT, '/talent/dashboard');
  const poll = page.waitForRequest((request) => new URL(request.url()).pathname === '/' && request.resourceType() === 'fetch', { timeout: 10_000 });
  expect((await (await poll).allHeaders()).cookie).toBeUndefined();
});
