import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readBillingPageState } from '../../../../src/lib/billing/billing-page-state';
import { billingPageLoaders, billingPageView, type BillingPageLoaders } from '../../../../src/lib/billing/billing-page-view';
import { periodOf, periodValue } from '../../../../src/lib/billing/billing-period';
import { submitBillingPage, type SubmissionContext } from '../../../../src/lib/billing/billing-submission';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import type { SendGraphql } from '../../../../src/lib/graphql/send-document';
import { billing, company, jobAssignment, jobDescription } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

// The billing page's form handling and view choice against the real API: what the page
// does on each post, without a browser (the browser flows are in tests/e2e).

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const t = getTranslator();
const now = new Date();
const thisMonth = periodValue(periodOf(now));

function formData(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
}

describeEachDatabase('talent billing page', (kind) => {
  let h: ApiHarness;
  let send: SendGraphql;
  let context: SubmissionContext;
  let load: BillingPageLoaders;
  let assignmentId: string;

  beforeAll(async () => {
    h = await startApiHarness(kind);
    const token = await h.token('page-talent');
    const { body } = await h.call(CREATE_PROFILE, { token, variables: { data: { email: 'page-talent@example.test', profileName: 'Page Talent' } } });
    const profileId = (body.data?.createOneTalentProfile as { id: string }).id;
    const [client] = await h.database.db.insert(company).values({ name: 'Northwind Labs', verificationStatus: 'verified' }).returning();
    const [description] = await h.database.db.insert(jobDescription).values({ title: 'Frontend Developer', companyId: client!.id, clientCompanyId: client!.id }).returning();
    const [assignment] = await h.database.db
      .insert(jobAssignment)
      .values({ talentProfileId: profileId, jobDescriptionId: description!.id, clientCompanyId: client!.id, assignmentCurrency: 'EUR', startDate: '2020-01-01' })
      .returning();
    assignmentId = assignment!.id;
    send = (request) => h.call(request.query, { token, variables: request.variables });
    load = billingPageLoaders(send);
    const upload = () => Promise.reject(new Error('no uploads in this suite: see billing-attachments.test.ts'));
    context = { send, upload, t, language: 'en', now, loadAssignments: async () => (await load.form()).assignments, loadPaymentProfile: async () => (await load.paymentProfile()).paymentProfile };
  });
  afterAll(() => h.close());

  const billingPost = (extra: Record<string, string>) =>
    formData({ form: 'billing', assignmentId, period: thisMonth, currency: 'EUR', message: '', 'lines[0].id': '', 'lines[0].description': 'Development', 'lines[0].unit': 'HOUR', 'lines[0].quantity': '7.5', 'lines[0].price': '82.50', ...extra });
  const viewAt = (query: string, outcome: Awaited<ReturnType<typeof submitBillingPage>> = null) =>
    billingPageView(readBillingPageState(new URL(`http://x/talent/billing${query}`)), outcome, load, { t, now, askedForAssignment: query.includes('assignment=') });

  it('offers the only assignment straight away, in its currency and the current month', async () => {
    const view = await viewAt('?action=new');
    expect(view).toMatchObject({ kind: 'billingForm', values: { assignmentId, currency: 'EUR', period: thisMonth }, changeAssignmentHref: null });
  });

  it('adds a line without saving, then refuses a bad line with a translated message on its field', async () => {
    const added = await submitBillingPage(billingPost({ intent: 'add-line' }), context);
    expect(added).toMatchObject({ kind: 'edited', form: 'billing' });
    expect(added?.kind === 'edited' && added.values.lines).toHaveLength(2);
    expect(await h.database.db.select().from(billing)).toHaveLength(0);

    const invalid = await submitBillingPage(billingPost({ 'lines[1].description': 'Per diem', 'lines[1].unit': 'DAY', 'lines[1].quantity': '1,5', 'lines[1].price': '10', intent: 'save' }), context);
    expect(invalid).toMatchObject({ kind: 'invalid', form: 'billing', status: 422, fieldErrors: { 'lines[1].quantity': 'Enter a number such as 7.5, with a dot for decimals.' }, formError: null });
  });

  it('saves, then says the month is taken (from the API) when it is billed already', async () => {
    const saved = await submitBillingPage(billingPost({ intent: 'save' }), context);
    expect(saved).toMatchObject({ kind: 'done', noticeKey: 'notices.talentBilling.created' });
    const id = saved?.kind === 'done' ? new URL(saved.location, 'http://x').searchParams.get('id')! : '';
    expect((await h.database.db.select().from(billing).where(eq(billing.id, id)))[0]).toMatchObject({ amount: '618.75', status: 'DRAFT' });

    // The form checks the months it knows are billed before it asks the API…
    expect(await submitBillingPage(billingPost({ intent: 'save' }), context)).toMatchObject({ kind: 'invalid', form: 'billing', status: 422, fieldErrors: { period: t('billing.errors.periodTaken') } });
    // …and a month billed meanwhile (the API's CONFLICT) lands on the same field.
    const stale: SubmissionContext = { ...context, loadAssignments: async () => (await context.loadAssignments()).map((assignment) => ({ ...assignment, billedPeriods: [] })) };
    expect(await submitBillingPage(billingPost({ intent: 'save' }), stale)).toMatchObject({ kind: 'invalid', form: 'billing', fieldErrors: { period: t('billing.errors.periodTaken') } });

    // Sent: editing, sending again or deleting is refused and the billing shown with why.
    expect(await submitBillingPage(formData({ form: 'send', billingId: id }), context)).toMatchObject({ kind: 'done', noticeKey: 'notices.talentBilling.sent' });
    const edit = await submitBillingPage(billingPost({ billingId: id, 'lines[0].id': '', intent: 'save' }), context);
    expect(edit).toEqual({ kind: 'refused', billingId: id, lineId: null, message: t('billing.errors.notADraft'), status: 409 });
    expect(await submitBillingPage(formData({ form: 'delete', billingId: id }), context)).toMatchObject({ kind: 'refused' });
    expect(await viewAt(`?action=edit&id=${id}`)).toMatchObject({ kind: 'billing', alert: t('billing.errors.notADraft') });
    expect(await viewAt(`?action=delete&id=${id}`)).toMatchObject({ kind: 'billing', alert: t('billing.errors.notADraft') });
    expect(await viewAt('', edit)).toMatchObject({ kind: 'billing', billing: { id, status: 'SENT' } });
  });

  it('shows unknown billings as not found', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await viewAt(`?id=${missing}`)).toEqual({ kind: 'notFound' });
    expect(await submitBillingPage(formData({ form: 'send', billingId: missing }), context)).toEqual({ kind: 'refused', billingId: null, lineId: null, message: t('billing.notFound.heading'), status: 404 });
    expect(await submitBillingPage(formData({ form: 'delete', billingId: 'nope' }), context)).toEqual({ kind: 'refused', billingId: null, lineId: null, message: t('billing.notFound.heading'), status: 404 });
    expect(await submitBillingPage(formData({ form: 'unknown' }), context)).toBeNull();
  });

  it('lists the billings with the payment profile, and saves the profile with its IBAN masked', async () => {
    expect(await viewAt('')).toMatchObject({ kind: 'list', data: { billings: { total: 1 }, paymentProfile: null } });
    const wrong = await submitBillingPage(formData({ form: 'payment-profile', currency: 'EUR', accountHolder: 'Page Talent', iban: 'DE89370400440532013001', bic: '', bankName: '' }), context);
    expect(wrong).toMatchObject({ kind: 'invalid', form: 'paymentProfile', fieldErrors: { iban: 'This IBAN is not valid. Check it for typing mistakes.' }, values: { iban: 'DE89370400440532013001' } });
    const saved = await submitBillingPage(formData({ form: 'payment-profile', currency: 'EUR', accountHolder: 'Page Talent', iban: 'DE89 3704 0044 0532 0130 00', bic: '', bankName: '' }), context);
    expect(saved).toMatchObject({ kind: 'done', location: '/talent/billing#payment-profile', noticeKey: 'notices.talentBilling.paymentProfileSaved' });
    const form = await viewAt('?action=payment-profile');
    expect(form).toMatchObject({ kind: 'paymentProfile', profile: { maskedIban: 'DE•• •••• •••• •••• 3000', isVerified: false }, values: { iban: '', accountHolder: 'Page Talent' } });
    // A blank IBAN keeps the saved one.
    expect(await submitBillingPage(formData({ form: 'payment-profile', currency: 'CHF', accountHolder: 'Page Talent', iban: '', bic: '', bankName: '' }), context)).toMatchObject({ kind: 'done' });
    expect(await viewAt('')).toMatchObject({ kind: 'list', data: { paymentProfile: { currency: 'CHF', maskedIban: 'DE•• •••• •••• •••• 3000' } } });
  });
});
