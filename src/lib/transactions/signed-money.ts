import type { Language } from '../i18n/namespaces';
import { formatMoney } from '../format/money';
import { toCents } from '../money/decimal-money';

/**
 * A change as the transactions table shows it: "+€1,234.50" for money in, "-€61.73" for
 * money out, "€0" for nothing. The sign is read from the decimal string itself.
 */
export function formatSignedMoney(amount: string, currency: string, language: Language): string {
  const formatted = formatMoney(amount, currency, language);
  return toCents(amount) > 0n ? `+${formatted}` : formatted;
}

/** 'in', 'out' or 'none', for styling a change (never the only cue: the sign is in the text). */
export function changeDirection(amount: string): 'in' | 'out' | 'none' {
  const cents = toCents(amount);
  return cents > 0n ? 'in' : cents < 0n ? 'out' : 'none';
}
