import { describe, expect, it } from 'vitest';
import { COMPANY_MENU_LABEL_KEYS, buildCompanyMenu, type CompanyMenuInput } from '../../../src/lib/companies/company-menu';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { ROUTES, findRouteByKey, findRouteByPath } from '../../../src/lib/routes/route-table';
import { can } from '../../../src/lib/permissions/effective-permissions';
import { OWNER_PERMISSIONS, PERMISSION_RESOURCES, type PermissionSet } from '../../../src/lib/permissions/resources';

const COMPANY_ID = '7b0e4c0e-2f1a-4c7e-9a55-1d2f3a4b5c6d';
const allLive = () => true;

function menu(permissions: PermissionSet | null, overrides: Partial<CompanyMenuInput> = {}) {
  return buildCompanyMenu({ currentPath: '/company/dashboard', selectedCompanyId: COMPANY_ID, permissions, isLive: allLive, ...overrides });
}

const short = (key: string | null) => (key === null ? null : key.replace('rbac:companyMenu.', ''));
/** [heading, [entries]] per group, with a leading '---' for a group drawn under a divider. */
const labels = (groups: ReturnType<typeof buildCompanyMenu>) =>
  groups.map((group) => [group.divider ? `---${short(group.headingKey) ?? ''}` : short(group.headingKey), group.entries.map((entry) => short(entry.labelKey))]);
const entryLabels = (groups: ReturnType<typeof buildCompanyMenu>) => groups.flatMap((group) => group.entries.map((entry) => short(entry.labelKey)));
const headings = (groups: ReturnType<typeof buildCompanyMenu>) => groups.map((group) => short(group.headingKey)).filter((heading) => heading !== null);

const readOnly = (...resources: string[]): PermissionSet => Object.fromEntries(resources.map((resource) => [resource, { read: true }]));

describe('company side menu', () => {
  it('shows every group in the spec order to a user holding every permission', () => {
    expect(labels(menu(OWNER_PERMISSIONS))).toEqual([
      ['dashboardHeading', ['dashboard']],
      ['talentManagement', ['jobDescriptions', 'talentAssignments', 'talentRoster', 'billing', 'invoicing', 'sales']],
      ['recruiting', ['talentSearch', 'savedTalents', 'jobAds', 'receivedJobApplications', 'interviews', 'messages', 'sentInvitations']],
      ['companyManagement', ['editProfile', 'members', 'roles', 'partners', 'signOn']],
      ['---', ['myCompanies']],
    ]);
  });

  it('is shown only once a company is selected and permissions have loaded: before that, My companies alone', () => {
    expect(labels(menu(OWNER_PERMISSIONS, { selectedCompanyId: null }))).toEqual([[null, ['myCompanies']]]);
    expect(labels(menu(null))).toEqual([[null, ['myCompanies']]]);
  });

  it('shows Dashboard under the dashboard heading only with companyTalentRoster, jobDescription or jobAssignment read', () => {
    for (const resource of ['companyTalentRoster', 'jobDescription', 'jobAssignment']) {
      expect(labels(menu(readOnly(resource)))[0], resource).toEqual(['dashboardHeading', ['dashboard']]);
    }
    const without = menu(readOnly('jobAd', 'talentProfile', 'company', 'companyOnUser', 'companyRole', 'talentJobApplication', 'talentInvitation'));
    expect(entryLabels(without)).not.toContain('dashboard');
    expect(headings(without)).not.toContain('dashboardHeading');
  });

  it('shows each Talent Management entry with its read permission and the heading when any is held; Billing, Invoicing and Sales, not in the spec menu, with jobAssignment read', () => {
    expect(labels(menu(readOnly('jobDescription')))[1]).toEqual(['talentManagement', ['jobDescriptions']]);
    expect(labels(menu(readOnly('jobAssignment')))[1]).toEqual(['talentManagement', ['talentAssignments', 'billing', 'invoicing', 'sales']]);
    expect(labels(menu(readOnly('companyTalentRoster')))[1]).toEqual(['talentManagement', ['talentRoster']]);
    expect(headings(menu(readOnly('jobAd')))).not.toContain('talentManagement');
  });

  it('shows Talent search with talentProfile read, Saved Talents with talentProfile and companySavedTalent read, Job Ads with jobAd read, Received Job Applications with talentJobApplication read, Sent Invitations with talentInvitation read', () => {
    const recruitingOf = (permissions: PermissionSet) => entryLabels(menu(permissions)).filter((label) => label !== 'dashboard' && label !== 'myCompanies');
    expect(recruitingOf(readOnly('talentProfile'))).toEqual(['talentSearch']);
    expect(recruitingOf(readOnly('talentProfile', 'companySavedTalent'))).toEqual(['talentSearch', 'savedTalents']);
    expect(recruitingOf(readOnly('companySavedTalent'))).toEqual([]);
    expect(recruitingOf(readOnly('jobAd'))).toEqual(['jobAds']);
    expect(recruitingOf(readOnly('talentJobApplication'))).toEqual(['receivedJobApplications', 'interviews', 'messages']);
    expect(recruitingOf(readOnly('talentInvitation'))).toEqual(['messages', 'sentInvitations']);
  });

  it('shows Messages with talentJobApplication, talentInvitation or jobAssignment read: the inbox gathers the conversations about each', () => {
    for (const resource of ['talentJobApplication', 'talentInvitation', 'jobAssignment']) expect(entryLabels(menu(readOnly(resource))), resource).toContain('messages');
    expect(entryLabels(menu(readOnly('jobAd', 'talentProfile')))).not.toContain('messages');
  });

  it('shows the Recruiting heading only when the user may read job descriptions, job ads or job applications', () => {
    expect(labels(menu(readOnly('jobAd')))).toContainEqual(['recruiting', ['jobAds']]);
    expect(labels(menu(readOnly('talentJobApplication')))).toContainEqual(['recruiting', ['receivedJobApplications', 'interviews', 'messages']]);
    // jobDescription read alone opens the heading, but no Recruiting entry: nothing to show under it.
    expect(headings(menu(readOnly('jobDescription')))).not.toContain('recruiting');
    expect(labels(menu(readOnly('jobDescription', 'talentInvitation')))).toContainEqual(['recruiting', ['messages', 'sentInvitations']]);
    // Entries held without the heading's condition are shown without the heading.
    expect(labels(menu(readOnly('talentProfile', 'talentInvitation')))).toEqual([
      [null, ['talentSearch', 'messages', 'sentInvitations']],
      ['---', ['myCompanies']],
    ]);
  });

  it('shows Edit Profile only with company read and update, linking to the company profile route followed by the selected company id', () => {
    const withUpdate = menu({ company: { read: true, update: true } });
    expect(labels(withUpdate)[0]).toEqual(['companyManagement', ['editProfile']]);
    expect(withUpdate[0]!.entries[0]!.href).toBe(`/company/profile/${COMPANY_ID}`);
    expect(entryLabels(menu({ company: { read: true, update: false } }))).not.toContain('editProfile');
    expect(entryLabels(menu({ company: { update: true } }))).not.toContain('editProfile');
  });

  it('shows Members with companyOnUser read and Roles with companyRole read', () => {
    expect(labels(menu(readOnly('companyOnUser')))[0]).toEqual(['companyManagement', ['members']]);
    expect(labels(menu(readOnly('companyRole')))[0]).toEqual(['companyManagement', ['roles']]);
  });

  it('shows Partner Companies, under Company Management, with companyLink read: the permission its route asks', () => {
    expect(labels(menu(readOnly('companyLink')))[0]).toEqual(['companyManagement', ['partners']]);
    expect(entryLabels(menu({ companyLink: { read: false, update: true } }))).not.toContain('partners');
    expect(findRouteByKey('companyPartners')?.permissions).toEqual([['companyLink', 'read']]);
  });

  it('shows Single Sign-On, under Company Management, with idp read: the permission its route asks', () => {
    expect(labels(menu(readOnly('idp')))[0]).toEqual(['companyManagement', ['signOn']]);
    expect(entryLabels(menu({ idp: { read: false, update: true } }))).not.toContain('signOn');
    expect(findRouteByKey('companySignOn')?.permissions).toEqual([['idp', 'read']]);
  });

  it('shows the Company Management heading with company read plus update, or companyOnUser read, or companyRole read', () => {
    expect(headings(menu({ company: { read: true, update: true } }))).toContain('companyManagement');
    expect(headings(menu(readOnly('companyOnUser')))).toContain('companyManagement');
    expect(headings(menu(readOnly('companyRole')))).toContain('companyManagement');
    expect(headings(menu(readOnly('company')))).not.toContain('companyManagement');
  });

  it('always has My companies, with a divider above it when a company is selected', () => {
    expect(menu({}).at(-1)).toEqual({ headingKey: null, divider: true, entries: [{ labelKey: 'rbac:companyMenu.myCompanies', href: '/company/my-companies', active: false }] });
    expect(menu({}, { selectedCompanyId: null }).at(-1)?.divider).toBe(false);
  });

  it('marks as active the entry whose link equals the current path', () => {
    const active = (path: string) =>
      menu(OWNER_PERMISSIONS, { currentPath: path })
        .flatMap((group) => group.entries)
        .filter((entry) => entry.active)
        .map((entry) => short(entry.labelKey));
    expect(active('/company/dashboard')).toEqual(['dashboard']);
    expect(active('/company/job-ads/')).toEqual(['jobAds']);
    expect(active(`/company/profile/${COMPANY_ID}`)).toEqual(['editProfile']);
    expect(active('/company/job-ad')).toEqual([]);
  });

  it('links only live routes and leaves out a group left without entries, heading included', () => {
    const live = new Set(['companyDashboard', 'companyJobAds']);
    expect(labels(menu(OWNER_PERMISSIONS, { isLive: (key) => live.has(key) }))).toEqual([
      ['dashboardHeading', ['dashboard']],
      ['recruiting', ['jobAds']],
    ]);
  });

  it("follows the route table's live flags by default", () => {
    const hrefs = buildCompanyMenu({ currentPath: '/', selectedCompanyId: COMPANY_ID, permissions: OWNER_PERMISSIONS }).flatMap((group) => group.entries.map((entry) => entry.href));
    expect(hrefs).toContain('/company/dashboard');
    const live = new Set<string>(ROUTES.filter((route) => route.live).map((route) => route.path));
    for (const href of hrefs) expect(live.has(href.split('?')[0]!.replace(/\/[0-9a-f-]{36}$/, '')) || href.startsWith('/company/profile'), href).toBe(true);
  });

  it('has an English label for every heading and entry', () => {
    const t = getTranslator(['common', 'rbac']);
    for (const key of COMPANY_MENU_LABEL_KEYS) expect(t(key), key).not.toBe(key.replace('rbac:', ''));
  });

  it('never links to a page that answers 403: an entry shows only when its route permissions hold', () => {
    // Every role that reads one or two resources: enough to catch an entry that asks less than its page.
    const sets = PERMISSION_RESOURCES.flatMap((first) => PERMISSION_RESOURCES.map((second) => readOnly(first, second)));
    for (const permissions of sets) {
      for (const entry of menu(permissions).flatMap((group) => group.entries)) {
        const route = findRouteByPath(new URL(entry.href, 'http://x').pathname);
        const refused = (route?.permissions ?? []).filter(([resource, action]) => !can(permissions, resource, action));
        expect(refused, `${entry.labelKey} with ${Object.keys(permissions).join(', ')} read`).toEqual([]);
      }
    }
  });
});
