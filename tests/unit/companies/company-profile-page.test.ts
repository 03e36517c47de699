import { describe, expect, it } from 'vitest';
import { companyFormValuesOf, submitUpdateCompanyForm } from '../../../src/lib/companies/company-pages';
import { submitHiringStepForm } from '../../../src/lib/companies/hiring-step-pages';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import companies from '../../../src/locales/en/common/companies.json';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

const t = getTranslator();
const { errors, hiringSteps: stepWords } = companies.companies;
const STEP = '33333333-3333-4333-8333-333333333333';

describe('company profile form: a field left blank empties it', () => {
  it('sends every field, blanks as null, so clearing a field on the page clears it in the profile', async () => {
    const api = apiAnswering({ status: 200, body: { data: { updateOneCompany: { id: 'c1', name: 'Acme' } } } });
    const outcome = await submitUpdateCompanyForm(formOf({ name: 'Acme', description: '', 'address.city': 'Porto', 'address.street': '', country: 'PT', website: '', industry: '', size: '', type: '', accountingCurrency: 'eur', stuckAfterDays: ' 21 ', talentStatusDelayMinutes: '15', refusedApplicationMonths: '3', poolConsentMonths: '12' }), api.send, t);
    expect(outcome).toEqual({ kind: 'done' });
    expect(api.sent[0]?.variables).toEqual({
      data: {
        name: 'Acme',
        description: null,
        address: { street: null, postalCode: null, city: 'Porto', region: null },
        country: 'PT',
        website: null,
        industry: null,
        size: null,
        type: null,
        accountingCurrency: 'EUR',
        stuckAfterDays: 21,
        talentStatusDelayMinutes: 15,
        refusedApplicationMonths: 3,
        poolConsentMonths: 12,
      },
    });
  });

  it('refuses an emptied name before sending, keeping every value as typed', async () => {
    const api = apiAnswering({ status: 200, body: { data: null } });
    const outcome = await submitUpdateCompanyForm(formOf({ name: ' ', industry: 'Logistics', stuckAfterDays: '14', talentStatusDelayMinutes: '15', refusedApplicationMonths: '6', poolConsentMonths: '24' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', fieldErrors: { name: errors.nameRequired }, values: { name: ' ', industry: 'Logistics', stuckAfterDays: '14' } });
    expect(api.sent).toEqual([]);
  });

  it('refuses a stuck threshold that is blank, not a whole number or outside 1 to 365 before sending, keeping it as typed', async () => {
    for (const [typed, message] of [['', errors.stuckAfterDaysRequired], ['two weeks', errors.stuckAfterDaysNotWhole], ['7.5', errors.stuckAfterDaysNotWhole], ['0', errors.stuckAfterDaysOutOfRange], ['366', errors.stuckAfterDaysOutOfRange]] as const) {
      const api = apiAnswering({ status: 200, body: { data: null } });
      const outcome = await submitUpdateCompanyForm(formOf({ name: 'Acme', stuckAfterDays: typed }), api.send, t);
      expect(outcome, typed).toMatchObject({ kind: 'invalid', formError: null, fieldErrors: { stuckAfterDays: message }, values: { stuckAfterDays: typed } });
      expect(api.sent, typed).toEqual([]);
    }
  });

  it("words the API's stuck threshold code beside the field, not above the form", async () => {
    const api = apiAnswering({
      status: 200,
      body: { data: null, errors: [{ message: 'Invalid', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.stuckAfterDays', code: 'stuckAfterDaysOutOfRange', message: 'x' }] } }] },
    });
    const outcome = await submitUpdateCompanyForm(formOf({ name: 'Acme', stuckAfterDays: '30', talentStatusDelayMinutes: '15', refusedApplicationMonths: '6', poolConsentMonths: '24' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', formError: null, fieldErrors: { stuckAfterDays: errors.stuckAfterDaysOutOfRange } });
  });

  it('fills the form from the stored company, empty strings for what is not set', () => {
    const values = companyFormValuesOf({ id: 'c1', name: 'Acme', description: null, country: 'PT', website: null, industry: null, size: null, type: null, accountingCurrency: 'EUR', stuckAfterDays: 30, talentStatusDelayMinutes: 0, refusedApplicationMonths: 6, poolConsentMonths: 24, logo: null, verificationStatus: 'verified', address: { street: null, postalCode: '4000', city: 'Porto', region: null } });
    expect(values).toMatchObject({ name: 'Acme', description: '', 'address.postalCode': '4000', 'address.city': 'Porto', 'address.region': '', country: 'PT', accountingCurrency: 'EUR', stuckAfterDays: '30', talentStatusDelayMinutes: '0', refusedApplicationMonths: '6', poolConsentMonths: '24' });
  });
});

describe('hiring steps: each step has a fixed meaning (group)', () => {
  it('refuses a step without a name or a meaning before sending anything', async () => {
    const api = apiAnswering({ status: 200, body: { data: null } });
    const outcome = await submitHiringStepForm('addStep', formOf({ stepName: '', group: 'SOMETHING' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', stepId: null, message: stepWords.invalid, fieldErrors: { stepName: errors.stepNameRequired, group: errors.stepGroupUnknown }, values: { stepName: '', group: 'SOMETHING' } });
    expect(api.sent).toEqual([]);
  });

  it('sends an edit with every field, a blank description as null', async () => {
    const api = apiAnswering({ status: 200, body: { data: { updateOneCompanyHiringStep: { id: STEP } } } });
    const outcome = await submitHiringStepForm('editStep', formOf({ id: STEP, stepName: ' Tech interview ', stepDescription: '', group: 'IN_PROGRESS' }), api.send, t);
    expect(outcome).toEqual({ kind: 'done', noticeKey: 'notices.companies.stepSaved', target: `step-${STEP}` });
    expect(api.sent[0]?.variables).toEqual({ id: STEP, data: { stepName: 'Tech interview', stepDescription: null, group: 'IN_PROGRESS', talentStatus: null } });
  });

  it('moves a step up or down by one place', async () => {
    for (const [intent, direction] of [['moveStepUp', 'UP'], ['moveStepDown', 'DOWN']] as const) {
      const api = apiAnswering({ status: 200, body: { data: { moveCompanyHiringStep: [{ id: STEP, order: 1 }] } } });
      expect(await submitHiringStepForm(intent, formOf({ id: STEP }), api.send, t)).toMatchObject({ kind: 'done', noticeKey: 'notices.companies.stepMoved' });
      expect(api.sent[0]?.variables).toEqual({ id: STEP, direction });
    }
  });

  it('words a step in use (CONFLICT stepInUse) from companies.errors with 409, and a foreign id as gone', async () => {
    const api = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English', extensions: { code: 'CONFLICT', reason: 'stepInUse' } }] } });
    expect(await submitHiringStepForm('deleteStep', formOf({ id: STEP }), api.send, t)).toMatchObject({ kind: 'refused', stepId: STEP, message: errors.stepInUse, status: 409 });
    const missing = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English', extensions: { code: 'NOT_FOUND' } }] } });
    expect(await submitHiringStepForm('deleteStep', formOf({ id: STEP }), missing.send, t)).toMatchObject({ message: stepWords.gone, status: 422 });
  });
});

describe('company profile form: the retention periods (the retention rule)', () => {
  it('refuses a period longer than the law allows, or blank, before sending, keeping it as typed', async () => {
    for (const [field, typed, message] of [
      ['refusedApplicationMonths', '7', errors.refusedApplicationMonthsOutOfRange],
      ['refusedApplicationMonths', '', errors.refusedApplicationMonthsRequired],
      ['poolConsentMonths', '25', errors.poolConsentMonthsOutOfRange],
      ['poolConsentMonths', '1.5', errors.poolConsentMonthsNotWhole],
    ] as const) {
      const api = apiAnswering({ status: 200, body: { data: null } });
      const outcome = await submitUpdateCompanyForm(formOf({ name: 'Acme', stuckAfterDays: '14', talentStatusDelayMinutes: '15', refusedApplicationMonths: '6', poolConsentMonths: '24', [field]: typed }), api.send, t);
      expect(outcome, `${field} ${typed}`).toMatchObject({ kind: 'invalid', fieldErrors: { [field]: message }, values: { [field]: typed } });
      expect(api.sent).toEqual([]);
    }
  });
});
