// The English texts, one object per namespace (the translation namespaces rule).
// Explicit imports, not a glob: the server bundle (esbuild) reads this module too.
import { mergeLocaleParts } from './merge-locale-parts';
import commonBase from '../../locales/en/common.json';
import account from '../../locales/en/common/account.json';
import admin from '../../locales/en/common/admin.json';
import adminCredit from '../../locales/en/common/admin-credit.json';
import adminUsers from '../../locales/en/common/admin-users.json';
import billingReview from '../../locales/en/common/billing-review.json';
import companies from '../../locales/en/common/companies.json';
import companyAssignments from '../../locales/en/common/company-assignments.json';
import companySales from '../../locales/en/common/company-sales.json';
import companyLinks from '../../locales/en/common/company-links.json';
import signOn from '../../locales/en/common/sign-on.json';
import identity from '../../locales/en/common/identity.json';
import impersonation from '../../locales/en/common/impersonation.json';
import interviews from '../../locales/en/common/interviews.json';
import invoices from '../../locales/en/common/invoices.json';
import jobAds from '../../locales/en/common/job-ads.json';
import jobApplications from '../../locales/en/common/job-applications.json';
import jobDescriptions from '../../locales/en/common/job-descriptions.json';
import jobAlerts from '../../locales/en/common/job-alerts.json';
import jobFields from '../../locales/en/common/job-fields.json';
import messages from '../../locales/en/common/messages.json';
import notifications from '../../locales/en/common/notifications.json';
import paymentProfileReview from '../../locales/en/common/payment-profile-review.json';
import pushSubscription from '../../locales/en/common/push-subscription.json';
import talentAssignments from '../../locales/en/common/talent-assignments.json';
import savedTalents from '../../locales/en/common/saved-talents.json';
import talentBilling from '../../locales/en/common/talent-billing.json';
import talentCompanies from '../../locales/en/common/talent-companies.json';
import talentInterviews from '../../locales/en/common/talent-interviews.json';
import talentInvitations from '../../locales/en/common/talent-invitations.json';
import talentNotes from '../../locales/en/common/talent-notes.json';
import talentPools from '../../locales/en/common/talent-pools.json';
import talentRoster from '../../locales/en/common/talent-roster.json';
import talentSearch from '../../locales/en/common/talent-search.json';
import talentStatus from '../../locales/en/common/talent-status.json';
import talentDashboard from '../../locales/en/common/talent-dashboard.json';
import talentJobs from '../../locales/en/common/talent-jobs.json';
import talentTransactions from '../../locales/en/common/talent-transactions.json';
import uploads from '../../locales/en/common/uploads.json';
import jobs from '../../locales/en/jobs.json';
import profile from '../../locales/en/profile.json';
import rbac from '../../locales/en/rbac.json';

/** The common namespace is one namespace kept in several files: common.json plus one file per area under common/ (a unit test fails when a file there is not merged here). */
export const EN_RESOURCES = {
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
