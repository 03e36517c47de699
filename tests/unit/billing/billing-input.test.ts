import { describe, expect, it } from 'vitest';
import { billingContentSchema, readBillingContent, type BillingContentText } from '../../../src/lib/billing/billing-input';
import { zodIssues } from '../../../src/lib/forms/zod-issues';

const line = (overrides: Partial<BillingContentText['lines'][number]> = {}) => ({ description: 'Development', unit: 'HOUR', quantity: '10', price: '55', ...overrides });
/** The issues of the content schema (the API's input check and the billing form's): codes by path, with their params when they have any. */
const issuesOf = (input: BillingContentText) => {
  const result = billingContentSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(zodIssues(result.error).map(({ path, code, params }) => [path, params ? { code, params } : code]));
};

describe('billing content: lines in the billing currency, amounts computed, limits', () => {
  it('computes every line amount and the billing amount, ignoring nothing it was given', () => {
    const result = readBillingContent({ currency: ' eur ', message: '  March hours ', lines: [line({ quantity: '7.5', price: '82.5' }), line({ unit: 'month', quantity: '1', price: '40' })] });
    expect(result).toEqual({
      ok: true,
      value: {
        currency: 'EUR',
        message: 'March hours',
        amount: '658.75',
        lines: [
          { id: null, description: 'Development', unit: 'HOUR', quantity: '7.50', price: '82.50', amount: '618.75', currency: 'EUR' },
          { id: null, description: 'Development', unit: 'MONTH', quantity: '1.00', price: '40.00', amount: '40.00', currency: 'EUR' },
        ],
      },
    });
  });

  it('puts every line in the billing currency and refuses a line in another one', () => {
    const ok = readBillingContent({ currency: 'GBP', lines: [line({ currency: 'gbp' })] });
    expect(ok.ok && ok.value.lines[0]!.currency).toBe('GBP');
    expect(issuesOf({ currency: 'GBP', lines: [line(), line({ currency: 'EUR' })] })).toEqual({ 'lines.1.currency': { code: 'currencyMismatch', params: { currency: 'GBP' } } });
  });

  it('needs a known ISO 4217 currency', () => {
    expect(issuesOf({ currency: '', lines: [line()] })).toEqual({ currency: 'currencyRequired' });
    expect(issuesOf({ currency: 'EUO', lines: [line()] })).toEqual({ currency: 'currencyInvalid' });
    expect(issuesOf({ currency: 'euro', lines: [line()] })).toEqual({ currency: 'currencyInvalid' });
  });

  it('reports every field of every line at once, on its path', () => {
    expect(issuesOf({ currency: 'EUR', lines: [line({ description: ' ', unit: 'WEEK', quantity: '0', price: '-1' }), line({ quantity: '1,5', price: '1.999' })] })).toEqual({
      'lines.0.description': 'descriptionRequired',
      'lines.0.unit': 'unitInvalid',
      'lines.0.quantity': 'quantityNotPositive',
      'lines.0.price': 'priceNegative',
      'lines.1.quantity': 'quantityFormat',
      'lines.1.price': 'priceDecimals',
    });
  });

  it('limits lines, descriptions, messages, quantities and prices', () => {
    expect(issuesOf({ currency: 'EUR', lines: [] })).toEqual({ lines: 'linesRequired' });
    expect(issuesOf({ currency: 'EUR', lines: Array.from({ length: 51 }, () => line()) })).toEqual({ lines: { code: 'linesTooMany', params: { max: 50 } } });
    expect(readBillingContent({ currency: 'EUR', lines: Array.from({ length: 50 }, () => line({ quantity: '10000', price: '1000000' })) })).toMatchObject({ ok: true, value: { amount: '500000000000.00' } });
    expect(issuesOf({ currency: 'EUR', message: 'x'.repeat(2001), lines: [line({ description: 'd'.repeat(301), quantity: '10000.01', price: '1000000.01' })] })).toEqual({
      message: { code: 'messageTooLong', params: { max: 2000 } },
      'lines.0.description': { code: 'descriptionTooLong', params: { max: 300 } },
      'lines.0.quantity': { code: 'quantityTooLarge', params: { max: '10000.00' } },
      'lines.0.price': { code: 'priceTooLarge', params: { max: '1000000.00' } },
    });
  });

  it('is one zod schema for the API and the page: its value is the checked content, its issues the codes with their params', () => {
    expect(billingContentSchema.safeParse({ currency: 'eur', message: null, lines: [line()] })).toMatchObject({
      success: true,
      data: { currency: 'EUR', message: null, amount: '550.00', lines: [{ id: null, amount: '550.00' }] },
    });
    const refused = billingContentSchema.safeParse({ currency: 'GBP', lines: [line({ currency: 'EUR' })] });
    expect(!refused.success && zodIssues(refused.error)).toEqual([{ path: 'lines.0.currency', code: 'currencyMismatch', params: { currency: 'GBP' } }]);
    expect(billingContentSchema.safeParse({ currency: 'EUR', lines: 'none' }).success).toBe(false);
  });

  it('keeps the ids of stored lines, refusing malformed or repeated ones', () => {
    const id = '0b6f3c7e-6a57-4c1b-9d51-2f8f3a0e9c11';
    const ok = readBillingContent({ currency: 'EUR', lines: [line({ id })] });
    expect(ok.ok && ok.value.lines[0]!.id).toBe(id);
    expect(issuesOf({ currency: 'EUR', lines: [line({ id: 'nope' })] })).toEqual({ 'lines.0.id': 'lineUnknown' });
    expect(issuesOf({ currency: 'EUR', lines: [line({ id }), line({ id })] })).toEqual({ 'lines.1.id': 'lineUnknown' });
  });
});
