import { DATE_LOCALE } from './dates';

// Two ways to write money, by what it is. An amount owed, paid or held (billings, invoices,
// ledgers, balances, credit, sales) always shows the currency's minor units, so that a
// column of them lines up: "£21,546.00" above "£21,533.50". A price someone asks or offers
// (a job's salary, a talent's rate) reads as people write it: "€5,400", "€85.50".
// Intl formats the API's decimal string itself, so no float ever stands between the stored
// amount and what the user reads.

const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  if (!formatters.has(key)) {
    try {
      formatters.set(key, new Intl.NumberFormat(DATE_LOCALE, options));
    } catch {
      // A code Intl does not know (from older data): the caller writes the number, then the code.
      formatters.set(key, null);
    }
  }
  return formatters.get(key)!;
}

function format(amount: string, currency: string | null, pay: boolean): string {
  const number = amount as unknown as number;
  if (!currency) return formatterFor('plain', { maximumFractionDigits: 2 })!.format(number);
  const formatter = formatterFor(`${pay ? 'pay' : 'amount'}:${currency}`, { style: 'currency', currency, ...(pay ? { trailingZeroDisplay: 'stripIfInteger' } : {}) });
  if (formatter) return formatter.format(number);
  return `${formatterFor('fallback', { minimumFractionDigits: 2, maximumFractionDigits: 2 })!.format(number)} ${currency}`;
}

/** An amount owed, paid or held, with the currency's minor units: "£8,400.00", "¥5,000". */
export function formatMoney(amount: string, currency: string | null): string {
  return format(amount, currency, false);
}

/** A salary or a rate, without minor units when it has none: "€5,400", "£85.50". */
export function formatPay(amount: string, currency: string | null): string {
  return format(amount, currency, true);
}
