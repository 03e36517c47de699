import type { Language } from '../i18n/namespaces';
import { numberFormat } from './locale';

// Two ways to write money, by what it is. An amount owed, paid or held (billings, invoices,
// ledgers, balances, credit, sales) always shows the currency's minor units, so that a
// column of them lines up: "£21,546.00" above "£21,533.50". A price someone asks or offers
// (a job's salary, a talent's rate) reads as people write it: "€5,400", "€85.50". French
// writes both its own way: "21 546,00 £", "5 400 €".
// Intl formats the API's decimal string itself, so no float ever stands between the stored
// amount and what the user reads.

function currencyFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  try {
    return numberFormat(language, options);
  } catch {
    // A code Intl does not know (from older data): the caller writes the number, then the code.
    return null;
  }
}

function format(amount: string, currency: string | null, pay: boolean, language: Language): string {
  const number = amount as unknown as number;
  if (!currency) return numberFormat(language, { maximumFractionDigits: 2 }).format(number);
  const formatter = currencyFormat(language, { style: 'currency', currency, ...(pay ? { trailingZeroDisplay: 'stripIfInteger' } : {}) });
  if (formatter) return formatter.format(number);
  return `${numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(number)} ${currency}`;
}

/** An amount owed, paid or held, with the currency's minor units: "£8,400.00", "¥5,000". */
export function formatMoney(amount: string, currency: string | null, language: Language): string {
  return format(amount, currency, false, language);
}

/** A salary or a rate, without minor units when it has none: "€5,400", "£85.50". */
export function formatPay(amount: string, currency: string | null, language: Language): string {
  return format(amount, currency, true, language);
}
