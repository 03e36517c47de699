// The French texts, one object per namespace (the translation namespaces rule).
// Explicit imports, not a glob: the server bundle (esbuild) reads this module too.
import { mergeLocaleParts } from './merge-locale-parts';
import commonBase from '../../locales/fr/common.json';
import account from '../../locales/fr/common/account.json';
import admin from '../../locales/fr/common/admin.json';
import adminCredit from '../../locales/fr/common/admin-credit.json';
import adminUsers from '../../locales/fr/common/admin-users.json';
import billingReview from '../../locales/fr/common/billing-review.json';
import companies from '../../locales/fr/common/companies.json';
import companyAssignments from '../../locales/fr/common/company-assignments.json';
import companySales from '../../locales/fr/common/company-sales.json';
import companyLinks from '../../locales/fr/common/company-links.json';
import signOn from '../../locales/fr/common/sign-on.json';
import identity from '../../locales/fr/common/identity.json';
import impersonation from '../../locales/fr/common/impersonation.json';
import interviews from '../../locales/fr/common/interviews.json';
import invoices from '../../locales/fr/common/invoices.json';
import jobAds from '../../locales/fr/common/job-ads.json';
import jobApplications from '../../locales/fr/common/job-applications.json';
import jobDescriptions from '../../locales/fr/common/job-descriptions.json';
import jobAlerts from '../../locales/fr/common/job-alerts.json';
import jobFields from '../../locales/fr/common/job-fields.json';
import messages from '../../locales/fr/common/messages.json';
import notifications from '../../locales/fr/common/notifications.json';
import paymentProfileReview from '../../locales/fr/common/payment-profile-review.json';
import pushSubscription from '../../locales/fr/common/push-subscription.json';
import talentAssignments from '../../locales/fr/common/talent-assignments.json';
import savedTalents from '../../locales/fr/common/saved-talents.json';
import talentBilling from '../../locales/fr/common/talent-billing.json';
import talentCompanies from '../../locales/fr/common/talent-companies.json';
import talentInterviews from '../../locales/fr/common/talent-interviews.json';
import talentInvitations from '../../locales/fr/common/talent-invitations.json';
import talentNotes from '../../locales/fr/common/talent-notes.json';
import talentPools from '../../locales/fr/common/talent-pools.json';
import talentRoster from '../../locales/fr/common/talent-roster.json';
import talentSearch from '../../locales/fr/common/talent-search.json';
import talentStatus from '../../locales/fr/common/talent-status.json';
import talentDashboard from '../../locales/fr/common/talent-dashboard.json';
import talentJobs from '../../locales/fr/common/talent-jobs.json';
import talentTransactions from '../../locales/fr/common/talent-transactions.json';
import uploads from '../../locales/fr/common/uploads.json';
import jobs from '../../locales/fr/jobs.json';
import profile from '../../locales/fr/profile.json';
import rbac from '../../locales/fr/rbac.json';

/** The common namespace is one namespace kept in several files: common.json plus one file per area under common/ (a unit test fails when a file there is not merged here). */
export const FR_RESOURCES = {
  common: mergeLocaleParts(
    commonBase,
    account,
    admin,
    adminCredit,
    adminUsers,
    billingReview,
    companies,
    companyAssignments,
    companySales,
    companyLinks,
    identity,
    impersonation,
    interviews,
    invoices,
    jobAds,
    jobAlerts,
    jobApplications,
    jobDescriptions,
    jobFields,
    messages,
    notifications,
    paymentProfileReview,
    pushSubscription,
    talentAssignments,
    savedTalents,
    signOn,
    talentBilling,
    talentCompanies,
    talentInterviews,
    talentInvitations,
    talentNotes,
    talentPools,
    talentRoster,
    talentSearch,
    talentStatus,
    talentDashboard,
    talentJobs,
    talentTransactions,
    uploads,
  ),
  rbac,
  jobs,
  profile,
} as const;
