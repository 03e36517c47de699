// Measures the gzip bytes of JavaScript a guest page loads before any interaction, per
// page, in Debian's Chromium. Start the product first (npm start, or PORT=... node
// dist/main.mjs) and pass its origin:  node bench/guest-js-weight.mjs http://127.0.0.1:4321
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const origin = process.argv[2] ?? 'http://127.0.0.1:4321';
const pages = ['/', '/jobs', '/jobs?q=developer', '/legal/privacy'];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
for (const path of pages) {
  const page = await browser.newPage();
  const sizes = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') sizes.push(response.body().then((body) => gzipSync(body).length, () => 0));
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].filter((s) => !s.type.includes('json')).map((s) => s.textContent).join('\n'));
  const external = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  const html = gzipSync(Buffer.from(await page.content())).length;
  rows.push({ path, jsGzipBytes: external + (inline ? gzipSync(inline).length : 0), htmlGzipBytes: html });
  await page.close();
}
await browser.close();
console.table(rows);
