import { z } from 'zod';
import { currencyCode, optionalText } from '../forms/field-rules';
import { checkbox, optionalId } from '../forms/form-values';
import { isUuid } from '../ids';
import { ASSIGNMENT_TYPES, WORK_MODES } from '../job-ads/job-enums';
import { LANGUAGE_LEVELS, type LanguageLevel } from './language-levels';

// The company's talent search: what may be asked, read the same way from the
// page's address and the API's input. Lists arrive as comma-separated text from the form
// and as lists from the API. Every message is a code worded in talentSearch.errors.

/**
 * countCap: a search counts, ranks and pages through at most this many matches (past it the
 * total reads "1,000+"), so its cost does not grow with the profiles (api/talent-search).
 */
/**
 * countCap: matches counted and ranked at most ("1,000+" past it). walked: the most complete
 * profiles read in order for the candidates before the search's own indexes fill them up
 * (searchTalents), which bounds a search whose matches are all far down that order.
 */
export const TALENT_SEARCH_LIMITS = { q: 200, skills: 20, skill: 60, location: 200, languages: 10, perPage: 50, countCap: 1_000, walked: 10_000 } as const;
export const TALENT_RATE_UNITS = ['HOUR', 'MONTH'] as const;

const list = (max: number, itemMax: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((raw, ctx) => {
      const items = (raw === null || raw === undefined ? [] : typeof raw === 'string' ? raw.split(/[,;\n]/) : raw).map((item) => item.trim().toLowerCase()).filter(Boolean);
      const unique = [...new Set(items)];
      if (unique.length > max) ctx.addIssue({ code: 'custom', message: 'tooManyItems' });
      if (unique.some((item) => [...item].length > itemMax)) ctx.addIssue({ code: 'custom', message: 'itemTooLong' });
      return unique;
    });

const choices = <const Values extends readonly string[]>(values: Values) =>
  z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((raw, ctx): Values[number][] => {
      const items = (raw === null || raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw).map((item) => item.trim()).filter(Boolean);
      if (items.some((item) => !(values as readonly string[]).includes(item))) ctx.addIssue({ code: 'custom', message: 'choiceUnknown' });
      return [...new Set(items.filter((item): item is Values[number] => (values as readonly string[]).includes(item)))];
    });

const amount = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const value = (raw ?? '').trim();
    if (value === '') return null;
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'amountInvalid' });
      return null;
    }
    return value;
  });

/** Only these talents: the selection of the invitation pages (/company/talent-invite), a page of results at most. */
const talentProfileIds = z
  .array(z.string())
  .nullish()
  .transform((raw, ctx) => {
    const ids = [...new Set((raw ?? []).map((id) => id.trim()).filter(Boolean))];
    if (ids.length > TALENT_SEARCH_LIMITS.perPage) ctx.addIssue({ code: 'custom', message: 'tooManyTalents' });
    if (ids.some((id) => !isUuid(id))) ctx.addIssue({ code: 'custom', message: 'talentIdInvalid' });
    return ids;
  });

export const talentSearchSchema = z
  .object({
    q: optionalText(TALENT_SEARCH_LIMITS.q),
    skillsAll: list(TALENT_SEARCH_LIMITS.skills, TALENT_SEARCH_LIMITS.skill),
    skillsAny: list(TALENT_SEARCH_LIMITS.skills, TALENT_SEARCH_LIMITS.skill),
    skillsExcluded: list(TALENT_SEARCH_LIMITS.skills, TALENT_SEARCH_LIMITS.skill),
    location: optionalText(TALENT_SEARCH_LIMITS.location),
    includeRelocation: checkbox,
    workMode: choices(WORK_MODES),
    assignmentType: choices(ASSIGNMENT_TYPES),
    availableOnly: checkbox,
    rateUnit: z
      .string()
      .nullish()
      .transform((raw, ctx) => {
        const value = (raw ?? '').trim();
        if (value === '') return 'HOUR' as const;
        if (!(TALENT_RATE_UNITS as readonly string[]).includes(value)) ctx.addIssue({ code: 'custom', message: 'choiceUnknown' });
        return (value === 'MONTH' ? 'MONTH' : 'HOUR') as (typeof TALENT_RATE_UNITS)[number];
      }),
    rateMin: amount,
    rateMax: amount,
    rateCurrency: currencyCode,
    languages: list(TALENT_SEARCH_LIMITS.languages, 60),
    /** At least this level in every language asked for (language-levels.ts). */
    languageLevel: z
      .string()
      .nullish()
      .transform((raw, ctx) => {
        const value = (raw ?? '').trim();
        if (value === '') return null;
        if (!(LANGUAGE_LEVELS as readonly string[]).includes(value)) ctx.addIssue({ code: 'custom', message: 'choiceUnknown' });
        return (LANGUAGE_LEVELS as readonly string[]).includes(value) ? (value as LanguageLevel) : null;
      }),
    minExperience: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((raw, ctx) => {
        if (raw === null || raw === undefined || raw === '') return null;
        const value = Number(raw);
        if (!Number.isInteger(value) || value < 0 || value > 70) {
          ctx.addIssue({ code: 'custom', message: 'experienceInvalid' });
          return null;
        }
        return value;
      }),
    verifiedOnly: checkbox,
    matchJobDescriptionId: optionalId('referenceUnknown'),
    matchJobAdId: optionalId('referenceUnknown'),
    talentProfileIds,
  })
  .superRefine((value, ctx) => {
    // A rate range means nothing without its currency: rates are never converted.
    if ((value.rateMin || value.rateMax) && !value.rateCurrency) ctx.addIssue({ code: 'custom', path: ['rateCurrency'], message: 'rateCurrencyRequired' });
    if (value.rateMin && value.rateMax && Number(value.rateMin) > Number(value.rateMax)) ctx.addIssue({ code: 'custom', path: ['rateMax'], message: 'rateRangeOrder' });
    if (value.languageLevel && !value.languages.length) ctx.addIssue({ code: 'custom', path: ['languages'], message: 'levelNeedsLanguage' });
    if (value.matchJobDescriptionId && value.matchJobAdId) ctx.addIssue({ code: 'custom', path: ['matchJobAdId'], message: 'oneReference' });
  });

export type TalentSearchValues = z.output<typeof talentSearchSchema>;

/** The skills a talent has of the reference list, and the ones it lacks, in the list's order. */
export function skillMatch(talentSkills: readonly string[], reference: readonly string[]): { matched: string[]; missing: string[] } {
  const have = new Set(talentSkills.map((skill) => skill.trim().toLowerCase()));
  const matched: string[] = [];
  const missing: string[] = [];
  for (const skill of reference) (have.has(skill.trim().toLowerCase()) ? matched : missing).push(skill);
  return { matched, missing };
}
