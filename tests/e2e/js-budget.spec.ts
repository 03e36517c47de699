import type { BrowserContext } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_PASSWORD, DEMO_TALENT } from './support/demo-session';
import { guestRoutes } from './support/live-routes';
import { firstJobPath, jsWeightBeforeInteraction, signedInContext, type JsWeight } from './support/js-weight';

// JavaScript loaded before any interaction, as gzip bytes computed from each script's body
// (support/js-weight.ts; the transferred encoding does not matter). The stack this replaces
// loads 325 KB gzip on its job search. Here every guest page, and the job search and job
// pages signed in too, load less than 10 KB: the shell script and, where a page has an
// island, Astro's island loader; no React until someone touches an island
// (`client:interaction`). Figures: docs/benchmarks.md, "Guest JavaScript before interaction".
const BUDGET_BYTES = 10 * 1024;

function expectWithinBudget(weight: JsWeight) {
  test.info().annotations.push({ type: 'js-gzip-bytes', description: String(weight.total) });
  // The breakdown is the message, so a failure names the script that grew.
  expect(weight.total, JSON.stringify(weight.scripts)).toBeLessThan(BUDGET_BYTES);
}

async function measureIn(context: BrowserContext, path: string): Promise<JsWeight> {
  const page = await context.newPage();
  try {
    return await jsWeightBeforeInteraction(page, path);
  } finally {
    await context.close();
  }
}

for (const route of guestRoutes) {
  test(`a guest loads less than 10 KB gzip of JavaScript on ${route.path} before interacting`, async ({ page }) => {
    expectWithinBudget(await jsWeightBeforeInteraction(page, route.path));
  });
}

test.describe('the job search and job pages load less than 10 KB gzip of JavaScript before interacting', () => {
  for (const who of ['guest', 'talent'] as const) {
    const contextFor = async (browser: Parameters<typeof signedInContext>[0], baseURL: string) =>
      who === 'guest' ? browser.newContext({ baseURL }) : signedInContext(browser, baseURL, DEMO_TALENT, DEMO_PASSWORD);

    test(`${who}: /jobs`, async ({ browser, baseURL }) => {
      expectWithinBudget(await measureIn(await contextFor(browser, baseURL!), '/jobs'));
    });

    test(`${who}: a job page`, async ({ browser, baseURL, context }) => {
      const path = await firstJobPath(context);
      expectWithinBudget(await measureIn(await contextFor(browser, baseURL!), path));
    });
  }
});
