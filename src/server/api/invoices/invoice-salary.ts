import { and, eq } from 'drizzle-orm';
import { rosterHoldsTalent } from '../../../lib/talent-roster/roster-consent';
import { companyTalentRoster } from '../../db/schema';
import type { Writer } from '../../db/client';
import type { SignedInContext } from '../context';
import { conflict } from '../errors';
import { recordEvent } from '../record-event';
import { bookLedgerEntry } from '../talent-roster/roster-ledger';
import { ownRosterEntry } from '../talent-roster/roster-rows';
import { INVOICE_WORDS } from './invoice-rows';

// Paying an invoice pays the talent: markInvoicePaid (invoice-mutations.ts) books the
// billed amount on the talent's balance with the company through here.

/**
 * The SALARY entry a paid billing puts on the talent's balance with the company, booked
 * like any ledger entry; the roster entry is made (or restored) if needed. A roster kept
 * in another currency refuses it: currencies are never mixed in a balance.
 *
 * Consent before a company holds a talent: the billing is one the talent sent this company
 * herself, so a roster entry made here for its payment is her own doing and is made
 * accepted. An entry the company asked for and she has not accepted (requested), or
 * declined, is another matter: the billing does not answer the company's request for her,
 * and that entry takes no entries (bookLedgerEntry refuses it too). The payment is then
 * refused as a whole (CONFLICT rosterNotAccepted) rather than marked paid without its
 * salary, which would leave her balance short with nothing to show it: it is marked paid
 * once she accepts (a removed entry she never accepted is refused alike; one she declined
 * is asked again by adding her again).
 */
export async function creditSalary(
  context: SignedInContext,
  tx: Writer,
  entry: { companyId: string; userId: string; talentProfileId: string; talentUserId: string | null; jobAssignmentId: string | null; amount: string; currency: string },
): Promise<void> {
  const [existing] = await tx
    .select({ id: companyTalentRoster.id, currency: companyTalentRoster.currency, consent: companyTalentRoster.consent, deletedAt: companyTalentRoster.deletedAt })
    .from(companyTalentRoster)
    .where(and(eq(companyTalentRoster.companyId, entry.companyId), eq(companyTalentRoster.talentProfileId, entry.talentProfileId)));
  if (existing && !rosterHoldsTalent(existing.consent)) throw conflict('rosterNotAccepted', INVOICE_WORDS);
  if (existing && existing.currency !== entry.currency) throw conflict('rosterCurrency', INVOICE_WORDS);
  let rosterId = existing?.id;
  if (!existing) {
    const [created] = await tx
      .insert(companyTalentRoster)
      .values({ companyId: entry.companyId, talentProfileId: entry.talentProfileId, currency: entry.currency, managerId: entry.userId, consent: 'accepted', consentAnsweredAt: new Date() })
      .returning({ id: companyTalentRoster.id });
    rosterId = created!.id;
    await recordEvent(tx, context.viewer, {
      type: 'companyTalentRoster.create',
      toId: entry.talentUserId,
      data: { entityId: rosterId, companyId: entry.companyId, after: { currency: entry.currency, consent: 'accepted', reason: 'billing paid' } },
    });
  } else if (existing.deletedAt) {
    await tx.update(companyTalentRoster).set({ deletedAt: null }).where(eq(companyTalentRoster.id, existing.id));
  }
  const roster = await ownRosterEntry(tx, entry.companyId, rosterId!, true);
  await bookLedgerEntry(tx, context, entry.companyId, roster, { type: 'SALARY', change: entry.amount, currency: entry.currency, jobAssignmentId: entry.jobAssignmentId });
}
