// What can be wrong with a billing or a payment profile, as codes. The API answers with
// the English messages below; the billing page shows the same codes through its locale
// file (billing.errors.<code> / paymentProfile.errors.<code>), so both say the same thing.

export const BILLING_ISSUE_MESSAGES = {
  assignmentRequired: 'Choose one of your assignments',
  periodInvalid: 'Choose a month between January 1900 and December 2099',
  periodInFuture: 'You can bill the current month or earlier, not a month still to come',
  periodBeforeAssignment: 'The assignment starts in {{start}}; bill that month or later',
  periodAfterAssignment: 'The assignment ended in {{end}}; bill that month or earlier',
  periodTaken: 'There is already a billing for this assignment and month; edit it, or wait until it is rejected',
  currencyRequired: 'Choose the currency of this billing',
  currencyInvalid: 'Use a three-letter ISO 4217 currency code, such as EUR',
  currencyMismatch: 'Every line must be in the billing currency ({{currency}})',
  messageTooLong: 'Use at most {{max}} characters',
  linesRequired: 'Add at least one line',
  linesTooMany: 'Use at most {{max}} lines',
  lineUnknown: 'This line is not part of the billing; reload the page and try again',
  descriptionRequired: 'Describe the work or expense',
  descriptionTooLong: 'Use at most {{max}} characters',
  unitInvalid: 'Choose hour, day or month',
  quantityRequired: 'Enter a quantity',
  quantityFormat: 'Enter a number such as 7.5, with a dot for decimals',
  quantityDecimals: 'Use at most two decimals',
  quantityNotPositive: 'The quantity must be more than 0',
  quantityTooLarge: 'The quantity can be at most {{max}}',
  priceRequired: 'Enter a price per unit',
  priceFormat: 'Enter an amount such as 55.00, with a dot for decimals',
  priceDecimals: 'Use at most two decimals',
  priceNegative: 'The price cannot be negative',
  priceTooLarge: 'The price can be at most {{max}}',
  amountTooLarge: 'The total is larger than a billing can hold; split it into several billings',
} as const;

export type BillingIssueCode = keyof typeof BILLING_ISSUE_MESSAGES;

export const PAYMENT_PROFILE_ISSUE_MESSAGES = {
  currencyRequired: 'Choose the currency you want to be paid in',
  currencyInvalid: 'Use a three-letter ISO 4217 currency code, such as EUR',
  accountHolderRequired: 'Enter the name on the bank account',
  accountHolderTooLong: 'Use at most {{max}} characters',
  ibanRequired: 'Enter your IBAN',
  ibanFormat: 'An IBAN starts with a country code and two check digits, such as DE89 3704 0044 0532 0130 00',
  ibanChecksum: 'This IBAN is not valid: check it for typing mistakes',
  bicFormat: 'A BIC (SWIFT code) has 8 or 11 letters and digits, such as COBADEFFXXX',
  bankNameTooLong: 'Use at most {{max}} characters',
} as const;

export type PaymentProfileIssueCode = keyof typeof PAYMENT_PROFILE_ISSUE_MESSAGES;

/** A problem with one input field; `path` is the field's path in the input (`lines.0.price`). */
export interface Issue<Code extends string> {
  path: string;
  code: Code;
  params?: Record<string, string | number>;
}

export type BillingIssue = Issue<BillingIssueCode>;
export type PaymentProfileIssue = Issue<PaymentProfileIssueCode>;

function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The API's English message for a billing issue. */
export function billingIssueMessage(issue: BillingIssue): string {
  return interpolate(BILLING_ISSUE_MESSAGES[issue.code], issue.params);
}

export function paymentProfileIssueMessage(issue: PaymentProfileIssue): string {
  return interpolate(PAYMENT_PROFILE_ISSUE_MESSAGES[issue.code], issue.params);
}
