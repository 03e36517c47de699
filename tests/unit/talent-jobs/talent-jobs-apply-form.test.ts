import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { MAX_APPLICATION_MESSAGE_LENGTH } from '../../../src/lib/talent-jobs/application-message';
import { submitJobApplication } from '../../../src/lib/talent-jobs/apply-form';
import { submitInvitationForm } from '../../../src/lib/talent-jobs/invitation-form';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

// The apply form of a job ad (on the form kit): the note's rule is the API's,
// checked before anything is sent, and a refusal keeps the note as typed.
const t = getTranslator(['common', 'jobs']);
const AD = '11111111-1111-4111-8111-111111111111';

describe('job apply form: the note', () => {
  it(`refuses a note over ${MAX_APPLICATION_MESSAGE_LENGTH} characters at the field, sending nothing`, async () => {
    const api = apiAnswering({ status: 200, body: { data: { applyToJobAd: { id: 'x' } } } });
    const typed = 'x'.repeat(MAX_APPLICATION_MESSAGE_LENGTH + 1);
    const outcome = await submitJobApplication(AD, formOf({ message: typed }), api.send, t);
    expect(outcome).toEqual({ kind: 'invalid', values: { message: typed }, fieldErrors: { message: t('jobs:apply.errors.messageTooLong', { max: MAX_APPLICATION_MESSAGE_LENGTH }) }, formError: null, status: 422 });
    expect(api.sent).toEqual([]);
  });

  it('counts a browser\'s "\\r\\n" line breaks as one character, as the textarea did, and sends the trimmed note', async () => {
    const api = apiAnswering({ status: 200, body: { data: { applyToJobAd: { id: 'x' } } } });
    const typed = `  ${'a\r\n'.repeat(MAX_APPLICATION_MESSAGE_LENGTH / 2)}  `;
    expect(await submitJobApplication(AD, formOf({ message: typed }), api.send, t)).toEqual({ kind: 'done' });
    expect(api.sent[0]?.variables).toEqual({ data: { jobAdId: AD, message: 'a\n'.repeat(MAX_APPLICATION_MESSAGE_LENGTH / 2).trim() } });
  });

  it('sends no note as null, and says the API\'s refusal above the form with the note kept', async () => {
    const empty = apiAnswering({ status: 200, body: { data: { applyToJobAd: { id: 'x' } } } });
    expect(await submitJobApplication(AD, formOf({ message: '   ' }), empty.send, t)).toEqual({ kind: 'done' });
    expect(empty.sent[0]?.variables).toEqual({ data: { jobAdId: AD, message: null } });
    const closed = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'NOT_FOUND' } }] } });
    expect(await submitJobApplication(AD, formOf({ message: 'Hello' }), closed.send, t)).toMatchObject({ kind: 'invalid', values: { message: 'Hello' }, formError: t('jobs:apply.errors.closed'), status: 400 });
    const again = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'CONFLICT' } }] } });
    expect(await submitJobApplication(AD, formOf({ message: 'Hello' }), again.send, t)).toMatchObject({ kind: 'invalid', values: { message: 'Hello' }, formError: t('jobs:apply.errors.alreadyApplied'), status: 400 });
  });

  it("says an unexpected refusal in the product's words, never the API's English, and keeps the note", async () => {
    const down = apiAnswering({ status: 503, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'UNAVAILABLE' } }] } });
    const outcome = await submitJobApplication(AD, formOf({ message: 'Hello' }), down.send, t);
    expect(outcome).toEqual({ kind: 'invalid', values: { message: 'Hello' }, fieldErrors: {}, formError: t('jobs:apply.failed'), status: 400 });
    expect(JSON.stringify(outcome)).not.toContain('English');
  });

  it("words the API's refusal of the note from its code and params, never from its English message", async () => {
    const fieldErrors = [{ field: 'data.message', code: 'messageTooLong', params: { max: 12 }, message: 'English from the API' }];
    const api = apiAnswering({ status: 400, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'BAD_USER_INPUT', fieldErrors } }] } });
    expect(await submitJobApplication(AD, formOf({ message: 'Hello' }), api.send, t)).toEqual({
      kind: 'invalid',
      values: { message: 'Hello' },
      fieldErrors: { message: t('jobs:apply.errors.messageTooLong', { max: 12 }) },
      formError: null,
      status: 422,
    });
  });
});

describe('invitation apply form: the note', () => {
  const INVITATION = '22222222-2222-4222-8222-222222222222';

  it("refuses in the product's words when the API fails unexpectedly, never with the API's English", async () => {
    const down = apiAnswering({ status: 503, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'UNAVAILABLE' } }] } });
    const outcome = await submitInvitationForm(INVITATION, formOf({ intent: 'apply', message: 'Hello' }), down.send, t);
    expect(outcome).toEqual({ kind: 'invalid', status: 502, reason: 'failed', values: { message: 'Hello' }, fieldErrors: {}, formError: t('invitations.detail.failed') });
    expect(JSON.stringify(outcome)).not.toContain('English');
  });

  it(`refuses a note over ${MAX_APPLICATION_MESSAGE_LENGTH} characters at the field, worded from its code, sending nothing`, async () => {
    const api = apiAnswering({ status: 200, body: { data: { applyToInvitation: { id: 'x' } } } });
    const typed = 'x'.repeat(MAX_APPLICATION_MESSAGE_LENGTH + 1);
    const outcome = await submitInvitationForm(INVITATION, formOf({ intent: 'apply', message: typed }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 422, reason: 'messageInvalid', values: { message: typed }, fieldErrors: { message: t('jobs:apply.errors.messageTooLong', { max: MAX_APPLICATION_MESSAGE_LENGTH }) } });
    expect(api.sent).toEqual([]);
  });

  it("words the API's refusal of the note from its code and params, never from its English message", async () => {
    const fieldErrors = [{ field: 'message', code: 'messageTooLong', params: { max: 12 }, message: 'English from the API' }];
    const api = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'BAD_USER_INPUT', fieldErrors } }] } });
    const outcome = await submitInvitationForm(INVITATION, formOf({ intent: 'apply', message: 'Hello' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 422, reason: 'messageInvalid', values: { message: 'Hello' }, fieldErrors: { message: t('jobs:apply.errors.messageTooLong', { max: 12 }) } });
  });

  it('says that the company withdrew the invitation, keeping the note as typed', async () => {
    const withdrawn = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'NOT_FOUND', reason: 'invitationWithdrawn' } }] } });
    for (const intent of ['apply', 'ignore']) {
      const outcome = await submitInvitationForm(INVITATION, formOf({ intent, message: 'Hello' }), withdrawn.send, t);
      expect(outcome, intent).toMatchObject({ kind: 'invalid', status: 409, reason: 'unavailable', formError: t('jobs:apply.errors.invitationWithdrawn') });
    }
  });
});
