import { describe, expect, it } from 'vitest';
import { BILLING_AMOUNT_LIMITS, billingAmount, fitsMoneyColumn, lineAmount, readDecimal, readPrice, readQuantity } from '../../../src/lib/billing/billing-arithmetic';
import { addMoney, fromCents, multiplyMoney, toCents } from '../../../src/lib/money/decimal-money';

describe('billing line amount = quantity × price, rounded half away from zero to cents', () => {
  it('multiplies exactly', () => {
    expect(lineAmount('160.00', '55.00')).toBe('8800.00');
    expect(lineAmount('7.50', '82.50')).toBe('618.75');
    expect(lineAmount('1.00', '0.00')).toBe('0.00');
  });

  it('rounds a half cent up, away from zero, where floats round it down', () => {
    // 0.15 × 0.10 = 0.015 exactly; as floats (0.15 * 0.10).toFixed(2) is "0.01".
    expect((0.15 * 0.1).toFixed(2)).toBe('0.01');
    expect(lineAmount('0.15', '0.10')).toBe('0.02');
    expect(lineAmount('0.05', '0.50')).toBe('0.03');
    expect(lineAmount('2.50', '0.01')).toBe('0.03');
    expect(lineAmount('1.01', '1.01')).toBe('1.02'); // 1.0201
    expect(lineAmount('3.33', '3.33')).toBe('11.09'); // 11.0889
    expect(lineAmount('0.01', '0.49')).toBe('0.00'); // 0.0049
  });

  it('rounds negative products away from zero too (decimal-money, used for corrections)', () => {
    expect(multiplyMoney('-0.15', '0.10')).toBe('-0.02');
    expect(multiplyMoney('0.05', '-0.50')).toBe('-0.03');
  });

  it('stays exact for the largest line the limits allow', () => {
    expect(lineAmount(BILLING_AMOUNT_LIMITS.maxQuantity, BILLING_AMOUNT_LIMITS.maxPrice)).toBe('10000000000.00');
    expect(lineAmount('9999.99', '999999.99')).toBe('9999989900.00'); // 9 999 989 900.0001
    expect(lineAmount('9999.99', '999999.97')).toBe('9999989700.00'); // 9 999 989 700.0003
  });
});

describe('billing amount = the sum of its line amounts', () => {
  it('adds exactly, with no float drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(billingAmount(['0.10', '0.20'])).toBe('0.30');
    expect(billingAmount(['8800.00', '618.75', '40.00'])).toBe('9458.75');
  });

  it('is 0.00 without lines', () => {
    expect(billingAmount([])).toBe('0.00');
  });

  it('keeps every cent of big totals, beyond what a float holds exactly', () => {
    const fifty = Array.from({ length: 50 }, () => '10000000000.00');
    expect(billingAmount(fifty)).toBe('500000000000.00');
    // Past 2^53 hundredths a float cannot tell neighbouring cents apart; the strings can.
    expect(addMoney('90071992547409.91', '0.01')).toBe('90071992547409.92');
    expect(Number('9007199254740991') + 1 === Number('9007199254740991') + 2).toBe(true);
    expect(fromCents(toCents('999999999999.99') * 3n)).toBe('2999999999999.97');
  });

  it('knows what fits a money column (numeric(14, 2))', () => {
    expect(fitsMoneyColumn('999999999999.99')).toBe(true);
    expect(fitsMoneyColumn('1000000000000.00')).toBe(false);
    expect(fitsMoneyColumn('-999999999999.99')).toBe(true);
  });
});

describe('quantity: more than 0, at most 2 decimals, at most 10000', () => {
  it('reads decimals written with a dot and normalises them to two places', () => {
    expect(readQuantity('7.5')).toEqual({ ok: true, value: '7.50' });
    expect(readQuantity(' 160 ')).toEqual({ ok: true, value: '160.00' });
    expect(readQuantity('0.01')).toEqual({ ok: true, value: '0.01' });
    expect(readQuantity('10000')).toEqual({ ok: true, value: '10000.00' });
  });

  it('refuses zero, negatives, three decimals, commas and too much', () => {
    expect(readQuantity('0')).toEqual({ ok: false, problem: 'notPositive' });
    expect(readQuantity('-1')).toEqual({ ok: false, problem: 'notPositive' });
    expect(readQuantity('1.255')).toEqual({ ok: false, problem: 'decimals' });
    expect(readQuantity('7,5')).toEqual({ ok: false, problem: 'format' });
    expect(readQuantity('1e3')).toEqual({ ok: false, problem: 'format' });
    expect(readQuantity('')).toEqual({ ok: false, problem: 'required' });
    expect(readQuantity('10000.01')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(readQuantity('9'.repeat(40))).toEqual({ ok: false, problem: 'format' });
  });
});

describe('price: 0 or more, at most 2 decimals, at most 1000000', () => {
  it('allows a free line and refuses a negative price', () => {
    expect(readPrice('0')).toEqual({ ok: true, value: '0.00' });
    expect(readPrice('55')).toEqual({ ok: true, value: '55.00' });
    expect(readPrice('-0.01')).toEqual({ ok: false, problem: 'negative' });
    expect(readPrice('1000000.00')).toEqual({ ok: true, value: '1000000.00' });
    expect(readPrice('1000000.01')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(readPrice('12.345')).toEqual({ ok: false, problem: 'decimals' });
    expect(readPrice('€12')).toEqual({ ok: false, problem: 'format' });
  });

  it('reads digits as integer hundredths', () => {
    expect(readDecimal('+12.3')).toEqual({ ok: true, cents: 1230n });
    expect(readDecimal('-0.05')).toEqual({ ok: true, cents: -5n });
  });
});
