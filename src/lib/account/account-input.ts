// The rules of the signed-in user's own account edit (spec §3 user: displayName,
// phoneNumber). Pure, so the API validates with them and the page reads the same limits.

export const ACCOUNT_LIMITS = {
  displayName: 100,
  /** E.164: at most fifteen digits, country code included. */
  phoneDigitsMax: 15,
  /** The shortest numbers in service with their country code (e.g. +290 and four digits). */
  phoneDigitsMin: 7,
} as const;

export const ACCOUNT_MESSAGES = {
  displayNameRequired: 'Enter the name people see for your account',
  displayNameTooLong: `Use at most ${ACCOUNT_LIMITS.displayName} characters`,
  displayNameControl: 'Remove line breaks and tabs from the name',
  phoneFormat: 'Enter the number in international format: + and the country code, then the number, e.g. +44 20 7946 0958',
  phoneLength: `An international number has ${ACCOUNT_LIMITS.phoneDigitsMin} to ${ACCOUNT_LIMITS.phoneDigitsMax} digits, country code included`,
} as const;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

// Line breaks, tabs and the other C0/C1 control characters: a name is one line of text.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A display name: trimmed, 1 to 100 characters (counted as people see them), one line. */
export function checkDisplayName(raw: string): Checked<string> {
  const value = raw.trim();
  if (value === '') return { ok: false, message: ACCOUNT_MESSAGES.displayNameRequired };
  if (CONTROL.test(value)) return { ok: false, message: ACCOUNT_MESSAGES.displayNameControl };
  if ([...value].length > ACCOUNT_LIMITS.displayName) return { ok: false, message: ACCOUNT_MESSAGES.displayNameTooLong };
  return { ok: true, value };
}

// What people put between digit groups when they write a number down.
const SEPARATORS = /[\s\-./()]/g;

/**
 * A phone number in E.164 (+ and up to fifteen digits), or null when left blank. Spaces,
 * dashes, dots, slashes and brackets are dropped and a leading 00 reads as +, so
 * "+44 20 7946-0958" and "0044 (20) 7946 0958" are both stored as +442079460958. A national
 * number without its country code is refused: it cannot be dialled from abroad.
 */
export function checkPhoneNumber(raw: string): Checked<string | null> {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: true, value: null };
  const compact = trimmed.replace(SEPARATORS, '').replace(/^00/, '+');
  if (!/^\+\d+$/.test(compact) || compact[1] === '0') return { ok: false, message: ACCOUNT_MESSAGES.phoneFormat };
  const digits = compact.length - 1;
  if (digits < ACCOUNT_LIMITS.phoneDigitsMin || digits > ACCOUNT_LIMITS.phoneDigitsMax) return { ok: false, message: ACCOUNT_MESSAGES.phoneLength };
  return { ok: true, value: compact };
}

export interface AccountUpdateInput {
  displayName?: string | null;
  phoneNumber?: string | null;
}

export interface AccountUpdateValues {
  displayName?: string;
  phoneNumber?: string | null;
}

export type AccountUpdateResult = { ok: true; values: AccountUpdateValues } | { ok: false; errors: Array<{ path: keyof AccountUpdateInput; message: string }> };

/**
 * A partial account update: a field left out stays as it is; a blank or null phone number
 * removes it, while the display name can never be removed.
 */
export function parseAccountUpdate(input: AccountUpdateInput): AccountUpdateResult {
  const values: AccountUpdateValues = {};
  const errors: Array<{ path: keyof AccountUpdateInput; message: string }> = [];
  if (input.displayName !== undefined) {
    const name = checkDisplayName(input.displayName ?? '');
    if (name.ok) values.displayName = name.value;
    else errors.push({ path: 'displayName', message: name.message });
  }
  if (input.phoneNumber !== undefined) {
    const phone = checkPhoneNumber(input.phoneNumber ?? '');
    if (phone.ok) values.phoneNumber = phone.value;
    else errors.push({ path: 'phoneNumber', message: phone.message });
  }
  return errors.length ? { ok: false, errors } : { ok: true, values };
}
