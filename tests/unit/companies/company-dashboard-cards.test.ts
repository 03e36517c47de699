import { describe, expect, it } from 'vitest';
import { dashboardCards, daysText, percentText, readCompanyDashboard, weekLabel, type CompanyDashboardView } from '../../../src/lib/companies/company-dashboard';

const dashboard: CompanyDashboardView = {
  company: { id: 'c1', name: 'Acme', logo: null, verificationStatus: 'verified' },
  jobAds: { open: 3, total: 7 },
  receivedApplications: 12,
  sentInvitations: 0,
  rosterTalents: 5,
  applicationsPerWeek: null,
  pipeline: null,
  openAds: null,
  rosterBalances: null,
  pipelineMetrics: null,
};
const noneLive = () => false;

describe('company dashboard cards', () => {
  it('shows job ads (open of total), received applications, sent invitations and roster talents, in that order', () => {
    expect(dashboardCards(dashboard, noneLive)).toEqual([
      { key: 'jobAds', labelKey: 'rbac:companyDashboard.jobAds', count: 3, total: 7, href: null },
      { key: 'receivedApplications', labelKey: 'rbac:companyDashboard.receivedApplications', count: 12, href: null },
      { key: 'sentInvitations', labelKey: 'rbac:companyDashboard.sentInvitations', count: 0, href: null },
      { key: 'rosterTalents', labelKey: 'rbac:companyDashboard.rosterTalents', count: 5, href: null },
    ]);
  });

  it('shows no card for a count the member may not read (null), while a zero count keeps its card', () => {
    const cards = dashboardCards({ ...dashboard, jobAds: null, rosterTalents: null }, noneLive);
    expect(cards.map((card) => card.key)).toEqual(['receivedApplications', 'sentInvitations']);
  });

  it('links a card to the company page of what it counts only once that page is live', () => {
    const live = new Set(['companyJobAds', 'companyTalentRoster']);
    expect(dashboardCards(dashboard, (key) => live.has(key)).map((card) => card.href)).toEqual(['/company/job-ads', null, null, '/company/talent-roster']);
  });

  it('follows the route table by default: job ads, received applications, sent invitations and the roster are live', () => {
    expect(dashboardCards(dashboard).map((card) => card.href)).toEqual(['/company/job-ads', '/company/received-job-applications', '/company/sent-invitations', '/company/talent-roster']);
  });
});

describe('reading the companyDashboard answer', () => {
  it('returns the dashboard when the query answered', () => {
    expect(readCompanyDashboard({ status: 200, data: { companyDashboard: dashboard }, errors: [] }, 'fallback')).toEqual({ kind: 'loaded', dashboard });
  });

  it('returns the first error message (the failed-query error toast), cut to 300 characters, or the fallback', () => {
    const long = 'x'.repeat(400);
    expect(readCompanyDashboard({ status: 403, data: null, errors: [{ message: long }] }, 'fallback')).toEqual({ kind: 'failed', message: 'x'.repeat(300) });
    expect(readCompanyDashboard({ status: 502, data: null, errors: [] }, 'fallback')).toEqual({ kind: 'failed', message: 'fallback' });
  });
});

describe('dashboard chart: week labels', () => {
  it('names a week by its Monday, day and short month (en-GB)', () => {
    expect(weekLabel('2026-09-07', 'en')).toBe('7 Sept');
  });
});

describe('dashboard pipeline metrics: numbers as printed', () => {
  it('prints a pass-through rate as a whole percentage and days with at most one decimal', () => {
    expect(percentText(2 / 3, 'en')).toBe('67%');
    expect(percentText(0, 'en')).toBe('0%');
    expect(percentText(1, 'en')).toBe('100%');
    expect(daysText(12.5, 'en')).toBe('12.5');
    expect(daysText(14, 'en')).toBe('14');
  });
});
