import { describe, expect, it } from 'vitest';
import { submitBillingPage, type SubmissionContext } from '../../../src/lib/billing/billing-submission';
import { paymentProfileSchema } from '../../../src/lib/billing/payment-profile-input';
import { parseForm } from '../../../src/lib/forms/parse-form';
import { zodIssues } from '../../../src/lib/forms/zod-issues';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { apiAnswering, apiByOperation, formOf } from '../../support/page-handler-fakes';

// The billing page's payment profile form is read by the form kit with the
// schema saveMyPaymentProfile checks its input with: one set of rules and codes.

const t = getTranslator();
const ID = '11111111-1111-4111-8111-111111111111';
const nothingSent = () => apiAnswering({ status: 200, body: { data: null } });
const IBAN = 'DE89 3704 0044 0532 0130 00';

describe('payment profile form: read with the rules saveMyPaymentProfile checks its input with', () => {
  const context = (send: SubmissionContext['send'], maskedIban: string | null = null): SubmissionContext => ({
    send,
    t,
    language: 'en',
    now: new Date('2026-03-10T12:00:00Z'),
    upload: () => Promise.reject(new Error('no uploads')),
    loadAssignments: async () => [],
    loadPaymentProfile: async () => (maskedIban ? ({ maskedIban } as Awaited<ReturnType<SubmissionContext['loadPaymentProfile']>>) : null),
  });
  const profileForm = (fields: Record<string, string>) => formOf({ form: 'payment-profile', currency: 'EUR', accountHolder: 'Tara Talent', iban: IBAN, bic: '', bankName: '', ...fields });

  it('refuses before sending, each field worded from paymentProfile.errors with its params, the form kept as typed', async () => {
    const api = nothingSent();
    const typed = { currency: ' euro ', accountHolder: 'x'.repeat(141), iban: 'DE00 nope', bic: 'COBADE', bankName: '  Bank  ' };
    const outcome = await submitBillingPage(profileForm(typed), context(api.send));
    expect(outcome).toEqual({
      kind: 'invalid',
      form: 'paymentProfile',
      status: 422,
      values: { ...typed, otherAccount: '' },
      fieldErrors: {
        currency: t('paymentProfile.errors.currencyInvalid'),
        accountHolder: t('paymentProfile.errors.accountHolderTooLong', { max: 140 }),
        iban: t('paymentProfile.errors.ibanFormat'),
        bic: t('paymentProfile.errors.bicFormat'),
      },
      formError: null,
    });
    expect(outcome?.kind === 'invalid' && outcome.fieldErrors.accountHolder).toContain('140');
    expect(api.sent).toEqual([]);
  });

  it('a field left out of the post reads as blank, as before', async () => {
    const api = nothingSent();
    const form = formOf({ form: 'payment-profile' });
    expect(await submitBillingPage(form, context(api.send))).toMatchObject({
      kind: 'invalid',
      form: 'paymentProfile',
      values: { currency: '', accountHolder: '', iban: '', bic: '', bankName: '' },
      fieldErrors: { currency: t('paymentProfile.errors.currencyRequired'), accountHolder: t('paymentProfile.errors.accountHolderRequired'), iban: t('paymentProfile.errors.ibanRequired') },
    });
    expect(api.sent).toEqual([]);
  });

  it('sends the checked profile; a blank IBAN keeps the saved one (it is not sent)', async () => {
    const api = apiByOperation({ SaveMyPaymentProfile: { status: 200, body: { data: { saveMyPaymentProfile: { id: ID } } } } });
    const outcome = await submitBillingPage(profileForm({ currency: 'chf', accountHolder: ' Tara   Talent ', iban: ' ', bic: 'cobadeffxxx' }), context(api.send, 'DE•• 3000'));
    expect(outcome).toMatchObject({ kind: 'done', noticeKey: 'notices.talentBilling.paymentProfileSaved' });
    expect(api.sent[0]?.variables).toEqual({ data: { currency: 'CHF', accountHolder: 'Tara Talent', bic: 'COBADEFFXXX', bankName: null } });
    // Neither is the blank other account.
  });

  it('the API reads its input with the same schema: the same codes and params on the same paths', () => {
    const input = { currency: 'EUR', accountHolder: 'x'.repeat(141), iban: null, bic: 'COBADE' };
    const api = paymentProfileSchema({ hasSavedAccount: false }).safeParse(input);
    expect(api.success ? [] : zodIssues(api.error)).toEqual([
      { path: 'accountHolder', code: 'accountHolderTooLong', params: { max: 140 } },
      { path: 'iban', code: 'ibanRequired' },
      { path: 'bic', code: 'bicFormat' },
    ]);
    const page = parseForm(formOf({ ...input, iban: '' }), paymentProfileSchema({ hasSavedAccount: false }), { coerce: false });
    expect(page.ok ? [] : page.issues).toEqual(api.success ? [] : zodIssues(api.error));
  });
});
