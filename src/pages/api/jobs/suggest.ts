import type { APIRoute } from 'astro';
import { stripControlCharacters } from '../../../lib/text/control-characters';
import { sendDocument } from '../../../lib/graphql/send-document';
import { JOB_AD_SUGGESTIONS_QUERY } from '../../../lib/job-ads/job-queries';
import { MAX_QUERY_LENGTH } from '../../../lib/job-ads/search-params';

/**
 * Title suggestions for the job search box: public, anonymous (no session is used even
 * when the visitor has one) and briefly cacheable. An empty query sends no search; the
 * text is cut to the API's own limit, so the API never refuses it as input.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const q = stripControlCharacters(url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60' };
  if (!q) return new Response('[]', { headers });
  // Anonymous on purpose: no session goes upstream, whoever asks.
  const answer = await sendDocument((body) => locals.services.bff.graphql(null, body, '/jobs'), JOB_AD_SUGGESTIONS_QUERY, { q });
  if (!answer.data?.jobAdSuggestions) {
    return new Response(JSON.stringify({ error: answer.errors[0]?.message?.slice(0, 300) ?? 'Search is unavailable' }), { status: 502, headers: { ...headers, 'cache-control': 'no-store' } });
  }
  return new Response(JSON.stringify(answer.data.jobAdSuggestions), { headers });
};
