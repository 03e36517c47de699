import { describe, expect, it } from 'vitest';
import { changeDirection, formatSignedMoney } from '../../../src/lib/transactions/signed-money';

describe('a transaction change with its sign', () => {
  it('shows money in with a plus, money out with a minus and nothing as it is', () => {
    expect(formatSignedMoney('1234.50', 'EUR', 'en')).toBe('+€1,234.50');
    expect(formatSignedMoney('-61.73', 'GBP', 'en')).toBe('-£61.73');
    expect(formatSignedMoney('0.00', 'EUR', 'en')).toBe('€0.00');
  });

  it('keeps every cent of a large amount (no float in between)', () => {
    expect(formatSignedMoney('123456789012.35', 'EUR', 'en')).toBe('+€123,456,789,012.35');
  });

  it('tells the direction from the decimal string', () => {
    expect(['0.01', '-0.01', '0.00'].map(changeDirection)).toEqual(['in', 'out', 'none']);
  });
});
