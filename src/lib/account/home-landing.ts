import { hostCookieName } from '../http/secure-cookies';
import { buildRoute } from '../routes/build-route';
import type { CurrentUser } from './current-user';

// Where a sign-in lands when the user was going nowhere in particular: their home. A user
// has up to three (the admin area, a company's dashboard, the talent dashboard); with more
// than one, the area they worked in last (remembered in a cookie of this browser) wins,
// else the first of HOME_AREAS they have.

/** The areas a user can call home, in the order chosen when none is remembered. */
export const HOME_AREAS = ['admin', 'company', 'talent'] as const;
export type HomeArea = (typeof HOME_AREAS)[number];

const HOME_PATHS: Readonly<Record<HomeArea, string>> = {
  admin: buildRoute('adminCompanies'),
  company: buildRoute('companyDashboard'),
  talent: buildRoute('talentDashboard'),
};

/** The areas this user has a home in: admins the admin area, members of a verified company its dashboard, talents with a profile theirs. */
export function homeAreasOf(user: Pick<CurrentUser, 'isAdmin' | 'profile' | 'companies'>): HomeArea[] {
  const has: Record<HomeArea, boolean> = {
    admin: user.isAdmin,
    company: user.companies.some((company) => company.verificationStatus === 'verified' && !company.deletedAt),
    talent: user.profile !== null,
  };
  return HOME_AREAS.filter((area) => has[area]);
}

/** The home a sign-in lands on: the remembered area if it is still one of theirs, else the first they have; null for none. */
export function homeOf(user: Pick<CurrentUser, 'isAdmin' | 'profile' | 'companies'>, remembered: string | null): string | null {
  const areas = homeAreasOf(user);
  const chosen = areas.find((area) => area === remembered) ?? areas[0];
  return chosen ? HOME_PATHS[chosen] : null;
}

/** The area a page belongs to, from its route group: only the three homes count. */
export function homeAreaOf(group: string | undefined): HomeArea | null {
  return (HOME_AREAS as readonly string[]).includes(group ?? '') ? (group as HomeArea) : null;
}

/**
 * The cookie remembering the area worked in last, as this deployment sets it (Secure and
 * `__Host-` like every cookie of the product). A year: it outlives sign-outs on purpose.
 */
export function homeAreaCookie(secure: boolean) {
  return { name: hostCookieName('tp-home', secure), options: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 60 * 60, secure } as const };
}
