import { z } from 'zod';
import { addFieldIssues } from '../forms/zod-issues';
import { ibanProblem, normalizeBic, normalizeIban, isValidBic } from './bank-details';
import type { PaymentProfileIssue } from './billing-issues';
import { isCurrencyCode, normalizeCurrency } from '../money/currency-code';
import type { Checked } from './billing-input';

// A talent's payment profile as they save it: the payout currency and the bank account.
// Shared by the API and the billing page.

export const PAYMENT_PROFILE_LIMITS = {
  accountHolder: 140,
  bankName: 140,
  otherAccount: 300,
} as const;

export interface PaymentProfileText {
  currency: string;
  accountHolder: string;
  /** Blank or absent keeps the IBAN already saved (it is never shown again in full). */
  iban?: string | null;
  bic?: string | null;
  bankName?: string | null;
  /** An account outside the IBAN scheme, in the talent's words; blank or absent keeps the saved account. */
  otherAccount?: string | null;
}

export interface PaymentProfileValue {
  currency: string;
  accountHolder: string;
  /** Null: keep the saved account (unless otherAccount replaces it). */
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  /** Null: keep the saved account (unless iban replaces it). */
  otherAccount: string | null;
}

/**
 * Free text as a reviewer reads it: each line trimmed with its runs of spaces made one,
 * blank lines dropped (the account stays on the lines the talent gave it).
 */
function normalizeOtherAccount(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/[ \t]+/g, ' '))
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Checks a payment profile: a currency, the account holder, the bank account and, when
 * given, a well-formed BIC. The account is an IBAN that passes its mod-97 check or, for a
 * bank outside the IBAN scheme, the account in the talent's words (which no rule can
 * check: the platform's reviewer does, by hand). One of the two is required unless an
 * account is saved already; both at once is refused, as the money can go to one only.
 */
export function readPaymentProfile(input: PaymentProfileText, options: { hasSavedAccount: boolean }): Checked<PaymentProfileValue, PaymentProfileIssue> {
  const issues: PaymentProfileIssue[] = [];
  const currency = normalizeCurrency(input.currency);
  if (currency === '') issues.push({ path: 'currency', code: 'currencyRequired' });
  else if (!isCurrencyCode(currency)) issues.push({ path: 'currency', code: 'currencyInvalid' });

  const accountHolder = input.accountHolder.trim().replace(/\s+/g, ' ');
  if (accountHolder === '') issues.push({ path: 'accountHolder', code: 'accountHolderRequired' });
  else if (accountHolder.length > PAYMENT_PROFILE_LIMITS.accountHolder) issues.push({ path: 'accountHolder', code: 'accountHolderTooLong', params: { max: PAYMENT_PROFILE_LIMITS.accountHolder } });

  const iban = normalizeIban(input.iban ?? '');
  const otherAccount = normalizeOtherAccount(input.otherAccount ?? '');
  if (otherAccount.length > PAYMENT_PROFILE_LIMITS.otherAccount) issues.push({ path: 'otherAccount', code: 'otherAccountTooLong', params: { max: PAYMENT_PROFILE_LIMITS.otherAccount } });
  if (iban !== '' && otherAccount !== '') issues.push({ path: 'otherAccount', code: 'accountTwice' });
  if (iban === '') {
    if (otherAccount === '' && !options.hasSavedAccount) issues.push({ path: 'iban', code: 'ibanRequired' });
  } else {
    const problem = ibanProblem(iban);
    if (problem === 'format') issues.push({ path: 'iban', code: 'ibanFormat' });
    if (problem === 'checksum') issues.push({ path: 'iban', code: 'ibanChecksum' });
  }

  const bic = normalizeBic(input.bic ?? '');
  if (bic !== '' && !isValidBic(bic)) issues.push({ path: 'bic', code: 'bicFormat' });

  const bankName = input.bankName?.trim().replace(/\s+/g, ' ') || null;
  if (bankName && bankName.length > PAYMENT_PROFILE_LIMITS.bankName) issues.push({ path: 'bankName', code: 'bankNameTooLong', params: { max: PAYMENT_PROFILE_LIMITS.bankName } });

  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { currency, accountHolder, iban: iban || null, bic: bic || null, bankName, otherAccount: otherAccount || null } };
}

/**
 * The payment profile checked by the rules above, as one zod schema for the API's input
 * (saveMyPaymentProfile) and the billing page's form alike: its value is the checked
 * profile, its issues the rules' codes (`paymentProfile.errors.<code>`) with their params,
 * on the fields' names. `hasSavedAccount`: a blank IBAN and other account keep the saved account.
 */
export function paymentProfileSchema(options: { hasSavedAccount: boolean }) {
  return z
    .object({
      currency: z.string().nullish(),
      accountHolder: z.string().nullish(),
      iban: z.string().nullish(),
      bic: z.string().nullish(),
      bankName: z.string().nullish(),
      otherAccount: z.string().nullish(),
    })
    .transform((input, context) => {
      const checked = readPaymentProfile({ ...input, currency: input.currency ?? '', accountHolder: input.accountHolder ?? '' }, options);
      if (checked.ok) return checked.value;
      addFieldIssues(context, checked.issues);
      return z.NEVER;
    });
}

/** The bank account as stored in talentPaymentProfile.bankInformation. */
export interface StoredBankDetails {
  accountHolder?: string | null;
  iban?: string | null;
  bic?: string | null;
  bankName?: string | null;
  otherAccount?: string | null;
}

/**
 * The bank account a save leads to: a typed IBAN or other account replaces the saved
 * account, whichever kind it was; both left blank keep it.
 */
export function bankDetailsAfterSave(stored: StoredBankDetails | null, value: PaymentProfileValue): Required<StoredBankDetails> {
  const account =
    value.iban !== null ? { iban: value.iban, otherAccount: null }
    : value.otherAccount !== null ? { iban: null, otherAccount: value.otherAccount }
    : { iban: stored?.iban ?? null, otherAccount: stored?.otherAccount ?? null };
  return { accountHolder: value.accountHolder, ...account, bic: value.bic, bankName: value.bankName };
}

/**
 * Whether a save keeps the profile's verified flag. The platform verifies that this
 * account (holder, IBAN or other account, BIC, bank) belongs to the talent before paying into it; once any
 * of it changes, that check no longer covers the account money would go to, so the flag
 * goes back to false until the platform verifies the new details. A new payout currency
 * alone pays into the same verified account and keeps it.
 */
export function keepsVerification(stored: StoredBankDetails | null, next: Required<StoredBankDetails>): boolean {
  if (!stored) return false;
  const same = (a: string | null | undefined, b: string | null | undefined) => (a || null) === (b || null);
  return (
    same(stored.accountHolder, next.accountHolder) &&
    same(stored.iban, next.iban) &&
    same(stored.otherAccount, next.otherAccount) &&
    same(stored.bic, next.bic) &&
    same(stored.bankName, next.bankName)
  );
}
