import { graphql, type ResultOf } from '../graphql/graphql';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { formatPay } from '../format/money';
import { type FieldErrors, fieldErrorsOf } from '../forms/form-outcome';
import { zodIssues } from '../forms/zod-issues';
import { talentSearchSchema, type TalentSearchValues } from './talent-search-input';

// The documents and pure helpers of /company/talent-search.

export const TALENT_SEARCH_PER_PAGE = 20;
export const TALENT_SEARCH_ERRORS = 'talentSearch.errors';

/** One talent in the results: the company's search and the admin's show the same card. */
export const TALENT_SEARCH_RESULT_FRAGMENT = graphql(`
  fragment TalentSearchResultFields on TalentSearchResult {
    id profileName jobTitle location pictureUrl skills hourlyRate monthlyRate rateCurrency
    isAvailableForHire availabilityMode workMode isVerified totalExperience matchedSkills missingSkills savedInLists poolDeclined isVisible
  }
`);

export const FIND_MANY_TALENT_PROFILE_QUERY = graphql(
  `
  query FindManyTalentProfile($search: TalentSearchInput, $page: Int, $perPage: Int) {
    findManyTalentProfile(search: $search, page: $page, perPage: $perPage) {
      items { ...TalentSearchResultFields }
      total totalIsExact page pageCount
      reference { kind id title skills }
    }
  }
`,
  [TALENT_SEARCH_RESULT_FRAGMENT],
);

/** The same search for the platform's admin: every profile, hidden ones marked (isVisible false). */
export const FIND_MANY_ADMIN_TALENT_PROFILE_QUERY = graphql(
  `
  query FindManyAdminTalentProfile($search: TalentSearchInput, $page: Int, $perPage: Int) {
    findManyAdminTalentProfile(search: $search, page: $page, perPage: $perPage) {
      items { ...TalentSearchResultFields }
      total totalIsExact page pageCount
    }
  }
`,
  [TALENT_SEARCH_RESULT_FRAGMENT],
);

/** The company's job descriptions and ads to rank against (one page each is enough for a select). */
export const TALENT_SEARCH_REFERENCES_QUERY = graphql(`
  query TalentSearchReferences {
    findManyJobDescription(perPage: 100) { items { id title } }
  }
`);

export const TALENT_SEARCH_AD_REFERENCES_QUERY = graphql(`
  query TalentSearchAdReferences {
    findManyJobAd(perPage: 100) { items { id title status } }
  }
`);

export type TalentSearchResultItem = ResultOf<typeof FIND_MANY_TALENT_PROFILE_QUERY>['findManyTalentProfile']['items'][number];

/** The search form's fields, by their names in the address. */
export const TALENT_SEARCH_FIELDS = [
  'q', 'skillsAll', 'skillsAny', 'skillsExcluded', 'location', 'includeRelocation', 'workMode', 'assignmentType', 'availableOnly',
  'rateUnit', 'rateMin', 'rateMax', 'rateCurrency', 'languages', 'languageLevel', 'minExperience', 'verifiedOnly', 'reference',
] as const;
export type TalentSearchForm = Record<(typeof TALENT_SEARCH_FIELDS)[number], string>;

/** Fields that only shape another one or the order, so never count as a filter of their own. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['reference', 'rateUnit', 'rateCurrency', 'includeRelocation']);

/** The filters in force, counted on the phone's filter toggle: the ranking reference and the rate's unit and currency are not filters. */
export function activeTalentSearchFilterCount(form: TalentSearchForm): number {
  return TALENT_SEARCH_FIELDS.filter((field) => !NOT_FILTERS.has(field) && form[field].trim() !== '').length;
}

/** The fields shown at once, above "More filters": the words, the ranking and the skills asked for. */
const FIRST_FIELDS: ReadonlySet<string> = new Set(['q', 'reference', 'skillsAll', 'skillsAny']);

/**
 * "More filters" (the talent search more filters): every field but the first few folds
 * behind it once a search is made, so that the results start on the first screen, and its
 * toggle counts those in force (their values stay in the form, sent with every search). It
 * is unfolded before the first search, to show what can be asked, and while one of its
 * fields holds a mistake, so that the message shows.
 */
export function talentSearchMoreFilters(form: TalentSearchForm, errors: FieldErrors, asked: boolean): { count: number; open: boolean } {
  const more = TALENT_SEARCH_FIELDS.filter((field) => !FIRST_FIELDS.has(field));
  const count = more.filter((field) => !NOT_FILTERS.has(field) && form[field].trim() !== '').length;
  return { count, open: !asked || more.some((field) => errors[field] !== undefined) };
}

/**
 * The address as the form shows it (as typed) and as the API takes it (checked): the
 * reference select posts "description:<id>" or "ad:<id>". A mistake is shown at its field
 * and searches nothing, rather than searching something else than asked.
 */
export function readTalentSearch(url: URL, t: Translate): { form: TalentSearchForm; values: TalentSearchValues | null; errors: FieldErrors; asked: boolean } {
  const form = Object.fromEntries(TALENT_SEARCH_FIELDS.map((field) => [field, (url.searchParams.get(field) ?? '').slice(0, 500)])) as TalentSearchForm;
  const [kind, referenceId] = form.reference.split(':');
  const parsed = talentSearchSchema.safeParse({
    ...form,
    workMode: url.searchParams.getAll('workMode').filter(Boolean),
    assignmentType: url.searchParams.getAll('assignmentType').filter(Boolean),
    minExperience: form.minExperience || null,
    matchJobDescriptionId: kind === 'description' ? referenceId : null,
    matchJobAdId: kind === 'ad' ? referenceId : null,
  });
  const asked = TALENT_SEARCH_FIELDS.some((field) => url.searchParams.has(field));
  if (!parsed.success) {
    const errors = fieldErrorsOf(zodIssues(parsed.error), t, TALENT_SEARCH_ERRORS);
    // The reference select is one field in the form, two in the rules.
    const reference = errors.matchJobDescriptionId ?? errors.matchJobAdId;
    return { form, values: null, errors: reference ? { ...errors, reference } : errors, asked };
  }
  return { form, values: parsed.data, errors: {}, asked };
}

/** "€70 / hour" from the rate the talent asks, in the unit the search looks at first. */
export function rateText(item: Pick<TalentSearchResultItem, 'hourlyRate' | 'monthlyRate' | 'rateCurrency'>, t: Translate, language: Language): string | null {
  if (item.hourlyRate) return `${formatPay(item.hourlyRate, item.rateCurrency, language)} / ${t('jobs:enums.rateUnit.HOUR')}`;
  if (item.monthlyRate) return `${formatPay(item.monthlyRate, item.rateCurrency, language)} / ${t('jobs:enums.rateUnit.MONTH')}`;
  return null;
}
