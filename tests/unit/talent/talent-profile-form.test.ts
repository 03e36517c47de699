import { fieldIdOf } from '../../../src/lib/forms/field-aria';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { displayDate, parseDateInput, toDateInputValue } from '../../../src/lib/forms/date-input';
import { entrySummary } from '../../../src/lib/talent/entry-summary';
import { parseForm } from '../../../src/lib/forms/parse-form';
import {
  applyListIntent,
  fieldName,
  placeIssues,
  PROFILE_SECTION_FORMS,
  readIntent,
  sectionValuesFromPayload,
  sectionValuesFromProfile,
  withNewEntry,
} from '../../../src/lib/talent/profile-form';
import type { TalentProfileView } from '../../../src/lib/talent/profile-operations';
import { SECTIONS, sectionSpec, sectionTranslationKeys, type SectionId } from '../../../src/lib/talent/profile-sections';

const section = (id: string) => sectionSpec(id)!;

const profile: TalentProfileView = {
  id: 'p1',
  email: 'tara@example.test',
  profileName: 'Tara Talent',
  profilePicture: null,
  jobTitle: 'Frontend Developer',
  totalExperience: 5,
  description: null,
  isVisible: true,
  isAvailableForHire: false,
  workMode: 'remote',
  availabilityMode: null,
  assignmentType: null,
  location: 'Lisbon',
  interestedToRelocateTo: ['Porto', 'Berlin'],
  isInterestedInRelocation: true,
  hourlyRate: '55.00',
  monthlyRate: null,
  targetHourlyRate: null,
  targetMonthlyRate: null,
  rateCurrency: 'EUR',
  skills: [{ name: 'React', level: 'Advanced', years: 5 }],
  links: [],
  languages: [],
  experience: [{ company: 'Atlantic Web Studio', startDate: '2021-05', endDate: '2024-01-31', current: false }],
  certification: [],
  education: [],
  cv: null,
  resume: null,
  pdf: null,
  profileScore: 60,
};

function formOf(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
}

/** A section's post read by the form kit, as the page reads it. */
const parseSection = (id: SectionId, entries: Record<string, string>) => parseForm(formOf(entries), PROFILE_SECTION_FORMS[id], { coerce: false });
const postedValues = (id: SectionId, entries: Record<string, string>, keepBlank = true) => sectionValuesFromPayload(section(id), parseSection(id, entries).payload, { keepBlank });

describe('profile page sections', () => {
  it('edit every field a talent owns, each section once', () => {
    const names = SECTIONS.flatMap((spec) => (spec.list ? [spec.id] : spec.fields.map((field) => field.name)));
    expect(names.sort()).toEqual(
      [
        'profileName', 'jobTitle', 'totalExperience', 'location', 'description',
        'hourlyRate', 'monthlyRate', 'targetHourlyRate', 'targetMonthlyRate', 'rateCurrency',
        'isVisible', 'isAvailableForHire', 'workMode', 'assignmentType', 'availabilityMode', 'isInterestedInRelocation', 'interestedToRelocateTo',
        'skills', 'languages', 'links', 'experience', 'certification', 'education',
      ].sort(),
    );
  });

  it('offer skill and language levels as selects of their fixed scales, not free text', () => {
    const level = (id: SectionId) => section(id).fields.find((spec) => spec.name === 'level')!;
    expect(level('skills')).toMatchObject({ kind: 'select', options: ['', 'BEGINNER', 'INTERMEDIATE', 'ADVANCED', 'EXPERT'] });
    expect(level('languages')).toMatchObject({ kind: 'select', options: ['', 'A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'NATIVE'] });
  });

  it('have English text for every label, hint, option and list button', () => {
    const t = getTranslator(['profile']);
    const missing = sectionTranslationKeys().filter((key) => t(key) === key);
    expect(missing).toEqual([]);
  });
});

describe('form values', () => {
  it('show the stored profile as text: checkboxes, cities, month-only dates', () => {
    expect(sectionValuesFromProfile(section('availability'), profile).fields).toMatchObject({
      isVisible: 'on',
      isAvailableForHire: '',
      workMode: 'remote',
      assignmentType: '',
      interestedToRelocateTo: 'Porto, Berlin',
    });
    expect(sectionValuesFromProfile(section('experience'), profile).rows).toEqual([
      { company: 'Atlantic Web Studio', title: '', location: '', startDate: '2021-05-01', endDate: '2024-01-31', current: '', description: '' },
    ]);
  });

  it('name list fields in the form kit notation: experience[0].endDate', () => {
    expect(fieldName(section('experience'), section('experience').fields[4]!, 2)).toBe('experience[2].endDate');
    expect(fieldName(section('basics'), section('basics').fields[1]!)).toBe('jobTitle');
  });

  it('read a post as typed; an unchecked box is absent and reads as off', () => {
    expect(postedValues('basics', { jobTitle: ' Dev ', totalExperience: 'five', other: 'x' }).fields).toEqual({ profileName: '', jobTitle: ' Dev ', totalExperience: 'five', location: '', description: '' });
    expect(postedValues('availability', { isVisible: 'on' }).fields).toMatchObject({ isVisible: 'on', isAvailableForHire: '' });
  });

  it('read list entries in index order, ignoring unknown fields, and turn an en-GB day into yyyy-mm-dd', () => {
    const values = postedValues('experience', {
      'experience[2].company': 'Later',
      'experience[0].company': 'First',
      'experience[0].startDate': '1/5/2020',
      'experience[0].current': 'on',
      'experience[0].salary': '1',
      'skills[0].name': 'x',
    });
    expect(values.rows.map((row) => [row.company, row.startDate, row.current])).toEqual([
      ['First', '2020-05-01', 'on'],
      ['Later', '', ''],
    ]);
    expect(postedValues('experience', { 'experience[2].company': 'Later', 'experience[0].company': 'First' }, false).rows.map((row) => row.company)).toEqual(['First', 'Later']);
  });

  it('add an empty entry up to the limit, or remove one, without saving', () => {
    const skills = section('skills');
    const values = { fields: {}, rows: [{ name: 'React', level: '', years: '' }] };
    expect(readIntent('add')).toEqual({ kind: 'add' });
    expect(readIntent('remove:3')).toEqual({ kind: 'remove', index: 3 });
    expect(readIntent(null)).toEqual({ kind: 'save' });
    expect(readIntent('remove:x')).toEqual({ kind: 'save' });
    expect(applyListIntent(skills, values, { kind: 'add' }).rows).toEqual([values.rows[0], { name: '', level: '', years: '' }]);
    expect(applyListIntent(skills, values, { kind: 'remove', index: 0 }).rows).toEqual([]);
    const full = { fields: {}, rows: Array.from({ length: 50 }, () => ({ name: 'x', level: '', years: '' })) };
    expect(applyListIntent(skills, full, { kind: 'add' }).rows).toHaveLength(50);
  });
});

describe('skills as chips: a new skill starts from its typed name', () => {
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };
  const rowsOf = (form: FormData) => sectionValuesFromPayload(section('skills'), parseForm(form, PROFILE_SECTION_FORMS.skills, { coerce: false }).payload, { keepBlank: true }).rows;

  it('Add takes the typed skill as a new entry at the end, keeping every other typed value', () => {
    const { form, added } = withNewEntry(section('skills'), formOf({ 'skills[0].name': 'React', 'skills[0].level': 'ADVANCED', 'skills[0].years': '5', newEntry: ' TypeScript ' }));
    expect(added).toBe(true);
    expect(form.has('newEntry')).toBe(false);
    expect(rowsOf(form)).toEqual([{ name: 'React', level: 'ADVANCED', years: '5' }, { name: 'TypeScript', level: '', years: '' }]);
  });

  it('a skill typed but not added is kept as an entry whatever the post, so it is never lost', () => {
    const parsed = parseForm(withNewEntry(section('skills'), formOf({ section: 'skills', newEntry: 'Figma' })).form, PROFILE_SECTION_FORMS.skills, { coerce: false });
    expect(parsed).toMatchObject({ ok: true, value: { skills: [{ name: 'Figma' }] } });
  });

  it('an empty new-entry field adds nothing, and other lists have no new-entry field', () => {
    expect(withNewEntry(section('skills'), formOf({ 'skills[0].name': 'React', newEntry: '  ' })).added).toBe(false);
    expect(withNewEntry(section('links'), formOf({ newEntry: 'https://example.test' })).added).toBe(false);
  });
});

describe('API input of a section', () => {
  it("turns text into the input types and checks them with the API's section schema", () => {
    const parsed = parseSection('availability', {
      section: 'availability', csrf: 'x', isVisible: 'on', workMode: 'remote', assignmentType: '', availabilityMode: ' Now ', isInterestedInRelocation: 'on', interestedToRelocateTo: 'Porto, , Berlin ',
    });
    expect(parsed).toMatchObject({
      ok: true,
      value: { isVisible: true, isAvailableForHire: false, workMode: 'remote', assignmentType: null, availabilityMode: 'Now', isInterestedInRelocation: true, interestedToRelocateTo: ['Porto', 'Berlin'] },
    });
  });

  it('turns an en-GB day into the API date, and clears a blank one', () => {
    const parsed = parseSection('education', { 'education[0].school': 'ULisboa', 'education[0].startDate': '1/9/2014', 'education[0].endDate': '' });
    expect(parsed).toMatchObject({ ok: true, value: { education: [{ school: 'ULisboa', startDate: '2014-09-01' }] } });
  });

  it('says when a whole number is not one, and does not guess', () => {
    expect(parseSection('basics', { totalExperience: '5 years', jobTitle: 'Dev' })).toMatchObject({ ok: false, issues: [{ path: 'totalExperience', code: 'wholeNumber' }] });
    expect(parseSection('basics', { totalExperience: ' ' })).toMatchObject({ ok: true, value: { totalExperience: null } });
    expect(parseSection('skills', { 'skills[0].name': 'React', 'skills[0].years': '5' })).toMatchObject({ ok: true, value: { skills: [{ name: 'React', years: 5 }] } });
  });

  it('clears a text field left blank (it is sent as null, never left out)', () => {
    expect(parseSection('basics', { jobTitle: '', profileName: 'Tara' })).toMatchObject({ ok: true, value: { jobTitle: null, profileName: 'Tara' } });
  });

  it('drops entries left entirely blank so that entry i is row i, for errors too', () => {
    const parsed = parseSection('education', {
      'education[0].school': '', 'education[0].degree': '', 'education[0].field': '', 'education[0].startDate': '', 'education[0].endDate': '',
      'education[1].school': 'ULisboa', 'education[1].degree': 'BSc', 'education[1].field': ' ', 'education[1].startDate': '2014-09-01', 'education[1].endDate': '',
    });
    expect(parsed).toMatchObject({ ok: true, value: { education: [{ school: 'ULisboa', degree: 'BSc', startDate: '2014-09-01' }] } });
    const refused = parseSection('education', { 'education[0].school': '', 'education[1].degree': 'BSc' });
    expect(refused).toMatchObject({ ok: false, issues: [{ path: 'education[0].school', code: 'required' }] });
  });

  it('reads a list emptied of every entry as an empty list (it clears the stored one)', () => {
    expect(parseSection('skills', { section: 'skills' })).toMatchObject({ ok: true, value: { skills: [] } });
  });

  it('places issues on the field that caused them', () => {
    expect(
      placeIssues(section('experience'), [
        { path: 'experience.1.endDate', code: 'endBeforeStart' },
        { path: 'experience', code: 'tooMany', params: { max: 30 } },
        { path: 'jobTitle', code: 'tooLong' },
      ]),
    ).toEqual({
      byField: [{ path: 'experience[1].endDate', code: 'endBeforeStart' }],
      other: [
        { path: 'experience', code: 'tooMany', params: { max: 30 } },
        { path: 'jobTitle', code: 'tooLong' },
      ],
    });
    expect(placeIssues(section('experience'), [{ path: 'experience[1].endDate', code: 'endBeforeStart' }]).byField).toEqual([{ path: 'experience[1].endDate', code: 'endBeforeStart' }]);
    expect(placeIssues(section('availability'), [{ path: 'interestedToRelocateTo.2', code: 'tooLong', params: { max: 120 } }]).byField).toEqual([
      { path: 'interestedToRelocateTo', code: 'tooLong', params: { max: 120 } },
    ]);
    expect(fieldIdOf('experience[1].endDate')).toBe('field-experience-1-endDate');
  });
});

describe('dates in the en-GB locale', () => {
  it('parse a typed en-GB day and leave anything else as typed', () => {
    expect(parseDateInput('31/12/2024')).toBe('2024-12-31');
    expect(parseDateInput(' 1.2.2020 ')).toBe('2020-02-01');
    expect(parseDateInput('2020-02-01')).toBe('2020-02-01');
    expect(parseDateInput('next week')).toBe('next week');
  });

  it('show stored dates in en-GB, month-only ones as month and year', () => {
    expect(displayDate('2024-03-01', 'en')).toBe('1 Mar 2024');
    expect(displayDate('2021-05', 'en')).toBe('May 2021');
    expect(displayDate('soon', 'en')).toBe('soon');
    expect(toDateInputValue('2021-05')).toBe('2021-05-01');
    expect(toDateInputValue(null)).toBe('');
  });

  it('summarise an entry by its period and its address', () => {
    expect(entrySummary(section('experience'), { company: 'A', startDate: '2020-01-15', endDate: '', current: 'on' }, 'en')).toEqual({ from: '15 Jan 2020', to: '', current: true, url: null });
    expect(entrySummary(section('certification'), { name: 'AWS', issuedAt: '2022-06-01', expiresAt: '2025-06-01', url: 'https://aws.example/cert' }, 'en')).toEqual({
      from: '1 Jun 2022',
      to: '1 Jun 2025',
      current: false,
      url: 'https://aws.example/cert',
    });
    expect(entrySummary(section('links'), { label: 'x', url: 'javascript:alert(1)' }, 'en')).toBeNull();
    expect(entrySummary(section('skills'), { name: 'React' }, 'en')).toBeNull();
  });
});

