import type { CurrentUser } from '../account/current-user';

export type UserCompany = CurrentUser['companies'][number];

/** Only verified companies that are not deleted are selectable. */
export function isSelectable(company: UserCompany): boolean {
  return company.verificationStatus === 'verified' && !company.deletedAt;
}

/** The user's selectable companies, in the order the API lists them (by name). */
export function verifiedCompaniesOf(user: CurrentUser | null): UserCompany[] {
  return user?.companies.filter(isSelectable) ?? [];
}

/**
 * The company the session has selected (the middleware keeps the session's
 * selectedCompanyId valid on every request), or null when the user has none selectable.
 */
export function selectedCompanyOf(user: CurrentUser | null, selectedCompanyId: string | null): UserCompany | null {
  if (!selectedCompanyId) return null;
  return verifiedCompaniesOf(user).find((company) => company.id === selectedCompanyId) ?? null;
}
