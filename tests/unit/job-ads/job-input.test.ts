import { describe, expect, it } from 'vitest';
import { jobDescriptionSchema } from '../../../src/lib/job-descriptions/job-description-input';
import { jobFieldIssues } from '../../../src/lib/job-ads/job-input';
import { applicantCountries, jobLocationText, storedPlace } from '../../../src/lib/job-ads/job-location';
import { zodIssues } from '../../../src/lib/forms/zod-issues';

const codes = (data: Record<string, unknown>) => {
  const parsed = jobDescriptionSchema.safeParse(data);
  return parsed.success ? [] : zodIssues(parsed.error).map((issue) => `${issue.path}:${issue.code}`);
};

const ONSITE = { title: 'Engineer', workMode: 'onsite', countryCode: 'DE', locality: 'Berlin' };

describe('job place: every job says where it is', () => {
  it('a job needs a work mode and a country', () => {
    expect(jobFieldIssues({ title: 'X' }).map((issue) => issue.code)).toEqual(['workModeRequired', 'countryRequired']);
  });
  it('on-site and hybrid work need a town; remote work does not', () => {
    expect(codes({ ...ONSITE, locality: '' })).toEqual(['locality:localityRequired']);
    expect(codes({ ...ONSITE, workMode: 'hybrid', locality: ' ' })).toEqual(['locality:localityRequired']);
    expect(codes({ ...ONSITE, workMode: 'remote', locality: '' })).toEqual([]);
  });
  it('countries are ISO 3166-1 codes, read in any case', () => {
    expect(codes({ ...ONSITE, countryCode: 'xx' })).toEqual(['countryCode:countryUnknown']);
    expect(jobDescriptionSchema.parse({ ...ONSITE, countryCode: 'pt' }).countryCode).toBe('PT');
    expect(codes({ ...ONSITE, workMode: 'remote', remoteCountries: 'de, zz' })).toEqual(['remoteCountries:remoteCountryUnknown']);
    expect(jobDescriptionSchema.parse({ ...ONSITE, workMode: 'remote', remoteCountries: 'de fr, DE' }).remoteCountries).toEqual(['DE', 'FR']);
  });
  it('the location text is derived: "town, country" or "Remote (countries)"', () => {
    expect(jobLocationText({ workMode: 'hybrid', countryCode: 'DE', locality: 'Berlin', remoteCountries: [] }, 'en')).toBe('Berlin, Germany');
    expect(jobLocationText({ workMode: 'remote', countryCode: 'PT', locality: 'Lisbon', remoteCountries: ['PT', 'ES'] }, 'en')).toBe('Remote (Portugal, Spain)');
    expect(jobLocationText({ workMode: 'remote', countryCode: null, locality: null, remoteCountries: [] }, 'en')).toBe('Remote');
  });
  it('remote work is stored without a town, open to the company country when none is listed', () => {
    expect(storedPlace({ workMode: 'remote', countryCode: 'PT', locality: 'Lisbon', remoteCountries: [] })).toEqual({ countryCode: 'PT', locality: null, remoteCountries: ['PT'] });
    expect(storedPlace({ workMode: 'onsite', countryCode: 'DE', locality: ' Berlin ', remoteCountries: ['FR'] })).toEqual({ countryCode: 'DE', locality: 'Berlin', remoteCountries: [] });
    expect(applicantCountries({ workMode: 'hybrid', countryCode: 'DE', locality: 'Berlin', remoteCountries: [] })).toEqual([]);
  });
});

describe('job salary: an amount says its currency and unit, and is sane', () => {
  it('a salary needs a currency and a rate unit', () => {
    expect(codes({ ...ONSITE, salary: '5000' }).sort()).toEqual(['currency:salaryCurrencyRequired', 'salaryRateUnit:salaryRateUnitRequired']);
    expect(codes({ ...ONSITE, salary: '5000', currency: 'eur', salaryRateUnit: 'MONTH' })).toEqual([]);
  });
  it('a salary is a positive amount with at most two decimals, below ten million', () => {
    expect(codes({ ...ONSITE, salary: '-5', currency: 'EUR', salaryRateUnit: 'DAY' })).toEqual(['salary:salaryInvalid']);
    expect(codes({ ...ONSITE, salary: '0', currency: 'EUR', salaryRateUnit: 'DAY' })).toEqual(['salary:salaryNotPositive']);
    expect(codes({ ...ONSITE, salary: '12.345', currency: 'EUR', salaryRateUnit: 'DAY' })).toEqual(['salary:salaryInvalid']);
    expect(codes({ ...ONSITE, salary: '10000000', currency: 'EUR', salaryRateUnit: 'MONTH' })).toEqual(['salary:salaryTooHigh']);
    expect(jobDescriptionSchema.parse({ ...ONSITE, salary: '72 000', currency: 'EUR', salaryRateUnit: 'MONTH' }).salary).toBe('72000');
  });
  it('the currency is a known ISO 4217 code', () => {
    expect(codes({ ...ONSITE, currency: 'EUO' })).toEqual(['currency:currencyUnknown']);
  });
});

describe('job skills: free entries, each once, at most 30', () => {
  it('reads a comma-separated text or a list, drops repeats whatever their case', () => {
    expect(jobDescriptionSchema.parse({ ...ONSITE, skills: 'Go, react,  React ,' }).skills).toEqual(['Go', 'react']);
    expect(jobDescriptionSchema.parse({ ...ONSITE, skills: ['Rust'] }).skills).toEqual(['Rust']);
  });
  it('refuses more than 30 skills and a skill over 60 characters', () => {
    expect(codes({ ...ONSITE, skills: Array.from({ length: 31 }, (_, index) => `s${index}`) })).toEqual(['skills:skillsTooMany']);
    expect(codes({ ...ONSITE, skills: ['x'.repeat(61)] })).toEqual(['skills:skillTooLong']);
  });
});

describe('job fields: title, enumerations and language', () => {
  it('a title is required, one line, at most 200 characters', () => {
    expect(codes({ ...ONSITE, title: '  ' })).toEqual(['title:titleRequired']);
    expect(codes({ ...ONSITE, title: 'x'.repeat(201) })).toEqual(['title:titleTooLong']);
    expect(codes({ ...ONSITE, title: 'a\nb' })).toEqual(['title:controlCharacters']);
  });
  it('work mode, assignment type, rate unit and language come from their lists', () => {
    expect(codes({ ...ONSITE, assignmentType: 'sometimes', language: 'english', salaryRateUnit: 'WEEK' }).sort()).toEqual(
      ['assignmentType:assignmentTypeUnknown', 'language:languageUnknown', 'salaryRateUnit:rateUnitUnknown'].sort(),
    );
  });
  it('a ticked box reads as open for applications, an absent one as not', () => {
    expect(jobDescriptionSchema.parse({ ...ONSITE, openForApplications: 'on' }).openForApplications).toBe(true);
    expect(jobDescriptionSchema.parse(ONSITE).openForApplications).toBe(false);
  });
});
