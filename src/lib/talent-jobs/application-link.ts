import { buildRoute } from '../routes/build-route';

/** The element id of one application on the applied jobs page. */
export const applicationAnchor = (id: string): string => `application-${id}`;

/**
 * Where a talent reads one of her applications: its entry on the applied jobs page (newest
 * first, so a recent one is on the page the link opens), with its step and the company's
 * reason. Never the job ad, whose public page answers 410 once the ad is closed.
 */
export const applicationHref = (id: string): string => `${buildRoute('talentAppliedJobs')}#${applicationAnchor(id)}`;

/**
 * Where an action an application waits for is done (the dashboard's action-first list): an
 * interview's page for its times or the interview itself, the conversation for a message or
 * an offer to answer. `interviews` are the application's, newest first.
 */
export function applicationActionHref(action: string, application: { id: string; interviews: ReadonlyArray<{ id: string; status: string }> }): string {
  const interviewIn = (status: string) => application.interviews.find((interview) => interview.status === status);
  const interview = action === 'CHOOSE_INTERVIEW_TIME' ? interviewIn('PROPOSED') : action === 'ATTEND_INTERVIEW' ? interviewIn('BOOKED') : undefined;
  if (interview) return buildRoute('talentInterview', { query: { id: interview.id } });
  if (action === 'READ_MESSAGE' || action === 'ANSWER_OFFER') return buildRoute('talentMessages', { query: { application: application.id } });
  return applicationHref(application.id);
}
