import type { Translate } from '../i18n/i18n';
import { RETRY_AFTER_SECONDS, type UnavailableDependency } from './service-unavailable';
import { escapeHtml } from '../text/escape-html';

/**
 * The answer while a dependency is down: 503 with Retry-After, an HTML page for a
 * person (what happened, that nothing was lost by waiting, what to do), or a GraphQL
 * error for the islands' calls. Self-contained on purpose: the layout's own data may
 * need the very dependency that is down.
 */
export function unavailableResponse(t: Translate, dependency: UnavailableDependency, options: { json: boolean; productName: string }): Response {
  const headers = { 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' };
  const message = t(`unavailable.${dependency}`);
  if (options.json) {
    const body = { errors: [{ message, extensions: { code: 'UNAVAILABLE' } }] };
    return new Response(JSON.stringify(body), { status: 503, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
  }
  const title = escapeHtml(`${t('unavailable.heading')} | ${options.productName}`);
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${escapeHtml(t('unavailable.heading'))}</h1><p>${escapeHtml(message)}</p><p>${escapeHtml(t('unavailable.whatToDo', { seconds: RETRY_AFTER_SECONDS }))}</p><p><a href="">${escapeHtml(t('unavailable.retry'))}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
