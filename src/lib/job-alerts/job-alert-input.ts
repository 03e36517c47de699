import { z } from 'zod';
import type { Translate } from '../i18n/i18n';
import { defaultJobSearchParams, defaultSort, parseJobSearchParams, searchParamsToQuery, type JobSearchParams } from '../job-ads/search-params';

// A job alert is a saved /jobs search. The page and the API share these
// rules: the search is kept as the canonical /jobs query string, so the same search saved
// twice is recognised, the digest runs exactly the search the talent saw, and "see all"
// links back to it.

export const JOB_ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

/** A talent keeps at most this many alerts: the manage list needs no pages, and a digest run stays bounded. */
export const MAX_JOB_ALERTS = 20;

/** Issue codes, worded in `jobAlerts.errors.*`. */
export const JOB_ALERT_ERRORS = 'jobAlerts.errors';

/**
 * The canonical query of a search as an alert keeps it: the filters and the words, never
 * the page, the page size or the order (a digest always lists the newest ads).
 */
export function jobAlertQuery(params: JobSearchParams): string {
  const defaults = defaultJobSearchParams();
  return searchParamsToQuery({ ...params, page: 1, perPage: defaults.perPage, sortBy: defaultSort(params.q) }).toString();
}

/** The search parameters of a stored alert query, ordered newest first for the digest. */
export function jobAlertSearchParams(query: string): JobSearchParams {
  return { ...parseJobSearchParams(new URLSearchParams(query)), sortBy: 'newest', page: 1 };
}

const frequency = z.enum(JOB_ALERT_FREQUENCIES, { message: 'frequencyInvalid' });

/** "Create alert": the /jobs address's query (with or without "?") and how often. */
export const jobAlertCreateSchema = z.object({
  query: z
    .string()
    .max(2000, { message: 'queryTooLong' })
    .transform((query) => jobAlertQuery(parseJobSearchParams(new URLSearchParams(query.replace(/^\?/, ''))))),
  frequency,
});

export const jobAlertUpdateSchema = z.object({ frequency });

/**
 * The alert in a few words, for the manage list, the mail and its subject: the search words
 * (or "All jobs"), the place, the kinds of work by name ("Remote, Freelancer"), and how
 * many other filters (salary, currency, age) narrow it.
 */
export function jobAlertLabel(query: string, t: Translate): string {
  const params = jobAlertSearchParams(query);
  const base = params.q ? t('jobAlerts.labelWords', { q: params.q }) : t('jobAlerts.labelAll');
  const withPlace = params.location ? t('jobAlerts.labelPlace', { base, location: params.location }) : base;
  const kinds = [
    ...params.workMode.map((mode) => t(`profileSummary.workModes.${mode}`)),
    ...params.employmentType.map((type) => t(`talentRoster.employmentTypes.${type}`)),
    ...params.assignmentType.map((type) => t(`profileSummary.assignmentTypes.${type}`)),
  ];
  const named = kinds.length ? t('jobAlerts.labelKinds', { base: withPlace, kinds: kinds.join(', ') }) : withPlace;
  const filters = [params.salaryMin, params.salaryMax, params.salaryRateUnit, params.currency, params.postedWithinDays].filter((value) => value !== null).length;
  return filters ? t('jobAlerts.labelFilters', { base: named, count: filters }) : named;
}
