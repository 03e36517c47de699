import { describe, expect, it } from 'vitest';
import { rateInsightUnit, rateStanding } from '../../../src/lib/rate-insight/rate-insight';

// "Pay for your skills" (behind talent-rate-insight): where the talent's rate sits.

describe("a talent's rate is compared with the middle half of what the ads pay", () => {
  it('is below under the lower quartile, above over the upper one, within between them, ends included', () => {
    expect(rateStanding('40.00', '50.00', '70.00')).toBe('below');
    expect(rateStanding('50.00', '50.00', '70.00')).toBe('within');
    expect(rateStanding('70.00', '50.00', '70.00')).toBe('within');
    expect(rateStanding('70.01', '50.00', '70.00')).toBe('above');
  });

  it('says nothing without a rate or figures', () => {
    expect(rateStanding(null, '50.00', '70.00')).toBeNull();
    expect(rateStanding('60.00', null, null)).toBeNull();
    expect(rateStanding('x', '50.00', '70.00')).toBeNull();
  });
});

describe('the insight compares in the unit the talent quotes', () => {
  it('takes the hourly rate first, the monthly one when only that is given, hourly without either', () => {
    expect(rateInsightUnit({ hourlyRate: '60.00', monthlyRate: '9000.00' })).toBe('HOUR');
    expect(rateInsightUnit({ hourlyRate: null, monthlyRate: '9000.00' })).toBe('MONTH');
    expect(rateInsightUnit({ hourlyRate: null, monthlyRate: null })).toBe('HOUR');
  });
});
