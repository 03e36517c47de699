import { z } from 'zod';
import { isCurrencyCode, normalizeCurrency } from '../money/currency-code';
import { isCountryCode } from '../places/country-codes';
import { hasForbiddenControls } from '../text/control-characters';

// The field rules every feature's input schema shares: optional text, a required name, an
// e-mail address, a country, a currency and the reason an admin gives. Every message is an issue code, worded by the feature's own
// `<feature>.errors.<code>` or the form kit's shared `forms.errors.<code>` (fieldErrorsOf).

const length = (value: string) => [...value].length;

/**
 * Optional text: trimmed; blank or null reads as null (the field is emptied); undefined
 * stays undefined (a partial update leaves the field alone). A text over `max` is the issue
 * `tooLong` with that `max`, which its words may name.
 */
export function optionalText(max: number, multiline = false) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const value = (raw ?? '').trim();
      if (value === '') return null;
      if (hasForbiddenControls(value, multiline)) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
      else if (length(value) > max) ctx.addIssue({ code: 'custom', message: 'tooLong', params: { max } });
      return value;
    });
}

/**
 * A required one-line name (a company's, a role's, a hiring step's): trimmed, 1 to `max`
 * characters, no control characters. A form's empty field arrives absent (parseForm), so
 * absent, null and blank all read as the `required` code, never a generic type error.
 */
export function requiredName(max: number, codes: { required: string; tooLong: string }) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') ctx.addIssue({ code: 'custom', message: codes.required });
      else if (hasForbiddenControls(value)) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
      else if (length(value) > max) ctx.addIssue({ code: 'custom', message: codes.tooLong });
      return value;
    });
}

/** ISO 3166-1 alpha-2, any case ("pt" → "PT"); blank removes it. Job places use it too. */
export const countryCode = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = (raw ?? '').trim().toUpperCase();
    if (value === '') return null;
    if (!isCountryCode(value)) ctx.addIssue({ code: 'custom', message: 'countryUnknown' });
    return value;
  });

/** ISO 4217 through the billing rules (one currency list in the product); blank removes it. Job salaries use it too. */
export const currencyCode = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = normalizeCurrency(raw ?? '');
    if (value === '') return null;
    if (!isCurrencyCode(value)) ctx.addIssue({ code: 'custom', message: 'currencyUnknown' });
    return value;
  });

/** RFC 5321 caps an address at 254 characters; the shape check is the one browsers apply. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// A form's empty field arrives absent: that is no address either. A company's member
// invitation, the roster's "add by e-mail" and the talent profile read addresses with it.
export const emailAddress = z.string({ error: 'emailInvalid' }).transform((raw, ctx) => {
  const value = raw.trim();
  if (value.length > 254 || !EMAIL.test(value)) ctx.addIssue({ code: 'custom', message: 'emailInvalid' });
  return value;
});

/** The longest rejection reason, in characters as people count them. */
export const REJECTION_REASON_MAX = 1000;

/**
 * A reason an admin gives for a decision its subject reads (a company's rejection, a job
 * ad taken down): required (they must learn what to fix), trimmed, at most 1,000
 * characters, line breaks kept. `requiredCode` words the missing reason for its subject.
 */
export const adminReason = (requiredCode: string) =>
  z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') ctx.addIssue({ code: 'custom', message: requiredCode });
      else if (hasForbiddenControls(value, true)) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
      else if ([...value].length > REJECTION_REASON_MAX) ctx.addIssue({ code: 'custom', message: 'reasonTooLong' });
      return value;
    });
