import { z } from 'zod';
import { isDateInRange } from '../format/dates';
import { ASSIGNMENT_TYPES, WORK_MODES } from '../job-ads/job-enums';
import { isCurrencyCode, normalizeCurrency } from '../money/currency-code';
import { emailAddress } from '../forms/field-rules';
import type { FieldIssue } from '../forms/form-outcome';
import { zodIssues } from '../forms/zod-issues';
import { initialProfileName } from '../profile/profile-name';
import type { SectionId } from './profile-sections';
import { LANGUAGE_LEVELS, SKILL_LEVELS } from './proficiency-levels';

// The rules a talent's own profile edit must pass (the talentProfile entity). Pure, so the
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

/** Where the words of this schema's issue codes live (`profile:form.errors.<code>`). */
export const PROFILE_ERRORS = 'profile:form.errors';

/**
 * The schema's messages are issue codes, worded from the locale files by the page
 * (`fieldErrorsOf`) and the API (`invalidFields`) alike. Length limits carry the limit as
 * the `max` param (see `zodIssues`).
 */
export const ISSUES = {
  required: 'required',
  decimal: 'decimal',
  currency: 'currency',
  currencyNeeded: 'currencyNeeded',
  workMode: 'workMode',
  assignmentType: 'assignmentType',
  date: 'date',
  endBeforeStart: 'endBeforeStart',
  expiresBeforeIssued: 'expiresBeforeIssued',
  currentWithEnd: 'currentWithEnd',
  url: 'url',
  years: 'years',
  boolean: 'boolean',
  duplicateSkill: 'duplicateSkill',
  duplicateLanguage: 'duplicateLanguage',
  skillLevel: 'skillLevel',
  languageLevel: 'languageLevel',
  tooLong: 'tooLong',
  tooMany: 'tooMany',
  /** The code of the shared e-mail rule (`emailAddress`), worded here for the profile forms. */
  emailInvalid: 'emailInvalid',
} as const;

/**
 * The CreateOneTalentProfile call: an e-mail address (the rule every e-mail field uses) and
 * the profile name, left blank when it looks like an e-mail address (`initialProfileName`)
 * and at most PROFILE_LIMITS.profileName characters. The API checks its input with it and
 * the "Create profile" forms read their post with it (`{ coerce: false }`: the schema reads
 * blank text itself).
 */
export const createTalentProfileSchema = z.object({
  email: emailAddress,
  profileName: z
    .string()
    .nullish()
    .transform((raw) => initialProfileName(raw))
    .pipe(z.string().max(PROFILE_LIMITS.profileName, ISSUES.tooLong)),
});

export type CreateTalentProfileValues = z.output<typeof createTalentProfileSchema>;

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

const text = (max: number) => z.string().trim().max(max, ISSUES.tooLong);

/** Optional text: blank clears it (null). */
const optionalText = (max: number) => text(max).transform(blankToNull).nullable().optional();

const requiredText = (max: number) => text(max).min(1, ISSUES.required);

const restricted = (allowed: readonly string[], message: string) =>
  z.string().trim().refine((value) => value === '' || allowed.includes(value), message).transform(blankToNull).nullable().optional();

const decimal = z
  .string()
  .trim()
  .refine((value) => value === '' || DECIMAL.test(value), ISSUES.decimal)
  .transform((value) => (value === '' ? null : normalizeDecimal(value)))
  .nullable()
  .optional();

const date = z
  .string()
  .trim()
  .refine((value) => value === '' || isDateInRange(value), ISSUES.date)
  .transform(blankToNull)
  .nullable()
  .optional();

const years = z.number({ error: ISSUES.years }).int(ISSUES.years).min(0, ISSUES.years).max(PROFILE_LIMITS.years, ISSUES.years).nullable().optional();

const optionalUrl = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.url, ISSUES.tooLong)
  .refine((value) => value === '' || isHttpUrl(value), ISSUES.url)
  .transform(blankToNull)
  .nullable()
  .optional();

const flag = z.boolean({ error: ISSUES.boolean }).optional();

/** A list the client may send as null to mean "empty". */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, ISSUES.tooMany).nullable().optional().transform((value) => (value === null ? [] : value));

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

const skill = z.object({ name: requiredText(PROFILE_LIMITS.skillName), level: restricted(SKILL_LEVELS, ISSUES.skillLevel), years }).transform(compact);

const link = z.object({ label: optionalText(PROFILE_LIMITS.linkLabel), url: z.string().trim().max(PROFILE_LIMITS.url, ISSUES.tooLong).refine(isHttpUrl, ISSUES.url) }).transform(compact);

const language = z.object({ language: requiredText(PROFILE_LIMITS.languageName), level: restricted(LANGUAGE_LEVELS, ISSUES.languageLevel) }).transform(compact);

const experience = z
  .object({
    company: requiredText(PROFILE_LIMITS.name),
    title: optionalText(PROFILE_LIMITS.name),
    location: optionalText(PROFILE_LIMITS.location),
    description: optionalText(PROFILE_LIMITS.entryDescription),
    startDate: date,
    endDate: date,
    current: z.boolean({ error: ISSUES.boolean }).nullable().optional(),
  })
  .superRefine(dateOrder('startDate', 'endDate', ISSUES.endBeforeStart))
  .superRefine((entry, context) => {
    if (entry.current && entry.endDate) context.addIssue({ code: 'custom', message: ISSUES.currentWithEnd, path: ['endDate'] });
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
  .superRefine(dateOrder('issuedAt', 'expiresAt', ISSUES.expiresBeforeIssued))
  .transform(compact);

const education = z
  .object({
    school: requiredText(PROFILE_LIMITS.name),
    degree: optionalText(PROFILE_LIMITS.name),
    field: optionalText(PROFILE_LIMITS.name),
    startDate: date,
    endDate: date,
  })
  .superRefine(dateOrder('startDate', 'endDate', ISSUES.endBeforeStart))
  .transform(compact);

const rateCurrency = z
  .string()
  .transform(normalizeCurrency)
  .refine((value) => value === '' || isCurrencyCode(value), ISSUES.currency)
  .transform(blankToNull)
  .nullable()
  .optional();

/**
 * One schema per section of the profile page (src/lib/talent/profile-sections.ts), each the
 * exact part of the API's input that its form sends: the page checks a section's post with
 * it before sending, the API checks the whole input with their union below.
 */
export const PROFILE_SECTION_SCHEMAS = {
  basics: z.object({
    profileName: optionalText(PROFILE_LIMITS.profileName),
    jobTitle: optionalText(PROFILE_LIMITS.jobTitle),
    totalExperience: years,
    description: optionalText(PROFILE_LIMITS.description),
    location: optionalText(PROFILE_LIMITS.location),
  }),
  rates: z.object({ hourlyRate: decimal, monthlyRate: decimal, targetHourlyRate: decimal, targetMonthlyRate: decimal, rateCurrency }),
  availability: z.object({
    isVisible: flag,
    isAvailableForHire: flag,
    workMode: restricted(WORK_MODES, ISSUES.workMode),
    availabilityMode: optionalText(PROFILE_LIMITS.availabilityMode),
    assignmentType: restricted(ASSIGNMENT_TYPES, ISSUES.assignmentType),
    interestedToRelocateTo: list(requiredText(PROFILE_LIMITS.city), PROFILE_LIMITS.cities),
    isInterestedInRelocation: flag,
  }),
  skills: z.object({ skills: list(skill, PROFILE_LIMITS.skills).superRefine(uniqueBy('name', ISSUES.duplicateSkill)) }),
  languages: z.object({ languages: list(language, PROFILE_LIMITS.languages).superRefine(uniqueBy('language', ISSUES.duplicateLanguage)) }),
  links: z.object({ links: list(link, PROFILE_LIMITS.links) }),
  experience: z.object({ experience: list(experience, PROFILE_LIMITS.entries) }),
  certification: z.object({ certification: list(certification, PROFILE_LIMITS.entries) }),
  education: z.object({ education: list(education, PROFILE_LIMITS.entries) }),
} as const satisfies Record<SectionId, z.ZodObject>;

/**
 * A partial update: a field left out stays as it is, null (or blank text) clears it, and
 * a list replaces the whole list.
 */
export const updateTalentProfileInput = z.object({
  ...PROFILE_SECTION_SCHEMAS.basics.shape,
  ...PROFILE_SECTION_SCHEMAS.rates.shape,
  ...PROFILE_SECTION_SCHEMAS.availability.shape,
  ...PROFILE_SECTION_SCHEMAS.skills.shape,
  ...PROFILE_SECTION_SCHEMAS.languages.shape,
  ...PROFILE_SECTION_SCHEMAS.links.shape,
  ...PROFILE_SECTION_SCHEMAS.experience.shape,
  ...PROFILE_SECTION_SCHEMAS.certification.shape,
  ...PROFILE_SECTION_SCHEMAS.education.shape,
});

export type UpdateTalentProfileValues = z.output<typeof updateTalentProfileInput>;
export type UpdatableField = keyof UpdateTalentProfileValues;

/**
 * One issue per field, as the API always answered: the first rule the field broke (a
 * broken maximum, `tooLong` or `tooMany`, carries it as `max`: see `zodIssues`).
 */
function firstIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  return zodIssues(error).filter(({ path }) => !seen.has(path) && seen.add(path));
}

/** The parsed update, or one issue per failing field. */
export function parseTalentProfileUpdate(input: unknown): { ok: true; values: UpdateTalentProfileValues } | { ok: false; issues: FieldIssue[] } {
  const result = updateTalentProfileInput.safeParse(input);
  return result.success ? { ok: true, values: result.data } : { ok: false, issues: firstIssues(result.error) };
}

/** What the API would refuse in one section's part of the input (none when it passes). */
export function profileSectionIssues(section: SectionId, input: unknown): FieldIssue[] {
  const result = PROFILE_SECTION_SCHEMAS[section].safeParse(input);
  return result.success ? [] : firstIssues(result.error);
}

const RATE_FIELDS = ['hourlyRate', 'monthlyRate', 'targetHourlyRate', 'targetMonthlyRate'] as const;

/** A rate needs its currency; checked on the profile as it will be once the update applies. */
export function rateCurrencyError(profile: Partial<Record<(typeof RATE_FIELDS)[number] | 'rateCurrency', string | null>>): FieldIssue | null {
  const hasRate = RATE_FIELDS.some((field) => profile[field] !== null && profile[field] !== undefined);
  return hasRate && !profile.rateCurrency ? { path: 'rateCurrency', code: ISSUES.currencyNeeded } : null;
}
