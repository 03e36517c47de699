import { describe, expect, it } from 'vitest';
import { companyLocation } from '../../../src/lib/companies/company-location';

describe("a company's location from its address", () => {
  it('names the country of an ISO code in English, after the city', () => {
    expect(companyLocation('Lisbon', 'PT', 'en')).toBe('Lisbon, Portugal');
    expect(companyLocation('London', 'gb', 'en')).toBe('London, United Kingdom');
  });

  it('shows whichever part exists, and nothing without either', () => {
    expect(companyLocation(null, 'DE', 'en')).toBe('Germany');
    expect(companyLocation('Berlin', null, 'en')).toBe('Berlin');
    expect(companyLocation('  ', '', 'en')).toBeNull();
    expect(companyLocation(null, null, 'en')).toBeNull();
  });
});
