import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { MY_SAVED_JOB_AD_IDS_QUERY } from './saved-job-queries';

/** What a 'Save job' toggle shows (mirrors SaveJobToggle.astro's state). */
export type SaveJobToggleState = { signedIn: true; saved: boolean; csrf: string } | { signedIn: false };

/**
 * Which of these job ads the signed-in user saved, in one query for a whole result page.
 * A failure only costs the flags (every toggle then offers 'Save job'), never the page.
 */
export async function loadSavedJobAdIds(send: SendGraphql, jobAdIds: string[]): Promise<Set<string>> {
  if (!jobAdIds.length) return new Set();
  const { data } = await sendDocument(send, MY_SAVED_JOB_AD_IDS_QUERY, { jobAdIds });
  return new Set(data?.mySavedJobAdIds ?? []);
}

/** The toggle's state for a visitor: a form for a signed-in user, a sign-in link for a guest. */
export function saveJobStateFor(session: { record: { csrfToken: string } } | null, user: unknown, saved: boolean): SaveJobToggleState {
  return session && user ? { signedIn: true, saved, csrf: session.record.csrfToken } : { signedIn: false };
}
