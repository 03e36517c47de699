import { BILLING_ERRORS } from '../../../lib/billing/billing-issues';
import { isUuid } from '../../../lib/ids';
import type { AppDatabase } from '../../db/client';
import type { EventData } from '../../db/schema';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import type { Viewer } from '../auth/viewer';
import type { ApiContext } from '../context';
import { conflict, notFound } from '../errors';
import { recordEvent } from '../record-event';
import type { BillingRow } from './billing-rows';
import { companyOfBilling, loadMyBilling, lockMyBilling } from './my-billing-rows';

// The frame every change a talent makes to their own billing shares (billing-mutations.ts,
// billing-attachments.ts): scoped by the caller's talent profile, one transaction with the
// billing locked, the event logged for the company that reviews it, the row read back.

/** Only a DRAFT may be edited, sent, deleted or have its attachments changed: the reason code the billing page words. */
export const notADraft = () => conflict('notADraft', BILLING_ERRORS);

/** The locked billing row a change is made to. */
export type MyLockedBilling = NonNullable<Awaited<ReturnType<typeof lockMyBilling>>>;

/**
 * Runs `change` on one of the caller's own billings in one transaction with its row locked,
 * so two changes at once cannot both pass its status check. A malformed id and anyone
 * else's billing are the same NOT_FOUND: nothing tells whether an id exists. `change` gets
 * the id as it was sent and the caller's talent profile id.
 */
export async function changeMyBilling<T>(
  context: ApiContext,
  billingId: string | number,
  change: (tx: AppDatabase, current: MyLockedBilling, mine: { id: string; profileId: string }) => Promise<T>,
): Promise<T> {
  const id = String(billingId);
  if (!isUuid(id)) throw notFound('This billing');
  const profileId = await requireMyTalentProfileId(context);
  return context.db.transaction(async (tx) => {
    const current = await lockMyBilling(tx, profileId, id);
    if (!current) throw notFound('This billing');
    return change(tx, current, { id, profileId });
  });
}

/** Logs a talent's change to their billing (a billing event) to the company that reviews it: the assignment's provider, else its client. */
export async function recordMyBillingEvent(
  tx: AppDatabase,
  viewer: Viewer,
  type: 'billing.update' | 'billing.delete',
  changed: { id: string; jobAssignmentId: string | null },
  data: Omit<EventData, 'entityId' | 'companyId'>,
): Promise<void> {
  const companyId = await companyOfBilling(tx, changed.jobAssignmentId);
  await recordEvent(tx, viewer, { type, toId: companyId, data: { entityId: changed.id, companyId, ...data } });
}

/** The billing as the talent reads it, inside the change's own transaction (so it always exists). */
export async function reloadMyBilling(tx: AppDatabase, talentProfileId: string, id: string): Promise<BillingRow> {
  const row = await loadMyBilling(tx, talentProfileId, id);
  if (!row) throw new Error(`billing ${id} vanished inside its own transaction`);
  return row;
}
