import type { Language } from '../i18n/namespaces';
import { dateTimeFormat, numberFormat } from '../format/locale';
import { errorToastMessage } from '../notifications/toast-policy';
import { buildRoute } from '../routes/build-route';
import { isLiveRoute } from '../routes/route-table';
import { graphql, type ResultOf } from '../graphql/graphql';
import type { DocumentAnswer } from '../graphql/send-document';

export const COMPANY_DASHBOARD_QUERY = graphql(`
  query CompanyDashboard {
    companyDashboard {
      company { id name logo verificationStatus }
      jobAds { open total }
      receivedApplications sentInvitations rosterTalents
      applicationsPerWeek { weekStart count }
      pipeline { stepId stepName group count }
      openAds { jobAdId title applications }
      rosterBalances { currency amount }
      pipelineMetrics { days hires medianDaysToHire steps { stepId stepName reached movedOn rate } }
    }
  }
`);

/** The companyDashboard answer: a count the member may not read is null. */
export type CompanyDashboardView = NonNullable<ResultOf<typeof COMPANY_DASHBOARD_QUERY>['companyDashboard']>;

export type CompanyDashboardAnswer = { kind: 'loaded'; dashboard: CompanyDashboardView } | { kind: 'failed'; message: string };

/** The dashboard, or the message of the failed-query error toast when the query failed. */
export function readCompanyDashboard(answer: DocumentAnswer<ResultOf<typeof COMPANY_DASHBOARD_QUERY>>, fallbackMessage: string): CompanyDashboardAnswer {
  const dashboard = answer.data?.companyDashboard;
  if (!answer.errors.length && dashboard) return { kind: 'loaded', dashboard };
  return { kind: 'failed', message: errorToastMessage({ errors: answer.errors }) ?? fallbackMessage };
}

export type DashboardCardKey = 'jobAds' | 'receivedApplications' | 'sentInvitations' | 'rosterTalents';

export interface DashboardCard {
  key: DashboardCardKey;
  /** i18n key of the card's label (rbac namespace). */
  labelKey: string;
  /** The count (for job ads: the open ones). */
  count: number;
  /** Job ads only: every job ad, open or not. */
  total?: number;
  /** The company page listing what is counted, once it is live; null until then. */
  href: string | null;
}

const CARDS: ReadonlyArray<{ key: DashboardCardKey; routeKey: string }> = [
  { key: 'jobAds', routeKey: 'companyJobAds' },
  { key: 'receivedApplications', routeKey: 'companyReceivedJobApplications' },
  { key: 'sentInvitations', routeKey: 'companySentInvitations' },
  { key: 'rosterTalents', routeKey: 'companyTalentRoster' },
];

/**
 * One card per count the member may read (a null count has no card), linking to the
 * page of what it counts when that page is live: a card never leads to a 404.
 */
export function dashboardCards(dashboard: CompanyDashboardView, isLive: (routeKey: string) => boolean = isLiveRoute): DashboardCard[] {
  return CARDS.flatMap(({ key, routeKey }): DashboardCard[] => {
    const href = isLive(routeKey) ? buildRoute(routeKey) : null;
    const labelKey = `rbac:companyDashboard.${key}`;
    if (key === 'jobAds') return dashboard.jobAds ? [{ key, labelKey, count: dashboard.jobAds.open, total: dashboard.jobAds.total, href }] : [];
    const count = dashboard[key];
    return count === null ? [] : [{ key, labelKey, count, href }];
  });
}

/** A week of the applications chart by its Monday, as the axis shows it: "7 Sep". */
export function weekLabel(weekStart: string, language: Language): string {
  return dateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${weekStart}T00:00:00Z`));
}

/** A pass-through rate (0 to 1) as the metrics table prints it: "67%", "67 %". */
export function percentText(rate: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** A number of days as the metrics print it, at most one decimal: "12.5", "14", "12,5". */
export function daysText(days: number, language: Language): string {
  return numberFormat(language, { maximumFractionDigits: 1 }).format(days);
}
