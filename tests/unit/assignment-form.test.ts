import { describe, expect, it } from 'vitest';
import { assignmentPeriod, assignmentTitle, billingPeriod } from '../../src/lib/assignments/assignment-display';
import { answerMessages, CREATE_FIELDS, DETAIL_FIELDS, detailValuesOf, fieldMessages, postedValues } from '../../src/lib/assignments/assignment-form';
import { ASSIGNMENT_ERROR_CODES, assignmentErrorMessage } from '../../src/lib/assignments/assignment-input';
import { assignmentListVariables, readAssignmentListParams } from '../../src/lib/assignments/assignment-list';
import { ASSIGNMENT_STATUSES } from '../../src/lib/assignments/assignment-status';
import { getTranslator } from '../../src/lib/i18n/i18n';
import { billingStatus } from '../../src/server/db/schema/enums';

const t = getTranslator();

describe('assignment forms', () => {
  it('reads every posted field as typed, turning an en-GB day typed by hand into yyyy-mm-dd', () => {
    const form = new FormData();
    form.set('clientCompanyId', 'c');
    form.set('startDate', '1/3/2026');
    form.set('endDate', '2026-12-31');
    form.set('team', '  Core ');
    expect(postedValues(form, CREATE_FIELDS)).toEqual({
      clientCompanyId: 'c',
      jobDescriptionId: '',
      startDate: '2026-03-01',
      endDate: '2026-12-31',
      team: '  Core ',
      costCenter: '',
      talentNote: '',
      currency: '',
    });
  });

  it('starts the edit form from the stored assignment', () => {
    expect(detailValuesOf({ startDate: '2026-03-01', endDate: null, team: 'Core', costCenter: null, talentNote: null })).toEqual({
      startDate: '2026-03-01',
      endDate: '',
      team: 'Core',
      costCenter: '',
      talentNote: '',
    });
  });

  it('has a translation for every validation error, worded like the API', () => {
    for (const code of ASSIGNMENT_ERROR_CODES) {
      const message = fieldMessages([{ field: 'team', code, max: 200 }], t).team;
      expect(message, code).toBe(`${assignmentErrorMessage({ code, max: 200 })}.`);
    }
  });

  it("words the API's own field errors through i18n and keeps other messages as they came", () => {
    const answer = {
      status: 400,
      data: null,
      errors: [
        {
          message: 'Some fields need attention',
          extensions: {
            code: 'BAD_USER_INPUT',
            fieldErrors: [
              { field: 'data.clientCompanyId', code: 'clientNotMine', message: 'The English text is not what the page shows' },
              { field: 'data.team', message: 'Something unexpected' },
              { field: 'data.somethingElse', message: 'Not a field of this form' },
            ],
          },
        },
      ],
    };
    expect(answerMessages(answer, t, CREATE_FIELDS)).toEqual({
      fields: { clientCompanyId: 'Choose one of the companies that have you on their talent roster.', team: 'Something unexpected' },
      form: 'Not a field of this form',
    });
    expect(answerMessages({ status: 200, data: null, errors: [{ message: 'This assignment was not found' }] }, t, DETAIL_FIELDS)).toEqual({
      fields: {},
      form: 'This assignment was not found',
    });
  });
});

describe('assignment display', () => {
  it('names an assignment by its role, else by its client', () => {
    expect(assignmentTitle({ role: { title: 'Designer' }, clientCompany: { name: 'Acme' } }, t)).toBe('Designer');
    expect(assignmentTitle({ role: null, clientCompany: { name: 'Acme' } }, t)).toBe('Assignment with Acme');
    expect(assignmentTitle({ role: null, clientCompany: null }, t)).toBe('Untitled assignment');
  });

  it('shows dates in en-GB', () => {
    expect(assignmentPeriod({ startDate: '2026-03-01', endDate: '2026-12-31' }, t)).toBe('1 Mar 2026 – 31 Dec 2026');
    expect(assignmentPeriod({ startDate: '2026-03-01', endDate: null }, t)).toBe('From 1 Mar 2026, open-ended');
    expect(assignmentPeriod({ startDate: null, endDate: '2026-12-31' }, t)).toBe('Until 31 Dec 2026');
    expect(assignmentPeriod({ startDate: null, endDate: null }, t)).toBe('No dates yet');
    expect(billingPeriod(2026, 3)).toBe('March 2026');
  });

  it('has a label for every status and billing status', () => {
    for (const status of ASSIGNMENT_STATUSES) expect(t(`assignments.status.${status}`)).not.toContain('assignments.');
    for (const status of billingStatus.enumValues) expect(t(`assignments.billing.statuses.${status}`)).not.toContain('assignments.');
  });
});

describe('assignment list address', () => {
  const params = (search: string) => readAssignmentListParams(new URL(`http://x/talent/assignments${search}`));

  it('defaults to all assignments, newest start first, page 1', () => {
    expect(params('')).toEqual({ page: 1, sort: 'newest', filter: 'all' });
    expect(params('?page=abc&sort=sideways&filter=later')).toEqual({ page: 1, sort: 'newest', filter: 'all' });
  });

  it('reads the sort, the current filter and the page, and asks the API for them', () => {
    const read = params('?page=3&sort=oldest&filter=current');
    expect(read).toEqual({ page: 3, sort: 'oldest', filter: 'current' });
    expect(assignmentListVariables(read)).toEqual({ page: 3, perPage: 10, sort: 'START_DATE_ASC', filter: 'CURRENT' });
  });
});
