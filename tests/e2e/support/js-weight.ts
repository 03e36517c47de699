import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signInAs } from './demo-session';

export interface JsWeight {
  /** Gzip bytes of every script the page ran before any interaction. */
  total: number;
  /** Each external script's gzip bytes, and the inline scripts' together ('inline'). */
  scripts: Array<{ url: string; bytes: number }>;
}

/**
 * The JavaScript a page loads before anyone interacts: every script response until the
 * network is idle, plus the page's inline scripts (JSON data blocks are not code). The figure
 * is computed, not read off the wire: each body is gzipped here (Node's default level), so it
 * is the same whether the server sent brotli, its level-9 .gz copy or nothing compressed.
 * Nothing here moves the pointer or the focus, so a `client:interaction` island stays
 * unloaded. Open it on a page of a fresh context: a cached script may fire no response event.
 */
export async function jsWeightBeforeInteraction(page: Page, path: string): Promise<JsWeight> {
  const pending: Array<Promise<{ url: string; bytes: number }>> = [];
  page.on('response', (response) => {
    const contentType = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !contentType.includes('javascript')) return;
    pending.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, bytes: gzipSync(body).length }), () => ({ url: response.url(), bytes: 0 })));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => !script.getAttribute('type')?.includes('json'))
      .map((script) => script.textContent ?? '')
      .join('\n'),
  );
  const scripts = await Promise.all(pending);
  if (inline) scripts.push({ url: 'inline', bytes: gzipSync(inline).length });
  return { total: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts };
}

/** The first job ad on /jobs: its page's path (/job-apply/<id>/<slug>), from the served HTML. */
export async function firstJobPath(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/jobs');
  const path = /href="(\/job-apply\/[0-9a-f-]{36}\/[^"]+)"/.exec(await response.text())?.[1];
  if (!path) throw new Error('/jobs lists no job ad');
  return path;
}

/**
 * A fresh context (empty cache) signed in as `email`: the sign-in runs in a context of its
 * own, whose cookies the new one takes, so no script of the sign-in pages is cached.
 */
export async function signedInContext(browser: Browser, baseURL: string, email: string, password: string): Promise<BrowserContext> {
  const signIn = await browser.newContext({ baseURL });
  await signInAs(await signIn.newPage(), email, '/jobs', password);
  const storageState = await signIn.storageState();
  await signIn.close();
  return browser.newContext({ baseURL, storageState });
}
