import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountFormSchema } from '../../../src/lib/account/account-input';
import { answerIssues } from '../../../src/lib/forms/answer-issues';
import { choiceIdOf, fieldAria, fieldBoxClass, fieldIdOf } from '../../../src/lib/forms/field-aria';
import { formNameOf, MAX_LIST_INDEX, withinListIndexes } from '../../../src/lib/forms/form-names';
import { fieldErrorsOf } from '../../../src/lib/forms/form-outcome';
import { parseForm } from '../../../src/lib/forms/parse-form';
import { optionsOf } from '../../../src/lib/forms/select-options';
import { getTranslator } from '../../../src/lib/i18n/i18n';

const t = getTranslator();
const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('form kit: reading a post against the feature schema', () => {
  it('gives the value the schema makes of a valid post', () => {
    expect(parseForm(form([['displayName', ' Rita '], ['phoneNumber', ''], ['language', 'fr']]), accountFormSchema)).toEqual({
      ok: true,
      value: { displayName: 'Rita', phoneNumber: null, language: 'fr' },
      payload: { displayName: ' Rita ', phoneNumber: '', language: 'fr' },
    });
  });

  it('gives the post as typed and one issue code per field when it is not valid', () => {
    const parsed = parseForm(form([['displayName', '  '], ['phoneNumber', '020 7946'], ['language', 'en']]), accountFormSchema);
    expect(parsed).toEqual({
      ok: false,
      payload: { displayName: '  ', phoneNumber: '020 7946', language: 'en' },
      issues: [
        { path: 'displayName', code: 'displayNameRequired' },
        { path: 'phoneNumber', code: 'phoneFormat' },
      ],
    });
  });

  it('reads nested names and lists into objects (experience[0].company)', () => {
    const schema = z.object({ experience: z.array(z.object({ company: z.string() })) });
    expect(parseForm(form([['experience[0].company', 'Acme'], ['experience[1].company', 'Globex']]), schema)).toMatchObject({
      ok: true,
      value: { experience: [{ company: 'Acme' }, { company: 'Globex' }] },
    });
  });

  it('does not read a list index above MAX_LIST_INDEX (a post could ask for a list of millions)', () => {
    const schema = z.object({ skills: z.array(z.object({ name: z.string() })).optional() });
    const parsed = parseForm(form([['skills[0].name', 'React'], ['skills[99999999].name', 'x'], ['skills[1000].name', 'y']]), schema);
    expect(parsed).toMatchObject({ ok: true, value: { skills: [{ name: 'React' }] } });
    expect(withinListIndexes(`skills[${MAX_LIST_INDEX}].name`)).toBe(true);
  });

  it('a broken maximum carries it as the max its words name', () => {
    const parsed = parseForm(form([['name', 'abcd']]), z.object({ name: z.string().max(3, 'tooLong') }));
    expect(parsed).toMatchObject({ ok: false, issues: [{ path: 'name', code: 'tooLong', params: { max: 3 } }] });
  });

  it('with coerce: false the schema reads the text itself: a blank field stays blank, not absent', () => {
    const schema = z.object({ title: z.string().optional() });
    expect(parseForm(form([['title', '']]), schema)).toMatchObject({ ok: true, value: {} });
    expect(parseForm(form([['title', '']]), schema, { coerce: false })).toMatchObject({ ok: true, value: { title: '' } });
  });

  it("writes the API's dotted paths as form names (experience.0.endDate is experience[0].endDate)", () => {
    expect(formNameOf('experience.0.endDate')).toBe('experience[0].endDate');
    expect(formNameOf('interestedToRelocateTo.2')).toBe('interestedToRelocateTo[2]');
    expect(formNameOf('experience[0].endDate')).toBe('experience[0].endDate');
    expect(formNameOf('jobTitle')).toBe('jobTitle');
  });
});

describe('form kit: messages come from codes, never from English text', () => {
  it('words each code from the locale files, the first issue of a field winning', () => {
    expect(fieldErrorsOf([{ path: 'phoneNumber', code: 'phoneLength' }, { path: 'phoneNumber', code: 'phoneFormat' }], t, 'account.errors')).toEqual({
      phoneNumber: t('account.errors.phoneLength'),
    });
  });

  it("words a code its feature does not word with the form kit's shared words (the control-character guard refuses for every feature)", () => {
    expect(fieldErrorsOf([{ path: 'displayName', code: 'controlCharacters' }], t, 'account.errors')).toEqual({ displayName: t('forms.errors.controlCharacters') });
    expect(t('forms.errors.controlCharacters')).not.toBe('Check this field');
  });

  it('falls back to a generic message for a code the locale files do not know', () => {
    expect(fieldErrorsOf([{ path: 'displayName', code: 'somethingNew' }], t, 'account.errors')).toEqual({ displayName: 'Check this field' });
  });

  it("reads the API's field codes (without the input prefix) and its error code", () => {
    const errors = [{ message: 'English text nobody matches', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.phoneNumber', code: 'phoneFormat', message: 'x' }] } }];
    expect(answerIssues(errors)).toEqual({ issues: [{ path: 'phoneNumber', code: 'phoneFormat' }], code: 'BAD_USER_INPUT' });
    expect(answerIssues([])).toEqual({ issues: [], code: null });
  });
});

describe('form kit: one way to link a field with its hint and error', () => {
  it('describes the field by its hint and error and marks it invalid only with an error', () => {
    expect(fieldAria('f', { hint: 'h', error: 'e' })).toEqual({ hintId: 'f-hint', errorId: 'f-error', 'aria-describedby': 'f-hint f-error', 'aria-invalid': 'true' });
    expect(fieldAria('f', {})).toMatchObject({ 'aria-describedby': undefined, 'aria-invalid': undefined });
  });

  it('makes ids from nested form names', () => {
    expect(fieldIdOf('experience[0].company')).toBe('field-experience-0-company');
  });

  it('gives each choice of a group its own id from the group id and the value', () => {
    expect(choiceIdOf('field-work_mode', 'REMOTE')).toBe('field-work_mode-REMOTE');
    expect(choiceIdOf('filter-sort', 'publishedAt:desc')).toBe('filter-sort-publishedAt-desc');
  });

  it('makes a list of values into choices labelled by their words, in order', () => {
    expect(optionsOf(['daily', 'weekly'], (value) => value.toUpperCase())).toEqual([
      { value: 'daily', label: 'DAILY' },
      { value: 'weekly', label: 'WEEKLY' },
    ]);
  });

  it('greys a read-only box and reddens an invalid one', () => {
    expect(fieldBoxClass('Wrong')).toContain('border-status-rejected');
    expect(fieldBoxClass(null)).toContain('border-gray-500');
    expect(fieldBoxClass(null, { readOnly: true })).toContain('bg-gray-100');
  });
});

describe('one flash notice for every Post/Redirect/Get', () => {
  it('carries a notice key and, when the page has one, the element it is about', async () => {
    const { readNotice, successNotice } = await import('../../../src/lib/notifications/notice-cookie');
    expect(readNotice(successNotice('notices.profile.saved', 'basics'))).toEqual({ kind: 'success', messageKey: 'notices.profile.saved', target: 'basics' });
    expect(readNotice(successNotice('notices.account.saved'))).toEqual({ kind: 'success', messageKey: 'notices.account.saved', target: null });
  });

  it('reads nothing but our own notice keys and plain ids from the cookie (it is client input)', async () => {
    const { readNotice, successNotice } = await import('../../../src/lib/notifications/notice-cookie');
    for (const forged of ['<script>', 'errors.forbidden', 'notices.x@<b>', 'notices.x@a@b', 'notices.x@', '']) expect(readNotice(forged), forged).toBeNull();
    expect(() => successNotice('notices.x', 'not an id')).toThrow();
  });
});
