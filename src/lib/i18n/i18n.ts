import i18next, { type TFunction } from 'i18next';
import commonBase from '../../locales/en/common.json';
import account from '../../locales/en/common/account.json';
import admin from '../../locales/en/common/admin.json';
import billingReview from '../../locales/en/common/billing-review.json';
import companies from '../../locales/en/common/companies.json';
import companyAssignments from '../../locales/en/common/company-assignments.json';
import companySales from '../../locales/en/common/company-sales.json';
import identity from '../../locales/en/common/identity.json';
import impersonation from '../../locales/en/common/impersonation.json';
import invoices from '../../locales/en/common/invoices.json';
import jobAds from '../../locales/en/common/job-ads.json';
import jobApplications from '../../locales/en/common/job-applications.json';
import jobDescriptions from '../../locales/en/common/job-descriptions.json';
import jobAlerts from '../../locales/en/common/job-alerts.json';
import jobFields from '../../locales/en/common/job-fields.json';
import notifications from '../../locales/en/common/notifications.json';
import talentAssignments from '../../locales/en/common/talent-assignments.json';
import savedTalents from '../../locales/en/common/saved-talents.json';
import talentBilling from '../../locales/en/common/talent-billing.json';
import talentCompanies from '../../locales/en/common/talent-companies.json';
import talentInvitations from '../../locales/en/common/talent-invitations.json';
import talentNotes from '../../locales/en/common/talent-notes.json';
import talentRoster from '../../locales/en/common/talent-roster.json';
import talentSearch from '../../locales/en/common/talent-search.json';
import talentDashboard from '../../locales/en/common/talent-dashboard.json';
import talentJobs from '../../locales/en/common/talent-jobs.json';
import talentTransactions from '../../locales/en/common/talent-transactions.json';
import uploads from '../../locales/en/common/uploads.json';
import jobs from '../../locales/en/jobs.json';
import profile from '../../locales/en/profile.json';
import rbac from '../../locales/en/rbac.json';
import { mergeLocaleParts } from './merge-locale-parts';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from './namespaces';

// The common namespace is one namespace kept in several files: common.json plus one file
// per area under common/ (a unit test fails when a file there is not listed here).
// Explicit imports, not a glob: the server bundle (esbuild) reads this module too.
export const COMMON_PARTS: Readonly<Record<string, object>> = {
  account,
  admin,
  'billing-review': billingReview,
  companies,
  'company-assignments': companyAssignments,
  'company-sales': companySales,
  identity,
  impersonation,
  invoices,
  'job-ads': jobAds,
  'job-alerts': jobAlerts,
  'job-applications': jobApplications,
  'job-descriptions': jobDescriptions,
  'job-fields': jobFields,
  notifications,
  'talent-assignments': talentAssignments,
  'saved-talents': savedTalents,
  'talent-billing': talentBilling,
  'talent-companies': talentCompanies,
  'talent-invitations': talentInvitations,
  'talent-notes': talentNotes,
  'talent-roster': talentRoster,
  'talent-search': talentSearch,
  'talent-dashboard': talentDashboard,
  'talent-jobs': talentJobs,
  'talent-transactions': talentTransactions,
  uploads,
};
const common = mergeLocaleParts(commonBase, ...Object.values(COMMON_PARTS));

export const resources = { en: { common, rbac, jobs, profile } } as const;

/**
 * One shared, synchronously initialised instance. Requests never change its language;
 * each gets a `t` fixed to English and to its namespaces, so concurrent renders cannot
 * leak state into each other (the failure mode of astro-i18next's global switch).
 */
const instance = i18next.createInstance();
void instance.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: DEFAULT_NAMESPACE,
  resources,
  initAsync: false,
  interpolation: { escapeValue: false }, // Astro and React escape what they render.
  returnNull: false,
});

export type Translate = TFunction;

/** Plain strings remembered per namespace list at most (keys are the locale files' own, so far fewer). */
const MAX_REMEMBERED = 20_000;
const translators = new Map<string, Translate>();

/**
 * A `t` whose default namespace is the first given; keys of the others use `ns:key`.
 * One per namespace list for the process: the language and the resources never change
 * at run time, so a key asked for without options (most of a page's strings) is resolved
 * by i18next once and then read from a Map. i18next's lookup (namespaces, fallbacks,
 * nesting) per call was about a tenth of /jobs' server time (issue 12). Calls with
 * options (interpolation, plurals, returnObjects) still go to i18next every time.
 */
export function getTranslator(namespaces: readonly Namespace[] = [DEFAULT_NAMESPACE]): Translate {
  const id = namespaces.join(',');
  const known = translators.get(id);
  if (known) return known;
  const fixed = instance.getFixedT(DEFAULT_LANGUAGE, [...namespaces]) as unknown as (...args: unknown[]) => unknown;
  const plain = new Map<string, unknown>();
  const translate = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return fixed(key, ...rest);
    if (plain.has(key)) return plain.get(key);
    const text = fixed(key);
    if (plain.size < MAX_REMEMBERED) plain.set(key, text);
    return text;
  }) as unknown as Translate;
  translators.set(id, translate);
  return translate;
}
