// The billing statuses and who may move a billing from one to the next. Pure, so
// the API enforces it and the pages offer only the actions it allows.

export const BILLING_STATUSES = ['DRAFT', 'SENT', 'APPROVED', 'INVOICED', 'PAID', 'REJECTED'] as const;
export type BillingStatusValue = (typeof BILLING_STATUSES)[number];

/** The talent writes and sends a billing; the company (client or provider) decides on it. */
export type BillingActor = 'talent' | 'company';

type Move = readonly [from: BillingStatusValue, to: BillingStatusValue];

// REJECTED is final: it never goes back to DRAFT. The rejected billing is the record of
// what was claimed and why the company refused it (its message), so it stays as it was;
// the talent fixes the claim in a new billing for the same month, which the "one
// non-rejected billing per assignment and month" rule allows. Reopening it would rewrite
// a document the company already answered, and the audit trail would no longer show what
// was rejected. The demo data follows the same path (a rejected try, then a paid one).
const MOVES: Record<BillingActor, readonly Move[]> = {
  talent: [['DRAFT', 'SENT']],
  company: [
    ['SENT', 'APPROVED'],
    ['SENT', 'REJECTED'],
    ['APPROVED', 'INVOICED'],
    ['INVOICED', 'PAID'],
  ],
};

export function isBillingStatus(value: unknown): value is BillingStatusValue {
  return typeof value === 'string' && (BILLING_STATUSES as readonly string[]).includes(value);
}

/** True only for the moves listed above; everything else (including staying put) is refused. */
export function canChangeStatus(actor: BillingActor, from: BillingStatusValue, to: BillingStatusValue): boolean {
  return MOVES[actor].some(([moveFrom, moveTo]) => moveFrom === from && moveTo === to);
}

/** Where this actor may move a billing in this status, in the order of the list above. */
export function nextStatuses(actor: BillingActor, from: BillingStatusValue): BillingStatusValue[] {
  return MOVES[actor].filter(([moveFrom]) => moveFrom === from).map(([, to]) => to);
}

/**
 * Only the talent edits a billing (its lines and message), and only while it is a DRAFT:
 * once sent, the company reviews exactly what was sent.
 */
export function canEditBilling(actor: BillingActor, status: BillingStatusValue): boolean {
  return actor === 'talent' && status === 'DRAFT';
}

/** Only a DRAFT can be deleted, by the talent: anything sent is part of the money trail. */
export function canDeleteBilling(actor: BillingActor, status: BillingStatusValue): boolean {
  return actor === 'talent' && status === 'DRAFT';
}

/** Rejected billings do not hold their month: a corrected one may be created for it. */
export function holdsItsPeriod(status: BillingStatusValue): boolean {
  return status !== 'REJECTED';
}
