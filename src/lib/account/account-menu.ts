import { DEFAULT_LANGUAGE, type Language } from '../i18n/namespaces';
import { holdsAnyAdminPermission } from '../permissions/admin-permissions';
import { findRouteByKey, isLiveRoute } from '../routes/route-table';
import { buildRoute } from '../routes/build-route';

/** What the account menu of the layout needs to know of the signed-in user. */
export interface AccountMenuUser {
  displayName: string;
  hasTalentProfile: boolean;
  /** The company the user is currently in, if any. */
  selectedCompany: { id: string; name: string } | null;
  /** The user's verified companies (the only selectable ones), in display order. */
  verifiedCompanies: Array<{ id: string; name: string }>;
  /** Effective permission of the selected company: may read `company`. */
  canReadCompany: boolean;
  isAdmin: boolean;
  /** An admin's permissions: the admin pages listed are the ones they open. Absent: every one. */
  adminPermissions?: readonly string[];
  isImpersonate: boolean;
}

export interface AccountMenuLink {
  /** i18n key in the common namespace. */
  labelKey: string;
  /** Literal text shown instead of the translated key (the user's own name). */
  text?: string;
  href: string;
  external?: boolean;
}

export interface AccountMenuSection {
  /** i18n key of the section heading; null for the top entry. */
  headingKey: string | null;
  /** Extra line under the heading, e.g. the company the user is in. */
  detail?: string;
  /** 'Switch verified company': the companies to choose from, the current one marked. */
  switchCompanies?: AccountMenuCompany[];
  links: AccountMenuLink[];
}

export interface AccountMenuCompany {
  id: string;
  name: string;
  /** The company the user is in now: shown, not offered. */
  current: boolean;
}

interface MenuOptions {
  accountSiteUrl: string | null;
  /** Which routes have pages; defaults to the route table's `live` flags. */
  isLive?: (routeKey: string) => boolean;
}

function present<T>(items: Array<T | null>): T[] {
  return items.filter((item): item is T => item !== null);
}

/**
 * The account menu of the layout, as data: sections and links the user may see. Links to
 * routes that are not live yet are left out, so the menu never leads to a 404.
 */
export function buildAccountMenu(user: AccountMenuUser, options: MenuOptions): AccountMenuSection[] {
  const isLive = options.isLive ?? isLiveRoute;
  const link = (labelKey: string, routeKey: string): AccountMenuLink | null =>
    isLive(routeKey) ? { labelKey, href: buildRoute(routeKey) } : null;
  const sections: AccountMenuSection[] = [];

  const nameLink = link('accountMenu.talentDashboard', 'talentDashboard');
  if (nameLink) sections.push({ headingKey: null, links: [{ ...nameLink, text: user.displayName }] });

  const talentLinks = user.hasTalentProfile
    ? present([link('accountMenu.myProfile', 'talentProfile'), link('accountMenu.myDashboard', 'talentDashboard')])
    : present([link('accountMenu.createProfile', 'talentProfile')]);
  if (talentLinks.length) sections.push({ headingKey: 'accountMenu.talentAccount', links: talentLinks });

  // Company Account: 'currently in' and the company; the switcher only when there is
  // more than one verified company to switch between; the dashboard of the company the
  // user is in; My Companies; Create company.
  // The account menu puts My Companies behind company read, a permission of the selected company.
  // Without a selected company (no company yet, or only pending ones) there is no role to
  // ask, and My Companies is the only place that lists pending companies and lets the user
  // leave them (the company side menu shows it always), so it shows then; once a company
  // is selected, its role's company read decides, as the spec says.
  const showsMyCompanies = user.selectedCompany === null || user.canReadCompany;
  const companyLinks = present([
    user.selectedCompany ? link('accountMenu.companyDashboard', 'companyDashboard') : null,
    showsMyCompanies ? link('accountMenu.myCompanies', 'companyMyCompanies') : null,
    link('accountMenu.createCompany', 'companyCreate'),
  ]);
  const switchCompanies =
    user.verifiedCompanies.length > 1
      ? user.verifiedCompanies.map((company) => ({ id: company.id, name: company.name, current: company.id === user.selectedCompany?.id }))
      : undefined;
  if (companyLinks.length || switchCompanies) {
    sections.push({
      headingKey: 'accountMenu.companyAccount',
      detail: user.selectedCompany?.name,
      ...(switchCompanies ? { switchCompanies } : {}),
      links: companyLinks,
    });
  }

  // An admin page this admin's permissions do not open answers 403: not offered.
  const adminLink = (labelKey: string, key: string) =>
    !user.adminPermissions || holdsAnyAdminPermission(user.adminPermissions, findRouteByKey(key)?.adminPermissions) ? link(labelKey, key) : null;
  const superUserLinks = present([
    ...(user.isAdmin
      ? [
          adminLink('accountMenu.admin.talentSearch', 'adminTalentSearch'),
          adminLink('accountMenu.admin.talents', 'adminTalents'),
          adminLink('accountMenu.admin.companies', 'adminCompanies'),
          adminLink('accountMenu.admin.jobAds', 'adminJobAds'),
          adminLink('accountMenu.admin.jobApplications', 'adminJobApplications'),
          adminLink('accountMenu.admin.messageReports', 'adminMessageReports'),
          adminLink('accountMenu.admin.featureFlags', 'adminFeatureFlags'),
        ]
      : []),
    user.isImpersonate ? link('accountMenu.impersonate', 'impersonate') : null,
  ]);
  if (superUserLinks.length) sections.push({ headingKey: 'accountMenu.superUser', links: superUserLinks });

  // The user's own account on this site; "My Account" below is the external identity site.
  const accountLinks = present([link('accountMenu.editAccount', 'editAccount'), link('accountMenu.siteSettings', 'siteSettings')]);
  if (accountLinks.length) sections.push({ headingKey: null, links: accountLinks });

  if (options.accountSiteUrl) {
    sections.push({
      headingKey: null,
      links: [{ labelKey: 'accountMenu.myAccount', href: options.accountSiteUrl, external: true }],
    });
  }
  return sections;
}

/** The sign-out form's query parameter that names the page's language (src/pages/auth/logout.ts). */
export const SIGN_OUT_LANGUAGE_PARAM = 'language';

/**
 * The sign-out form's action. /auth keeps one address in every language (language-path.ts),
 * so the action names the language of the page, in which the provider then signs out.
 */
export function signOutAction(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/auth/logout' : `/auth/logout?${SIGN_OUT_LANGUAGE_PARAM}=${language}`;
}
