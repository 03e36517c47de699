import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_ERROR_CODES,
  assignmentErrorMessage,
  assignmentErrorOf,
  dateOrderError,
  parseAssignmentChanges,
  parseNewAssignment,
  type AssignmentField,
} from '../../src/lib/assignments/assignment-input';
import { isCurrencyCode } from '../../src/lib/money/currency-code';

const CLIENT = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ROLE = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const valid = { clientCompanyId: CLIENT, startDate: '2026-04-01' };

const errorsOf = (result: ReturnType<typeof parseNewAssignment> | ReturnType<typeof parseAssignmentChanges>) => (result.ok ? [] : result.errors);

describe('new assignment input', () => {
  it('takes a client and a start date, and trims, blanks and defaults the rest', () => {
    const result = parseNewAssignment({ ...valid, jobDescriptionId: '', endDate: '', team: '  Payments ', costCenter: '   ', talentNote: '\nHours monthly\n', currency: ' eur ' });
    expect(result).toEqual({
      ok: true,
      values: { clientCompanyId: CLIENT, jobDescriptionId: null, startDate: '2026-04-01', endDate: null, team: 'Payments', costCenter: null, talentNote: 'Hours monthly', currency: 'EUR' },
    });
  });

  it('keeps ids in lower case and an empty currency as "the roster currency" (null)', () => {
    const result = parseNewAssignment({ clientCompanyId: CLIENT.toUpperCase(), jobDescriptionId: ROLE.toUpperCase(), startDate: '2026-04-01' });
    expect(result.ok && result.values).toMatchObject({ clientCompanyId: CLIENT, jobDescriptionId: ROLE, currency: null });
  });

  it('needs a client company and a start date', () => {
    expect(errorsOf(parseNewAssignment({}))).toEqual([
      { field: 'clientCompanyId', code: 'clientRequired' },
      { field: 'startDate', code: 'startRequired' },
    ]);
  });

  it('refuses ids that are not ids, before anything is looked up', () => {
    expect(errorsOf(parseNewAssignment({ ...valid, clientCompanyId: 'acme', jobDescriptionId: '42' }))).toEqual([
      { field: 'clientCompanyId', code: 'clientNotMine' },
      { field: 'jobDescriptionId', code: 'jobDescriptionNotOfClient' },
    ]);
  });

  it('takes dates from 1900-01-01 to 2099-12-31 that exist in the calendar', () => {
    expect(parseNewAssignment({ ...valid, startDate: '1900-01-01', endDate: '2099-12-31' }).ok).toBe(true);
    for (const date of ['1899-12-31', '2100-01-01', '2026-02-30', '01/04/2026', 'tomorrow']) {
      expect(errorsOf(parseNewAssignment({ ...valid, startDate: date })), date).toEqual([{ field: 'startDate', code: 'date' }]);
      expect(errorsOf(parseNewAssignment({ ...valid, endDate: date })), date).toEqual([{ field: 'endDate', code: 'date' }]);
    }
  });

  it('refuses an end before the start, and takes a one-day assignment', () => {
    expect(errorsOf(parseNewAssignment({ ...valid, endDate: '2026-03-31' }))).toEqual([{ field: 'endDate', code: 'endBeforeStart' }]);
    expect(parseNewAssignment({ ...valid, endDate: '2026-04-01' }).ok).toBe(true);
  });

  it('limits team and cost centre to 200 characters and the note to 5000', () => {
    expect(parseNewAssignment({ ...valid, team: 't'.repeat(200), costCenter: 'c'.repeat(200), talentNote: 'n'.repeat(5000) }).ok).toBe(true);
    expect(errorsOf(parseNewAssignment({ ...valid, team: 't'.repeat(201), costCenter: 'c'.repeat(201), talentNote: 'n'.repeat(5001) }))).toEqual([
      { field: 'team', code: 'tooLong', max: 200 },
      { field: 'costCenter', code: 'tooLong', max: 200 },
      { field: 'talentNote', code: 'tooLong', max: 5000 },
    ]);
    // Blanks around the text do not count.
    expect(parseNewAssignment({ ...valid, team: ` ${'t'.repeat(200)} ` }).ok).toBe(true);
  });

  it('takes ISO 4217 currencies only (the one currency rule, money/currency-code)', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('GBP')).toBe(true);
    for (const code of ['ABC', 'EURO', 'E1R', 'eur', '']) expect(isCurrencyCode(code), code).toBe(false);
    expect(errorsOf(parseNewAssignment({ ...valid, currency: 'ABC' }))).toEqual([{ field: 'currency', code: 'currency' }]);
  });
});

describe('assignment changes', () => {
  it('changes only the fields given; blank clears', () => {
    expect(parseAssignmentChanges({ team: 'Core', costCenter: '' })).toEqual({ ok: true, values: { team: 'Core', costCenter: null } });
    expect(parseAssignmentChanges({})).toEqual({ ok: true, values: {} });
    expect(parseAssignmentChanges({ endDate: null })).toEqual({ ok: true, values: { endDate: null } });
  });

  it('never clears the start date', () => {
    expect(errorsOf(parseAssignmentChanges({ startDate: null }))).toEqual([{ field: 'startDate', code: 'startRequired' }]);
    expect(errorsOf(parseAssignmentChanges({ startDate: ' ' }))).toEqual([{ field: 'startDate', code: 'startRequired' }]);
  });

  it('checks the order when both dates are given', () => {
    expect(errorsOf(parseAssignmentChanges({ startDate: '2026-05-02', endDate: '2026-05-01' }))).toEqual([{ field: 'endDate', code: 'endBeforeStart' }]);
  });

  it('checks the order against the stored dates with dateOrderError', () => {
    expect(dateOrderError('2026-05-02', '2026-05-01')).toEqual({ field: 'endDate', code: 'endBeforeStart' });
    expect(dateOrderError('2026-05-02', '2026-05-02')).toBeNull();
    expect(dateOrderError(null, '2026-05-01')).toBeNull();
    expect(dateOrderError('2026-05-02', null)).toBeNull();
  });
});

describe('error messages', () => {
  it('words every code in English for the API', () => {
    expect(assignmentErrorMessage({ code: 'endBeforeStart' })).toBe('The end date cannot be before the start date');
    expect(assignmentErrorMessage({ code: 'tooLong', max: 200 })).toBe('Use at most 200 characters');
    const messages = ASSIGNMENT_ERROR_CODES.map((code) => assignmentErrorMessage({ code, max: 1 }));
    expect(new Set(messages).size).toBe(ASSIGNMENT_ERROR_CODES.length);
  });

  it("reads the API's code (never its English text) into the error, with the field's limit for tooLong", () => {
    const fields: AssignmentField[] = ['clientCompanyId', 'jobDescriptionId', 'startDate', 'endDate', 'team', 'costCenter', 'talentNote', 'currency'];
    expect(assignmentErrorOf('clientCompanyId', 'clientNotMine')).toEqual({ field: 'clientCompanyId', code: 'clientNotMine' });
    expect(assignmentErrorOf('talentNote', 'tooLong')).toEqual({ field: 'talentNote', code: 'tooLong', max: 5000 });
    for (const field of fields) expect(assignmentErrorOf(field, 'Use at most 5000 characters')).toBeNull();
  });
});
