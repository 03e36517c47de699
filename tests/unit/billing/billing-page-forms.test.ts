import { describe, expect, it } from 'vitest';
import { applyLineIntent, billingFormSchema, billingFormValuesOf, formAmounts, formFieldOf, newBillingValues, periodChoices, readBillingIntent, type BillingFormValues } from '../../../src/lib/billing/billing-form';
import { submitBillingPage, type SubmissionContext } from '../../../src/lib/billing/billing-submission';
import { parseForm } from '../../../src/lib/forms/parse-form';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { groupByAssignment } from '../../../src/lib/billing/billing-groups';
import type { BillingAssignmentView, BillingView } from '../../../src/lib/billing/billing-operations';
import { billingHref, readBillingPageState } from '../../../src/lib/billing/billing-page-state';

const NOW = new Date('2026-03-10T12:00:00Z');
const ASSIGNMENT: BillingAssignmentView = {
  id: '5b7c0f5e-2a43-4a0e-9a51-0a3f2d7c9e10',
  roleTitle: 'Frontend Developer',
  clientName: 'Northwind Labs',
  providerName: null,
  reviewerName: 'Northwind Labs',
  currency: 'EUR',
  startDate: '2025-11-01',
  endDate: null,
  isActive: true,
  billedPeriods: ['2026-03', '2026-02'],
};

function formData(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
}

const postedForm = (lines: Array<Record<string, string>>, extra: Record<string, string> = {}): FormData =>
  formData({
    form: 'billing',
    assignmentId: ASSIGNMENT.id,
    period: '2026-01',
    currency: 'EUR',
    message: '',
    ...Object.fromEntries(lines.flatMap((line, index) => Object.entries(line).map(([field, value]) => [`lines[${index}].${field}`, value]))),
    ...extra,
  });

/** The billing form's post read by the form kit, as the page reads it. */
const check = (form: FormData) => parseForm(form, billingFormSchema({ assignment: ASSIGNMENT, now: NOW }, 'en'), { coerce: false });
const posted = (lines: Array<Record<string, string>>, extra: Record<string, string> = {}): BillingFormValues => billingFormValuesOf(check(postedForm(lines, extra)).payload, { keepBlank: true });

describe('billing form without JavaScript: lines are added and removed by submitting, nothing is saved', () => {
  it('reads lines in index order, whatever order they were posted in', () => {
    const form = formData({ 'lines[1].description': 'Second', 'lines[0].description': 'First', 'lines[0].quantity': '2', 'lines[1].unit': 'DAY', 'lines[999].description': 'ignored' });
    expect(billingFormValuesOf(check(form).payload, { keepBlank: true }).lines.map((line) => line.description)).toEqual(['First', 'Second']);
  });

  it('adds an empty line and removes the chosen one, keeping every typed value', () => {
    const values = posted([{ description: 'Development', unit: 'HOUR', quantity: '7.5', price: '55' }]);
    const added = applyLineIntent(values, readBillingIntent('add-line'));
    expect(added.lines).toEqual([
      { id: '', description: 'Development', unit: 'HOUR', quantity: '7.5', price: '55' },
      { id: '', description: '', unit: 'HOUR', quantity: '', price: '' },
    ]);
    expect(applyLineIntent(added, readBillingIntent('remove-line:0')).lines).toEqual([{ id: '', description: '', unit: 'HOUR', quantity: '', price: '' }]);
    expect(readBillingIntent('save')).toEqual({ kind: 'save' });
    expect(readBillingIntent('remove-line:x')).toEqual({ kind: 'save' });
  });

  it('shows line amounts and the exact total as soon as they can be computed', () => {
    const values = posted([
      { description: 'Development', unit: 'HOUR', quantity: '7.5', price: '82.50' },
      { description: 'Per diem', unit: 'DAY', quantity: '0.15', price: '0.10' },
      { description: '', unit: 'HOUR', quantity: '', price: '' },
    ]);
    expect(formAmounts(values)).toEqual({ lines: ['618.75', '0.02', null], total: '618.77' });
    expect(formAmounts(posted([{ description: 'x', unit: 'HOUR', quantity: '1,5', price: '2' }])).total).toBeNull();
  });

  it('drops blank lines on save and checks the rest like the API does, placing issues on fields', () => {
    const form = postedForm([{ description: '', unit: 'HOUR', quantity: '', price: '' }, { description: 'Dev', unit: 'HOUR', quantity: '0', price: '10' }], { period: '2026-02' });
    const result = check(form);
    expect(billingFormValuesOf(result.payload, { keepBlank: false }).lines).toHaveLength(1);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => [formFieldOf(issue.path), issue.code])).toEqual([
      ['period', 'periodTaken'],
      ['lines[0].quantity', 'quantityNotPositive'],
    ]);
  });

  it('refuses a future month and a month before the assignment', () => {
    const future = check(postedForm([{ description: 'Dev', unit: 'HOUR', quantity: '1', price: '1' }], { period: '2026-04' }));
    expect(!future.ok && future.issues.map((issue) => issue.code)).toEqual(['periodInFuture']);
    const early = check(postedForm([{ description: 'Dev', unit: 'HOUR', quantity: '1', price: '1' }], { period: '2025-10' }));
    expect(!early.ok && early.issues.map((issue) => issue.code)).toEqual(['periodBeforeAssignment']);
  });

  it('gives the API input for a valid form', () => {
    const result = check(postedForm([{ id: '', description: ' Dev ', unit: 'HOUR', quantity: '7.5', price: '55' }], { message: ' Hi ' }));
    expect(result).toMatchObject({ ok: true, value: { period: { year: 2026, month: 1 }, input: { currency: 'EUR', message: 'Hi', lines: [{ id: null, description: ' Dev ', unit: 'HOUR', quantity: '7.5', price: '55' }] } } });
  });

  it('edits the billing a posted UUID names; a blank or non-UUID billing id starts a new one', () => {
    const line = [{ description: 'Dev', unit: 'HOUR', quantity: '1', price: '1' }];
    const billingId = '3d1e7c9a-2b4f-4a6e-9c8d-7f6e5d4c3b2a';
    expect(check(postedForm(line, { billingId }))).toMatchObject({ ok: true, value: { billingId } });
    expect(check(postedForm(line, { billingId: '' }))).toMatchObject({ ok: true, value: { billingId: null, period: { year: 2026, month: 1 } } });
    expect(check(postedForm(line, { billingId: 'nope' }))).toMatchObject({ ok: true, value: { billingId: null, period: { year: 2026, month: 1 } } });
  });

  it("words the API's field codes from the locale file, never its English message", async () => {
    const t = getTranslator();
    const refusal = (field: string, code: string, params?: Record<string, string>) => async () => ({
      status: 200,
      body: { errors: [{ message: 'English from the API', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field, code, params, message: 'English from the API' }] } }] },
    });
    const context = (send: SubmissionContext['send']): SubmissionContext => ({
      send, t, language: 'en', now: NOW, upload: () => Promise.reject(new Error('no uploads')), loadAssignments: async () => [ASSIGNMENT], loadPaymentProfile: async () => null,
    });
    const edit = postedForm([{ id: '', description: 'Dev', unit: 'HOUR', quantity: '1', price: '1' }], { billingId: ASSIGNMENT.id, intent: 'save' });
    expect(await submitBillingPage(edit, context(refusal('data.lines.0.price', 'priceTooLarge', { max: '1000000.00' })))).toMatchObject({
      kind: 'invalid', form: 'billing', status: 422, fieldErrors: { 'lines[0].price': t('billing.errors.priceTooLarge', { max: '1000000.00' }) }, formError: null,
    });
    const profile = formData({ form: 'payment-profile', currency: 'EUR', accountHolder: 'Tara', iban: 'DE89 3704 0044 0532 0130 00', bic: '', bankName: '' });
    expect(await submitBillingPage(profile, context(refusal('data.iban', 'ibanChecksum')))).toMatchObject({
      kind: 'invalid', form: 'paymentProfile', fieldErrors: { iban: t('paymentProfile.errors.ibanChecksum') }, formError: null,
    });
  });

  it("places the API's dotted paths and the form's names on the same fields", () => {
    expect(formFieldOf('lines.2.price')).toBe('lines[2].price');
    expect(formFieldOf('lines[2].price')).toBe('lines[2].price');
    expect(formFieldOf('lines.2.id')).toBe('form');
    expect(formFieldOf('year')).toBe('period');
  });

  it('starts a new billing in the newest month not billed yet, in the assignment currency', () => {
    expect(periodChoices(ASSIGNMENT, NOW)).toEqual([
      { value: '2026-03', billed: true },
      { value: '2026-02', billed: true },
      { value: '2026-01', billed: false },
      { value: '2025-12', billed: false },
      { value: '2025-11', billed: false },
    ]);
    expect(newBillingValues(ASSIGNMENT, null, NOW)).toMatchObject({ period: '2026-01', currency: 'EUR', lines: [{ description: '' }] });
    expect(newBillingValues({ ...ASSIGNMENT, currency: null }, { id: 'p', currency: 'CHF', isVerified: false, reviewState: 'awaiting', refusalReason: null, reviewedAt: null, accountHolder: null, maskedIban: null, maskedOtherAccount: null, bic: null, bankName: null }, NOW).currency).toBe('CHF');
  });
});

describe('billing page address: every state has a link', () => {
  const at = (query: string) => readBillingPageState(new URL(`http://x/talent/billing${query}`));

  it('reads the list filters and page, ignoring what it does not know', () => {
    expect(at('?status=SENT&assignment=5B7C0F5E-2A43-4A0E-9A51-0A3F2D7C9E10&page=2')).toEqual({ view: 'list', page: 2, status: 'SENT', assignmentId: ASSIGNMENT.id });
    expect(at('?status=lost&assignment=nope&page=-1')).toEqual({ view: 'list', page: 1, status: null, assignmentId: null });
  });

  it('reads the other states, and falls back to the list for malformed ids', () => {
    expect(at(`?id=${ASSIGNMENT.id}`)).toEqual({ view: 'billing', id: ASSIGNMENT.id });
    expect(at(`?action=edit&id=${ASSIGNMENT.id}`)).toEqual({ view: 'edit', id: ASSIGNMENT.id });
    expect(at(`?action=delete&id=${ASSIGNMENT.id}`)).toEqual({ view: 'delete', id: ASSIGNMENT.id });
    expect(at('?action=new')).toEqual({ view: 'create', assignmentId: null });
    expect(at('?action=payment-profile')).toEqual({ view: 'paymentProfile' });
    expect(at('?action=edit&id=1')).toMatchObject({ view: 'list' });
  });

  it('builds the same addresses', () => {
    expect(billingHref.list({ status: 'PAID', page: 1 })).toBe('/talent/billing?status=PAID');
    expect(billingHref.create(ASSIGNMENT.id)).toBe(`/talent/billing?action=new&assignment=${ASSIGNMENT.id}`);
    expect(billingHref.delete('abc')).toBe('/talent/billing?action=delete&id=abc');
  });
});

describe('billing list groups a page of billings by assignment', () => {
  it('keeps the newest-first order inside groups and orders groups by their newest billing', () => {
    const billing = (id: string, assignmentId: string, month: number) => ({ id, month, year: 2026, assignment: { id: assignmentId } }) as unknown as BillingView;
    const groups = groupByAssignment([billing('a', 'x', 3), billing('b', 'y', 3), billing('c', 'x', 2), billing('d', 'y', 1)]);
    expect(groups.map((group) => [group.key, group.billings.map((entry) => entry.id)])).toEqual([
      ['x', ['a', 'c']],
      ['y', ['b', 'd']],
    ]);
  });
});

describe('billing amounts and attachments as the page shows them', () => {
  // Amounts: tests/unit/money/money.test.ts (one formatter for every amount).
  it('shows quantities without trailing zeros', async () => {
    const { formatQuantity } = await import('../../../src/lib/billing/billing-format');
    expect(formatQuantity('160.00', 'en')).toBe('160');
    expect(formatQuantity('7.50', 'en')).toBe('7.5');
  });

  it('links attachments only to web addresses and paths of this site', async () => {
    const { attachmentHref } = await import('../../../src/lib/billing/billing-format');
    expect(attachmentHref('/files/timesheet.pdf')).toBe('/files/timesheet.pdf');
    expect(attachmentHref('https://files.example/t.pdf')).toBe('https://files.example/t.pdf');
    expect(attachmentHref('javascript:alert(1)')).toBeNull();
    expect(attachmentHref('//evil.example/x')).toBeNull();
    expect(attachmentHref('data:text/html,hi')).toBeNull();
  });
});
