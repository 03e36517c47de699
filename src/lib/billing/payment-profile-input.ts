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
} as const;

export interface PaymentProfileText {
  currency: string;
  accountHolder: string;
  /** Blank or absent keeps the IBAN already saved (it is never shown again in full). */
  iban?: string | null;
  bic?: string | null;
  bankName?: string | null;
}

export interface PaymentProfileValue {
  currency: string;
  accountHolder: string;
  /** Null: keep the saved IBAN. */
  iban: string | null;
  bic: string | null;
  bankName: string | null;
}

/**
 * Checks a payment profile: a currency, the account holder, an IBAN that passes its
 * mod-97 check (required unless one is saved already) and, when given, a well-formed BIC.
 */
export function readPaymentProfile(input: PaymentProfileText, options: { hasSavedIban: boolean }): Checked<PaymentProfileValue, PaymentProfileIssue> {
  const issues: PaymentProfileIssue[] = [];
  const currency = normalizeCurrency(input.currency);
  if (currency === '') issues.push({ path: 'currency', code: 'currencyRequired' });
  else if (!isCurrencyCode(currency)) issues.push({ path: 'currency', code: 'currencyInvalid' });

  const accountHolder = input.accountHolder.trim().replace(/\s+/g, ' ');
  if (accountHolder === '') issues.push({ path: 'accountHolder', code: 'accountHolderRequired' });
  else if (accountHolder.length > PAYMENT_PROFILE_LIMITS.accountHolder) issues.push({ path: 'accountHolder', code: 'accountHolderTooLong', params: { max: PAYMENT_PROFILE_LIMITS.accountHolder } });

  const iban = normalizeIban(input.iban ?? '');
  if (iban === '') {
    if (!options.hasSavedIban) issues.push({ path: 'iban', code: 'ibanRequired' });
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
  return { ok: true, value: { currency, accountHolder, iban: iban || null, bic: bic || null, bankName } };
}

/**
 * The payment profile checked by the rules above, as one zod schema for the API's input
 * (saveMyPaymentProfile) and the billing page's form alike: its value is the checked
 * profile, its issues the rules' codes (`paymentProfile.errors.<code>`) with their params,
 * on the fields' names. `hasSavedIban`: a blank IBAN keeps the saved one.
 */
export function paymentProfileSchema(options: { hasSavedIban: boolean }) {
  return z
    .object({ currency: z.string().nullish(), accountHolder: z.string().nullish(), iban: z.string().nullish(), bic: z.string().nullish(), bankName: z.string().nullish() })
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
}

/** The bank account a save leads to: an IBAN left blank keeps the saved one. */
export function bankDetailsAfterSave(stored: StoredBankDetails | null, value: PaymentProfileValue): Required<StoredBankDetails> {
  return { accountHolder: value.accountHolder, iban: value.iban ?? stored?.iban ?? null, bic: value.bic, bankName: value.bankName };
}

/**
 * Whether a save keeps the profile's verified flag. The platform verifies that this
 * account (holder, IBAN, BIC, bank) belongs to the talent before paying into it; once any
 * of it changes, that check no longer covers the account money would go to, so the flag
 * goes back to false until the platform verifies the new details. A new payout currency
 * alone pays into the same verified account and keeps it.
 */
export function keepsVerification(stored: StoredBankDetails | null, next: Required<StoredBankDetails>): boolean {
  if (!stored) return false;
  const same = (a: string | null | undefined, b: string | null | undefined) => (a || null) === (b || null);
  return same(stored.accountHolder, next.accountHolder) && same(stored.iban, next.iban) && same(stored.bic, next.bic) && same(stored.bankName, next.bankName);
}
