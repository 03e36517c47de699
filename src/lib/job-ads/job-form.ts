import { countryName } from '../places/country-name';
import { COUNTRY_CODES } from '../places/country-codes';
import type { SelectOption } from '../forms/select-options';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { INTL_LOCALES } from '../format/locale';
import { ASSIGNMENT_TYPES, EMPLOYMENT_TYPES, RATE_UNITS, WORK_MODES } from './job-enums';
import { LANGUAGE_CODES, languageName } from './job-languages';

// The form of the fields a job description and a job ad share (drawn by
// components/job-ads/JobFields.astro): the field names, which are the API input's names, the
// values as typed, and the choices of its selects.

export const JOB_FORM_FIELDS = [
  'title',
  'description',
  'workMode',
  'countryCode',
  'locality',
  'remoteCountries',
  'skills',
  'salary',
  'currency',
  'salaryRateUnit',
  'language',
  'assignmentType',
] as const;

export type JobFormField = (typeof JOB_FORM_FIELDS)[number];
export type JobFormValues = Record<JobFormField, string>;

export const EMPTY_JOB_FORM: JobFormValues = Object.fromEntries(JOB_FORM_FIELDS.map((field) => [field, ''])) as JobFormValues;

/** A stored job's shared fields as the form shows them (lists joined with commas). */
export interface StoredJobFields {
  title: string;
  description?: string | null;
  workMode?: string | null;
  countryCode?: string | null;
  locality?: string | null;
  remoteCountries: readonly string[];
  skills: readonly string[];
  salary?: string | null;
  currency?: string | null;
  salaryRateUnit?: string | null;
  language?: string | null;
  assignmentType?: string | null;
}

export function jobFormValuesOf(job: StoredJobFields): JobFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    title: job.title,
    description: text(job.description),
    workMode: text(job.workMode),
    countryCode: text(job.countryCode),
    locality: text(job.locality),
    remoteCountries: job.remoteCountries.join(', '),
    skills: job.skills.join(', '),
    salary: text(job.salary),
    currency: text(job.currency),
    salaryRateUnit: text(job.salaryRateUnit),
    language: text(job.language),
    assignmentType: text(job.assignmentType),
  };
}

export interface JobFieldChoices {
  workModes: SelectOption[];
  countries: SelectOption[];
  rateUnits: SelectOption[];
  languages: SelectOption[];
  assignmentTypes: SelectOption[];
  employmentTypes: SelectOption[];
}

export function jobFieldChoices(t: Translate, language: Language): JobFieldChoices {
  const countries = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, language) })).sort((a, b) => a.label.localeCompare(b.label, INTL_LOCALES[language]));
  const languages = LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code, language) })).sort((a, b) => a.label.localeCompare(b.label, INTL_LOCALES[language]));
  return {
    workModes: [{ value: '', label: t('jobFields.chooseWorkMode') }, ...WORK_MODES.map((mode) => ({ value: mode, label: t(`jobs:enums.workMode.${mode}`) }))],
    countries: [{ value: '', label: t('jobFields.chooseCountry') }, ...countries],
    rateUnits: [{ value: '', label: t('jobFields.chooseRateUnit') }, ...RATE_UNITS.map((unit) => ({ value: unit, label: t(`jobs:enums.rateUnit.${unit}`) }))],
    languages: [{ value: '', label: t('jobFields.chooseLanguage') }, ...languages],
    assignmentTypes: [{ value: '', label: t('jobFields.chooseAssignmentType') }, ...ASSIGNMENT_TYPES.map((type) => ({ value: type, label: t(`jobs:enums.assignmentType.${type}`) }))],
    employmentTypes: [{ value: '', label: t('jobFields.chooseEmploymentType') }, ...EMPLOYMENT_TYPES.map((type) => ({ value: type, label: t(`jobs:enums.employmentType.${type}`) }))],
  };
}
