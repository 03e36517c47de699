import { describe, expect, it } from 'vitest';
import { submitJobAdAction, submitJobAdForm } from '../../../src/lib/job-ads/job-ad-pages';
import { submitJobDescriptionForm } from '../../../src/lib/job-descriptions/job-description-pages';
import type { Translate } from '../../../src/lib/i18n/i18n';
import { apiAnswering, apiByOperation, formOf } from '../../support/page-handler-fakes';

// Words are the keys themselves: the tests check which message each outcome names.
const t = ((key: string) => key) as unknown as Translate;
const ID = '11111111-1111-4111-8111-111111111111';
const VALID = { title: 'Engineer', workMode: 'onsite', countryCode: 'de', locality: 'Berlin', skills: 'Go, SQL' };

describe('job ad form', () => {
  it('sends nothing for a form the rules refuse, and keeps what was typed', async () => {
    const { send, sent } = apiAnswering({ status: 200, body: { data: null, errors: [] } });
    const outcome = await submitJobAdForm(null, formOf({ ...VALID, locality: '', publishedUntil: 'soon' }), send, t);
    expect(sent).toEqual([]);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 422, values: { title: 'Engineer', publishedUntil: 'soon' }, fieldErrors: { locality: 'jobFields.errors.localityRequired', publishedUntil: 'jobFields.errors.dateInvalid' } });
  });

  it('sends the parsed ad with days as ISO times, lists as lists', async () => {
    const { send, sent } = apiByOperation({ CreateOneJobAd: { status: 200, body: { data: { createOneJobAd: { id: ID, status: 'DRAFT' } }, errors: [] } } });
    const outcome = await submitJobAdForm(null, formOf({ ...VALID, publishedUntil: '2099-01-31', intent: 'save' }), send, t);
    expect(outcome).toEqual({ kind: 'done', id: ID, noticeKey: 'notices.jobAds.created' });
    expect(sent[0]?.variables?.data).toMatchObject({ countryCode: 'DE', skills: ['Go', 'SQL'], publishedAt: null, publishedUntil: '2099-01-31T23:59:59.999Z' });
  });

  it('"save and publish now" saves, then publishes', async () => {
    const { send, sent } = apiByOperation({
      CreateOneJobAd: { status: 200, body: { data: { createOneJobAd: { id: ID, status: 'DRAFT' } }, errors: [] } },
      PublishOneJobAd: { status: 200, body: { data: { publishOneJobAd: { id: ID, status: 'PUBLISHED' } }, errors: [] } },
    });
    expect(await submitJobAdForm(null, formOf({ ...VALID, intent: 'publish' }), send, t)).toEqual({ kind: 'done', id: ID, noticeKey: 'notices.jobAds.published' });
    expect(sent.map((call) => call.operationName)).toEqual(['CreateOneJobAd', 'PublishOneJobAd']);
  });

  it('words the API\'s field codes at their fields, and a refusal above the form', async () => {
    const coded = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.jobDescriptionId', code: 'jobDescriptionUnknown', message: 'x' }] } }] } });
    expect(await submitJobAdForm(ID, formOf(VALID), coded.send, t)).toMatchObject({ kind: 'invalid', fieldErrors: { jobDescriptionId: 'jobFields.errors.jobDescriptionUnknown' } });
    const forbidden = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] } });
    expect(await submitJobAdForm(ID, formOf(VALID), forbidden.send, t)).toMatchObject({ kind: 'invalid', status: 403, formError: 'jobAds.forbidden' });
  });
});

describe('job ad row actions', () => {
  it('a copy leads to the copy; a delete to nothing; another company\'s ad is "gone"', async () => {
    const copy = apiByOperation({ DuplicateOneJobAd: { status: 200, body: { data: { duplicateOneJobAd: { id: 'copy' } }, errors: [] } } });
    expect(await submitJobAdAction('duplicate', formOf({ id: ID }), copy.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.jobAds.duplicated', id: 'copy' });
    const removed = apiByOperation({ DeleteOneJobAd: { status: 200, body: { data: { deleteOneJobAd: true }, errors: [] } } });
    expect(await submitJobAdAction('delete', formOf({ id: ID }), removed.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.jobAds.deleted', id: null });
    const foreign = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'NOT_FOUND' } }] } });
    expect(await submitJobAdAction('unpublish', formOf({ id: ID }), foreign.send, t)).toEqual({ kind: 'refused', rowId: ID, message: 'jobAds.gone', status: 422 });
    expect(await submitJobAdAction('publish', formOf({ id: 'not-an-id' }), foreign.send, t)).toMatchObject({ kind: 'refused', rowId: null });
  });
});

describe('job description form', () => {
  it('sends the parsed description; the API\'s client refusal is said at its field', async () => {
    const { send, sent } = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.clientCompanyId', code: 'clientCompanyUnknown', message: 'x' }] } }] } });
    const outcome = await submitJobDescriptionForm(null, formOf({ ...VALID, openForApplications: 'on', clientCompanyId: ID }), send, t);
    expect(sent[0]?.variables?.data).toMatchObject({ openForApplications: true, clientCompanyId: ID, locality: 'Berlin' });
    expect(outcome).toMatchObject({ kind: 'invalid', fieldErrors: { clientCompanyId: 'jobFields.errors.clientCompanyUnknown' } });
  });
});
