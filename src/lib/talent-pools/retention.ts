import { POOL_CONSENT_MONTHS } from './pool-consent';

// The retention rule (docs/personal-data.md, "Retention"): how long a company keeps what it
// holds about a talent it did not hire, following the French regulator's recruitment
// guidance. Each company chooses its periods within these bounds: shorter, never longer.
//
// - A refused or withdrawn application's note, answers, documents and messages are erased
//   REFUSED_APPLICATION_MONTHS after it ended, unless the talent agreed to the company's
//   talent pool and that agreement is still valid.
// - An agreement to the pool lasts the company's pool period from the last contact (at most
//   POOL_CONSENT_MONTHS): her last agreement, her last application to the company, or the
//   last message between them, whichever is latest. A month before it ends she is mailed once
//   to renew it; once it ends, the company's saved talents lose her and her ended
//   applications are erased as above.

/** A company's period for ended applications, in months; the check company_refused_application_months_range holds the same. */
export const REFUSED_APPLICATION_MONTHS_RANGE = { min: 1, max: 6 } as const;

/** A company's period for pool agreements, in months; the check company_pool_consent_months_range holds the same. */
export const POOL_CONSENT_MONTHS_RANGE = { min: 1, max: POOL_CONSENT_MONTHS } as const;

/** How long before an agreement ends its talent is mailed to renew it. */
export const POOL_CONSENT_RENEWAL_DAYS = 30;

/** How many rows the preview and the log of a company's retention list. */
export const RETENTION_LISTED = 20;

const addMonths = (from: Date, months: number) => {
  const at = new Date(from);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
};

/** The day an ended application's content is erased, without a valid pool agreement. */
export function applicationErasedOn(endedAt: Date, refusedApplicationMonths: number): Date {
  return addMonths(endedAt, refusedApplicationMonths);
}

/** The day a pool agreement ends unless a new contact renews it. */
export function poolConsentEndsOn(lastContactAt: Date, poolConsentMonths: number): Date {
  return addMonths(lastContactAt, poolConsentMonths);
}

/** When the renewal window of an agreement ending on `endsOn` opens. */
export function renewalWindowOpens(endsOn: Date): Date {
  return new Date(endsOn.getTime() - POOL_CONSENT_RENEWAL_DAYS * 86_400_000);
}
