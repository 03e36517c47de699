import { graphql, type ResultOf } from '../graphql/graphql';
import { isAdminPermission, type AdminPermission } from '../permissions/admin-permissions';
import { parsePermissionSet } from '../permissions/effective-permissions';
import type { PermissionSet } from '../permissions/resources';
import { pictureUrlsOf } from '../profile/picture-urls';

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
    role: string | null;
    permissions: PermissionSet | null;
  }>;
  featureFlags: string[];
  profile: { id: string; profileName: string | null; jobTitle: string | null; pictureUrl: string | null; profileScore: number } | null;
  /** Unread notifications, for the bell (counted up to 100: the bell says 99+). */
  unreadNotifications: number;
}


/** The BFF's one query for the current-user state (the FindUser call). */
export const FIND_ME_QUERY = graphql(`
  query FindUser {
    findMe(where: { activeCompaniesOnly: true }) {
      id email displayName isAdmin adminPermissions isImpersonate impersonatedBy redirect
      companies { company { id name logo verificationStatus deletedAt } role { role } effectivePermissions }
      featureFlags { name deletedAt }
      profile { id profileName jobTitle profilePicture profileScore }
    }
    myUnreadNotificationCount
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
      role: membership.role?.role ?? null,
      permissions: parsePermissionSet(membership.effectivePermissions),
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
        }
      : null,
    unreadNotifications: data.myUnreadNotificationCount,
  };
}
