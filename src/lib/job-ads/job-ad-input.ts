import { z } from 'zod';
import { optionalText } from '../forms/field-rules';
import { checkbox, optionalId } from '../forms/form-values';
import { jobEmploymentType, jobFields, withJobFieldRules } from './job-input';

// The rules of a company's job ad (the jobAd entity), shared by the
// /company/job-ad-* pages and the API. A write sends the whole ad; the publish window is
// checked against the clock by publishWindowIssues (job-ad-status.ts).

export const JOB_AD_LIMITS = {
  /** The teaser shown on cards and in search results. */
  adDescription: 1000,
} as const;

/**
 * A day or a moment of the publish window: a form's date field sends "2026-12-01" (read as
 * that day in UTC: the start for publishedAt, the end for publishedUntil), the API an ISO
 * date-time. Blank is none.
 */
function windowDate(edge: 'start' | 'end') {
  return z
    .union([z.string(), z.date()])
    .nullish()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null) return raw === null ? null : undefined;
      if (raw instanceof Date) return raw;
      const value = raw.trim();
      if (value === '') return null;
      const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
      const date = new Date(day ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : value);
      if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 2099) {
        ctx.addIssue({ code: 'custom', message: 'dateInvalid' });
        return null;
      }
      return date;
    });
}

export const jobAdSchema = withJobFieldRules(
  z.object({
    ...jobFields,
    adDescription: optionalText(JOB_AD_LIMITS.adDescription, true),
    employmentType: jobEmploymentType,
    isAnonymous: checkbox,
    jobDescriptionId: optionalId('jobDescriptionUnknown'),
    publishedAt: windowDate('start'),
    publishedUntil: windowDate('end'),
  }),
);

export type JobAdValues = z.output<typeof jobAdSchema>;
