import { z } from 'zod';
import { adminReason } from '../forms/field-rules';
import { isCountryCode } from '../places/country-codes';

// The platform's review of a company (the company's verification status):
// which moves an admin may make from each status, the rejection reason the owners read,
// and the admin list's filters. Shared by the API and the admin pages.

/** Where the locale files word the admin issue codes (common namespace). */
export const ADMIN_ERRORS = 'admin.errors';

/** The verification statuses. */
export const VERIFICATION_STATUSES = ['verified', 'pending', 'rejected', 'deleted'] as const;
export type VerificationStatusValue = (typeof VERIFICATION_STATUSES)[number];

/** The verification statuses an admin gives a talent profile (deleted comes with its user). */
export const TALENT_VERIFICATION_CHOICES = ['verified', 'pending', 'rejected'] as const satisfies ReadonlyArray<Exclude<VerificationStatusValue, 'deleted'>>;
export type TalentVerificationChoice = (typeof TALENT_VERIFICATION_CHOICES)[number];

export const COMPANY_REVIEW_ACTIONS = ['verify', 'reject', 'delete'] as const;
export type CompanyReviewAction = (typeof COMPANY_REVIEW_ACTIONS)[number];

const TARGET_STATUS: Record<CompanyReviewAction, VerificationStatusValue> = { verify: 'verified', reject: 'rejected', delete: 'deleted' };

/**
 * What an admin may do with a company in a status: a pending company is verified or
 * rejected; a verified one may lose its verification (rejected, with a reason), a rejected
 * one be verified after all; any company but a deleted one may be deleted (soft: its rows
 * stay for the money records). Deleted is final. Nothing moves a company to where it is.
 */
export function companyReviewActions(status: string): CompanyReviewAction[] {
  if (!(VERIFICATION_STATUSES as readonly string[]).includes(status) || status === 'deleted') return [];
  return COMPANY_REVIEW_ACTIONS.filter((action) => TARGET_STATUS[action] !== status);
}

export type CompanyReviewMove = { ok: true; to: VerificationStatusValue } | { ok: false; reason: 'companyDeleted' | 'alreadyInStatus' };

/** The status an action leads to, or why it may not be taken (a CONFLICT reason of `admin.errors`). */
export function companyReviewMove(status: string, action: CompanyReviewAction): CompanyReviewMove {
  if (status === 'deleted') return { ok: false, reason: 'companyDeleted' };
  if (!companyReviewActions(status).includes(action)) return { ok: false, reason: 'alreadyInStatus' };
  return { ok: true, to: TARGET_STATUS[action] };
}

/** Why a company was rejected: its owners read it. */
export const rejectionReason = adminReason('reasonRequired');

export const rejectCompanySchema = z.object({ reason: rejectionReason });

/** The admin company list's filters, as the address carries them; anything unknown is no filter. */
export interface AdminCompanyFilters {
  q: string;
  /** A status, or null for every company that is not deleted. */
  status: VerificationStatusValue | null;
  possibleDuplicate: boolean;
  country: string | null;
}

export function readAdminCompanyFilters(url: URL): AdminCompanyFilters {
  const status = url.searchParams.get('status') ?? '';
  const country = (url.searchParams.get('country') ?? '').trim().toUpperCase();
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 200),
    status: (VERIFICATION_STATUSES as readonly string[]).includes(status) ? (status as VerificationStatusValue) : null,
    possibleDuplicate: url.searchParams.get('duplicate') === 'yes',
    country: isCountryCode(country) ? country : null,
  };
}

export const hasAdminCompanyFilters = (filters: AdminCompanyFilters) => Boolean(filters.q || filters.status || filters.possibleDuplicate || filters.country);
