import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base, type BrowserContext, type Response } from '@playwright/test';
import { SERVED_HTML_DIR, SERVED_HTML_INDEX, type ServedPage } from '../../support/served-html';

/**
 * Keeps the HTML of every page a test opens, exactly as the server sent it (the response's
 * bytes, not the DOM the browser rebuilt), once per distinct address and status, for the
 * W3C Nu HTML check that `npm test` runs after the end-to-end suite (tests/served-html/served-html.test.ts).
 * A redirect has no page to check and is only listed; a body the browser already dropped (the test moved
 * on before it was read) is simply not kept: another visit of that page usually is.
 */
async function keepServedHtml(response: Response, seen: Set<string>) {
  if (response.request().resourceType() !== 'document') return;
  const key = `${response.status()} ${response.url().split('#')[0]}`;
  if (seen.has(key)) return;
  const redirect = response.status() >= 300 && response.status() < 400;
  if (!redirect && !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  seen.add(key);
  mkdirSync(SERVED_HTML_DIR, { recursive: true });
  if (redirect) {
    // No page to check, but the route answered: the coverage check counts it.
    appendFileSync(SERVED_HTML_INDEX, `${JSON.stringify({ url: response.url(), status: response.status(), file: null } satisfies ServedPage)}\n`);
    return;
  }
  let body: Buffer;
  try {
    body = await response.body();
  } catch {
    return;
  }
  const file = `${createHash('sha1').update(key).digest('hex').slice(0, 16)}.html`;
  writeFileSync(path.join(SERVED_HTML_DIR, file), body);
  const page: ServedPage = { url: response.url(), status: response.status(), file };
  appendFileSync(SERVED_HTML_INDEX, `${JSON.stringify(page)}\n`);
}

/** Addresses already kept by this worker, so a page visited by fifty tests is written once. */
const keptByThisWorker = new Set<string>();

/**
 * Playwright's `test`, plus the automatic keeping of served HTML above. Every spec imports
 * `test` and `expect` from here (or from csp-guard.ts, which builds on it), so every page the
 * end-to-end suite visits, signed in or not, is checked.
 */
export const test = base.extend<{ servedHtml: void }>({
  servedHtml: [
    async ({ browser, context }, use) => {
      const pending: Promise<void>[] = [];
      const watch = (watched: BrowserContext) => watched.on('response', (response) => pending.push(keepServedHtml(response, keptByThisWorker)));
      watch(context);
      // Contexts a test opens itself (a second user, JavaScript off) are watched too.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        watch(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        await Promise.allSettled(pending);
      }
    },
    { auto: true },
  ],
});

export { expect };
