import { gzipSync } from 'node:zlib';
import { expect, test } from './support/test';
import { guestRoutes } from './support/live-routes';

// The stack this replaces loads 325 KB gzip on its job search; a guest page here may
// load at most 32 KB gzip of JavaScript before the user interacts (issue: foundation).
const BUDGET_BYTES = 32 * 1024;

for (const route of guestRoutes) {
  test(`a guest loads at most 32 KB gzip of JavaScript on ${route.path} before interacting`, async ({ page }) => {
    const scripts: Array<Promise<number>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type === 'script' || contentType.includes('javascript')) {
        scripts.push(response.body().then((body) => gzipSync(body).length, () => 0));
      }
    });
    await page.goto(route.path, { waitUntil: 'networkidle' });
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !script.getAttribute('type')?.includes('json'))
        .map((script) => script.textContent ?? '')
        .join('\n'),
    );
    const external = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    const total = external + (inline ? gzipSync(inline).length : 0);
    test.info().annotations.push({ type: 'js-gzip-bytes', description: String(total) });
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}
