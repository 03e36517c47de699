import { describe, expect, it } from 'vitest';
import { assignmentPeriod, assignmentTitle } from '../../../src/lib/assignments/assignment-display';
import { DETAIL_FIELDS, detailValuesOf, submitAssignmentChanges, submitNewAssignment } from '../../../src/lib/assignments/assignment-form';
import { ASSIGNMENT_ERRORS } from '../../../src/lib/assignments/assignment-input';
import { assignmentListVariables, readAssignmentListParams } from '../../../src/lib/assignments/assignment-list';
import { ASSIGNMENT_STATUSES } from '../../../src/lib/assignments/assignment-status';
import { formatMonth } from '../../../src/lib/format/dates';
import type { GraphqlAnswerLike, SendGraphql } from '../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { billingStatus } from '../../../src/server/db/schema/enums';
import talentAssignments from '../../../src/locales/en/common/talent-assignments.json';

const t = getTranslator();
const CLIENT = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

/** A fake API: records what was sent and answers `answer`. */
function fakeSend(answer: GraphqlAnswerLike['body'], status = 200) {
  const sent: Array<Record<string, unknown> | undefined> = [];
  const send: SendGraphql = async (body) => {
    sent.push(body.variables);
    return { status, body: answer };
  };
  return { send, sent };
}

const badInput = (fieldErrors: unknown[]) => ({ data: null, errors: [{ message: 'Some fields need attention', extensions: { code: 'BAD_USER_INPUT', fieldErrors } }] });
const everyCreateField = { clientCompanyId: CLIENT, jobDescriptionId: '', startDate: '2026-03-01', endDate: '', team: '', costCenter: '', talentNote: '', currency: '' };

describe('assignment forms', () => {
  it('reads the create form with the API\'s schema: an en-GB day typed by hand becomes yyyy-mm-dd, blanks none', async () => {
    const { send, sent } = fakeSend({ data: { createMyJobAssignment: { id: ID } } });
    const outcome = await submitNewAssignment(form({ ...everyCreateField, csrf: 'token', startDate: '1/3/2026', endDate: '31/12/2026', team: '  Core ', currency: 'gbp' }), send, t);
    expect(outcome).toEqual({ kind: 'done', id: ID });
    expect(sent).toEqual([
      { data: { clientCompanyId: CLIENT, jobDescriptionId: null, startDate: '2026-03-01', endDate: '2026-12-31', team: 'Core', costCenter: null, talentNote: null, currency: 'GBP' } },
    ]);
  });

  it('refuses a form that breaks the rules before any round trip, as typed, with each field worded from its code', async () => {
    const { send, sent } = fakeSend({ data: null });
    const typed = { ...everyCreateField, startDate: '10/05/2031', endDate: '2031-05-01', team: 't'.repeat(201) };
    const outcome = await submitNewAssignment(form(typed), send, t);
    expect(sent).toEqual([]);
    expect(outcome).toEqual({
      kind: 'invalid',
      values: typed,
      fieldErrors: { endDate: 'The end date cannot be before the start date.', team: 'Use at most 200 characters.' },
      formError: '2 fields need attention.',
      status: 422,
    });
  });

  it('sends the edit form\'s every field, so an emptied field is cleared', async () => {
    const { send, sent } = fakeSend({ data: { updateMyJobAssignment: { id: ID } } });
    const outcome = await submitAssignmentChanges(ID, form({ startDate: '2026-03-01', endDate: '', team: 'Core', costCenter: '', talentNote: '' }), send, t);
    expect(outcome).toEqual({ kind: 'done', id: ID });
    expect(sent).toEqual([{ id: ID, data: { startDate: '2026-03-01', endDate: null, team: 'Core', costCenter: null, talentNote: null } }]);
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

  it('has words for every code the rules and the API answer', () => {
    const codes = ['clientRequired', 'clientNotMine', 'jobDescriptionNotOfClient', 'currencyUnknown', 'startRequired', 'date', 'endBeforeStart', 'tooLong', 'controlCharacters'];
    expect(Object.keys(talentAssignments.assignments.errors).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(t(`${ASSIGNMENT_ERRORS}.${code}`, { max: 200 }), code).not.toContain('errors.');
  });

  it("words the API's field issues from their codes, never its English text, and says once what names none of the form's fields", async () => {
    const refusal = badInput([
      { field: 'data.clientCompanyId', code: 'clientNotMine', message: 'The English text is not what the page shows' },
      { field: 'data.talentNote', code: 'tooLong', params: { max: 5000 }, message: 'English' },
    ]);
    const created = await submitNewAssignment(form(everyCreateField), fakeSend(refusal, 400).send, t);
    expect(created).toMatchObject({
      kind: 'invalid',
      fieldErrors: { clientCompanyId: 'Choose one of the companies that have you on their talent roster.', talentNote: 'Use at most 5000 characters.' },
      formError: '2 fields need attention.',
    });
    // A code this page has no words for falls back to the kit's; an issue on no field of the form, or no issue at all, is "could not be saved".
    const unknown = await submitNewAssignment(form(everyCreateField), fakeSend(badInput([{ field: 'data.team', code: 'somethingNew', message: 'English' }]), 400).send, t);
    expect(unknown).toMatchObject({ fieldErrors: { team: t('forms.errors.invalid') } });
    const elsewhere = await submitAssignmentChanges(ID, form({ startDate: '2026-03-01' }), fakeSend(badInput([{ field: 'data.clientCompanyId', code: 'clientNotMine', message: 'x' }]), 400).send, t);
    expect(elsewhere).toMatchObject({ kind: 'invalid', fieldErrors: {}, formError: 'The assignment could not be saved. Try again.' });
    const failed = await submitAssignmentChanges(ID, form({ startDate: '2026-03-01' }), fakeSend({ data: null, errors: [{ message: 'Internal', extensions: { code: 'INTERNAL' } }] }, 500).send, t);
    expect(failed).toMatchObject({ kind: 'invalid', fieldErrors: {}, formError: 'The assignment could not be saved. Try again.', values: { startDate: '2026-03-01', endDate: '' } });
    expect(DETAIL_FIELDS.every((field) => field in (failed.kind === 'invalid' ? failed.values : {}))).toBe(true);
  });

  it('answers not found for an assignment that is not the caller\'s', async () => {
    const answer = { data: null, errors: [{ message: 'This assignment was not found', extensions: { code: 'NOT_FOUND' } }] };
    expect(await submitAssignmentChanges(ID, form({ startDate: '2026-03-01' }), fakeSend(answer).send, t)).toEqual({ kind: 'refused', message: t('assignments.form.failed'), status: 404 });
  });
});

describe('assignment display', () => {
  it('names an assignment by its role, else by its client', () => {
    expect(assignmentTitle({ role: { title: 'Designer' }, clientCompany: { name: 'Acme' } }, t)).toBe('Designer');
    expect(assignmentTitle({ role: null, clientCompany: { name: 'Acme' } }, t)).toBe('Assignment with Acme');
    expect(assignmentTitle({ role: null, clientCompany: null }, t)).toBe('Untitled assignment');
  });

  it('shows dates in en-GB', () => {
    expect(assignmentPeriod({ startDate: '2026-03-01', endDate: '2026-12-31' }, t, 'en')).toBe('1 Mar 2026 – 31 Dec 2026');
    expect(assignmentPeriod({ startDate: '2026-03-01', endDate: null }, t, 'en')).toBe('From 1 Mar 2026, open-ended');
    expect(assignmentPeriod({ startDate: null, endDate: '2026-12-31' }, t, 'en')).toBe('Until 31 Dec 2026');
    expect(assignmentPeriod({ startDate: null, endDate: null }, t, 'en')).toBe('No dates yet');
    expect(formatMonth(2026, 3, 'en')).toBe('March 2026');
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
