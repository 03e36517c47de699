import { z } from 'zod';
import { POOL_CONSENT_MONTHS_RANGE, REFUSED_APPLICATION_MONTHS_RANGE } from '../talent-pools/retention';
import { countryCode, currencyCode, optionalText, requiredName } from '../forms/field-rules';
import { TALENT_STATUS_DELAY_RANGE } from '../job-applications/talent-status';

// The rules of a company's profile (the company entity), shared by the API and the company
// pages; the text, name, country and currency rules are the form kit's (forms/field-rules.ts).
// Every message is an issue code, worded in `companies.errors.<code>`.

export const COMPANY_LIMITS = {
  name: 200,
  description: 5000,
  /** industry, size, type and each address line. */
  shortText: 200,
  website: 2000,
} as const;

const length = (value: string) => [...value].length;

/** A company name: trimmed, 1 to 200 characters, one line; never removed. */
export const companyName = requiredName(COMPANY_LIMITS.name, { required: 'nameRequired', tooLong: 'nameTooLong' });

/**
 * A web address people can open: http or https with a host. "example.com" is read as
 * https://example.com, since that is how people write a company's site.
 */
export function checkWebsite(raw: string): { ok: true; value: string } | { ok: false } {
  const trimmed = raw.trim();
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (length(candidate) > COMPANY_LIMITS.website || /\s/.test(candidate)) return { ok: false };
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.') || url.username || url.password) return { ok: false };
  return { ok: true, value: url.href };
}

const website = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    if ((raw ?? '').trim() === '') return null;
    const checked = checkWebsite(raw!);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: 'websiteInvalid' });
      return null;
    }
    return checked.value;
  });

const address = z
  .object({
    street: optionalText(COMPANY_LIMITS.shortText),
    postalCode: optionalText(COMPANY_LIMITS.shortText),
    city: optionalText(COMPANY_LIMITS.shortText),
    region: optionalText(COMPANY_LIMITS.shortText),
  })
  .nullish();

/**
 * A company setting that is a whole number within `range` and cannot be emptied (its column
 * always holds a value), with the setting's own codes: a form's blank field and the API's
 * null read as `<name>Required`; text that is no whole number (parseForm turns it into NaN)
 * and a fraction as `<name>NotWhole`; a number outside the range as `<name>OutOfRange`.
 */
function wholeNumberSetting(name: string, range: { min: number; max: number }) {
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${name}Required` : `${name}NotWhole`) })
    .int(`${name}NotWhole`)
    .min(range.min, `${name}OutOfRange`)
    .max(range.max, `${name}OutOfRange`);
}

/**
 * How many days an application may stay in an in-progress step before the pipeline marks
 * it stuck. The database's check company_stuck_after_days_range holds the same
 * bounds; the column's default is DEFAULT_STUCK_AFTER_DAYS.
 */
export const STUCK_AFTER_DAYS_RANGE = { min: 1, max: 365 } as const;
export const stuckAfterDays = wholeNumberSetting('stuckAfterDays', STUCK_AFTER_DAYS_RANGE);

/** Minutes before a move reaches the talent (TALENT_STATUS_DELAY_RANGE; the check company_talent_status_delay_range holds the same). */
export const talentStatusDelayMinutes = wholeNumberSetting('talentStatusDelayMinutes', TALENT_STATUS_DELAY_RANGE);

/** Months an ended application is kept without a pool agreement (REFUSED_APPLICATION_MONTHS_RANGE; the check company_refused_application_months_range holds the same). */
export const refusedApplicationMonths = wholeNumberSetting('refusedApplicationMonths', REFUSED_APPLICATION_MONTHS_RANGE);

/** Months a pool agreement lasts from the last contact (POOL_CONSENT_MONTHS_RANGE; the check company_pool_consent_months_range holds the same). */
export const poolConsentMonths = wholeNumberSetting('poolConsentMonths', POOL_CONSENT_MONTHS_RANGE);

const companyFields = {
  name: companyName,
  description: optionalText(COMPANY_LIMITS.description, true),
  address,
  country: countryCode,
  website,
  industry: optionalText(COMPANY_LIMITS.shortText),
  size: optionalText(COMPANY_LIMITS.shortText),
  type: optionalText(COMPANY_LIMITS.shortText),
  accountingCurrency: currencyCode,
  /** Left out, a new company starts at the default and an edit keeps what is stored. */
  stuckAfterDays: stuckAfterDays.optional(),
  talentStatusDelayMinutes: talentStatusDelayMinutes.optional(),
  refusedApplicationMonths: refusedApplicationMonths.optional(),
  poolConsentMonths: poolConsentMonths.optional(),
};

/** A new company: a name and any of the other profile fields. */
export const companyCreateSchema = z.object(companyFields);

/**
 * The Edit Profile form: the create rules plus the stuck threshold, the talent status delay and the retention periods, which that form always
 * shows, so a blank there is a mistake rather than "unchanged".
 */
export const companyProfileFormSchema = companyCreateSchema.extend({ stuckAfterDays, talentStatusDelayMinutes, refusedApplicationMonths, poolConsentMonths });

/** A partial edit: a field left out stays as it is; blank or null empties it (not the name). */
export const companyUpdateSchema = z.object(companyFields).partial();

export type CompanyCreateValues = z.output<typeof companyCreateSchema>;
export type CompanyUpdateValues = z.output<typeof companyUpdateSchema>;

/**
 * "  ACME  GmbH " and "acme-gmbh" are the same name: case, punctuation and spacing aside.
 * The API compares it with the SQL twin in companies/company-rows.ts (lower case, every
 * run of non-alphanumerics one space), so no accent folding here: SQL could not follow.
 */
export function normalizeCompanyName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The host of a website without "www.": "https://www.acme.com/jobs" → "acme.com". */
export function websiteDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export interface DuplicateCandidate {
  name: string;
  website: string | null;
}

/**
 * The company's isPossibleDuplicate: another company with the same normalised name (which also
 * covers "same country and name") or the same website domain. A possible duplicate is
 * created and flagged for the platform's review, never refused: two companies may share
 * a name.
 */
export function isPossibleDuplicate(created: DuplicateCandidate, existing: readonly DuplicateCandidate[]): boolean {
  const name = normalizeCompanyName(created.name);
  const domain = websiteDomain(created.website);
  return existing.some((other) => normalizeCompanyName(other.name) === name || (domain !== null && websiteDomain(other.website) === domain));
}
