import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import common from '../../../src/locales/en/common.json';
import { ROUTES, findRouteByKey, findRouteByPath, isLiveRoute } from '../../../src/lib/routes/route-table';
import type { Access, RouteDef } from '../../../src/lib/routes/route-table';
import { permitsAnyOf } from '../../../src/lib/permissions/effective-permissions';

// Copied from the spec's route table so the table is checked against the spec's text.
const SPEC_ADMIN =
  '/admin/companies, /admin/company, /admin/feature-flags, /admin/job-ads, /admin/job-applications, /admin/talent-search, /admin/talents';
const SPEC_COMPANY =
  '/company/billing, /company/create, /company/create/success, /company/dashboard, /company/invoicing, /company/job-ad, /company/job-ad-create, /company/job-ad-edit, /company/job-ads, /company/job-description, /company/job-description-create, /company/job-description-edit, /company/job-descriptions, /company/members, /company/my-companies, /company/profile, /company/job-application, /company/received-job-applications, /company/roles, /company/sales, /company/sent-invitation, /company/sent-invitations, /company/talent-assignment, /company/talent-assignment-create, /company/talent-assignment-edit, /company/talent-assignments, /company/talent-roster, /company/talent-roster-details, /company/talent-saved, /company/transactions, /company/talent-invite, /company/talent-invite-form, /company/talent-invite/success, /company/talent-search';
const SPEC_TALENT =
  '/talent/applied-jobs, /talent/assignment, /talent/assignment-create, /talent/assignment-edit, /talent/assignments, /talent/billing, /talent/company, /talent/dashboard, /talent/employers, /talent/invitation, /talent/invitations, /talent/profile, /talent/profile-sum, /talent/providers, /talent/saved-jobs, /talent/transactions';
const SPEC_PUBLIC =
  '/, /edit-account, /impersonate, /job-apply, /job-apply-form, /job-apply/success, /jobs, /sign-in, /sign-up, /sign-up/success, /site-settings';
const LEGAL = ['/legal/privacy', '/legal/terms', '/legal/csr'];
// Product routes the spec has no place for (docs/architecture.md, Routes).
const BEYOND_SPEC_PUBLIC = ['/notifications', '/unsubscribe', '/join-company'];
const BEYOND_SPEC_COMPANY = ['/company/partners', '/company/sign-on', '/company/messages', '/company/interviews'];
const BEYOND_SPEC_TALENT = ['/talent/messages', '/talent/interviews', '/talent/interview', '/talent/profile-import'];
const BEYOND_SPEC_ADMIN = ['/admin/message-reports'];

const split = (list: string): string[] => list.split(', ');

function routesIn(group: RouteDef['group']): RouteDef[] {
  return ROUTES.filter((route) => route.group === group);
}

function pascalCase(text: string): string {
  return text
    .split(/[/-]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

describe('route table', () => {
  it('holds 7 admin (plus /admin/message-reports), 34 company (plus /company/partners, /company/sign-on, /company/messages and /company/interviews), 16 talent (plus /talent/messages, /talent/interviews and /talent/interview), 11 public (plus /notifications, /unsubscribe and /join-company) and 3 legal routes', () => {
    expect(routesIn('admin')).toHaveLength(8);
    expect(routesIn('company')).toHaveLength(38);
    expect(routesIn('talent')).toHaveLength(20);
    expect(routesIn('public')).toHaveLength(14);
    expect(routesIn('legal')).toHaveLength(3);
    expect(ROUTES).toHaveLength(83);
  });

  it('lists exactly the spec paths of each area plus the legal pages', () => {
    expect(routesIn('admin').map((r) => r.path).sort()).toEqual([...split(SPEC_ADMIN), ...BEYOND_SPEC_ADMIN].sort());
    expect(routesIn('company').map((r) => r.path).sort()).toEqual([...split(SPEC_COMPANY), ...BEYOND_SPEC_COMPANY].sort());
    expect(routesIn('talent').map((r) => r.path).sort()).toEqual([...split(SPEC_TALENT), ...BEYOND_SPEC_TALENT].sort());
    expect(routesIn('public').map((r) => r.path).sort()).toEqual([...split(SPEC_PUBLIC), ...BEYOND_SPEC_PUBLIC].sort());
    expect(routesIn('legal').map((r) => r.path).sort()).toEqual([...LEGAL].sort());
  });

  it('leaves out the /_app shell', () => {
    expect(findRouteByPath('/_app')).toBeUndefined();
  });

  it('has unique keys and unique paths', () => {
    expect(new Set(ROUTES.map((r) => r.key)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('names area routes as the area plus the PascalCase rest of the path', () => {
    for (const route of ROUTES.filter((r) => ['admin', 'company', 'talent', 'legal'].includes(r.group))) {
      const [, area = '', ...rest] = route.path.split('/');
      expect(route.key, route.path).toBe(area + pascalCase(rest.join('/')));
    }
  });

  it('names public routes as the camelCase path, with / as home', () => {
    for (const route of routesIn('public').filter((r) => r.path !== '/')) {
      const pascal = pascalCase(route.path);
      expect(route.key, route.path).toBe(pascal.charAt(0).toLowerCase() + pascal.slice(1));
    }
    expect(findRouteByPath('/')?.key).toBe('home');
  });

  it('puts each route in the group of its first path segment', () => {
    const groupOf = (path: string): RouteDef['group'] => {
      const first = path.split('/')[1];
      return first === 'admin' || first === 'company' || first === 'talent' || first === 'legal' ? first : 'public';
    };
    for (const route of ROUTES) expect(route.group, route.path).toBe(groupOf(route.path));
  });
});

describe('route access (admin, impersonator, company permissions)', () => {
  const expectedAccess = (route: RouteDef): Access => {
    if (route.group === 'admin') return 'admin';
    if (route.key === 'impersonate') return 'impersonator';
    if (route.group === 'company' || route.group === 'talent') return 'signedIn';
    if (['editAccount', 'siteSettings', 'notifications', 'jobApplyForm', 'jobApplySuccess', 'signUpSuccess'].includes(route.key)) return 'signedIn';
    return 'guest';
  };

  it('requires admin for admin pages, impersonator for /impersonate and sign-in for private pages', () => {
    for (const route of ROUTES) expect(route.access, route.key).toBe(expectedAccess(route));
  });

  it('lets guests reach home, job search, job apply, sign-in, sign-up, the legal pages, the job alert unsubscribe page and the page of a member invitation', () => {
    const guestKeys = ROUTES.filter((r) => r.access === 'guest').map((r) => r.key).sort();
    expect(guestKeys).toEqual(
      ['home', 'jobs', 'jobApply', 'signIn', 'signUp', 'legalPrivacy', 'legalTerms', 'legalCsr', 'unsubscribe', 'joinCompany'].sort(),
    );
  });
});

describe('page title keys', () => {
  it('gives every route except home the title key titles.<key>', () => {
    for (const route of ROUTES) {
      expect(route.titleKey, route.key).toBe(route.key === 'home' ? null : `titles.${route.key}`);
    }
  });

  it('has an English title in common.json for every title key', () => {
    const titles: Record<string, string> = common.titles;
    for (const route of ROUTES) {
      if (route.titleKey === null) continue;
      const name = route.titleKey.replace(/^titles\./, '');
      expect(titles[name], route.key).toMatch(/^[A-Z]/);
    }
  });

  it('has no title for a route that does not exist', () => {
    const keys = new Set<string>(ROUTES.map((r) => r.key));
    expect(Object.keys(common.titles).filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe('live routes', () => {
  // A route is live exactly when a page serves it, so no menu link can lead to a 404.
  const pageFileFor = (routePath: string) =>
    [`src/pages${routePath === '/' ? '/index' : routePath}.astro`, `src/pages${routePath}/index.astro`, `src/pages${routePath}.ts`, `src/pages${routePath}/[companyId].astro`].find((file) => existsSync(file)) ??
    (routePath.startsWith('/legal/') && existsSync('src/pages/legal/[document].astro') ? 'src/pages/legal/[document].astro' : undefined);

  it('marks a route live exactly when a page serves its path', () => {
    for (const route of ROUTES) expect(pageFileFor(route.path) !== undefined, `${route.key} ${route.path}`).toBe(route.live);
  });

  it('reports isLiveRoute from the table and false for unknown keys', () => {
    expect(isLiveRoute('legalTerms')).toBe(true);
    expect(isLiveRoute('adminCompanies')).toBe(true);
    expect(isLiveRoute('adminFeatureFlags')).toBe(true);
    expect(isLiveRoute('adminTalentSearch')).toBe(true);
    expect(isLiveRoute('adminJobAds')).toBe(true);
    expect(isLiveRoute('nope')).toBe(false);
  });
});

describe('route lookups', () => {
  it('finds a route by key and returns undefined for an unknown key', () => {
    expect(findRouteByKey('companyTalentInviteSuccess')?.path).toBe('/company/talent-invite/success');
    expect(findRouteByKey('talentProfileSum')?.path).toBe('/talent/profile-sum');
    expect(findRouteByKey('unknownKey')).toBeUndefined();
  });

  it('finds a route by exact path, ignoring one trailing slash', () => {
    expect(findRouteByPath('/jobs')?.key).toBe('jobs');
    expect(findRouteByPath('/jobs/')?.key).toBe('jobs');
    expect(findRouteByPath('/company/create/success/')?.key).toBe('companyCreateSuccess');
    expect(findRouteByPath('/')?.key).toBe('home');
  });

  it('does not match extra slashes, prefixes or sub-paths', () => {
    expect(findRouteByPath('/jobs//')).toBeUndefined();
    expect(findRouteByPath('/jobs/123')).toBeUndefined();
    expect(findRouteByPath('/company')).toBeUndefined();
    expect(findRouteByPath('jobs')).toBeUndefined();
  });

  it('finds the company profile route followed by a company id, and no other route with a trailing id', () => {
    const id = '0b7f5c2e-4a4b-4c47-9d0e-7f1f1c2a3b4c';
    expect(findRouteByPath(`/company/profile/${id}`)?.key).toBe('companyProfile');
    expect(findRouteByPath(`/company/profile/${id}/`)?.key).toBe('companyProfile');
    expect(findRouteByPath(`/company/profile/${id}/more`)).toBeUndefined();
    expect(findRouteByPath(`/company/members/${id}`)).toBeUndefined();
  });
});

describe('page permissions (read permissions of the company side menu)', () => {
  it('asks Members for companyOnUser read, Roles for companyRole read, Edit Profile for company read and update', () => {
    expect(findRouteByKey('companyMembers')?.permissions).toEqual([['companyOnUser', 'read']]);
    expect(findRouteByKey('companyRoles')?.permissions).toEqual([['companyRole', 'read']]);
    expect(findRouteByKey('companyProfile')?.permissions).toEqual([['company', 'read'], ['company', 'update']]);
  });

  it('opens Messages to a role reading any one of applications, invitations or assignments (anyPermissions)', () => {
    const route = findRouteByKey('companyMessages')!;
    expect(route.permissions).toBeUndefined();
    const only = (resource: 'talentJobApplication' | 'talentInvitation' | 'jobAssignment') => ({ [resource]: { read: true } });
    expect(permitsAnyOf(route.anyPermissions, only('jobAssignment'))).toBe(true);
    expect(permitsAnyOf(route.anyPermissions, only('talentInvitation'))).toBe(true);
    expect(permitsAnyOf(route.anyPermissions, only('talentJobApplication'))).toBe(true);
    expect(permitsAnyOf(route.anyPermissions, { jobAd: { read: true } })).toBe(false);
    expect(permitsAnyOf(undefined, {})).toBe(true);
  });
});
