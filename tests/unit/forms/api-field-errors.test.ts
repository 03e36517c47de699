import { describe, expect, it } from 'vitest';
import { answerIssues } from '../../../src/lib/forms/answer-issues';
import { fieldErrorsOf } from '../../../src/lib/forms/form-outcome';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { PROFILE_ERRORS } from '../../../src/lib/talent/talent-profile-input';
import { BILLING_ERRORS } from '../../../src/lib/billing/billing-issues';
import { conflict, invalidFields } from '../../../src/server/api/errors';

// The API's BAD_USER_INPUT (invalidFields): each field error carries the issue's code and
// the values its words name, so a client words the message itself, with those values.

const t = getTranslator();

describe('invalidFields: a field error carries its code, its params and the English text', () => {
  it('gives the params of an issue that has them, and none for one that has not', () => {
    const error = invalidFields([{ path: 'jobTitle', code: 'tooLong', params: { max: 120 } }, { path: 'email', code: 'emailInvalid' }], PROFILE_ERRORS);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', hint: 'see fieldErrors' });
    expect(error.extensions.fieldErrors).toEqual([
      { field: 'data.jobTitle', code: 'tooLong', params: { max: 120 }, message: t(`${PROFILE_ERRORS}.tooLong`, { max: 120 }) },
      { field: 'data.email', code: 'emailInvalid', message: t(`${PROFILE_ERRORS}.emailInvalid`) },
    ]);
  });

  it('lets a page word the message with the params, as the API worded it', () => {
    const error = invalidFields([{ path: 'skills.0.name', code: 'tooLong', params: { max: 80 } }], PROFILE_ERRORS);
    const { issues } = answerIssues([{ message: error.message, extensions: error.extensions }]);
    expect(issues).toEqual([{ path: 'skills.0.name', code: 'tooLong', params: { max: 80 } }]);
    expect(fieldErrorsOf(issues, t, PROFILE_ERRORS)).toEqual({ 'skills.0.name': error.message });
    expect(error.message).toContain('80');
  });
});

describe('conflict: the reason code and its English text, and the field it is about when it names one', () => {
  it('names no field unless told, and the field with the reason as its code when told', () => {
    expect(conflict('notADraft', BILLING_ERRORS).extensions).toMatchObject({ code: 'CONFLICT', reason: 'notADraft' });
    expect(conflict('notADraft', BILLING_ERRORS).extensions.fieldErrors).toBeUndefined();
    const taken = conflict('periodTaken', BILLING_ERRORS, 'data.month');
    expect(taken.message).toBe(t(`${BILLING_ERRORS}.periodTaken`));
    expect(taken.extensions.fieldErrors).toEqual([{ field: 'data.month', code: 'periodTaken', message: taken.message }]);
  });
});
