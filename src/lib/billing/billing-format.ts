import { DATE_LOCALE } from '../format/dates';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * "€9,458.75", "£8,400.00": billing amounts always show their cents, as on an invoice.
 * Intl formats the decimal string itself, so no float stands between the stored amount
 * and what the talent reads.
 */
export function formatBillingAmount(amount: string, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      // A code Intl does not know (from older data): the number, then the code.
      return `${new Intl.NumberFormat(DATE_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number)} ${currency}`;
    }
    formatters.set(currency, formatter);
  }
  return formatter.format(amount as unknown as number);
}

/** "7.5" → "7.5", "160.00" → "160": quantities read best without trailing zeros. */
export function formatQuantity(quantity: string): string {
  return new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 2 }).format(quantity as unknown as number);
}

/**
 * An attachment's address as a link target, or null when it is not one we should link
 * to: only web addresses and paths on this site, never `javascript:` or `data:` ones.
 */
export function attachmentHref(url: string): string | null {
  if (/^\/(?!\/)/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
