import { z } from 'zod';
import { isLanguage, type Language } from '../i18n/namespaces';

// The rules of the signed-in user's own account edit (the user entity: displayName,
// phoneNumber, and the language kept in its preferences). Pure, so the API validates with
// them and the page reads the same limits.

export const ACCOUNT_LIMITS = {
  displayName: 100,
  /** E.164: at most fifteen digits, country code included. */
  phoneDigitsMax: 15,
  /** The shortest numbers in service with their country code (e.g. +290 and four digits). */
  phoneDigitsMin: 7,
} as const;

/** Where the locale files word the account issue codes (common namespace). */
export const ACCOUNT_ERRORS = 'account.errors';

/** What can be wrong with an account field; worded by the locale files (`account.errors.<code>`). */
export type AccountIssueCode = 'displayNameRequired' | 'displayNameTooLong' | 'displayNameControl' | 'phoneFormat' | 'phoneLength' | 'languageUnknown';

export type Checked<T> = { ok: true; value: T } | { ok: false; code: AccountIssueCode };

// Line breaks, tabs and the other C0/C1 control characters: a name is one line of text.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A display name: trimmed, 1 to 100 characters (counted as people see them), one line. */
export function checkDisplayName(raw: string): Checked<string> {
  const value = raw.trim();
  if (value === '') return { ok: false, code: 'displayNameRequired' };
  if (CONTROL.test(value)) return { ok: false, code: 'displayNameControl' };
  if ([...value].length > ACCOUNT_LIMITS.displayName) return { ok: false, code: 'displayNameTooLong' };
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
  if (!/^\+\d+$/.test(compact) || compact[1] === '0') return { ok: false, code: 'phoneFormat' };
  const digits = compact.length - 1;
  if (digits < ACCOUNT_LIMITS.phoneDigitsMin || digits > ACCOUNT_LIMITS.phoneDigitsMax) return { ok: false, code: 'phoneLength' };
  return { ok: true, value: compact };
}

/**
 * The account's language (docs/french.md): the one its pages open in after a sign-in and
 * its mails and pushes are written in. One of the product's languages.
 */
export function checkLanguage(raw: string): Checked<Language> {
  const value = raw.trim();
  return isLanguage(value) ? { ok: true, value } : { ok: false, code: 'languageUnknown' };
}

export interface AccountUpdateInput {
  displayName?: string | null;
  phoneNumber?: string | null;
  language?: string | null;
}

export interface AccountUpdateValues {
  displayName?: string;
  phoneNumber?: string | null;
  language?: Language;
}

export type AccountUpdateResult = { ok: true; values: AccountUpdateValues } | { ok: false; errors: Array<{ path: keyof AccountUpdateInput; code: AccountIssueCode }> };

/**
 * A partial account update: a field left out stays as it is; a blank or null phone number
 * removes it, while the display name can never be removed.
 */
export function parseAccountUpdate(input: AccountUpdateInput): AccountUpdateResult {
  const values: AccountUpdateValues = {};
  const errors: Array<{ path: keyof AccountUpdateInput; code: AccountIssueCode }> = [];
  if (input.displayName !== undefined) {
    const name = checkDisplayName(input.displayName ?? '');
    if (name.ok) values.displayName = name.value;
    else errors.push({ path: 'displayName', code: name.code });
  }
  if (input.phoneNumber !== undefined) {
    const phone = checkPhoneNumber(input.phoneNumber ?? '');
    if (phone.ok) values.phoneNumber = phone.value;
    else errors.push({ path: 'phoneNumber', code: phone.code });
  }
  // A language cannot be removed, only changed: null leaves it as it is, like a field left out.
  if (input.language !== undefined && input.language !== null) {
    const language = checkLanguage(input.language);
    if (language.ok) values.language = language.value;
    else errors.push({ path: 'language', code: language.code });
  }
  return errors.length ? { ok: false, errors } : { ok: true, values };
}

/** A zod field that runs one of the checks above: its issue message is the check's code. */
const checked = <T>(check: (raw: string) => Checked<T>) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const result = check(raw ?? '');
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.code });
      return z.NEVER;
    });

/** The /edit-account form: its fields, read and checked as the API checks them. */
export const accountFormSchema = z.object({
  displayName: checked(checkDisplayName),
  phoneNumber: checked(checkPhoneNumber),
  language: checked(checkLanguage),
});
