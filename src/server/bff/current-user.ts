import type { PermissionSet } from '../../lib/permissions/resources';

/** The current-user state of spec §3, as the server knows it (no tokens). */
export interface CurrentUser {
  id: string;
  email: string;
  displayName: string | null;
  isAdmin: boolean;
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
}

export const FIND_ME_QUERY = `query FindUser {
  findMe(where: { activeCompaniesOnly: true }) {
    id email displayName isAdmin isImpersonate impersonatedBy redirect
    companies { company { id name logo verificationStatus deletedAt } role { role } effectivePermissions }
    featureFlags { name deletedAt }
    profile { id profileName jobTitle profilePicture profileScore }
  }
}`;

interface FindMeData {
  findMe: {
    id: string;
    email: string;
    displayName: string | null;
    isAdmin: boolean;
    isImpersonate: boolean;
    impersonatedBy: string | null;
    redirect: string | null;
    companies: Array<{ company: { id: string; name: string; logo: string | null; verificationStatus: string; deletedAt: string | null }; role: { role: string } | null; effectivePermissions: PermissionSet | null }>;
    featureFlags: Array<{ name: string; deletedAt: string | null }>;
    profile: { id: string; profileName: string | null; jobTitle: string | null; profilePicture: { url?: string; optimizedUrl?: string } | null; profileScore: number } | null;
  };
}

export function toCurrentUser(data: unknown): CurrentUser {
  const me = (data as FindMeData).findMe;
  return {
    id: me.id,
    email: me.email,
    displayName: me.displayName,
    isAdmin: me.isAdmin,
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
      permissions: membership.effectivePermissions,
    })),
    // Soft-deleted flags are off.
    featureFlags: me.featureFlags.filter((flag) => !flag.deletedAt).map((flag) => flag.name),
    profile: me.profile
      ? {
          id: me.profile.id,
          profileName: me.profile.profileName,
          jobTitle: me.profile.jobTitle,
          pictureUrl: me.profile.profilePicture?.optimizedUrl ?? me.profile.profilePicture?.url ?? null,
          profileScore: me.profile.profileScore,
        }
      : null,
  };
}
