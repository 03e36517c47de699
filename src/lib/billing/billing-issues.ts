// What can be wrong with a billing or a payment profile, as codes. The API answers them
// with `invalidFields` and the billing page words them with `fieldErrorsOf`, both from the
// locale file (`BILLING_ERRORS.<code>` / `PAYMENT_PROFILE_ERRORS.<code>`), so both say the
// same thing.

/** Where billing issue codes are worded (`billing.errors.<code>`). */
export const BILLING_ERRORS = 'billing.errors';

/** Where payment profile issue codes are worded (`paymentProfile.errors.<code>`). */
export const PAYMENT_PROFILE_ERRORS = 'paymentProfile.errors';

export const BILLING_ISSUE_CODES = [
  'assignmentRequired',
  'periodInvalid',
  'periodInFuture',
  'periodBeforeAssignment',
  'periodAfterAssignment',
  'periodTaken',
  'currencyRequired',
  'currencyInvalid',
  'currencyMismatch',
  'messageTooLong',
  'linesRequired',
  'linesTooMany',
  'lineUnknown',
  'descriptionRequired',
  'descriptionTooLong',
  'unitInvalid',
  'quantityRequired',
  'quantityFormat',
  'quantityDecimals',
  'quantityNotPositive',
  'quantityTooLarge',
  'priceRequired',
  'priceFormat',
  'priceDecimals',
  'priceNegative',
  'priceTooLarge',
  'amountTooLarge',
] as const;

export type BillingIssueCode = (typeof BILLING_ISSUE_CODES)[number];

export const PAYMENT_PROFILE_ISSUE_CODES = [
  'currencyRequired',
  'currencyInvalid',
  'accountHolderRequired',
  'accountHolderTooLong',
  'ibanRequired',
  'ibanFormat',
  'ibanChecksum',
  'otherAccountTooLong',
  'accountTwice',
  'bicFormat',
  'bankNameTooLong',
] as const;

export type PaymentProfileIssueCode = (typeof PAYMENT_PROFILE_ISSUE_CODES)[number];

/** A problem with one input field; `path` is the field's path in the input (`lines.0.price`). */
export interface Issue<Code extends string> {
  path: string;
  code: Code;
  params?: Record<string, string | number>;
}

export type BillingIssue = Issue<BillingIssueCode>;
export type PaymentProfileIssue = Issue<PaymentProfileIssueCode>;
