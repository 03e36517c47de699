import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format/money';

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
