import { z } from 'zod';
import { isCountryCode } from '../places/country-codes';
import { countryCode, currencyCode, optionalText, requiredName } from '../forms/field-rules';
import { hasForbiddenControls } from '../text/control-characters';
import { toCents } from '../money/decimal-money';
import { ASSIGNMENT_TYPES, EMPLOYMENT_TYPES, RATE_UNITS, WORK_MODES } from './job-enums';
import { LANGUAGE_CODES } from './job-languages';
import { MAX_REMOTE_COUNTRIES } from './job-location';

// The input rules a job description and a job ad share: title, Markdown
// description, structured place, skills, salary, language, work mode and assignment type.
// One schema piece per field, used by the pages (parseForm) and the API alike; every
// message is an issue code worded in `jobFields.errors.<code>`.

export const JOB_FIELD_ERRORS = 'jobFields.errors';

export const JOB_LIMITS = {
  title: 200,
  /** Markdown; a long ad is about 8,000 characters. */
  description: 20_000,
  locality: 200,
  skills: 30,
  skill: 60,
  /** A monthly salary of ten million in any unit is no salary: a typo (an extra zero run). */
  salaryCents: 10_000_000_00n,
} as const;

const length = (value: string) => [...value].length;

export const jobTitle = requiredName(JOB_LIMITS.title, { required: 'titleRequired', tooLong: 'titleTooLong' });

export const jobDescriptionText = optionalText(JOB_LIMITS.description, true);

/** One value of a fixed list; blank reads as none (null), an unknown value as `code`. */
export function optionalChoice<const Values extends readonly string[]>(values: Values, code: string) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx): Values[number] | null | undefined => {
      if (raw === undefined) return undefined;
      const value = (raw ?? '').trim();
      if (value === '') return null;
      if (!(values as readonly string[]).includes(value)) {
        ctx.addIssue({ code: 'custom', message: code });
        return null;
      }
      return value as Values[number];
    });
}

export const jobWorkMode = optionalChoice(WORK_MODES, 'workModeUnknown');
export const jobAssignmentType = optionalChoice(ASSIGNMENT_TYPES, 'assignmentTypeUnknown');
export const jobEmploymentType = optionalChoice(EMPLOYMENT_TYPES, 'employmentTypeUnknown');
export const jobRateUnit = optionalChoice(RATE_UNITS, 'rateUnitUnknown');
export const jobLanguage = optionalChoice(LANGUAGE_CODES, 'languageUnknown');

/** Items of a list field: a form sends "Go, React" as one text, the API a list. */
function listItems(raw: string | readonly string[]): string[] {
  const items = typeof raw === 'string' ? raw.split(/[,;\n]/) : raw;
  return items.map((item) => item.trim()).filter(Boolean);
}

/** "de, fr pt" or ["DE", "FR"]: ISO 3166-1 codes, each once, in the order given. */
const remoteCountries = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const items = raw === null ? [] : listItems(typeof raw === 'string' ? raw.replace(/\s+/g, ',') : raw).map((item) => item.toUpperCase());
    const unknown = items.filter((item) => !isCountryCode(item));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: 'remoteCountryUnknown' });
    const codes = [...new Set(items)];
    if (codes.length > MAX_REMOTE_COUNTRIES) ctx.addIssue({ code: 'custom', message: 'remoteCountriesTooMany' });
    return codes;
  });

/** Skills as typed, each once whatever its case, at most 30 of at most 60 characters. */
export const jobSkills = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const items = raw === null ? [] : listItems(raw);
    if (items.some((item) => hasForbiddenControls(item))) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
    else if (items.some((item) => length(item) > JOB_LIMITS.skill)) ctx.addIssue({ code: 'custom', message: 'skillTooLong' });
    const seen = new Set<string>();
    const skills = items.filter((item) => !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
    if (skills.length > JOB_LIMITS.skills) ctx.addIssue({ code: 'custom', message: 'skillsTooMany' });
    return skills;
  });

/** A salary: a positive amount with at most two decimals, below the sanity cap; blank is none. */
const salary = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = (raw ?? '').trim().replace(/[\s,](?=\d{3}\b)/g, '');
    if (value === '') return null;
    if (!/^\d+(\.\d{1,2})?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'salaryInvalid' });
      return null;
    }
    const cents = toCents(value);
    if (cents <= 0n) ctx.addIssue({ code: 'custom', message: 'salaryNotPositive' });
    else if (cents >= JOB_LIMITS.salaryCents) ctx.addIssue({ code: 'custom', message: 'salaryTooHigh' });
    return value;
  });

/** The fields both records have; each record's schema adds its own and the cross-field rules below. */
export const jobFields = {
  title: jobTitle,
  description: jobDescriptionText,
  workMode: jobWorkMode,
  countryCode,
  locality: optionalText(JOB_LIMITS.locality),
  remoteCountries,
  skills: jobSkills,
  salary,
  currency: currencyCode,
  salaryRateUnit: jobRateUnit,
  language: jobLanguage,
  assignmentType: jobAssignmentType,
};

export interface JobFieldValues {
  title?: string;
  workMode?: string | null;
  countryCode?: string | null;
  locality?: string | null;
  salary?: string | null;
  currency?: string | null;
  salaryRateUnit?: string | null;
}

/**
 * The rules between fields, on the record as it will be stored (a partial edit is merged
 * with the stored row first): a job says where it is (a work mode and a country; a town
 * unless it is remote), and a salary says its currency and unit, so that no page shows
 * "5000" of nothing per nothing.
 */
export function jobFieldIssues(record: JobFieldValues): { path: string; code: string }[] {
  const issues: { path: string; code: string }[] = [];
  if (!record.workMode) issues.push({ path: 'workMode', code: 'workModeRequired' });
  if (!record.countryCode) issues.push({ path: 'countryCode', code: 'countryRequired' });
  if (record.workMode && record.workMode !== 'remote' && !record.locality) issues.push({ path: 'locality', code: 'localityRequired' });
  if (record.salary) {
    if (!record.currency) issues.push({ path: 'currency', code: 'salaryCurrencyRequired' });
    if (!record.salaryRateUnit) issues.push({ path: 'salaryRateUnit', code: 'salaryRateUnitRequired' });
  }
  return issues;
}

/**
 * Adds the cross-field issues to a schema whose output has the job fields. They are checked
 * even when a field has its own issue (zod would skip them by default), so that a form
 * shows every mistake at once rather than one round after another.
 */
export function withJobFieldRules<Schema extends z.ZodType<JobFieldValues>>(schema: Schema) {
  return schema.superRefine(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      for (const issue of jobFieldIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
    },
    { when: () => true },
  );
}

/** Skills are stored twice: as written, and lower-cased for "jobs matching my skills". */
export function skillColumns(skills: readonly string[]): { skills: string[]; skillsLowercase: string[] } {
  return { skills: [...skills], skillsLowercase: skills.map((skill) => skill.toLowerCase()) };
}
