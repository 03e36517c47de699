// Bank details of a talent's payment profile (talentPaymentProfile.bankInformation):
// IBAN (ISO 13616, checked with its mod-97 check digits), BIC/SWIFT (ISO 9362 format),
// and the masked IBAN that is all anyone sees of it after it was saved.

/** "de89 3704 0044-0532 0130 00" → "DE89370400440532013000": spaces and dashes are only print grouping. */
export function normalizeIban(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** Country code, two check digits, then 11 to 30 letters and digits (15 to 34 in all). */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

export type IbanProblem = 'format' | 'checksum';

/**
 * The ISO 7064 mod-97-10 check: move the first four characters to the end, turn letters
 * into numbers (A = 10 … Z = 35) and the remainder by 97 must be 1. Computed piecewise, so
 * the 30-odd-digit number never needs more than a small integer.
 */
export function ibanChecksumIsValid(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const character of rearranged) {
    const value = Number.parseInt(character, 36);
    if (Number.isNaN(value)) return false;
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder === 1;
}

/** Why a normalised IBAN is not valid, or null when it is. Check digits 00, 01 and 99 are never issued. */
export function ibanProblem(iban: string): IbanProblem | null {
  if (!IBAN_SHAPE.test(iban)) return 'format';
  const checkDigits = iban.slice(2, 4);
  if (checkDigits === '00' || checkDigits === '01' || checkDigits === '99') return 'checksum';
  return ibanChecksumIsValid(iban) ? null : 'checksum';
}

/** "cobadeffxxx" → "COBADEFFXXX". */
export function normalizeBic(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Institution (4 letters), country (2 letters), location (2), optional branch (3). */
const BIC_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

export function isValidBic(bic: string): boolean {
  return BIC_SHAPE.test(bic);
}

export const MASK = '•';

/**
 * "DE89370400440532013000" → "DE•• •••• •••• •••• 3000": the country and the last four
 * characters, which are enough to recognise one's own account. The masked middle has the
 * same width whatever the IBAN's length, so the mask does not give the length away.
 */
export function maskIban(iban: string): string {
  const normalized = normalizeIban(iban);
  if (normalized.length < 8) return `${MASK.repeat(4)}`;
  const group = MASK.repeat(4);
  return `${normalized.slice(0, 2)}${MASK.repeat(2)} ${group} ${group} ${group} ${normalized.slice(-4)}`;
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00", the way IBANs are printed. */
export function groupIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * An account outside the IBAN scheme, as free text: only its last four letters and digits
 * show ("•••• 6789"), enough to recognise one's own account and never enough to use it.
 */
export function maskOtherAccount(text: string): string {
  const characters = text.replace(/[^A-Za-z0-9]/g, '');
  const group = MASK.repeat(4);
  return characters.length < 8 ? group : `${group} ${characters.slice(-4)}`;
}
