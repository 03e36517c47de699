import type { FieldIssue } from '../../lib/forms/form-outcome';
import { hasControlCharacters } from '../../lib/text/control-characters';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export type SignUpField = keyof SignUpInput;

/** What is wrong with a field, as a code the sign-up page words (`identity.pages.signUp.errors`). */
export type SignUpIssue = FieldIssue & { path: SignUpField };

export type SignUpValidation = { ok: true; value: SignUpInput } | { ok: false; issues: SignUpIssue[] };

export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 10;
// scrypt's cost does not depend on length, but nobody needs more and the form body is capped.
export const PASSWORD_MAX_LENGTH = 256;
const EMAIL_MAX_LENGTH = 254;

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && emailPattern.test(email);
}

/** The rule a new password breaks (sign-up, password reset), or null. */
export function passwordIssueOf(password: string): SignUpIssue | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return { path: 'password', code: 'passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } };
  if ([...password].length > PASSWORD_MAX_LENGTH) return { path: 'password', code: 'passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } };
  return null;
}

export function validateSignUp(input: SignUpInput): SignUpValidation {
  const name = input.name.trim();
  const email = normalizeEmail(input.email);
  const { password } = input;
  const issues: SignUpIssue[] = [];
  // One issue per field, the first rule it breaks.
  if (!name) issues.push({ path: 'name', code: 'nameMissing' });
  else if (hasControlCharacters(name)) issues.push({ path: 'name', code: 'controlCharacters' });
  else if ([...name].length > NAME_MAX_LENGTH) issues.push({ path: 'name', code: 'nameTooLong', params: { max: NAME_MAX_LENGTH } });
  if (hasControlCharacters(email)) issues.push({ path: 'email', code: 'controlCharacters' });
  else if (!isValidEmail(email)) issues.push({ path: 'email', code: 'emailInvalid' });
  const passwordIssue = passwordIssueOf(password);
  if (passwordIssue) issues.push(passwordIssue);
  return issues.length ? { ok: false, issues } : { ok: true, value: { name, email, password } };
}
