import type { PartyAddress } from '../invoices/invoice-parties';
import type { PermissionSet } from '../permissions/resources';
import type { ScoreItems } from '../profile/profile-score';
import type { CurrentUser } from './current-user';

/** A company membership as the current-user state holds it: the company and the role held there. */
export interface CurrentUserMembership {
  company: {
    id: string;
    name: string;
    deletedAt: string | null;
    address: PartyAddress | null;
    /** Picture address (our URL, or a small inline picture from the demo data) or null. */
    logo: string | null;
    verificationStatus: string;
    /** The company's own permission set. */
    permissions: PermissionSet | null;
  };
  role: { role: string; permissions: PermissionSet | null; defaultPermissions: PermissionSet | null } | null;
}

/**
 * The current-user state as islands see it, every field the spec lists: what the server knows, minus
 * anything secret (no e-mail, no tokens, no impersonator), plus `loading`. Pure, so server
 * and browser build it the same way.
 */
export interface CurrentUserState {
  id: string;
  isAdmin: boolean;
  isImpersonate: boolean;
  loading: boolean;
  redirect: string | null;
  companies: CurrentUserMembership[];
  featureFlags: string[];
  selectedCompanyId: string | null;
  /** The selected company's membership, or null without a selection. */
  selectedCompany: CurrentUserMembership | null;
  /** The selected company's effective permissions (role and company merged), or null without a selection. */
  permissions: PermissionSet | null;
  profile: { profileName: string | null; jobTitle: string | null } | null;
  profileScore: number | null;
  scoreItems: ScoreItems | null;
}

type ServerUser = Pick<CurrentUser, 'id' | 'isAdmin' | 'isImpersonate' | 'redirect' | 'featureFlags'> & {
  companies: CurrentUser['companies'];
  profile: Pick<NonNullable<CurrentUser['profile']>, 'profileName' | 'jobTitle' | 'profileScore' | 'scoreItems'> | null;
};

export function currentUserState(user: ServerUser, selectedCompanyId: string | null): CurrentUserState {
  const active = user.companies.filter((company) => !company.deletedAt);
  const companies = active.map(
    (membership): CurrentUserMembership => ({
      company: {
        id: membership.id,
        name: membership.name,
        deletedAt: membership.deletedAt,
        address: membership.address,
        logo: membership.logo,
        verificationStatus: membership.verificationStatus,
        permissions: membership.companyPermissions,
      },
      role: membership.role === null ? null : { role: membership.role, permissions: membership.rolePermissions, defaultPermissions: membership.defaultRolePermissions },
    }),
  );
  const selected = active.find((company) => company.id === selectedCompanyId) ?? null;
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    isImpersonate: user.isImpersonate,
    loading: false,
    redirect: user.redirect,
    companies,
    featureFlags: user.featureFlags,
    selectedCompanyId: selected ? selected.id : null,
    selectedCompany: companies.find((membership) => membership.company.id === selected?.id) ?? null,
    permissions: selected?.permissions ?? null,
    profile: user.profile ? { profileName: user.profile.profileName, jobTitle: user.profile.jobTitle } : null,
    profileScore: user.profile?.profileScore ?? null,
    scoreItems: user.profile?.scoreItems ?? null,
  };
}

/**
 * The session load: what a page starts from before the server's answer is applied —
 * the stored copy flagged loading, or nothing.
 */
export function restoredState(stored: CurrentUserState | null): CurrentUserState | null {
  return stored ? { ...stored, loading: true } : null;
}
