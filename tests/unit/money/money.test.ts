import { describe, expect, it } from 'vitest';
import { formatMoney, formatPay } from '../../../src/lib/format/money';
import { CURRENCY_CODES, isCurrencyCode } from '../../../src/lib/money/currency-code';

describe('money display: amounts always with the currency minor units', () => {
  it('writes every amount with its minor units, so that a column lines up', () => {
    expect(formatMoney('21546', 'GBP', 'en')).toBe('£21,546.00');
    expect(formatMoney('21533.5', 'GBP', 'en')).toBe('£21,533.50');
    expect(formatMoney('9458.75', 'EUR', 'en')).toBe('€9,458.75');
  });

  it('a currency without minor units has none', () => {
    expect(formatMoney('5000', 'JPY', 'en')).toBe('JP¥5,000');
  });

  it('keeps digits a float would lose', () => {
    expect(formatMoney('999999999999.99', 'USD', 'en')).toBe('US$999,999,999,999.99');
  });

  it('formats without a currency as a plain number', () => {
    expect(formatMoney('1200', null, 'en')).toBe('1,200');
  });

  it('a code Intl does not know: the number, then the code', () => {
    expect(formatMoney('12.5', 'ZZ1', 'en')).toBe('12.50 ZZ1');
  });
});

describe('money display: a salary or rate reads as people write it', () => {
  it('drops minor units only when there are none', () => {
    expect(formatPay('5400.00', 'EUR', 'en')).toBe('€5,400');
    expect(formatPay('85.50', 'GBP', 'en')).toBe('£85.50');
  });
});

describe('money display in French', () => {
  // Intl puts a narrow no-break space (U+202F) between thousands and a no-break space (U+00A0) before the symbol.
  it('writes money in French as 1 234,56 € (the French locale rule)', () => {
    expect(formatMoney('1234.56', 'EUR', 'fr')).toBe('1\u202f234,56\u00a0€');
    expect(formatMoney('21546', 'GBP', 'fr')).toBe('21\u202f546,00\u00a0£GB');
    expect(formatMoney('1200', null, 'fr')).toBe('1\u202f200');
    expect(formatMoney('12.5', 'ZZ1', 'fr')).toBe('12,50 ZZ1');
  });

  it('writes a salary in French as 5 400 € (the French locale rule)', () => {
    expect(formatPay('5400', 'EUR', 'fr')).toBe('5\u202f400\u00a0€');
    expect(formatPay('85.50', 'EUR', 'fr')).toBe('85,50\u00a0€');
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
