import { describe, expect, it } from 'vitest';
import { checkWebsite, companyCreateSchema, companyProfileFormSchema, companyUpdateSchema, isPossibleDuplicate, normalizeCompanyName, websiteDomain } from '../../../src/lib/companies/company-input';
import { zodIssues } from '../../../src/lib/forms/zod-issues';

const issuesOf = (schema: typeof companyCreateSchema | typeof companyUpdateSchema | typeof companyProfileFormSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : zodIssues(result.error);
};

describe('company profile rules', () => {
  it('reads blank fields as empty, codes in any case, and a bare domain as https', () => {
    const parsed = companyCreateSchema.parse({ name: ' Acme ', description: '  ', country: 'de', accountingCurrency: ' usd ', website: 'acme.example' });
    expect(parsed).toMatchObject({ name: 'Acme', description: null, country: 'DE', accountingCurrency: 'USD', website: 'https://acme.example/' });
  });

  it('names each bad field with its issue code', () => {
    expect(issuesOf(companyCreateSchema, { name: 'x'.repeat(201), country: 'ZZ', accountingCurrency: 'ABC', website: 'javascript:alert(1)', industry: 'a\nb' })).toEqual([
      { path: 'name', code: 'nameTooLong' },
      { path: 'country', code: 'countryUnknown' },
      { path: 'website', code: 'websiteInvalid' },
      { path: 'industry', code: 'controlCharacters' },
      { path: 'accountingCurrency', code: 'currencyUnknown' },
    ]);
    expect(issuesOf(companyCreateSchema, { name: 'Acme', address: { city: 'c'.repeat(201) } })).toEqual([{ path: 'address.city', code: 'tooLong', params: { max: 200 } }]);
  });

  it('keeps line breaks in a description, refuses them (and other controls) in one-line fields', () => {
    expect(companyCreateSchema.parse({ name: 'Acme', description: 'Line one\n\tLine two' }).description).toBe('Line one\n\tLine two');
    expect(issuesOf(companyCreateSchema, { name: 'Ac\tme', description: 'bell\u0007' })).toEqual([
      { path: 'name', code: 'controlCharacters' },
      { path: 'description', code: 'controlCharacters' },
    ]);
  });

  it('leaves out of an edit what was not sent, and never empties the name', () => {
    expect(companyUpdateSchema.parse({ website: null })).toEqual({ website: null });
    expect(issuesOf(companyUpdateSchema, { name: '' })).toEqual([{ path: 'name', code: 'nameRequired' }]);
  });

  it('accepts only http and https addresses with a host name', () => {
    expect(checkWebsite('http://acme.example/jobs').ok).toBe(true);
    expect(checkWebsite('ftp://acme.example').ok).toBe(false);
    expect(checkWebsite('https://localhost').ok).toBe(false);
    expect(checkWebsite('https://user:pass@acme.example').ok).toBe(false);
    expect(checkWebsite('acme dot example').ok).toBe(false);
  });

  it('spots a possible duplicate by normalised name or website domain', () => {
    expect(normalizeCompanyName('  ACME   GmbH. ')).toBe('acme gmbh');
    expect(websiteDomain('https://www.Acme.example/about')).toBe('acme.example');
    const existing = [{ name: 'Acme GmbH', website: 'https://www.acme.example' }];
    expect(isPossibleDuplicate({ name: 'acme-gmbh', website: null }, existing)).toBe(true);
    expect(isPossibleDuplicate({ name: 'Acme Portugal', website: 'http://acme.example/pt' }, existing)).toBe(true);
    expect(isPossibleDuplicate({ name: 'Acme Portugal', website: 'https://notacme.example' }, existing)).toBe(false);
  });

  it('talent status delay: a whole number of minutes from 0 (at once) to 1440, never emptied', () => {
    expect(companyUpdateSchema.parse({ talentStatusDelayMinutes: 0 })).toEqual({ talentStatusDelayMinutes: 0 });
    expect(companyUpdateSchema.parse({ talentStatusDelayMinutes: 1440 })).toEqual({ talentStatusDelayMinutes: 1440 });
    expect(issuesOf(companyUpdateSchema, { talentStatusDelayMinutes: -1 })).toEqual([{ path: 'talentStatusDelayMinutes', code: 'talentStatusDelayMinutesOutOfRange' }]);
    expect(issuesOf(companyUpdateSchema, { talentStatusDelayMinutes: 1441 })).toEqual([{ path: 'talentStatusDelayMinutes', code: 'talentStatusDelayMinutesOutOfRange', params: { max: 1440 } }]);
    expect(issuesOf(companyUpdateSchema, { talentStatusDelayMinutes: 1.5 })).toEqual([{ path: 'talentStatusDelayMinutes', code: 'talentStatusDelayMinutesNotWhole' }]);
    expect(issuesOf(companyUpdateSchema, { talentStatusDelayMinutes: null })).toEqual([{ path: 'talentStatusDelayMinutes', code: 'talentStatusDelayMinutesRequired' }]);
    expect(issuesOf(companyProfileFormSchema, { name: 'Acme', stuckAfterDays: 14, refusedApplicationMonths: 6, poolConsentMonths: 24 })).toEqual([{ path: 'talentStatusDelayMinutes', code: 'talentStatusDelayMinutesRequired' }]);
  });

  it('retention periods (the retention rule): ended applications 1 to 6 months, pool agreements 1 to 24, never longer, never emptied', () => {
    expect(companyUpdateSchema.parse({ refusedApplicationMonths: 6, poolConsentMonths: 24 })).toEqual({ refusedApplicationMonths: 6, poolConsentMonths: 24 });
    expect(issuesOf(companyUpdateSchema, { refusedApplicationMonths: 7 })).toEqual([{ path: 'refusedApplicationMonths', code: 'refusedApplicationMonthsOutOfRange', params: { max: 6 } }]);
    expect(issuesOf(companyUpdateSchema, { poolConsentMonths: 25 })).toEqual([{ path: 'poolConsentMonths', code: 'poolConsentMonthsOutOfRange', params: { max: 24 } }]);
    expect(issuesOf(companyUpdateSchema, { poolConsentMonths: 0 })).toEqual([{ path: 'poolConsentMonths', code: 'poolConsentMonthsOutOfRange' }]);
    expect(issuesOf(companyUpdateSchema, { refusedApplicationMonths: null })).toEqual([{ path: 'refusedApplicationMonths', code: 'refusedApplicationMonthsRequired' }]);
  });

  it('stuck threshold: a whole number of days from 1 to 365, left at the default when not given, never emptied', () => {
    expect(companyUpdateSchema.parse({ stuckAfterDays: 1 })).toEqual({ stuckAfterDays: 1 });
    expect(companyUpdateSchema.parse({ stuckAfterDays: 365 })).toEqual({ stuckAfterDays: 365 });
    // Not given: a new company keeps the column's default, an edit keeps what is stored.
    expect(companyCreateSchema.parse({ name: 'Acme' })).not.toHaveProperty('stuckAfterDays');
    expect(companyUpdateSchema.parse({})).toEqual({});
    expect(issuesOf(companyUpdateSchema, { stuckAfterDays: 0 })).toEqual([{ path: 'stuckAfterDays', code: 'stuckAfterDaysOutOfRange' }]);
    expect(issuesOf(companyUpdateSchema, { stuckAfterDays: 366 })).toEqual([{ path: 'stuckAfterDays', code: 'stuckAfterDaysOutOfRange', params: { max: 365 } }]);
    expect(issuesOf(companyUpdateSchema, { stuckAfterDays: 2.5 })).toEqual([{ path: 'stuckAfterDays', code: 'stuckAfterDaysNotWhole' }]);
    expect(issuesOf(companyUpdateSchema, { stuckAfterDays: Number.NaN })).toEqual([{ path: 'stuckAfterDays', code: 'stuckAfterDaysNotWhole' }]);
    expect(issuesOf(companyUpdateSchema, { stuckAfterDays: null })).toEqual([{ path: 'stuckAfterDays', code: 'stuckAfterDaysRequired' }]);
    // The Edit Profile form always shows the field: absent there is a mistake, not "unchanged".
    expect(issuesOf(companyProfileFormSchema, { name: 'Acme', talentStatusDelayMinutes: 15, refusedApplicationMonths: 6, poolConsentMonths: 24 })).toEqual([{ path: 'stuckAfterDays', code: 'stuckAfterDaysRequired' }]);
  });
});
