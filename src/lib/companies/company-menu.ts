import { can } from '../permissions/effective-permissions';
import type { PermissionResource, PermissionSet } from '../permissions/resources';
import { buildRoute } from '../routes/build-route';
import { isLiveRoute } from '../routes/route-table';

export interface CompanyMenuEntry {
  /** i18n key (rbac namespace, written with its `rbac:` prefix). */
  labelKey: string;
  href: string;
  /** True for the entry whose link equals the current path (rendered with aria-current="page"). */
  active: boolean;
}

export interface CompanyMenuGroup {
  /** i18n key of the group heading; null when the group shows no heading. */
  headingKey: string | null;
  /** A divider is drawn above the group ('My companies' once a company is selected). */
  divider: boolean;
  entries: CompanyMenuEntry[];
}

export interface CompanyMenuInput {
  currentPath: string;
  /** The selected company; null while none is. */
  selectedCompanyId: string | null;
  /** Effective permissions in the selected company; null until they are known. */
  permissions: PermissionSet | null;
  /** Which routes have pages; defaults to the route table's `live` flags. */
  isLive?: (routeKey: string) => boolean;
}

type Permissions = PermissionSet | null;
const reads = (permissions: Permissions, resource: PermissionResource) => can(permissions, resource, 'read');

interface EntryDefinition {
  labelKey: string;
  routeKey: string;
  /** Path segments after the route (Edit Profile carries the company id). */
  segments?: (companyId: string) => string[];
  visible: (permissions: Permissions) => boolean;
}

interface GroupDefinition {
  headingKey: string;
  /** When the heading shows: the menu rules word it per group, not always as "any entry shows". */
  headingVisible: (permissions: Permissions) => boolean;
  entries: EntryDefinition[];
}

// The company side menu, group by group, in the spec's order.
const GROUPS: readonly GroupDefinition[] = [
  {
    headingKey: 'rbac:companyMenu.dashboardHeading',
    headingVisible: (p) => reads(p, 'companyTalentRoster') || reads(p, 'jobDescription') || reads(p, 'jobAssignment'),
    entries: [
      {
        labelKey: 'rbac:companyMenu.dashboard',
        routeKey: 'companyDashboard',
        // The entry and its heading share one condition.
        visible: (p) => reads(p, 'companyTalentRoster') || reads(p, 'jobDescription') || reads(p, 'jobAssignment'),
      },
    ],
  },
  {
    headingKey: 'rbac:companyMenu.talentManagement',
    headingVisible: (p) => reads(p, 'jobDescription') || reads(p, 'jobAssignment') || reads(p, 'companyTalentRoster'),
    entries: [
      { labelKey: 'rbac:companyMenu.jobDescriptions', routeKey: 'companyJobDescriptions', visible: (p) => reads(p, 'jobDescription') },
      { labelKey: 'rbac:companyMenu.talentAssignments', routeKey: 'companyTalentAssignments', visible: (p) => reads(p, 'jobAssignment') },
      { labelKey: 'rbac:companyMenu.talentRoster', routeKey: 'companyTalentRoster', visible: (p) => reads(p, 'companyTalentRoster') },
      // Not in the spec's company side menu, which lists no accounting page: without these entries the
      // billing, invoicing and sales pages could only be reached by typing their address.
      { labelKey: 'rbac:companyMenu.billing', routeKey: 'companyBilling', visible: (p) => reads(p, 'jobAssignment') },
      { labelKey: 'rbac:companyMenu.invoicing', routeKey: 'companyInvoicing', visible: (p) => reads(p, 'jobAssignment') },
      { labelKey: 'rbac:companyMenu.sales', routeKey: 'companySales', visible: (p) => reads(p, 'jobAssignment') },
    ],
  },
  {
    headingKey: 'rbac:companyMenu.recruiting',
    headingVisible: (p) => reads(p, 'jobDescription') || reads(p, 'jobAd') || reads(p, 'talentJobApplication'),
    entries: [
      { labelKey: 'rbac:companyMenu.talentSearch', routeKey: 'companyTalentSearch', visible: (p) => reads(p, 'talentProfile') },
      // The menu rules show it with talentProfile read; its page lists saved talents, so it needs
      // companySavedTalent read too (the route table asks both): the entry never links to a 403.
      { labelKey: 'rbac:companyMenu.savedTalents', routeKey: 'companyTalentSaved', visible: (p) => reads(p, 'talentProfile') && reads(p, 'companySavedTalent') },
      { labelKey: 'rbac:companyMenu.jobAds', routeKey: 'companyJobAds', visible: (p) => reads(p, 'jobAd') },
      { labelKey: 'rbac:companyMenu.receivedJobApplications', routeKey: 'companyReceivedJobApplications', visible: (p) => reads(p, 'talentJobApplication') },
      { labelKey: 'rbac:companyMenu.interviews', routeKey: 'companyInterviews', visible: (p) => reads(p, 'talentJobApplication') },
      { labelKey: 'rbac:companyMenu.messages', routeKey: 'companyMessages', visible: (p) => reads(p, 'talentJobApplication') || reads(p, 'talentInvitation') || reads(p, 'jobAssignment') },
      { labelKey: 'rbac:companyMenu.sentInvitations', routeKey: 'companySentInvitations', visible: (p) => reads(p, 'talentInvitation') },
    ],
  },
  {
    headingKey: 'rbac:companyMenu.companyManagement',
    headingVisible: (p) => (reads(p, 'company') && can(p, 'company', 'update')) || reads(p, 'companyOnUser') || reads(p, 'companyRole') || reads(p, 'companyLink') || reads(p, 'idp'),
    entries: [
      {
        labelKey: 'rbac:companyMenu.editProfile',
        routeKey: 'companyProfile',
        segments: (companyId) => [companyId],
        visible: (p) => reads(p, 'company') && can(p, 'company', 'update'),
      },
      { labelKey: 'rbac:companyMenu.members', routeKey: 'companyMembers', visible: (p) => reads(p, 'companyOnUser') },
      { labelKey: 'rbac:companyMenu.roles', routeKey: 'companyRoles', visible: (p) => reads(p, 'companyRole') },
      // Not in the spec's menu, which has no page for company links: the entry and its route
      // ask the same permission (companyLink read), so the entry never links to a 403.
      { labelKey: 'rbac:companyMenu.partners', routeKey: 'companyPartners', visible: (p) => reads(p, 'companyLink') },
      // Beside it, the company's identity providers (the idp entity): the entry asks what its route asks.
      { labelKey: 'rbac:companyMenu.signOn', routeKey: 'companySignOn', visible: (p) => reads(p, 'idp') },
    ],
  },
];

const MY_COMPANIES = { labelKey: 'rbac:companyMenu.myCompanies', routeKey: 'companyMyCompanies' } as const;

/** Every menu label key, for callers that translate them up front. */
export const COMPANY_MENU_LABEL_KEYS: readonly string[] = [
  ...GROUPS.flatMap((group) => [group.headingKey, ...group.entries.map((entry) => entry.labelKey)]),
  MY_COMPANIES.labelKey,
];

const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * The company side menu as data.
 *
 * - The permission groups show only once a company is selected and its permissions are
 *   known; before that the menu is 'My companies' alone.
 * - Each entry shows when the user holds its read permission (Edit Profile: company read
 *   and update; its link is the company profile route followed by the selected company id).
 * - Each heading shows when its own condition holds. A group whose entries are
 *   shown while its heading condition fails keeps its entries, without the heading.
 * - 'My companies' is always there, with a divider above it when a company is selected.
 * - The active entry is the one whose link equals the current path.
 *
 * Non-live routes (pages not built yet, see the route table) are treated as in the talent
 * menu: their entries are left out, so no link leads to a 404, and a group left with no
 * entry is left out with its heading (a heading over nothing would be a dead end).
 */
export function buildCompanyMenu({ currentPath, selectedCompanyId, permissions, isLive = isLiveRoute }: CompanyMenuInput): CompanyMenuGroup[] {
  const current = withoutTrailingSlash(currentPath);
  const entryOf = (labelKey: string, routeKey: string, segments: string[] = []): CompanyMenuEntry => {
    const href = buildRoute(routeKey, { segments });
    return { labelKey, href, active: href === current };
  };
  const companySelected = selectedCompanyId !== null && permissions !== null;

  const groups: CompanyMenuGroup[] = companySelected
    ? GROUPS.map((group) => ({
        headingKey: group.headingVisible(permissions) ? group.headingKey : null,
        divider: false,
        entries: group.entries
          .filter((entry) => entry.visible(permissions) && isLive(entry.routeKey))
          .map((entry) => entryOf(entry.labelKey, entry.routeKey, entry.segments?.(selectedCompanyId) ?? [])),
      })).filter((group) => group.entries.length > 0)
    : [];

  if (isLive(MY_COMPANIES.routeKey)) {
    groups.push({ headingKey: null, divider: companySelected, entries: [entryOf(MY_COMPANIES.labelKey, MY_COMPANIES.routeKey)] });
  }
  return groups;
}
