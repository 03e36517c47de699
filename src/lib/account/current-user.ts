import { graphql, type ResultOf } from '../graphql/graphql';
import { isAdminPermission, type AdminPermission } from '../permissions/admin-permissions';
import { parsePermissionSet } from '../permissions/effective-permissions';
import type { PermissionSet } from '../permissions/resources';
import { pictureUrlsOf } from '../profile/picture-urls';
import type { ScoreItems } from '../profile/profile-score';
import type { PartyAddress } from '../invoices/invoice-parties';

/**
 * The current-user state, as the server knows it (no tokens). A plain type in lib:
 * the BFF builds it from findMe, layouts and lib read it, and none of them needs the others' code.
 */
export interface CurrentUser {
  id: string;
  email: string;
  displayName: string | null;
  isAdmin: boolean;
  /** What this admin may do in the admin area (lib/permissions/admin-permissions.ts); empty for anyone else. */
  adminPermissions: AdminPermission[];
  isImpersonate: boolean;
  impersonatedBy: string | null;
  redirect: string | null;
  companies: Array<{
    id: string;
    name: string;
    /** Picture address (data: URI or URL) or null: the company banner shows the first letter then. */
    logo: string | null;
    verificationStatus: string;
    deletedAt: string | null;
    /** The company's postal address (company.address): its text parts only. */
    address: PartyAddress | null;
    role: string | null;
    /** Role and company permissions merged (the permission merge): what the member may do. */
    permissions: PermissionSet | null;
    /** The company's own permission set, the role's, and the role's defaults, as stored (checked, not trusted). */
    companyPermissions: PermissionSet | null;
    rolePermissions: PermissionSet | null;
    defaultRolePermissions: PermissionSet | null;
    /** Conversations of the company with something unread for the user, among those the role reads (the side menu's count). */
    unreadMessageThreads: number;
  }>;
  featureFlags: string[];
  profile: { id: string; profileName: string | null; jobTitle: string | null; pictureUrl: string | null; profileScore: number; scoreItems: ScoreItems } | null;
  /** Unread notifications, for the bell (counted up to 100: the bell says 99+). */
  unreadNotifications: number;
  /** The user's conversations with companies with something unread (the talent menu's count). */
  unreadMessageThreads: number;
}


/** The BFF's one query for the current-user state (the FindUser call). */
export const FIND_ME_QUERY = graphql(`
  query FindUser {
    findMe(where: { activeCompaniesOnly: true }) {
      id email displayName isAdmin adminPermissions isImpersonate impersonatedBy redirect
      companies { company { id name logo address permissions verificationStatus deletedAt } role { role permissions defaultPermissions } effectivePermissions unreadMessageThreads }
      featureFlags { name deletedAt }
      profile {
        id profileName jobTitle profilePicture profileScore
        scoreItems { profilePicture profileName jobTitle totalExperience descriptionLong location rate skills languages experience education }
      }
    }
    myUnreadNotificationCount
    myUnreadMessageThreadCount
  }
`);

/** The current-user state from findMe's answer; JSON fields (permissions, picture) are checked, not trusted. */
export function toCurrentUser(data: ResultOf<typeof FIND_ME_QUERY>): CurrentUser {
  const me = data.findMe;
  const picture = me.profile ? pictureUrlsOf(me.profile.profilePicture) : null;
  return {
    id: me.id,
    email: me.email,
    displayName: me.displayName,
    isAdmin: me.isAdmin,
    adminPermissions: me.adminPermissions.filter(isAdminPermission),
    isImpersonate: me.isImpersonate,
    impersonatedBy: me.impersonatedBy,
    redirect: me.redirect,
    companies: me.companies.map((membership) => ({
      id: membership.company.id,
      name: membership.company.name,
      logo: membership.company.logo,
      verificationStatus: membership.company.verificationStatus,
      deletedAt: membership.company.deletedAt,
      address: addressOf(membership.company.address),
      role: membership.role?.role ?? null,
      permissions: parsePermissionSet(membership.effectivePermissions),
      companyPermissions: parsePermissionSet(membership.company.permissions),
      rolePermissions: parsePermissionSet(membership.role?.permissions),
      defaultRolePermissions: parsePermissionSet(membership.role?.defaultPermissions),
      unreadMessageThreads: membership.unreadMessageThreads,
    })),
    // Soft-deleted flags are off.
    featureFlags: me.featureFlags.filter((flag) => !flag.deletedAt).map((flag) => flag.name),
    profile: me.profile
      ? {
          id: me.profile.id,
          profileName: me.profile.profileName,
          jobTitle: me.profile.jobTitle,
          pictureUrl: picture?.optimizedUrl ?? picture?.url ?? null,
          profileScore: me.profile.profileScore,
          scoreItems: me.profile.scoreItems,
        }
      : null,
    unreadNotifications: data.myUnreadNotificationCount,
    unreadMessageThreads: data.myUnreadMessageThreadCount,
  };
}

const ADDRESS_PARTS = ['street', 'postalCode', 'city', 'region', 'country'] as const;

/** A stored address (JSON) as the state carries it: its known text parts, nothing else. */
function addressOf(value: unknown): PartyAddress | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  const parts = ADDRESS_PARTS.flatMap((part) => (typeof stored[part] === 'string' && stored[part] ? [[part, stored[part]] as const] : []));
  return parts.length ? Object.fromEntries(parts) : null;
}
