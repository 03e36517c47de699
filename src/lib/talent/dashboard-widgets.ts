import { graphql, type ResultOf } from '../graphql/graphql';
import type { DocumentAnswer } from '../graphql/send-document';

/** The /talent/dashboard widgets, read in one request so the page waits once. */
export const DASHBOARD_WIDGETS_QUERY = graphql(`
  query TalentDashboardWidgets {
    invitations: myInvitations(filter: NEW, perPage: 3) { total items { id title companyName createdAt } }
    applications: myJobApplications(perPage: 5, sort: ACTION_FIRST) { total items { id title companyName talentStatus createdAt actions interviews { id status } } }
    assignments: myJobAssignments(filter: CURRENT, perPage: 3) { total items { id role { title } clientCompany { name } startDate endDate } }
    balances: myBalances { rosterEntryId companyName currency balance }
    rosterRequests: myRosterRequests(perPage: 3) { total items { id companyName } }
  }
`);

export type DashboardWidgets = ResultOf<typeof DASHBOARD_WIDGETS_QUERY>;

/** The widgets, or null when the API failed (the dashboard then says so once instead). */
export function readDashboardWidgets(answer: DocumentAnswer<DashboardWidgets>): DashboardWidgets | null {
  const data = answer.data;
  if (!data?.invitations || !data.applications || !data.assignments || !data.balances || !data.rosterRequests) return null;
  return data;
}

/** Skill names of a profile for the matching-jobs search (entries are {name, level, years}). */
export function profileSkillNames(skills: ReadonlyArray<Record<string, unknown>>): string[] {
  return skills.map((skill) => (typeof skill.name === 'string' ? skill.name : '')).filter(Boolean);
}
