import { expect } from 'vitest';

/**
 * What every fault test expects of a page while a dependency is down: 503 with
 * Retry-After, an HTML page saying what happened and to try again, and nothing of the
 * server's insides (no stack trace, no driver message).
 */
export async function expectTryAgainPage(page: { status: number; headers: Headers; html: string }, says: RegExp) {
  expect(page.status).toBe(503);
  expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.html).toContain('<h1>Briefly unavailable</h1>');
  expect(page.html).toMatch(says);
  expect(page.html).toMatch(/try again in \d+ seconds/);
  expect(page.html).not.toMatch(/ECONNREFUSED|Error:|\bat .*\.m?js:\d+/);
}

/** /readyz's status and body. */
export async function readiness(origin: string): Promise<{ status: number; body: { status: string; checks: Record<string, string> } }> {
  const response = await fetch(`${origin}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, string> } };
}

/** Polls /readyz until it answers 200: a client reconnects on its own schedule (Redis: at most every 2 s). */
export async function waitUntilReady(origin: string, timeoutMs = 15_000): Promise<{ status: string; checks: Record<string, string> }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await readiness(origin);
    if (status === 200) return body;
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
