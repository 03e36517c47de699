// Money columns are numeric(14,2) read and written as strings. Arithmetic goes through
// integer hundredths (bigint) so that no amount ever passes through a float.

const moneyPattern = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "12.3" → 1230n. Refuses anything that is not a plain decimal with at most 2 places. */
export function toCents(value: string): bigint {
  const match = moneyPattern.exec(value);
  if (!match) throw new Error(`Not a money amount: "${value}"`);
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** 1230n → "12.30". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A whole number of currency units as money: 85 → "85.00". */
export function money(units: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`Not a whole amount: ${units}`);
  return fromCents(BigInt(units) * 100n);
}

export function addMoney(...values: readonly string[]): string {
  return fromCents(values.reduce((sum, value) => sum + toCents(value), 0n));
}

export function negateMoney(value: string): string {
  return fromCents(-toCents(value));
}

/**
 * quantity × price, both with at most 2 decimals; the exact product has 4 and is
 * rounded half away from zero to cents, as an invoice line would be.
 */
export function multiplyMoney(quantity: string, price: string): string {
  const product = toCents(quantity) * toCents(price);
  const negative = product < 0n;
  const absolute = negative ? -product : product;
  const rounded = (absolute + 50n) / 100n;
  return fromCents(negative ? -rounded : rounded);
}
