import type { GraphqlAnswerLike } from './profile-operations';

/** Spec §5 /talent/dashboard widgets, read in one request so the page waits once. */
export const DASHBOARD_WIDGETS_QUERY = `query TalentDashboardWidgets {
  invitations: myInvitations(filter: NEW, perPage: 3) { total items { id title companyName createdAt } }
  applications: myJobApplications(perPage: 3) { total items { id title jobAdId companyName hiringStep createdAt } }
  assignments: myJobAssignments(filter: CURRENT, perPage: 3) { total items { id role { title } clientCompany { name } startDate endDate } }
  balances: myBalances { rosterEntryId companyName currency balance }
}`;

export interface DashboardWidgets {
  invitations: { total: number; items: Array<{ id: string; title: string | null; companyName: string; createdAt: string }> };
  applications: { total: number; items: Array<{ id: string; title: string | null; jobAdId: string | null; companyName: string | null; hiringStep: string | null; createdAt: string }> };
  assignments: { total: number; items: Array<{ id: string; role: { title: string } | null; clientCompany: { name: string } | null; startDate: string | null; endDate: string | null }> };
  balances: Array<{ rosterEntryId: string; companyName: string; currency: string; balance: string }>;
}

/** The widgets, or null when the API failed (the dashboard then says so once instead). */
export function readDashboardWidgets(answer: GraphqlAnswerLike): DashboardWidgets | null {
  const data = answer.body.data as Partial<DashboardWidgets> | null | undefined;
  if (!data?.invitations || !data.applications || !data.assignments || !data.balances) return null;
  return data as DashboardWidgets;
}

/** Skill names of a profile for the matching-jobs search (entries are {name, level, years}). */
export function profileSkillNames(skills: ReadonlyArray<Record<string, unknown>>): string[] {
  return skills.map((skill) => (typeof skill.name === 'string' ? skill.name : '')).filter(Boolean);
}
