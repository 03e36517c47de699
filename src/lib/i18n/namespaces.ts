/** The translation namespaces; `common` is the default. */
export const NAMESPACES = ['common', 'rbac', 'jobs', 'profile'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';
/** The languages every text exists in (docs/french.md); English is the default and the fallback. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

const JOB_PAGES = ['/jobs', '/job-apply', '/job-apply-form', '/job-apply/success'];
/** Job ad pages live under /job-apply/<id>/<slug>. */
const JOB_AD_PAGES_PREFIX = '/job-apply/';

/**
 * The namespaces a page uses (the translation namespaces rule): every page uses common,
 * company pages and the admin pages (which show companies' statuses, roles and permissions)
 * rbac, the job-apply pages and the jobs list jobs, the talent profile page profile.
 */
export function namespacesForPath(pathname: string): Namespace[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const namespaces: Namespace[] = ['common'];
  if (path === '/company' || path.startsWith('/company/') || path.startsWith('/admin/')) namespaces.push('rbac');
  if (JOB_PAGES.includes(path) || path.startsWith(JOB_AD_PAGES_PREFIX)) namespaces.push('jobs');
  if (path === '/talent/profile') namespaces.push('profile');
  return namespaces;
}
