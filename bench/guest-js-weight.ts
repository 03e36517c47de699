// Measures the gzip bytes of JavaScript a page loads before any interaction, per page, for a
// guest and for the demo talent, in Debian's Chromium: the measure of the end-to-end budget
// (tests/e2e/js-budget.spec.ts), through the same helper (tests/e2e/support/js-weight.ts).
// Launched by guest-js-weight.mjs, which says how to run it.
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_TALENT } from '../tests/e2e/support/demo-session';
import { firstJobPath, jsWeightBeforeInteraction, signedInContext } from '../tests/e2e/support/js-weight';

const origin = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:4321';
const listScripts = process.argv.includes('--scripts');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const jobPath = await firstJobPath(await browser.newContext({ baseURL: origin }));
const pages: Record<'guest' | 'talent', string[]> = {
  guest: ['/', '/jobs', '/jobs?q=developer', jobPath, '/legal/privacy'],
  talent: ['/jobs', jobPath, '/talent/dashboard'],
};
const rows: Array<{ who: string; page: string; jsGzipBytes: number }> = [];
for (const [who, paths] of Object.entries(pages)) {
  for (const path of paths) {
    // A fresh context per page: nothing cached, as on a first visit.
    const context = who === 'guest' ? await browser.newContext({ baseURL: origin }) : await signedInContext(browser, origin, DEMO_TALENT, DEMO_PASSWORD);
    const weight = await jsWeightBeforeInteraction(await context.newPage(), path);
    rows.push({ who, page: path === jobPath ? 'job page' : path, jsGzipBytes: weight.total });
    if (listScripts) for (const script of weight.scripts) rows.push({ who: '', page: `  ${script.url}`, jsGzipBytes: script.bytes });
    await context.close();
  }
}
await browser.close();
console.table(rows);
