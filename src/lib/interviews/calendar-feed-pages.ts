import { graphql } from '../graphql/graphql';

// A member's private calendar feed of her interviews: its address, made and shown on the
// company's interviews page, read by calendar programs at /api/calendar-feeds/<secret>.ics.

export const CALENDAR_FEED_PATH = '/api/calendar-feeds/';

export const INTERVIEW_CALENDAR_FEED_QUERY = graphql(`
  query InterviewCalendarFeed($token: String!) {
    interviewCalendarFeed(token: $token)
  }
`);

export const MY_CALENDAR_FEED_QUERY = graphql(`
  query MyInterviewCalendarFeed {
    myInterviewCalendarFeed { token createdAt }
  }
`);

export const RENEW_CALENDAR_FEED_MUTATION = graphql(`
  mutation RenewInterviewCalendarFeed {
    renewInterviewCalendarFeed { token createdAt }
  }
`);

export const RENEW_CALENDAR_FEED_INTENT = 'renewCalendarFeed';

/** The address of a feed: absolute, for a calendar program to subscribe to. */
export const calendarFeedUrl = (origin: string, token: string) => `${origin}${CALENDAR_FEED_PATH}${token}.ics`;

/** The secret in the last segment of a feed's address ("<secret>.ics"), or null. */
export function calendarFeedTokenOf(segment: string): string | null {
  const match = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(segment);
  return match ? match[1]! : null;
}
