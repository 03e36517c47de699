import type { APIRoute } from 'astro';
import { sendDocument } from '../../../lib/graphql/send-document';
import { INTERVIEW_CALENDAR_FEED_QUERY, calendarFeedTokenOf } from '../../../lib/interviews/calendar-feed-pages';

/**
 * A member's private calendar feed of her interviews (/api/calendar-feeds/<secret>.ics), for
 * calendar programs to subscribe to: anonymous (the secret is the credential), never cached
 * by a shared cache. An unknown secret is a plain 404.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const token = calendarFeedTokenOf(params.token ?? '');
  if (!token) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const answer = await sendDocument((body) => locals.services.bff.graphql(null, body, '/api/calendar-feeds'), INTERVIEW_CALENDAR_FEED_QUERY, { token });
  const text = answer.data?.interviewCalendarFeed;
  if (!text) {
    const missing = answer.errors.some((error) => error.extensions?.code === 'NOT_FOUND');
    return new Response(missing ? 'Not found' : 'The calendar is unavailable; your calendar program will try again.', { status: missing ? 404 : 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  return new Response(text, { headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } });
};
