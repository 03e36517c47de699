import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/lib/format/money';
import { CURRENCY_CODES, isCurrencyCode } from '../../../src/lib/money/currency-code';

describe('money display', () => {
  it('formats a decimal string with its currency in the en-gb locale', () => {
    expect(formatMoney('5400.00', 'EUR')).toBe('€5,400');
    expect(formatMoney('85.50', 'GBP')).toBe('£85.50');
  });

  it('keeps digits a float would lose', () => {
    expect(formatMoney('999999999999.99', 'USD')).toBe('US$999,999,999,999.99');
  });

  it('formats without a currency as a plain number', () => {
    expect(formatMoney('1200', null)).toBe('1,200');
  });
});

describe('one currency list', () => {
  it('offers exactly the codes the currency rule takes, A to Z', () => {
    expect(CURRENCY_CODES).toContain('EUR');
    expect(CURRENCY_CODES).toContain('CHF');
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    for (const code of CURRENCY_CODES) expect(isCurrencyCode(code), code).toBe(true);
  });
});
