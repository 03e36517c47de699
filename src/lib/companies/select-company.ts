/** Query parameter that selects the active company on /company pages (company selection by address). */
export const COMPANY_PARAM = 'company_id';

export interface CompanyChoiceInput {
  /** Ids of the user's verified, not deleted companies, in display order. */
  verifiedCompanyIds: readonly string[];
  /** company_id from the address, honoured only on /company pages. */
  fromUrl: string | null;
  /** The id stored earlier (session or local storage selectedCompanyId). */
  stored: string | null;
}

export interface CompanyChoice {
  companyId: string | null;
  /** The address supplied a valid company_id: store it, reset the address, show the notice. */
  appliedFromUrl: boolean;
}

/**
 * The selected company: only verified companies are selectable; the address wins,
 * then the stored id; if neither matches, the first verified company.
 */
export function chooseSelectedCompany({ verifiedCompanyIds, fromUrl, stored }: CompanyChoiceInput): CompanyChoice {
  if (fromUrl && verifiedCompanyIds.includes(fromUrl)) return { companyId: fromUrl, appliedFromUrl: true };
  if (stored && verifiedCompanyIds.includes(stored)) return { companyId: stored, appliedFromUrl: false };
  return { companyId: verifiedCompanyIds[0] ?? null, appliedFromUrl: false };
}

/** The form endpoint of the account menu's company switcher (src/pages/api/select-company.ts). */
export const SELECT_COMPANY_ENDPOINT = '/api/select-company';

/** Local storage key mirroring the selected company (one of the business constants' local storage keys). */
export const SELECTED_COMPANY_STORAGE_KEY = 'selectedCompanyId';
