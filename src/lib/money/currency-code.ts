// Currencies are ISO 4217 codes (the database checks three capitals). A code must also be
// one the platform's Intl knows, so a typo such as "EUO" is caught and every amount can be
// formatted with its symbol.

/** Every currency the product takes, A to Z: the one list a currency choice offers. */
export const CURRENCY_CODES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? [...Intl.supportedValuesOf('currency')].sort() : [];

const KNOWN = new Set(CURRENCY_CODES);

/** "eur " → "EUR"; the caller still checks it with isCurrencyCode. */
export function normalizeCurrency(text: string): string {
  return text.trim().toUpperCase();
}

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && (KNOWN.size === 0 || KNOWN.has(code));
}
