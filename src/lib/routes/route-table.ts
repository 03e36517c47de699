import type { AdminPermission } from '../permissions/admin-permissions';
import type { PermissionAction, PermissionResource } from '../permissions/resources';

export type RouteGroup = 'public' | 'admin' | 'company' | 'talent' | 'legal';

/** A permission a company page needs in the selected company (the menu rules and the permission matrix). */
export type PagePermission = readonly [PermissionResource, PermissionAction];

export type Access = 'guest' | 'signedIn' | 'admin' | 'impersonator';

// The table is checked against this key-agnostic shape; RouteDef narrows `key`
// to the literal union, which cannot be referenced while the table is typed.
interface RouteShape {
  readonly key: string;
  readonly path: string;
  readonly titleKey: string | null;
  readonly group: RouteGroup;
  readonly access: Access;
  readonly live: boolean;
  /** Every one is needed in the selected company; without them the page answers 403. */
  readonly permissions?: readonly PagePermission[];
  /** At least one of these is needed in the selected company (a page gathering several kinds of record); without any, 403. */
  readonly anyPermissions?: readonly PagePermission[];
  /** An admin page: open to an admin holding any one of these (lib/permissions/admin-permissions.ts); else 403. */
  readonly adminPermissions?: readonly AdminPermission[];
  /** The page also answers its path followed by one segment (spec: the company profile route followed by the company id; a sign-on slug after /sign-in). */
  readonly trailingId?: boolean;
}

// The route table plus the legal pages linked from the footer and /notifications. The /_app
// shell registered by the page-route wrapper is not a page and stays out.
// `live` flips to true as each page lands.
export const ROUTES = [
  { key: 'home', path: '/', titleKey: null, group: 'public', access: 'guest', live: true },
  { key: 'editAccount', path: '/edit-account', titleKey: 'titles.editAccount', group: 'public', access: 'signedIn', live: true },
  { key: 'impersonate', path: '/impersonate', titleKey: 'titles.impersonate', group: 'public', access: 'impersonator', live: true },
  { key: 'jobApply', path: '/job-apply', titleKey: 'titles.jobApply', group: 'public', access: 'guest', live: true },
  { key: 'jobApplyForm', path: '/job-apply-form', titleKey: 'titles.jobApplyForm', group: 'public', access: 'signedIn', live: true },
  { key: 'jobApplySuccess', path: '/job-apply/success', titleKey: 'titles.jobApplySuccess', group: 'public', access: 'signedIn', live: true },
  { key: 'jobs', path: '/jobs', titleKey: 'titles.jobs', group: 'public', access: 'guest', live: true },
  // Followed by a company identity provider's slug, it starts that company's sign-in (single sign-on).
  { key: 'signIn', path: '/sign-in', titleKey: 'titles.signIn', group: 'public', access: 'guest', live: true, trailingId: true },
  { key: 'signUp', path: '/sign-up', titleKey: 'titles.signUp', group: 'public', access: 'guest', live: true },
  { key: 'signUpSuccess', path: '/sign-up/success', titleKey: 'titles.signUpSuccess', group: 'public', access: 'signedIn', live: true },
  { key: 'siteSettings', path: '/site-settings', titleKey: 'titles.siteSettings', group: 'public', access: 'signedIn', live: true },
  // Beyond the spec's table: the notification centre has no spec route; see docs/architecture.md.
  { key: 'notifications', path: '/notifications', titleKey: 'titles.notifications', group: 'public', access: 'signedIn', live: true },
  // Beyond the spec too: a job alert mail's unsubscribe link, for anyone holding its token.
  { key: 'unsubscribe', path: '/unsubscribe', titleKey: 'titles.unsubscribe', group: 'public', access: 'guest', live: true },
  // Beyond the spec too: a company member invitation, opened from its mail's single-use link
  // (a guest sees what it offers and signs in or up) or from one's notifications.
  { key: 'joinCompany', path: '/join-company', titleKey: 'titles.joinCompany', group: 'public', access: 'guest', live: true },

  { key: 'adminCompanies', path: '/admin/companies', titleKey: 'titles.adminCompanies', group: 'admin', access: 'admin', adminPermissions: ['verification', 'finance'], live: true },
  { key: 'adminCompany', path: '/admin/company', titleKey: 'titles.adminCompany', group: 'admin', access: 'admin', adminPermissions: ['verification', 'finance'], live: true },
  { key: 'adminFeatureFlags', path: '/admin/feature-flags', titleKey: 'titles.adminFeatureFlags', group: 'admin', access: 'admin', adminPermissions: ['flags'], live: true },
  { key: 'adminJobAds', path: '/admin/job-ads', titleKey: 'titles.adminJobAds', group: 'admin', access: 'admin', adminPermissions: ['moderation'], live: true },
  { key: 'adminJobApplications', path: '/admin/job-applications', titleKey: 'titles.adminJobApplications', group: 'admin', access: 'admin', adminPermissions: ['moderation'], live: true },
  { key: 'adminMessageReports', path: '/admin/message-reports', titleKey: 'titles.adminMessageReports', group: 'admin', access: 'admin', adminPermissions: ['moderation'], live: true },
  { key: 'adminTalentSearch', path: '/admin/talent-search', titleKey: 'titles.adminTalentSearch', group: 'admin', access: 'admin', adminPermissions: ['moderation', 'support', 'verification'], live: true },
  { key: 'adminTalents', path: '/admin/talents', titleKey: 'titles.adminTalents', group: 'admin', access: 'admin', adminPermissions: ['support', 'verification'], live: true },

  { key: 'companyBilling', path: '/company/billing', titleKey: 'titles.companyBilling', group: 'company', access: 'signedIn', live: true, permissions: [['jobAssignment', 'read']] },
  { key: 'companyCreate', path: '/company/create', titleKey: 'titles.companyCreate', group: 'company', access: 'signedIn', live: true },
  { key: 'companyCreateSuccess', path: '/company/create/success', titleKey: 'titles.companyCreateSuccess', group: 'company', access: 'signedIn', live: true },
  { key: 'companyDashboard', path: '/company/dashboard', titleKey: 'titles.companyDashboard', group: 'company', access: 'signedIn', live: true },
  { key: 'companyInvoicing', path: '/company/invoicing', titleKey: 'titles.companyInvoicing', group: 'company', access: 'signedIn', live: true, permissions: [['jobAssignment', 'read']] },
  { key: 'companyJobAd', path: '/company/job-ad', titleKey: 'titles.companyJobAd', group: 'company', access: 'signedIn', live: true, permissions: [['jobAd', 'read']] },
  { key: 'companyJobAdCreate', path: '/company/job-ad-create', titleKey: 'titles.companyJobAdCreate', group: 'company', access: 'signedIn', live: true, permissions: [['jobAd', 'create']] },
  { key: 'companyJobAdEdit', path: '/company/job-ad-edit', titleKey: 'titles.companyJobAdEdit', group: 'company', access: 'signedIn', live: true, permissions: [['jobAd', 'read'], ['jobAd', 'update']] },
  { key: 'companyJobAds', path: '/company/job-ads', titleKey: 'titles.companyJobAds', group: 'company', access: 'signedIn', live: true, permissions: [['jobAd', 'read']] },
  { key: 'companyJobDescription', path: '/company/job-description', titleKey: 'titles.companyJobDescription', group: 'company', access: 'signedIn', live: true, permissions: [['jobDescription', 'read']] },
  { key: 'companyJobDescriptionCreate', path: '/company/job-description-create', titleKey: 'titles.companyJobDescriptionCreate', group: 'company', access: 'signedIn', live: true, permissions: [['jobDescription', 'create']] },
  { key: 'companyJobDescriptionEdit', path: '/company/job-description-edit', titleKey: 'titles.companyJobDescriptionEdit', group: 'company', access: 'signedIn', live: true, permissions: [['jobDescription', 'read'], ['jobDescription', 'update']] },
  { key: 'companyJobDescriptions', path: '/company/job-descriptions', titleKey: 'titles.companyJobDescriptions', group: 'company', access: 'signedIn', live: true, permissions: [['jobDescription', 'read']] },
  { key: 'companyMembers', path: '/company/members', titleKey: 'titles.companyMembers', group: 'company', access: 'signedIn', live: true, permissions: [['companyOnUser', 'read']] },
  { key: 'companyMyCompanies', path: '/company/my-companies', titleKey: 'titles.companyMyCompanies', group: 'company', access: 'signedIn', live: true },
  { key: 'companyProfile', path: '/company/profile', titleKey: 'titles.companyProfile', group: 'company', access: 'signedIn', live: true, trailingId: true, permissions: [['company', 'read'], ['company', 'update']] },
  { key: 'companyJobApplication', path: '/company/job-application', titleKey: 'titles.companyJobApplication', group: 'company', access: 'signedIn', live: true, permissions: [['talentJobApplication', 'read']] },
  { key: 'companyInterviews', path: '/company/interviews', titleKey: 'titles.companyInterviews', group: 'company', access: 'signedIn', live: true, permissions: [['talentJobApplication', 'read']] },
  { key: 'companyReceivedJobApplications', path: '/company/received-job-applications', titleKey: 'titles.companyReceivedJobApplications', group: 'company', access: 'signedIn', live: true, permissions: [['talentJobApplication', 'read']] },
  { key: 'companyRoles', path: '/company/roles', titleKey: 'titles.companyRoles', group: 'company', access: 'signedIn', live: true, permissions: [['companyRole', 'read']] },
  { key: 'companySales', path: '/company/sales', titleKey: 'titles.companySales', group: 'company', access: 'signedIn', live: true, permissions: [['jobAssignment', 'read']] },
  { key: 'companySentInvitation', path: '/company/sent-invitation', titleKey: 'titles.companySentInvitation', group: 'company', access: 'signedIn', live: true, permissions: [['talentInvitation', 'read']] },
  { key: 'companySentInvitations', path: '/company/sent-invitations', titleKey: 'titles.companySentInvitations', group: 'company', access: 'signedIn', live: true, permissions: [['talentInvitation', 'read']] },
  { key: 'companyTalentAssignment', path: '/company/talent-assignment', titleKey: 'titles.companyTalentAssignment', group: 'company', access: 'signedIn', live: true, permissions: [['jobAssignment', 'read']] },
  { key: 'companyTalentAssignmentCreate', path: '/company/talent-assignment-create', titleKey: 'titles.companyTalentAssignmentCreate', group: 'company', access: 'signedIn', live: true, permissions: [['jobAssignment', 'read'], ['jobAssignment', 'create']] },
  { key: 'companyTalentAssignmentEdit', path: '/company/talent-assignment-edit', titleKey: 'titles.companyTalentAssignmentEdit', group: 'company', access: 'signedIn', live: true, permissions: [['jobAssignment', 'read'], ['jobAssignment', 'update']] },
  { key: 'companyTalentAssignments', path: '/company/talent-assignments', titleKey: 'titles.companyTalentAssignments', group: 'company', access: 'signedIn', live: true, permissions: [['jobAssignment', 'read']] },
  { key: 'companyTalentRoster', path: '/company/talent-roster', titleKey: 'titles.companyTalentRoster', group: 'company', access: 'signedIn', live: true, permissions: [['companyTalentRoster', 'read']] },
  { key: 'companyTalentRosterDetails', path: '/company/talent-roster-details', titleKey: 'titles.companyTalentRosterDetails', group: 'company', access: 'signedIn', live: true, permissions: [['companyTalentRoster', 'read']] },
  { key: 'companyTalentSaved', path: '/company/talent-saved', titleKey: 'titles.companyTalentSaved', group: 'company', access: 'signedIn', live: true, permissions: [['talentProfile', 'read'], ['companySavedTalent', 'read']] },
  { key: 'companyTransactions', path: '/company/transactions', titleKey: 'titles.companyTransactions', group: 'company', access: 'signedIn', live: true, permissions: [['companyTalentRoster', 'read']] },
  // Inviting reads the talents picked and ends on a page listing what was sent: the two reads come with the write.
  { key: 'companyTalentInvite', path: '/company/talent-invite', titleKey: 'titles.companyTalentInvite', group: 'company', access: 'signedIn', live: true, permissions: [['talentInvitation', 'create'], ['talentInvitation', 'read'], ['talentProfile', 'read']] },
  { key: 'companyTalentInviteForm', path: '/company/talent-invite-form', titleKey: 'titles.companyTalentInviteForm', group: 'company', access: 'signedIn', live: true, permissions: [['talentInvitation', 'create'], ['talentInvitation', 'read'], ['talentProfile', 'read']] },
  { key: 'companyTalentInviteSuccess', path: '/company/talent-invite/success', titleKey: 'titles.companyTalentInviteSuccess', group: 'company', access: 'signedIn', live: true, permissions: [['talentInvitation', 'read']] },
  // Beyond the spec's table: the staffing links with other companies (the companyOnProviderCompany
  // entity) had no page, so only demo data could link two companies; see docs/architecture.md.
  { key: 'companyPartners', path: '/company/partners', titleKey: 'titles.companyPartners', group: 'company', access: 'signedIn', live: true, permissions: [['companyLink', 'read']] },
  // Beyond the spec's table too: the spec's idp entity (identity providers per company) had
  // no page; its owners manage the company's providers here (docs/architecture.md).
  { key: 'companySignOn', path: '/company/sign-on', titleKey: 'titles.companySignOn', group: 'company', access: 'signedIn', live: true, permissions: [['idp', 'read']] },
  // Beyond the spec's table too: messages between the company and the talents it hires
  // (docs/architecture.md); the inbox lists the threads about its applications.
  { key: 'companyMessages', path: '/company/messages', titleKey: 'titles.companyMessages', group: 'company', access: 'signedIn', live: true, anyPermissions: [['talentJobApplication', 'read'], ['talentInvitation', 'read'], ['jobAssignment', 'read']] },
  { key: 'companyTalentSearch', path: '/company/talent-search', titleKey: 'titles.companyTalentSearch', group: 'company', access: 'signedIn', live: true, permissions: [['talentProfile', 'read']] },

  { key: 'talentAppliedJobs', path: '/talent/applied-jobs', titleKey: 'titles.talentAppliedJobs', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentAssignment', path: '/talent/assignment', titleKey: 'titles.talentAssignment', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentAssignmentCreate', path: '/talent/assignment-create', titleKey: 'titles.talentAssignmentCreate', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentAssignmentEdit', path: '/talent/assignment-edit', titleKey: 'titles.talentAssignmentEdit', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentAssignments', path: '/talent/assignments', titleKey: 'titles.talentAssignments', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentBilling', path: '/talent/billing', titleKey: 'titles.talentBilling', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentCompany', path: '/talent/company', titleKey: 'titles.talentCompany', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentDashboard', path: '/talent/dashboard', titleKey: 'titles.talentDashboard', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentEmployers', path: '/talent/employers', titleKey: 'titles.talentEmployers', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentInvitation', path: '/talent/invitation', titleKey: 'titles.talentInvitation', group: 'talent', access: 'signedIn', live: true },
  // Beyond the spec's table: the talent's conversations with companies (docs/architecture.md).
  { key: 'talentMessages', path: '/talent/messages', titleKey: 'titles.talentMessages', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentInterviews', path: '/talent/interviews', titleKey: 'titles.talentInterviews', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentInterview', path: '/talent/interview', titleKey: 'titles.talentInterview', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentInvitations', path: '/talent/invitations', titleKey: 'titles.talentInvitations', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentProfile', path: '/talent/profile', titleKey: 'titles.talentProfile', group: 'talent', access: 'signedIn', live: true },
  // Beyond the spec's table: a profile filled from the talent's CV, reviewed before saving (docs/architecture.md).
  { key: 'talentProfileImport', path: '/talent/profile-import', titleKey: 'titles.talentProfileImport', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentProfileSum', path: '/talent/profile-sum', titleKey: 'titles.talentProfileSum', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentProviders', path: '/talent/providers', titleKey: 'titles.talentProviders', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentSavedJobs', path: '/talent/saved-jobs', titleKey: 'titles.talentSavedJobs', group: 'talent', access: 'signedIn', live: true },
  { key: 'talentTransactions', path: '/talent/transactions', titleKey: 'titles.talentTransactions', group: 'talent', access: 'signedIn', live: true },

  { key: 'legalPrivacy', path: '/legal/privacy', titleKey: 'titles.legalPrivacy', group: 'legal', access: 'guest', live: true },
  { key: 'legalTerms', path: '/legal/terms', titleKey: 'titles.legalTerms', group: 'legal', access: 'guest', live: true },
  { key: 'legalCsr', path: '/legal/csr', titleKey: 'titles.legalCsr', group: 'legal', access: 'guest', live: true },
] as const satisfies readonly RouteShape[];

export type RouteKey = (typeof ROUTES)[number]['key'];

export interface RouteDef extends RouteShape {
  readonly key: RouteKey;
}

const routesByKey: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((route) => [route.key, route]));
const routesByPath: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((route) => [route.path, route]));

export function findRouteByKey(key: string): RouteDef | undefined {
  return routesByKey.get(key);
}

export function findRouteByPath(pathname: string): RouteDef | undefined {
  const withoutTrailingSlash = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const exact = routesByPath.get(withoutTrailingSlash);
  if (exact) return exact;
  // A route that takes its id as a last segment: /company/profile/<id>.
  const lastSlash = withoutTrailingSlash.lastIndexOf('/');
  const parent = lastSlash > 0 ? routesByPath.get(withoutTrailingSlash.slice(0, lastSlash)) : undefined;
  return parent?.trailingId ? parent : undefined;
}

export function isLiveRoute(key: string): boolean {
  return findRouteByKey(key)?.live ?? false;
}
