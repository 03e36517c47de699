import { describe, expect, it } from 'vitest';
import { formatMoney, formatPay } from '../../../src/lib/format/money';
import { CURRENCY_CODES, isCurrencyCode } from '../../../src/lib/money/currency-code';

describe('money display: amounts always with the currency minor units', () => {
  it('writes every amount with its minor units, so that a column lines up', () => {
    expect(formatMoney('21546', 'GBP')).toBe('£21,546.00');
    expect(formatMoney('21533.5', 'GBP')).toBe('£21,533.50');
    expect(formatMoney('9458.75', 'EUR')).toBe('€9,458.75');
  });

  it('a currency without minor units has none', () => {
    expect(formatMoney('5000', 'JPY')).toBe('JP¥5,000');
  });

  it('keeps digits a float would lose', () => {
    expect(formatMoney('999999999999.99', 'USD')).toBe('US$999,999,999,999.99');
  });

  it('formats without a currency as a plain number', () => {
    expect(formatMoney('1200', null)).toBe('1,200');
  });

  it('a code Intl does not know: the number, then the code', () => {
    expect(formatMoney('12.5', 'ZZ1')).toBe('12.50 ZZ1');
  });
});

describe('money display: a salary or rate reads as people write it', () => {
  it('drops minor units only when there are none', () => {
    expect(formatPay('5400.00', 'EUR')).toBe('€5,400');
    expect(formatPay('85.50', 'GBP')).toBe('£85.50');
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
