import { buildRoute } from '../routes/build-route';
import { isLiveRoute } from '../routes/route-table';

export interface TalentMenuEntry {
  /** i18n key in the common namespace. */
  labelKey: string;
  href: string;
  /** True for the entry whose link equals the current path (rendered with aria-current="page"). */
  active: boolean;
}

export interface TalentMenuGroup {
  /** i18n key of the group heading; null for the top entries. */
  headingKey: string | null;
  entries: TalentMenuEntry[];
}

interface MenuOptions {
  /** Which routes have pages; defaults to the route table's `live` flags. */
  isLive?: (routeKey: string) => boolean;
}

// The talent side menu: a top entry, then the 'Jobs' and 'Accounting' groups.
const MENU: ReadonlyArray<{ headingKey: string | null; entries: ReadonlyArray<{ labelKey: string; routeKey: string }> }> = [
  { headingKey: null, entries: [{ labelKey: 'talentMenu.dashboard', routeKey: 'talentDashboard' }] },
  {
    headingKey: 'talentMenu.jobs',
    entries: [
      { labelKey: 'talentMenu.invitations', routeKey: 'talentInvitations' },
      { labelKey: 'talentMenu.searchJobs', routeKey: 'jobs' },
      { labelKey: 'talentMenu.savedJobs', routeKey: 'talentSavedJobs' },
      { labelKey: 'talentMenu.appliedJobs', routeKey: 'talentAppliedJobs' },
      { labelKey: 'talentMenu.messages', routeKey: 'talentMessages' },
      { labelKey: 'talentMenu.interviews', routeKey: 'talentInterviews' },
      { labelKey: 'talentMenu.assignments', routeKey: 'talentAssignments' },
      { labelKey: 'talentMenu.providers', routeKey: 'talentProviders' },
    ],
  },
  {
    headingKey: 'talentMenu.accounting',
    entries: [
      { labelKey: 'talentMenu.billing', routeKey: 'talentBilling' },
      { labelKey: 'talentMenu.transactions', routeKey: 'talentTransactions' },
    ],
  },
];

/** Every menu label key, for callers that translate them up front. */
export const TALENT_MENU_LABEL_KEYS: readonly string[] = MENU.flatMap((group) => [
  ...(group.headingKey ? [group.headingKey] : []),
  ...group.entries.map((entry) => entry.labelKey),
]);

const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * The talent side menu as data. Only live routes appear, so no entry leads to
 * a 404; a group whose entries are all missing is left out with its heading.
 */
export function buildTalentMenu(currentPath: string, options: MenuOptions = {}): TalentMenuGroup[] {
  const isLive = options.isLive ?? isLiveRoute;
  const current = withoutTrailingSlash(currentPath);
  return MENU.map((group) => ({
    headingKey: group.headingKey,
    entries: group.entries
      .filter((entry) => isLive(entry.routeKey))
      .map((entry) => {
        const href = buildRoute(entry.routeKey);
        return { labelKey: entry.labelKey, href, active: href === current };
      }),
  })).filter((group) => group.entries.length > 0);
}
