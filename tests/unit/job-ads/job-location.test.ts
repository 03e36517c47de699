import { describe, expect, it } from 'vitest';
import { applicantCountries, jobLocationText, jobPlaceOf } from '../../../src/lib/job-ads/job-location';

const answer = (overrides: Partial<Parameters<typeof jobPlaceOf>[0]> = {}) => ({ workMode: 'onsite', countryCode: 'DE', locality: 'Berlin', remoteCountries: [], ...overrides });

describe('job place as the job page shows it', () => {
  it('reads an API answer, an unknown work mode counting as none', () => {
    expect(jobPlaceOf(answer({ workMode: 'hybrid' })).workMode).toBe('hybrid');
    expect(jobPlaceOf(answer({ workMode: 'moon' })).workMode).toBeNull();
    expect(jobPlaceOf(answer({ workMode: null })).workMode).toBeNull();
  });

  it('writes a workplace as town and country, remote work as the countries applicants may live in', () => {
    expect(jobLocationText(jobPlaceOf(answer()), 'en')).toBe('Berlin, Germany');
    expect(jobLocationText(jobPlaceOf(answer({ locality: null })), 'en')).toBe('Germany');
    expect(jobLocationText(jobPlaceOf(answer({ workMode: 'remote', locality: null, remoteCountries: ['DE', 'PT'] })), 'en')).toBe('Remote (Germany, Portugal)');
    expect(jobLocationText(jobPlaceOf(answer({ workMode: 'remote', locality: null })), 'en')).toBe('Remote (Germany)');
    expect(jobLocationText(jobPlaceOf(answer({ countryCode: null, locality: null })), 'en')).toBeNull();
  });

  it('takes remote applicants from the listed countries, else the job\'s own; none for a workplace', () => {
    expect(applicantCountries(jobPlaceOf(answer({ workMode: 'remote', remoteCountries: ['PT'] })))).toEqual(['PT']);
    expect(applicantCountries(jobPlaceOf(answer({ workMode: 'remote' })))).toEqual(['DE']);
    expect(applicantCountries(jobPlaceOf(answer()))).toEqual([]);
  });
});
