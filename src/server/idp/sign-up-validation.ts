import { hasControlCharacters } from '../../lib/text/control-characters';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export type SignUpField = keyof SignUpInput;

export type FieldErrors = Partial<Record<SignUpField, string>>;

export type SignUpValidation = { ok: true; value: SignUpInput } | { ok: false; fieldErrors: FieldErrors };

export const NAME_MAX_LENGTH = 100;
const CONTROL_CHARACTERS_MESSAGE = 'Remove the invisible control characters from this field.';
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

export function validateSignUp(input: SignUpInput): SignUpValidation {
  const name = input.name.trim();
  const email = normalizeEmail(input.email);
  const { password } = input;
  const fieldErrors: FieldErrors = {};
  if (!name) fieldErrors.name = 'Enter your name.';
  else if (hasControlCharacters(name)) fieldErrors.name = CONTROL_CHARACTERS_MESSAGE;
  else if ([...name].length > NAME_MAX_LENGTH) fieldErrors.name = `Name must be at most ${NAME_MAX_LENGTH} characters.`;
  if (hasControlCharacters(email)) fieldErrors.email = CONTROL_CHARACTERS_MESSAGE;
  else if (!isValidEmail(email)) fieldErrors.email = 'Enter a valid email address, like name@example.com.';
  if ([...password].length < PASSWORD_MIN_LENGTH) fieldErrors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  else if ([...password].length > PASSWORD_MAX_LENGTH) fieldErrors.password = `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, value: { name, email, password } };
}
