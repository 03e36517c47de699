import { describe, expect, it } from 'vitest';
import { submitBillingReview } from '../../../src/lib/billing/billing-review-pages';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { submitInvoiceAction, submitInvoiceDraft } from '../../../src/lib/invoices/invoicing-pages';
import { submitLedgerEntry, submitReversal } from '../../../src/lib/talent-roster/ledger-pages';
import companies from '../../../src/locales/en/common/companies.json';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

// Separation of duties on the pages that move money: a member who is the talent concerned
// is not offered the action (the API's concernsYou), and a refusal that comes anyway (a
// stale page, a forged post) is worded from companies.errors above the form with 403.

const t = getTranslator();
const ID = '11111111-1111-4111-8111-111111111111';
const message = companies.companies.errors.separationOfDuties;
const refused = () => apiAnswering({ status: 403, body: { data: null, errors: [{ message: 'English text', extensions: { code: 'FORBIDDEN', reason: 'separationOfDuties' } }] } });

describe('separation of duties: the refusal in the pages’ words', () => {
  it('approving or rejecting one’s own billing', async () => {
    expect(await submitBillingReview(ID, formOf({ intent: 'approve' }), refused().send, t)).toMatchObject({ kind: 'invalid', formError: message, status: 403 });
    expect(await submitBillingReview(ID, formOf({ intent: 'reject', reason: 'No' }), refused().send, t)).toMatchObject({ kind: 'invalid', formError: message, status: 403 });
  });

  it('preparing, issuing, marking paid or crediting an invoice of one’s own work', async () => {
    expect(await submitInvoiceDraft(formOf({ billingId: ID, vatRate: '20' }), refused().send, t)).toMatchObject({ kind: 'invalid', formError: message, status: 403 });
    for (const fields of [{ intent: 'issue' }, { intent: 'delete' }, { intent: 'paid' }, { intent: 'credit', reason: 'Cancelled' }] as Record<string, string>[]) {
      expect(await submitInvoiceAction(ID, formOf(fields), refused().send, t), fields.intent).toMatchObject({ kind: 'invalid', formError: message, status: 403 });
    }
  });

  it('booking on one’s own balance or reversing an entry of it', async () => {
    expect(await submitLedgerEntry(formOf({ companyTalentRosterId: ID, type: 'SALARY', change: '5000' }), refused().send, t)).toMatchObject({ kind: 'invalid', formError: message, status: 403 });
    expect(await submitReversal(formOf({ id: ID }), refused().send, t)).toEqual({ kind: 'refused', message, status: 403 });
  });
});
