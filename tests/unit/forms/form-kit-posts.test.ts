import { describe, expect, it } from 'vitest';
import { submitAdminCompanyBulkVerify, submitAdminCompanyWrite } from '../../../src/lib/admin/admin-company-pages';
import { submitAdminJobAdBulkModeration, submitAdminJobAdModeration } from '../../../src/lib/admin/admin-job-ad-pages';
import { ADMIN_BULK_VERIFICATION_MAX, submitAdminTalentBulkVerification, submitAdminTalentWrite, talentVerificationFormSchema } from '../../../src/lib/admin/admin-talent-pages';
import { attachmentFormSchema, submitAttachment } from '../../../src/lib/billing/billing-attachment-submission';
import { selectCompanyFormSchema } from '../../../src/lib/companies/select-company-form';
import { submitHiringStepForm } from '../../../src/lib/companies/hiring-step-pages';
import { parseForm } from '../../../src/lib/forms/parse-form';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { jobAlertQuery } from '../../../src/lib/job-alerts/job-alert-input';
import { submitJobAlertForm } from '../../../src/lib/job-alerts/job-alert-operations';
import { applicationMoveFormSchema } from '../../../src/lib/job-applications/job-application-pages';
import { submitNotificationAction } from '../../../src/lib/notifications/notification-operations';
import { savedTalentFormSchema, submitSavedTalentWrite } from '../../../src/lib/saved-talents/saved-talent-pages';
import { savedJobFormSchema, submitSavedJobForm } from '../../../src/lib/talent-jobs/saved-job-form';
import admin from '../../../src/locales/en/common/admin.json';
import adminUsers from '../../../src/locales/en/common/admin-users.json';
import { defaultJobSearchParams } from '../../../src/lib/job-ads/search-params';
import jobAlerts from '../../../src/locales/en/common/job-alerts.json';
import savedTalents from '../../../src/locales/en/common/saved-talents.json';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

// The posts that used to be read by hand, now read by the form kit: each
// schema's rule, and that a refused form still shows what was typed.

const t = getTranslator();
const ID = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const STEP = '33333333-3333-4333-8333-333333333333';
const nothingSent = () => apiAnswering({ status: 200, body: { data: null } });

describe('admin talent verification: the status must be one of the choices', () => {
  it('reads a listed status', () => {
    expect(parseForm(formOf({ verificationStatus: 'verified' }), talentVerificationFormSchema)).toMatchObject({ ok: true, value: { verificationStatus: 'verified' } });
  });

  it('refuses any other status, or none, before sending, with the row\'s failure message', async () => {
    for (const verificationStatus of ['deleted', '']) {
      const api = nothingSent();
      const outcome = await submitAdminTalentWrite('verification', formOf({ id: ID, verificationStatus }), api.send, t);
      expect(outcome).toEqual({ kind: 'refused', message: adminUsers.admin.talents.failed, status: 422, rowId: ID });
      expect(api.sent).toEqual([]);
    }
  });
});

describe('admin talent bulk verification: the ticked profiles, each by the one-row operation', () => {
  const ticked = (ids: string[], verificationStatus = 'verified') => {
    const form = formOf({ intent: 'bulkVerification', verificationStatus });
    for (const id of ids) form.append('id', id);
    return form;
  };

  it('sends one write per ticked profile, each once, and ignores what is no id', async () => {
    const api = apiAnswering({ status: 200, body: { data: { updateOneTalentProfileVerification: { id: ID } } } });
    const form = ticked([ID, OTHER, ID, 'not-an-id'], 'rejected');
    expect(await submitAdminTalentBulkVerification(form, api.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.admin.talentVerificationSaved', target: 'admin-talents-bulk' });
    expect(api.sent.map((call) => call.variables)).toEqual([{ id: ID, verificationStatus: 'rejected' }, { id: OTHER, verificationStatus: 'rejected' }]);
  });

  it('refuses nothing ticked, more than a page, or a status not offered, before any write', async () => {
    const tooMany = Array.from({ length: ADMIN_BULK_VERIFICATION_MAX + 1 }, (_, index) => `11111111-1111-4111-8111-${String(index).padStart(12, '0')}`);
    for (const [form, message] of [
      [ticked([]), adminUsers.admin.talents.bulkNoneSelected],
      [ticked(tooMany), adminUsers.admin.talents.bulkTooMany.replace('{{max}}', String(ADMIN_BULK_VERIFICATION_MAX))],
      [ticked([ID], 'deleted'), adminUsers.admin.talents.failed],
    ] as const) {
      const api = nothingSent();
      expect(await submitAdminTalentBulkVerification(form, api.send, t)).toEqual({ kind: 'refused', message, status: 422, rowId: null });
      expect(api.sent).toEqual([]);
    }
  });

  it('keeps the writes that went through and says how many did not', async () => {
    let calls = 0;
    const send = async () => (++calls === 2 ? { status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'NOT_FOUND' } }] } } : { status: 200, body: { data: { updateOneTalentProfileVerification: { id: ID } } } });
    const outcome = await submitAdminTalentBulkVerification(ticked([ID, OTHER, STEP]), send, t);
    expect(outcome).toEqual({ kind: 'refused', message: t('admin.talents.bulkPartial', { done: 2, total: 3 }), status: 409, rowId: null });
    expect(calls).toBe(3);
  });
});

describe('admin reasons: a refused reason is shown again as typed', () => {
  it('job ad moderation keeps the blank reason as typed and words its code', async () => {
    const api = nothingSent();
    const outcome = await submitAdminJobAdModeration('remove', formOf({ id: ID, reason: '   ' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', rowId: ID, reason: { value: '   ', error: admin.admin.errors.moderationReasonRequired } });
    expect(api.sent).toEqual([]);
  });

  it('company rejection keeps a reason over the 1,000-character maximum as typed', async () => {
    const api = nothingSent();
    const long = 'x'.repeat(1001);
    const outcome = await submitAdminCompanyWrite('reject', formOf({ id: ID, reason: long }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', reason: { value: long, error: admin.admin.errors.reasonTooLong } });
    expect(api.sent).toEqual([]);
  });
});

describe('hiring step form: a refused step is shown again as typed', () => {
  it('keeps every field as typed, untrimmed', async () => {
    const api = nothingSent();
    const outcome = await submitHiringStepForm('addStep', formOf({ stepName: ' ', stepDescription: ' Call ', group: 'SOMETHING' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', values: { stepName: ' ', stepDescription: ' Call ', group: 'SOMETHING' } });
    expect(api.sent).toEqual([]);
  });
});

describe('application move: a row moves its own id, the bulk form its ticked UUIDs', () => {
  it('a row\'s id wins over ticked ids and names the row', () => {
    const parsed = parseForm(formOf({ id: ID, ids: OTHER, hiringStepId: STEP }), applicationMoveFormSchema, { coerce: false });
    expect(parsed).toMatchObject({ ok: true, value: { ids: [ID], rowId: ID, hiringStepId: STEP, rejectionReasonId: null, confirm: false } });
  });

  it('the bulk form reads one or many ticked ids, leaving out what is no UUID', () => {
    const form = formOf({ ids: ID, hiringStepId: STEP, rejectionReasonId: 'nope', confirm: 'on' });
    form.append('ids', 'not-an-id');
    form.append('ids', OTHER);
    expect(parseForm(form, applicationMoveFormSchema, { coerce: false })).toMatchObject({ ok: true, value: { ids: [ID, OTHER], rowId: null, confirm: true } });
    expect(parseForm(formOf({ ids: ID }), applicationMoveFormSchema, { coerce: false })).toMatchObject({ ok: true, value: { ids: [ID], hiringStepId: null } });
  });
});

describe('saved talents: ids that are no UUID name nothing', () => {
  it('reads the label as typed and a malformed id as none', () => {
    expect(parseForm(formOf({ label: ' Shortlist ', id: 'x', talentProfileId: ID }), savedTalentFormSchema, { coerce: false })).toMatchObject({
      ok: true,
      value: { label: ' Shortlist ', id: null, listId: null, talentProfileId: ID },
    });
  });

  it('saving a talent whose id is no UUID sends nothing and asks for a list', async () => {
    const api = nothingSent();
    expect(await submitSavedTalentWrite('saveTalent', formOf({ talentProfileId: 'x', listId: OTHER }), api.send, t)).toMatchObject({ kind: 'refused', message: savedTalents.savedTalents.chooseList });
    expect(api.sent).toEqual([]);
  });
});

describe('company switcher: the company is named by a UUID', () => {
  it('reads a UUID in lower case, as the API gives ids', () => {
    expect(parseForm(formOf({ companyId: ID.toUpperCase() }), selectCompanyFormSchema)).toMatchObject({ ok: true, value: { companyId: ID } });
  });

  it('refuses a missing or malformed company id', () => {
    expect(parseForm(formOf({}), selectCompanyFormSchema)).toMatchObject({ ok: false, issues: [{ path: 'companyId', code: 'companyRequired' }] });
    expect(parseForm(formOf({ companyId: 'c-north' }), selectCompanyFormSchema)).toMatchObject({ ok: false, issues: [{ path: 'companyId', code: 'companyUnknown' }] });
  });
});

describe('job alert forms: read with the API\'s own alert schemas', () => {
  const words = jobAlerts.jobAlerts;

  it('creates with the canonical query, an absent query meaning all jobs', async () => {
    const api = apiAnswering({ status: 200, body: { data: { createMyJobAlert: { id: ID } } } });
    expect(await submitJobAlertForm(formOf({ intent: 'createAlert', query: '?location=Berlin', frequency: 'weekly' }), api.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.jobAlerts.created' });
    await submitJobAlertForm(formOf({ intent: 'createAlert', frequency: 'daily' }), api.send, t);
    expect(api.sent.map((call) => call.variables)).toEqual([{ data: { query: 'location=Berlin', frequency: 'weekly' } }, { data: { query: jobAlertQuery(defaultJobSearchParams()), frequency: 'daily' } }]);
  });

  it('refuses a frequency that is not offered, or none, before sending', async () => {
    for (const form of [formOf({ intent: 'createAlert', query: '', frequency: 'hourly' }), formOf({ intent: 'updateAlert', id: ID })]) {
      const api = nothingSent();
      expect(await submitJobAlertForm(form, api.send, t)).toEqual({ kind: 'refused', message: words.errors.frequencyInvalid, status: 422 });
      expect(api.sent).toEqual([]);
    }
  });

  it('refuses a query over its maximum before sending', async () => {
    const api = nothingSent();
    expect(await submitJobAlertForm(formOf({ intent: 'createAlert', query: 'q='.padEnd(2001, 'x'), frequency: 'daily' }), api.send, t)).toEqual({ kind: 'refused', message: words.errors.queryTooLong, status: 422 });
    expect(api.sent).toEqual([]);
  });

  it('an alert id that is no UUID names no alert', async () => {
    const api = nothingSent();
    expect(await submitJobAlertForm(formOf({ intent: 'deleteAlert', id: '42' }), api.send, t)).toEqual({ kind: 'refused', message: words.failed, status: 400 });
    expect(api.sent).toEqual([]);
  });
});

describe('saved job form: the job ad is named by a UUID', () => {
  it('reads the ad and the page to go back to', () => {
    expect(parseForm(formOf({ jobAdId: ID, returnTo: '/jobs?q=x' }), savedJobFormSchema)).toMatchObject({ ok: true, value: { jobAdId: ID, returnTo: '/jobs?q=x' } });
  });

  it('a job ad id that is no UUID is not a form of ours: nothing is sent', async () => {
    const api = nothingSent();
    expect(await submitSavedJobForm(formOf({ intent: 'save', jobAdId: '42' }), api.send, t)).toEqual({ kind: 'refused', message: t('savedJobs.errors.invalid'), status: 400 });
    expect(api.sent).toEqual([]);
  });
});

describe('mark a notification read: a missing id fails, one that is no UUID is gone', () => {
  it('sends a UUID, and nothing for a missing or malformed id', async () => {
    const api = apiAnswering({ status: 200, body: { data: { markNotificationRead: { id: ID } } } });
    expect(await submitNotificationAction(formOf({ intent: 'markRead', id: ID }), api.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.notifications.markedRead' });
    expect(await submitNotificationAction(formOf({ intent: 'markRead' }), api.send, t)).toEqual({ kind: 'refused', message: t('notifications.failed'), status: 422 });
    expect(await submitNotificationAction(formOf({ intent: 'markRead', id: '42' }), api.send, t)).toEqual({ kind: 'refused', message: t('notifications.gone'), status: 404 });
    expect(api.sent.map((call) => call.variables)).toEqual([{ id: ID }]);
  });
});

describe('billing attachment forms: the billing and its line are named by UUIDs, as stored', () => {
  it('reads both ids in lower case and the key to remove', () => {
    expect(parseForm(formOf({ billingId: ` ${ID.toUpperCase()} `, lineId: OTHER, key: 'k1' }), attachmentFormSchema)).toMatchObject({ ok: true, value: { billingId: ID, lineId: OTHER, key: 'k1' } });
  });

  it('a missing or malformed id names no billing: answered as not found, nothing sent', async () => {
    const api = nothingSent();
    const context = { send: api.send, upload: api.send, t };
    expect(await submitAttachment(formOf({ billingId: ID, lineId: 'x', key: 'k1' }), context, 'remove')).toEqual({ kind: 'refused', billingId: null, lineId: null, message: t('billing.notFound.heading'), status: 404 });
    expect(await submitAttachment(formOf({ lineId: OTHER, key: 'k1' }), context, 'remove')).toEqual({ kind: 'refused', billingId: null, lineId: null, message: t('billing.notFound.heading'), status: 404 });
    expect(api.sent).toEqual([]);
  });
});

describe('admin company bulk verification: the ticked companies, each by the one-company operation', () => {
  const ticked = (ids: string[]) => {
    const form = formOf({ intent: 'bulkVerify' });
    for (const id of ids) form.append('id', id);
    return form;
  };

  it('verifies each ticked company once, and says so', async () => {
    const api = apiAnswering({ status: 200, body: { data: { verifyOneCompany: { id: ID, verificationStatus: 'verified' } } } });
    expect(await submitAdminCompanyBulkVerify(ticked([ID, OTHER, OTHER]), api.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.admin.companiesVerified' });
    expect(api.sent.map((call) => call.variables)).toEqual([{ id: ID }, { id: OTHER }]);
  });

  it('refuses nothing ticked before any write, and says how many of the others failed', async () => {
    const none = nothingSent();
    expect(await submitAdminCompanyBulkVerify(ticked([]), none.send, t)).toEqual({ kind: 'refused', message: admin.admin.companies.bulkNoneSelected, status: 422 });
    expect(none.sent).toEqual([]);
    const refusing = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'CONFLICT', reason: 'alreadyInStatus' } }] } });
    expect(await submitAdminCompanyBulkVerify(ticked([ID, OTHER]), refusing.send, t)).toEqual({ kind: 'refused', message: t('admin.companies.bulkPartial', { done: 0, total: 2 }), status: 409 });
  });
});

describe('admin job ad bulk moderation: one reason for every ticked ad', () => {
  const ticked = (ids: string[], reason: string) => {
    const form = formOf({ reason });
    for (const id of ids) form.append('id', id);
    return form;
  };

  it('checks the reason once before any write, keeping it as typed', async () => {
    const api = nothingSent();
    const outcome = await submitAdminJobAdBulkModeration('bulk-unpublish', ticked([ID, OTHER], '   '), api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', rowId: null, status: 422, reason: { value: '   ', error: admin.admin.errors.moderationReasonRequired } });
    expect(api.sent).toEqual([]);
  });

  it('takes each ticked ad down by the one-ad operation with the same reason and action', async () => {
    const api = apiAnswering({ status: 200, body: { data: { moderateOneJobAd: { id: ID, state: 'REMOVED' } } } });
    const outcome = await submitAdminJobAdBulkModeration('bulk-remove', ticked([ID, OTHER], 'Spam'), api.send, t);
    expect(outcome).toEqual({ kind: 'done', noticeKey: 'notices.admin.jobAdRemoved', target: 'admin-job-ads-bulk' });
    expect(api.sent.map((call) => call.variables)).toEqual([
      { id: ID, action: 'remove', reason: 'Spam' },
      { id: OTHER, action: 'remove', reason: 'Spam' },
    ]);
  });
});
