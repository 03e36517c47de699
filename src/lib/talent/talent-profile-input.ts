import { z } from 'zod';
import { isDateInRange } from '../format/dates';
import { ASSIGNMENT_TYPES, WORK_MODES } from '../jobs/job-enums';
import { isCurrencyCode, normalizeCurrency } from '../money/currency-code';

// The rules a talent's own profile edit must pass (spec §3 talentProfile). Pure, so the
// API validates with it and the profile page reads the same limits for its inputs.


export const PROFILE_LIMITS = {
  profileName: 100,
  jobTitle: 120,
  description: 5000,
  location: 120,
  availabilityMode: 100,
  city: 120,
  cities: 20,
  years: 70,
  skills: 50,
  skillName: 60,
  level: 40,
  links: 20,
  linkLabel: 60,
  url: 2000,
  languages: 20,
  languageName: 60,
  entries: 30,
  name: 120,
  entryDescription: 2000,
} as const;

/** numeric(14, 2): twelve integer digits, at most two decimals, never negative. */
const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;

export const MESSAGES = {
  required: 'Fill in this field',
  decimal: 'Enter an amount such as 55.00, with at most two decimals',
  currency: 'Use a three-letter ISO 4217 code, such as EUR',
  currencyNeeded: 'Choose the currency of your rates',
  workMode: 'Choose remote, hybrid or onsite',
  assignmentType: 'Choose full time, part time or on demand',
  date: 'Enter a date between 01/01/1900 and 31/12/2099',
  endBeforeStart: 'The end date cannot be before the start date',
  expiresBeforeIssued: 'The expiry date cannot be before the issue date',
  currentWithEnd: 'Leave the end date empty for a current position',
  url: 'Use a web address starting with http:// or https://',
  years: `Enter a whole number of years from 0 to ${PROFILE_LIMITS.years}`,
  boolean: 'Choose yes or no',
  duplicateSkill: 'This skill is already listed',
  duplicateLanguage: 'This language is already listed',
  tooLong: (max: number) => `Use at most ${max} characters`,
  tooMany: (max: number) => `Add at most ${max} entries`,
} as const;

const blankToNull = (value: string): string | null => (value === '' ? null : value);

/** "55" and "55.5" are stored as "55.00" and "55.50"; comparing them then means comparing text. */
export function normalizeDecimal(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().trim().max(max, MESSAGES.tooLong(max));

/** Optional text: blank clears it (null). */
const optionalText = (max: number) => text(max).transform(blankToNull).nullable().optional();

const requiredText = (max: number) => text(max).min(1, MESSAGES.required);

const restricted = (allowed: readonly string[], message: string) =>
  z.string().trim().refine((value) => value === '' || allowed.includes(value), message).transform(blankToNull).nullable().optional();

const decimal = z
  .string()
  .trim()
  .refine((value) => value === '' || DECIMAL.test(value), MESSAGES.decimal)
  .transform((value) => (value === '' ? null : normalizeDecimal(value)))
  .nullable()
  .optional();

const date = z
  .string()
  .trim()
  .refine((value) => value === '' || isDateInRange(value), MESSAGES.date)
  .transform(blankToNull)
  .nullable()
  .optional();

const years = z.number({ error: MESSAGES.years }).int(MESSAGES.years).min(0, MESSAGES.years).max(PROFILE_LIMITS.years, MESSAGES.years).nullable().optional();

const optionalUrl = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.url, MESSAGES.tooLong(PROFILE_LIMITS.url))
  .refine((value) => value === '' || isHttpUrl(value), MESSAGES.url)
  .transform(blankToNull)
  .nullable()
  .optional();

const flag = z.boolean({ error: MESSAGES.boolean }).optional();

/** A list the client may send as null to mean "empty". */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, MESSAGES.tooMany(max)).nullable().optional().transform((value) => (value === null ? [] : value));

/** Drops the keys a client left empty, so stored entries carry only what was given. */
function compact<T extends Record<string, unknown>>(entry: T): { [K in keyof T]?: Exclude<T[K], null | undefined> } {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], null | undefined>;
  };
}

/** Flags the second entry whose `key` repeats an earlier one (case-insensitive). */
function uniqueBy<K extends string>(key: K, message: string) {
  return (entries: Array<Partial<Record<K, string>>> | undefined, context: z.RefinementCtx) => {
    const seen = new Set<string>();
    entries?.forEach((entry, index) => {
      const normalized = entry[key]?.toLowerCase();
      if (normalized === undefined) return;
      if (seen.has(normalized)) context.addIssue({ code: 'custom', message, path: [index, key] });
      seen.add(normalized);
    });
  };
}

function dateOrder(startKey: string, endKey: string, message: string) {
  return (entry: Record<string, unknown>, context: z.RefinementCtx) => {
    const start = entry[startKey];
    const end = entry[endKey];
    if (typeof start === 'string' && typeof end === 'string' && end < start) context.addIssue({ code: 'custom', message, path: [endKey] });
  };
}

const skill = z.object({ name: requiredText(PROFILE_LIMITS.skillName), level: optionalText(PROFILE_LIMITS.level), years }).transform(compact);

const link = z.object({ label: optionalText(PROFILE_LIMITS.linkLabel), url: z.string().trim().max(PROFILE_LIMITS.url, MESSAGES.tooLong(PROFILE_LIMITS.url)).refine(isHttpUrl, MESSAGES.url) }).transform(compact);

const language = z.object({ language: requiredText(PROFILE_LIMITS.languageName), level: optionalText(PROFILE_LIMITS.level) }).transform(compact);

const experience = z
  .object({
    company: requiredText(PROFILE_LIMITS.name),
    title: optionalText(PROFILE_LIMITS.name),
    location: optionalText(PROFILE_LIMITS.location),
    description: optionalText(PROFILE_LIMITS.entryDescription),
    startDate: date,
    endDate: date,
    current: z.boolean({ error: MESSAGES.boolean }).nullable().optional(),
  })
  .superRefine(dateOrder('startDate', 'endDate', MESSAGES.endBeforeStart))
  .superRefine((entry, context) => {
    if (entry.current && entry.endDate) context.addIssue({ code: 'custom', message: MESSAGES.currentWithEnd, path: ['endDate'] });
  })
  .transform(compact);

const certification = z
  .object({
    name: requiredText(PROFILE_LIMITS.name),
    issuer: optionalText(PROFILE_LIMITS.name),
    issuedAt: date,
    expiresAt: date,
    url: optionalUrl,
  })
  .superRefine(dateOrder('issuedAt', 'expiresAt', MESSAGES.expiresBeforeIssued))
  .transform(compact);

const education = z
  .object({
    school: requiredText(PROFILE_LIMITS.name),
    degree: optionalText(PROFILE_LIMITS.name),
    field: optionalText(PROFILE_LIMITS.name),
    startDate: date,
    endDate: date,
  })
  .superRefine(dateOrder('startDate', 'endDate', MESSAGES.endBeforeStart))
  .transform(compact);

/**
 * A partial update: a field left out stays as it is, null (or blank text) clears it, and
 * a list replaces the whole list.
 */
export const updateTalentProfileInput = z.object({
  profileName: optionalText(PROFILE_LIMITS.profileName),
  jobTitle: optionalText(PROFILE_LIMITS.jobTitle),
  totalExperience: years,
  description: optionalText(PROFILE_LIMITS.description),
  isVisible: flag,
  isAvailableForHire: flag,
  workMode: restricted(WORK_MODES, MESSAGES.workMode),
  availabilityMode: optionalText(PROFILE_LIMITS.availabilityMode),
  assignmentType: restricted(ASSIGNMENT_TYPES, MESSAGES.assignmentType),
  location: optionalText(PROFILE_LIMITS.location),
  interestedToRelocateTo: list(requiredText(PROFILE_LIMITS.city), PROFILE_LIMITS.cities),
  isInterestedInRelocation: flag,
  hourlyRate: decimal,
  monthlyRate: decimal,
  targetHourlyRate: decimal,
  targetMonthlyRate: decimal,
  rateCurrency: z
    .string()
    .transform(normalizeCurrency)
    .refine((value) => value === '' || isCurrencyCode(value), MESSAGES.currency)
    .transform(blankToNull)
    .nullable()
    .optional(),
  skills: list(skill, PROFILE_LIMITS.skills).superRefine(uniqueBy('name', MESSAGES.duplicateSkill)),
  links: list(link, PROFILE_LIMITS.links),
  languages: list(language, PROFILE_LIMITS.languages).superRefine(uniqueBy('language', MESSAGES.duplicateLanguage)),
  experience: list(experience, PROFILE_LIMITS.entries),
  certification: list(certification, PROFILE_LIMITS.entries),
  education: list(education, PROFILE_LIMITS.entries),
});

export type UpdateTalentProfileValues = z.output<typeof updateTalentProfileInput>;
export type UpdatableField = keyof UpdateTalentProfileValues;

export interface InputFieldError {
  /** Dotted path below the input, e.g. `experience.0.endDate`. */
  path: string;
  message: string;
}

/** The parsed update, or one message per failing field (the first rule each broke). */
export function parseTalentProfileUpdate(input: unknown): { ok: true; values: UpdateTalentProfileValues } | { ok: false; errors: InputFieldError[] } {
  const result = updateTalentProfileInput.safeParse(input);
  if (result.success) return { ok: true, values: result.data };
  const errors: InputFieldError[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    errors.push({ path, message: issue.message });
  }
  return { ok: false, errors };
}

const RATE_FIELDS = ['hourlyRate', 'monthlyRate', 'targetHourlyRate', 'targetMonthlyRate'] as const;

/** A rate needs its currency; checked on the profile as it will be once the update applies. */
export function rateCurrencyError(profile: Partial<Record<(typeof RATE_FIELDS)[number] | 'rateCurrency', string | null>>): InputFieldError | null {
  const hasRate = RATE_FIELDS.some((field) => profile[field] !== null && profile[field] !== undefined);
  return hasRate && !profile.rateCurrency ? { path: 'rateCurrency', message: MESSAGES.currencyNeeded } : null;
}
