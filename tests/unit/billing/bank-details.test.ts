import { describe, expect, it } from 'vitest';
import { groupIban, ibanChecksumIsValid, ibanProblem, isValidBic, maskIban, normalizeBic, normalizeIban } from '../../../src/lib/billing/bank-details';

const VALID_IBANS = [
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  'NL91ABNA0417164300',
  'FR1420041010050500013M02606',
  'PT50000201231234567890154',
  'NO9386011117947',
  'MT84MALT011000012345MTLCAST001S',
];

describe('IBAN: shape and ISO 7064 mod-97 check digits', () => {
  it('accepts real IBANs of several countries and lengths (15 to 31 characters)', () => {
    for (const iban of VALID_IBANS) expect(ibanProblem(iban), iban).toBeNull();
  });

  it('reads IBANs typed with spaces, dashes and small letters', () => {
    expect(normalizeIban(' de89 3704-0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(ibanProblem(normalizeIban('gb82 west 1234 5698 7654 32'))).toBeNull();
  });

  it('catches a mistyped digit and two swapped digits', () => {
    expect(ibanProblem('DE89370400440532013001')).toBe('checksum');
    expect(ibanProblem('DE89370400440532010300')).toBe('checksum');
    expect(ibanChecksumIsValid('GB82WEST12345698765423')).toBe(false);
  });

  it('refuses check digits 00, 01 and 99, which are never issued', () => {
    // DE02… is valid; 99 ≡ 02 (mod 97), so the remainder alone would let DE99… through too.
    expect(ibanProblem('DE02370400440532013014')).toBeNull();
    expect(ibanChecksumIsValid('DE99370400440532013014')).toBe(true);
    expect(ibanProblem('DE99370400440532013014')).toBe('checksum');
    for (const digits of ['00', '01', '99']) expect(ibanProblem(`DE${digits}370400440532013000`)).toBe('checksum');
  });

  it('refuses what is not shaped like an IBAN', () => {
    for (const text of ['', '1234', 'DE8937040044', 'D189370400440532013000', 'DE8X370400440532013000', 'DE89 3704', 'DE89370400440532013000€', `DE89${'1'.repeat(31)}`]) {
      expect(ibanProblem(text), text).toBe('format');
    }
  });

  it('prints IBANs in groups of four', () => {
    expect(groupIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('BIC / SWIFT code: 8 or 11 characters (ISO 9362)', () => {
  it('accepts 8- and 11-character codes, typed in any case', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('COBADEFFXXX')).toBe(true);
    expect(isValidBic(normalizeBic(' bcomptpl '))).toBe(true);
    expect(isValidBic('NEDSZAJJ')).toBe(true);
  });

  it('refuses other lengths, digits in the bank or country code and punctuation', () => {
    for (const bic of ['DEUTDEF', 'DEUTDEFF1', 'DEUTDEFF12', 'DEUTDEFF1234', 'DEU1DEFF', 'DEUTD3FF', 'DEUT-DEFF', '']) {
      expect(isValidBic(bic), bic).toBe(false);
    }
  });
});

describe('masked IBAN: only the country and the last four characters are shown', () => {
  it('masks the rest in a fixed width', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE•• •••• •••• •••• 3000');
    expect(maskIban('NO9386011117947')).toBe('NO•• •••• •••• •••• 7947');
    expect(maskIban('mt84 malt 0110 0001 2345 mtlc ast0 01s')).toBe('MT•• •••• •••• •••• 001S');
  });

  it('never contains the digits in between', () => {
    const masked = maskIban('DE89370400440532013000');
    expect(masked).not.toContain('89');
    expect(masked).not.toContain('3704');
    expect(masked.replace(/[^0-9A-Z]/g, '')).toBe('DE3000');
  });

  it('shows nothing of a value too short to be an IBAN', () => {
    expect(maskIban('DE12')).toBe('••••');
  });
});
