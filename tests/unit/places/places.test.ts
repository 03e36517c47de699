import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from '../../../src/lib/places/country-codes';
import { countryName } from '../../../src/lib/places/country-name';

describe('countries', () => {
  it('knows the 249 ISO 3166-1 alpha-2 codes, and nothing else', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(isCountryCode('PT')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('UK')).toBe(false);
  });

  it('names the country of an ISO code in English, in any case', () => {
    expect(countryName('PT', 'en')).toBe('Portugal');
    expect(countryName(' gb ', 'en')).toBe('United Kingdom');
  });

  it('keeps a country that is not a known two-letter code as it was written', () => {
    expect(countryName('Portugal', 'en')).toBe('Portugal');
    expect(countryName('AA', 'en')).toBe('AA');
  });
});
