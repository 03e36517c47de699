import { describe, expect, it } from 'vitest';
import {
  BILLING_STATUSES,
  canChangeStatus,
  canDeleteBilling,
  canEditBilling,
  holdsItsPeriod,
  isBillingStatus,
  nextStatuses,
  type BillingActor,
  type BillingStatusValue,
} from '../../../src/lib/billing/billing-status';
import { billingStatus } from '../../../src/server/db/schema/enums';

// Every pair of statuses, for each actor: exactly these moves are allowed.
const ALLOWED: Record<BillingActor, string[]> = {
  talent: ['DRAFT→SENT'],
  company: ['SENT→APPROVED', 'SENT→REJECTED', 'APPROVED→INVOICED', 'INVOICED→PAID'],
};

describe('billing status changes: who may move what', () => {
  it('lists the statuses of the database enum, in the same order', () => {
    expect([...BILLING_STATUSES]).toEqual(billingStatus.enumValues);
    expect(isBillingStatus('SENT')).toBe(true);
    expect(isBillingStatus('sent')).toBe(false);
  });

  for (const actor of ['talent', 'company'] as const) {
    it(`allows the ${actor} only ${ALLOWED[actor].join(', ')} and refuses the other ${36 - ALLOWED[actor].length} pairs`, () => {
      const allowed: string[] = [];
      for (const from of BILLING_STATUSES) {
        for (const to of BILLING_STATUSES) {
          if (canChangeStatus(actor, from, to)) allowed.push(`${from}→${to}`);
        }
      }
      expect(allowed).toEqual(ALLOWED[actor]);
    });
  }

  it('never lets a rejected billing go back to draft: a corrected one is created instead', () => {
    for (const actor of ['talent', 'company'] as const) {
      expect(nextStatuses(actor, 'REJECTED')).toEqual([]);
      expect(canChangeStatus(actor, 'REJECTED', 'DRAFT')).toBe(false);
    }
    expect(holdsItsPeriod('REJECTED')).toBe(false);
    for (const status of BILLING_STATUSES.filter((value) => value !== 'REJECTED')) expect(holdsItsPeriod(status)).toBe(true);
  });

  it('offers the next statuses per actor', () => {
    expect(nextStatuses('talent', 'DRAFT')).toEqual(['SENT']);
    expect(nextStatuses('talent', 'SENT')).toEqual([]);
    expect(nextStatuses('company', 'SENT')).toEqual(['APPROVED', 'REJECTED']);
    expect(nextStatuses('company', 'PAID')).toEqual([]);
  });

  it('lets only the talent edit or delete, and only a draft', () => {
    const editable = (actor: BillingActor) => BILLING_STATUSES.filter((status: BillingStatusValue) => canEditBilling(actor, status));
    const deletable = (actor: BillingActor) => BILLING_STATUSES.filter((status: BillingStatusValue) => canDeleteBilling(actor, status));
    expect(editable('talent')).toEqual(['DRAFT']);
    expect(deletable('talent')).toEqual(['DRAFT']);
    expect(editable('company')).toEqual([]);
    expect(deletable('company')).toEqual([]);
  });
});
