import type { PermissionSet } from '../permissions/resources';

/**
 * The current-user state as islands see it: what the server knows, minus
 * anything secret, plus `loading`. Pure, so server and browser build it the same way.
 */
export interface CurrentUserState {
  id: string;
  isAdmin: boolean;
  isImpersonate: boolean;
  loading: boolean;
  redirect: string | null;
  companies: Array<{ id: string; name: string; verificationStatus: string }>;
  featureFlags: string[];
  selectedCompanyId: string | null;
  /** The selected company's effective permissions, or null without a selection. */
  permissions: PermissionSet | null;
  profile: { profileName: string | null; jobTitle: string | null } | null;
  profileScore: number | null;
}

interface ServerUser {
  id: string;
  isAdmin: boolean;
  isImpersonate: boolean;
  redirect: string | null;
  companies: Array<{ id: string; name: string; verificationStatus: string; deletedAt: string | null; permissions: PermissionSet | null }>;
  featureFlags: string[];
  profile: { profileName: string | null; jobTitle: string | null; profileScore: number } | null;
}

export function currentUserState(user: ServerUser, selectedCompanyId: string | null): CurrentUserState {
  const companies = user.companies.filter((company) => !company.deletedAt);
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    isImpersonate: user.isImpersonate,
    loading: false,
    redirect: user.redirect,
    companies: companies.map(({ id, name, verificationStatus }) => ({ id, name, verificationStatus })),
    featureFlags: user.featureFlags,
    selectedCompanyId,
    permissions: companies.find((company) => company.id === selectedCompanyId)?.permissions ?? null,
    profile: user.profile ? { profileName: user.profile.profileName, jobTitle: user.profile.jobTitle } : null,
    profileScore: user.profile?.profileScore ?? null,
  };
}

/**
 * The session load: what a page starts from before the server's answer is applied —
 * the stored copy flagged loading, or nothing.
 */
export function restoredState(stored: CurrentUserState | null): CurrentUserState | null {
  return stored ? { ...stored, loading: true } : null;
}
