import { DATE_LOCALE } from './dates';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * "€5,400.00" from the API's decimal string. Intl formats the string itself, so no
 * float ever stands between the stored amount and what the user reads.
 */
export function formatMoney(amount: string, currency: string | null): string {
  const key = currency ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = currency
      ? new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2, trailingZeroDisplay: 'stripIfInteger' })
      : new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter.format(amount as unknown as number);
}
