import type { Page } from '@playwright/test';
import { expect, test as base } from './test';

/**
 * The suite's `test` (support/test.ts) that also fails a test when the browser reported a Content
 * Security Policy violation on any of its pages (Chromium logs each refused script,
 * style or connection to the console), so specs that use it show that the pages still
 * work under the policy: islands hydrate, the shell's script runs, nothing is refused.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
