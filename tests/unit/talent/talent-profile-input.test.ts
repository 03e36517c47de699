import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/forms/form-outcome';
import { parseForm } from '../../../src/lib/forms/parse-form';
import { zodIssues } from '../../../src/lib/forms/zod-issues';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { createTalentProfileSchema, isHttpUrl, normalizeDecimal, parseTalentProfileUpdate, PROFILE_ERRORS, rateCurrencyError } from '../../../src/lib/talent/talent-profile-input';

const t = getTranslator(['common', 'profile']);
/** The issues worded as the page and the API word them (`profile:form.errors.<code>`). */
const errorsOf = (input: unknown) => {
  const result = parseTalentProfileUpdate(input);
  return result.ok ? {} : fieldErrorsOf(result.issues, t, PROFILE_ERRORS, 'missing words');
};
const valuesOf = (input: unknown) => {
  const result = parseTalentProfileUpdate(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.values;
};

describe('talent profile update rules', () => {
  it('leaves out what was not sent and clears blank text', () => {
    expect(valuesOf({ jobTitle: '  Designer ', location: '   ', description: null })).toEqual({ jobTitle: 'Designer', location: null, description: null });
  });

  it('limits text lengths', () => {
    expect(errorsOf({ profileName: 'x'.repeat(101), jobTitle: 'y'.repeat(120) })).toEqual({ profileName: 'Use at most 100 characters' });
  });

  it('takes only the known values for work mode and assignment type', () => {
    expect(valuesOf({ workMode: 'hybrid', assignmentType: '' })).toEqual({ workMode: 'hybrid', assignmentType: null });
    expect(errorsOf({ workMode: 'Remote', assignmentType: 'freelance' })).toEqual({
      workMode: 'Choose remote, hybrid or onsite',
      assignmentType: 'Choose full time, part time or on demand',
    });
  });

  it('reads rates as exact decimals with at most two places, stored with two', () => {
    expect(valuesOf({ hourlyRate: '55', monthlyRate: '007.5', targetHourlyRate: '0', targetMonthlyRate: '999999999999.99' })).toEqual({
      hourlyRate: '55.00',
      monthlyRate: '7.50',
      targetHourlyRate: '0.00',
      targetMonthlyRate: '999999999999.99',
    });
    for (const bad of ['12,50', '-1', '1.234', '1e3', '1000000000000', 'abc']) {
      expect(errorsOf({ hourlyRate: bad }), bad).toEqual({ hourlyRate: 'Enter an amount such as 55.00, with at most two decimals' });
    }
    expect(normalizeDecimal('10')).toBe('10.00');
  });

  it('wants an ISO 4217 currency, stored in capitals (the one currency rule: any case in, capitals stored)', () => {
    expect(valuesOf({ rateCurrency: 'EUR' })).toEqual({ rateCurrency: 'EUR' });
    expect(valuesOf({ rateCurrency: ' eur ' })).toEqual({ rateCurrency: 'EUR' });
    for (const bad of ['ABC', 'EURO', 'E1R']) expect(errorsOf({ rateCurrency: bad }), bad).toHaveProperty('rateCurrency');
  });

  it('asks for the currency when a rate is set without one', () => {
    expect(rateCurrencyError({ hourlyRate: '40.00', rateCurrency: null })).toEqual({ path: 'rateCurrency', code: 'currencyNeeded' });
    expect(t(`${PROFILE_ERRORS}.currencyNeeded`)).toBe('Choose the currency of your rates');
    expect(rateCurrencyError({ hourlyRate: '40.00', rateCurrency: 'EUR' })).toBeNull();
    expect(rateCurrencyError({ hourlyRate: null, rateCurrency: null })).toBeNull();
  });

  it('takes dates as yyyy-mm-dd between 1900-01-01 and 2099-12-31, end not before start', () => {
    expect(valuesOf({ education: [{ school: 'ULisboa', startDate: '1900-01-01', endDate: '2099-12-31' }] }).education).toEqual([
      { school: 'ULisboa', startDate: '1900-01-01', endDate: '2099-12-31' },
    ]);
    expect(
      errorsOf({
        education: [
          { school: 'A', startDate: '1899-12-31' },
          { school: 'B', startDate: '2023-02-29' },
          { school: 'C', startDate: '01/02/2020' },
          { school: 'D', startDate: '2020-05-01', endDate: '2020-04-30' },
        ],
        certification: [{ name: 'AWS', issuedAt: '2022-01-01', expiresAt: '2021-01-01' }],
      }),
    ).toEqual({
      'education.0.startDate': 'Enter a date between 01/01/1900 and 31/12/2099',
      'education.1.startDate': 'Enter a date between 01/01/1900 and 31/12/2099',
      'education.2.startDate': 'Enter a date between 01/01/1900 and 31/12/2099',
      'education.3.endDate': 'The end date cannot be before the start date',
      'certification.0.expiresAt': 'The expiry date cannot be before the issue date',
    });
  });

  it('leaves the end date of a current position empty', () => {
    expect(errorsOf({ experience: [{ company: 'Acme', startDate: '2020-01-01', endDate: '2021-01-01', current: true }] })).toEqual({
      'experience.0.endDate': 'Leave the end date empty for a current position',
    });
  });

  it('accepts only http and https links', () => {
    expect(isHttpUrl('https://ada.example/portfolio')).toBe(true);
    expect(isHttpUrl('http://localhost:3000')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://files.example', 'data:text/html,x', 'ada.example', 'https://']) expect(isHttpUrl(bad), bad).toBe(false);
    expect(errorsOf({ links: [{ label: 'Blog', url: 'mailto:ada@example.test' }], certification: [{ name: 'X', url: 'ftp://x.example' }] })).toEqual({
      'links.0.url': 'Use a web address starting with http:// or https://',
      'certification.0.url': 'Use a web address starting with http:// or https://',
    });
  });

  it('stores entries with only the keys that were given', () => {
    expect(valuesOf({ skills: [{ name: 'React', level: ' ', years: null }, { name: 'CSS', level: 'EXPERT', years: 6 }] }).skills).toEqual([
      { name: 'React' },
      { name: 'CSS', level: 'EXPERT', years: 6 },
    ]);
  });

  it('takes skill levels only from the skill scale, with a clear message on anything else', () => {
    expect(valuesOf({ skills: [{ name: 'Go', level: 'BEGINNER' }, { name: 'SQL', level: 'ADVANCED' }] }).skills).toEqual([
      { name: 'Go', level: 'BEGINNER' },
      { name: 'SQL', level: 'ADVANCED' },
    ]);
    expect(errorsOf({ skills: [{ name: 'Go', level: 'Expert' }, { name: 'SQL', level: 'guru' }] })).toEqual({
      'skills.0.level': 'Choose a level from the list: Beginner, Intermediate, Advanced or Expert.',
      'skills.1.level': 'Choose a level from the list: Beginner, Intermediate, Advanced or Expert.',
    });
  });

  it('takes language levels only from CEFR A1 to C2 or native, with a clear message on anything else', () => {
    expect(valuesOf({ languages: [{ language: 'German', level: 'B2' }, { language: 'Portuguese', level: 'NATIVE' }, { language: 'Dutch', level: '' }] }).languages).toEqual([
      { language: 'German', level: 'B2' },
      { language: 'Portuguese', level: 'NATIVE' },
      { language: 'Dutch' },
    ]);
    expect(errorsOf({ languages: [{ language: 'English', level: 'Fluent' }, { language: 'French', level: 'C3' }] })).toEqual({
      'languages.0.level': 'Choose a level from the list: A1 to C2, or Native.',
      'languages.1.level': 'Choose a level from the list: A1 to C2, or Native.',
    });
  });

  it('refuses a skill or language listed twice, whatever the case', () => {
    expect(errorsOf({ skills: [{ name: 'React' }, { name: 'react ' }], languages: [{ language: 'English' }, { language: 'ENGLISH' }] })).toEqual({
      'skills.1.name': 'This skill is already listed',
      'languages.1.language': 'This language is already listed',
    });
  });

  it('caps lists and takes null for an empty list', () => {
    const tooMany = Array.from({ length: 51 }, (_unused, index) => ({ name: `Skill ${index}` }));
    expect(errorsOf({ skills: tooMany })).toEqual({ skills: 'Add at most 50 entries' });
    expect(valuesOf({ skills: null, interestedToRelocateTo: null })).toEqual({ skills: [], interestedToRelocateTo: [] });
  });

  it('wants whole years from 0 to 70 and real booleans', () => {
    expect(errorsOf({ totalExperience: 71, isVisible: null, skills: [{ name: 'Go', years: -1 }] })).toEqual({
      totalExperience: 'Enter a whole number of years from 0 to 70',
      isVisible: 'Choose yes or no',
      'skills.0.years': 'Enter a whole number of years from 0 to 70',
    });
  });
});

describe('talent profile creation rules (the CreateOneTalentProfile call)', () => {
  const createErrorsOf = (input: unknown) => {
    const result = createTalentProfileSchema.safeParse(input);
    return result.success ? {} : fieldErrorsOf(zodIssues(result.error), t, PROFILE_ERRORS, 'missing words');
  };
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  };

  it('emailInvalid: wants an e-mail address, trimmed, of at most 254 characters', () => {
    expect(createTalentProfileSchema.parse({ email: ' ada@example.test ', profileName: 'Ada' })).toEqual({ email: 'ada@example.test', profileName: 'Ada' });
    expect(createErrorsOf({ email: 'not-an-email', profileName: 'Ada' })).toEqual({ email: 'Enter a valid email address' });
    expect(createErrorsOf({ email: `${'a'.repeat(250)}@example.test` })).toEqual({ email: 'Enter a valid email address' });
    expect(createErrorsOf({})).toEqual({ email: 'Enter a valid email address' });
  });

  it('profileNameTooLong: takes a profile name of at most 100 characters', () => {
    expect(createTalentProfileSchema.parse({ email: 'ada@example.test', profileName: 'x'.repeat(100) }).profileName).toHaveLength(100);
    expect(createErrorsOf({ email: 'ada@example.test', profileName: 'x'.repeat(101) })).toEqual({ profileName: 'Use at most 100 characters' });
  });

  it('leaves the profile name blank when it is missing or looks like an e-mail address', () => {
    expect(createTalentProfileSchema.parse({ email: 'ada@example.test' }).profileName).toBe('');
    expect(createTalentProfileSchema.parse({ email: 'ada@example.test', profileName: ' ada@example.test ' }).profileName).toBe('');
  });

  it('reads the posted form with the same rules, an empty field being blank', () => {
    const refused = parseForm(formOf({ email: '', profileName: 'x'.repeat(101) }), createTalentProfileSchema, { coerce: false });
    expect(refused.ok ? {} : fieldErrorsOf(refused.issues, t, PROFILE_ERRORS, 'missing words')).toEqual({ email: 'Enter a valid email address', profileName: 'Use at most 100 characters' });
    expect(parseForm(formOf({ email: 'ada@example.test', profileName: '' }), createTalentProfileSchema, { coerce: false })).toMatchObject({ ok: true, value: { email: 'ada@example.test', profileName: '' } });
  });
});
