import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assignmentChangesSchema, dateOrderIssue, newAssignmentSchema } from '../../../src/lib/assignments/assignment-input';
import { zodIssues } from '../../../src/lib/forms/zod-issues';
import { isCurrencyCode } from '../../../src/lib/money/currency-code';

// The rules of a talent's own job assignment (the jobAssignment entity, the date picker's range), one
// schema for the API and the assignment pages; every issue is a code (with its params).
const CLIENT = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ROLE = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const valid = { clientCompanyId: CLIENT, startDate: '2026-04-01' };

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : zodIssues(result.error);
};
const newIssues = (input: Record<string, unknown>) => issuesOf(newAssignmentSchema, input);
const changeIssues = (input: Record<string, unknown>) => issuesOf(assignmentChangesSchema, input);

describe('new assignment input', () => {
  it('takes a client and a start date, and trims, blanks and defaults the rest', () => {
    const result = newAssignmentSchema.safeParse({ ...valid, jobDescriptionId: '', endDate: '', team: '  Payments ', costCenter: '   ', talentNote: '\nHours monthly\n', currency: ' eur ' });
    expect(result.success && result.data).toEqual({
      clientCompanyId: CLIENT,
      jobDescriptionId: null,
      startDate: '2026-04-01',
      endDate: null,
      team: 'Payments',
      costCenter: null,
      talentNote: 'Hours monthly',
      currency: 'EUR',
    });
  });

  it('keeps ids in lower case and an empty currency as "the roster currency" (none)', () => {
    const result = newAssignmentSchema.safeParse({ clientCompanyId: CLIENT.toUpperCase(), jobDescriptionId: ROLE.toUpperCase(), startDate: '2026-04-01', currency: '' });
    expect(result.success && result.data).toMatchObject({ clientCompanyId: CLIENT, jobDescriptionId: ROLE, currency: null });
  });

  it('needs a client company and a start date', () => {
    expect(newIssues({})).toEqual([
      { path: 'clientCompanyId', code: 'clientRequired' },
      { path: 'startDate', code: 'startRequired' },
    ]);
    expect(newIssues({ clientCompanyId: ' ', startDate: null })).toEqual([
      { path: 'clientCompanyId', code: 'clientRequired' },
      { path: 'startDate', code: 'startRequired' },
    ]);
  });

  it('refuses ids that are not ids, before anything is looked up', () => {
    expect(newIssues({ ...valid, clientCompanyId: 'acme', jobDescriptionId: '42' })).toEqual([
      { path: 'clientCompanyId', code: 'clientNotMine' },
      { path: 'jobDescriptionId', code: 'jobDescriptionNotOfClient' },
    ]);
  });

  it('takes dates from 1900-01-01 to 2099-12-31 that exist in the calendar, as yyyy-mm-dd', () => {
    expect(newAssignmentSchema.safeParse({ ...valid, startDate: '1900-01-01', endDate: '2099-12-31' }).success).toBe(true);
    for (const date of ['1899-12-31', '2100-01-01', '2026-02-30', '01/04/2026', 'tomorrow']) {
      expect(newIssues({ ...valid, startDate: date }), date).toEqual([{ path: 'startDate', code: 'date' }]);
      expect(newIssues({ ...valid, endDate: date }), date).toEqual([{ path: 'endDate', code: 'date' }]);
    }
  });

  it('refuses an end before the start, and takes a one-day assignment', () => {
    expect(newIssues({ ...valid, endDate: '2026-03-31' })).toEqual([{ path: 'endDate', code: 'endBeforeStart' }]);
    expect(newAssignmentSchema.safeParse({ ...valid, endDate: '2026-04-01' }).success).toBe(true);
  });

  it('says the date order together with the other fields’ issues', () => {
    expect(newIssues({ ...valid, endDate: '2026-03-31', team: 't'.repeat(201) })).toEqual([
      { path: 'team', code: 'tooLong', params: { max: 200 } },
      { path: 'endDate', code: 'endBeforeStart' },
    ]);
  });

  it('limits team and cost centre to 200 characters and the note to 5000, naming the limit', () => {
    expect(newAssignmentSchema.safeParse({ ...valid, team: 't'.repeat(200), costCenter: 'c'.repeat(200), talentNote: 'n'.repeat(5000) }).success).toBe(true);
    expect(newIssues({ ...valid, team: 't'.repeat(201), costCenter: 'c'.repeat(201), talentNote: 'n'.repeat(5001) })).toEqual([
      { path: 'team', code: 'tooLong', params: { max: 200 } },
      { path: 'costCenter', code: 'tooLong', params: { max: 200 } },
      { path: 'talentNote', code: 'tooLong', params: { max: 5000 } },
    ]);
    // Blanks around the text do not count.
    expect(newAssignmentSchema.safeParse({ ...valid, team: ` ${'t'.repeat(200)} ` }).success).toBe(true);
  });

  it('keeps control characters out of the texts; the note keeps its line breaks and tabs', () => {
    expect(newIssues({ ...valid, team: 'Core\tteam', talentNote: 'a\u0000b' })).toEqual([
      { path: 'team', code: 'controlCharacters' },
      { path: 'talentNote', code: 'controlCharacters' },
    ]);
    expect(newAssignmentSchema.safeParse({ ...valid, talentNote: 'Hours\n\tmonthly' }).success).toBe(true);
  });

  it('takes ISO 4217 currencies only (the one currency rule, money/currency-code)', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('GBP')).toBe(true);
    for (const code of ['ABC', 'EURO', 'E1R', 'eur', '']) expect(isCurrencyCode(code), code).toBe(false);
    expect(newIssues({ ...valid, currency: 'ABC' })).toEqual([{ path: 'currency', code: 'currencyUnknown' }]);
  });
});

describe('assignment changes', () => {
  it('changes only the fields given; blank or null clears', () => {
    expect(assignmentChangesSchema.parse({ team: 'Core', costCenter: '' })).toEqual({ team: 'Core', costCenter: null });
    expect(assignmentChangesSchema.parse({})).toEqual({});
    expect(assignmentChangesSchema.parse({ endDate: null })).toEqual({ endDate: null });
    expect(assignmentChangesSchema.parse({ endDate: '' })).toEqual({ endDate: null });
  });

  it('never clears the start date', () => {
    expect(changeIssues({ startDate: null })).toEqual([{ path: 'startDate', code: 'startRequired' }]);
    expect(changeIssues({ startDate: ' ' })).toEqual([{ path: 'startDate', code: 'startRequired' }]);
  });

  it('checks the order when both dates are given', () => {
    expect(changeIssues({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual([{ path: 'endDate', code: 'endBeforeStart' }]);
    expect(changeIssues({ endDate: '2026-05-01' })).toEqual([]);
  });

  it('checks the order against the stored dates with dateOrderIssue', () => {
    expect(dateOrderIssue('2026-05-02', '2026-05-01')).toEqual({ path: 'endDate', code: 'endBeforeStart' });
    expect(dateOrderIssue('2026-05-02', '2026-05-02')).toBeNull();
    expect(dateOrderIssue(null, '2026-05-01')).toBeNull();
    expect(dateOrderIssue('2026-05-02', null)).toBeNull();
  });

  it('holds the new assignment’s limits and date range', () => {
    expect(changeIssues({ startDate: '2100-01-01', talentNote: 'n'.repeat(5001) })).toEqual([
      { path: 'startDate', code: 'date' },
      { path: 'talentNote', code: 'tooLong', params: { max: 5000 } },
    ]);
  });
});
