import type { AssignmentTypeValue, RateUnitValue, WorkModeValue } from '../../../lib/job-ads/job-enums';
import { DEFAULT_LANGUAGE } from '../../../lib/i18n/namespaces';
import type { LanguageCode } from '../../../lib/job-ads/job-languages';
import { jobLocationText, storedPlace } from '../../../lib/job-ads/job-location';
import type { jobDescription } from '../../db/schema';
import type { Types } from '../builder';
import type { Writer } from '../../db/client';
import { canonicalSkills } from './canonical-skills';

// The fields a job description and a company's job ad share, once for both: the object
// fields they answer with and the input fields they take (checked by src/lib/job-ads/job-input).

export type JobFieldsRow = Pick<
  typeof jobDescription.$inferSelect,
  'id' | 'title' | 'description' | 'location' | 'countryCode' | 'locality' | 'remoteCountries' | 'skills' | 'salary' | 'currency' | 'salaryRateUnit' | 'language' | 'workMode' | 'assignmentType'
>;

export function jobFieldsOf<Shape extends JobFieldsRow>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Shape>) {
  return {
    id: t.id({ resolve: (row) => row.id }),
    title: t.string({ resolve: (row) => row.title }),
    description: t.string({ nullable: true, description: 'Markdown', resolve: (row) => row.description }),
    location: t.string({ nullable: true, description: 'The place as one line, derived from the fields below', resolve: (row) => row.location }),
    countryCode: t.string({ nullable: true, description: 'ISO 3166-1 alpha-2 of the workplace (remote: where the company hires from)', resolve: (row) => row.countryCode }),
    locality: t.string({ nullable: true, description: 'Town of the workplace; null for remote work', resolve: (row) => row.locality }),
    remoteCountries: t.stringList({ description: 'Remote work: the countries applicants may live in', resolve: (row) => row.remoteCountries }),
    skills: t.stringList({ resolve: (row) => row.skills }),
    salary: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.salary }),
    currency: t.string({ nullable: true, resolve: (row) => row.currency }),
    salaryRateUnit: t.string({ nullable: true, description: 'HOUR, DAY or MONTH', resolve: (row) => row.salaryRateUnit }),
    language: t.string({ nullable: true, description: 'ISO 639-1', resolve: (row) => row.language }),
    workMode: t.string({ nullable: true, description: 'remote, hybrid or onsite', resolve: (row) => row.workMode }),
    assignmentType: t.string({ nullable: true, description: 'fulltime, parttime or ondemand', resolve: (row) => row.assignmentType }),
  };
}

/** Input fields as text: the rules answer a code per field (a Decimal or enum type would answer one generic error). */
export function JobFieldsInput(t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>) {
  return {
    title: t.string({ required: true, description: 'Trimmed, 1 to 200 characters' }),
    description: t.string({ description: 'Markdown, at most 20,000 characters' }),
    workMode: t.string({ description: 'remote, hybrid or onsite (required)' }),
    countryCode: t.string({ description: 'ISO 3166-1 alpha-2 (required)' }),
    locality: t.string({ description: 'Town; required unless remote' }),
    remoteCountries: t.stringList({ description: 'Remote work: ISO 3166-1 codes of where applicants may live (default: countryCode)' }),
    skills: t.stringList({ description: 'At most 30; names from the skills list get its spelling' }),
    salary: t.string({ description: 'A positive amount such as "5500" or "72.50"; needs currency and salaryRateUnit' }),
    currency: t.string({ description: 'ISO 4217' }),
    salaryRateUnit: t.string({ description: 'HOUR, DAY or MONTH' }),
    language: t.string({ description: 'ISO 639-1' }),
    assignmentType: t.string({ description: 'fulltime, parttime or ondemand' }),
  };
}

/** The shared fields as checked by lib/job-ads/job-input (each record's schema adds its own). */
export interface JobFieldValues {
  title: string;
  description?: string | null;
  workMode?: WorkModeValue | null;
  countryCode?: string | null;
  locality?: string | null;
  remoteCountries?: string[];
  skills?: string[];
  salary?: string | null;
  currency?: string | null;
  salaryRateUnit?: RateUnitValue | null;
  language?: LanguageCode | null;
  assignmentType?: AssignmentTypeValue | null;
}

/**
 * The columns the shared fields write, for a job description and a job ad alike: the place
 * stored structured and as its derived text, skills in the skills list's spelling, and
 * whatever was left out stored empty (a write sends the whole record).
 */
export async function jobFieldColumns(db: Writer, values: JobFieldValues) {
  const place = { workMode: values.workMode ?? null, countryCode: values.countryCode ?? null, locality: values.locality ?? null, remoteCountries: values.remoteCountries ?? [] };
  return {
    title: values.title,
    description: values.description ?? null,
    workMode: place.workMode,
    ...storedPlace(place),
    // The stored text is the one search matches, in English like its "Remote".
    location: jobLocationText(place, DEFAULT_LANGUAGE),
    ...(await canonicalSkills(db, values.skills ?? [])),
    salary: values.salary ?? null,
    currency: values.currency ?? null,
    salaryRateUnit: values.salaryRateUnit ?? null,
    language: values.language ?? null,
    assignmentType: values.assignmentType ?? null,
  };
}
