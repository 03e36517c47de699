import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { mayChangeCurrency } from '../../../lib/talent-roster/ledger-rules';
import { consentOnAddingAgain, mayAddAgain } from '../../../lib/talent-roster/roster-consent';
import { rosterCreateSchema, rosterUpdateSchema, TALENT_ROSTER_ERRORS, type RosterCreateValues, type RosterUpdateValues } from '../../../lib/talent-roster/roster-input';
import { companyOnUser, companyTalentRoster, talentProfile, user } from '../../db/schema';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { rosterCandidates } from './roster-candidates';
import { ownRosterEntry, type RosterRow } from './roster-rows';
import { CompanyTalentRoster } from './roster-types';

// createOneCompanyTalentRoster, updateOneCompanyTalentRoster, deleteOneCompanyTalentRoster:
// asking a talent onto the selected company's roster (a request she answers), editing the
// entry and removing it (soft), each with its event addressed to the talent.

const CreateOneCompanyTalentRosterInput = builder.inputType('CreateOneCompanyTalentRosterInput', {
  description: 'The talent (exactly one of talentProfileId and email) and the entry',
  fields: (t) => ({
    talentProfileId: t.id({ description: 'A talent of findManyCompanyTalentRosterCandidate' }),
    email: t.string({ description: "The address a talent's account signs in with, confirmed by the identity provider (any other answers emailUnknown)" }),
    employmentType: t.string({ description: 'freelancer or employee' }),
    employeeNumber: t.string(),
    managerId: t.id({ description: "A member's user id (findManyCompanyTalentRosterManager)" }),
    currency: t.string({ required: true, description: 'The balance currency (ISO 4217)' }),
  }),
});

const UpdateOneCompanyTalentRosterInput = builder.inputType('UpdateOneCompanyTalentRosterInput', {
  description: 'The whole entry: a field left out is emptied, except the currency, which is kept',
  fields: (t) => ({
    employmentType: t.string({ description: 'freelancer or employee' }),
    employeeNumber: t.string(),
    managerId: t.id({ description: "A member's user id" }),
    currency: t.string({ description: 'Only while the ledger is empty (else currencyLocked)' }),
  }),
});

const asText = (value: unknown) => (value === null || value === undefined ? value : String(value));

/** The manager must be a member of the company: anything else is the field code managerUnknown. */
async function requireManager(db: Writer, companyId: string, managerId: string | null): Promise<void> {
  if (!managerId) return;
  const [member] = await db.select({ id: companyOnUser.id }).from(companyOnUser).where(and(eq(companyOnUser.companyId, companyId), eq(companyOnUser.userId, managerId))).limit(1);
  if (!member) throw invalidFields([{ path: 'managerId', code: 'managerUnknown' }], TALENT_ROSTER_ERRORS);
}

/**
 * The talent the input names: a candidate by id (else NOT_FOUND), or a talent by e-mail
 * (else the field code emailUnknown). An address finds only the account of a user whose
 * address the identity provider confirmed (user.emailVerified): the contact address a
 * profile shows, or an address nobody proved to own, answers exactly like an unknown one,
 * so a request reaches the person who owns the address and no one else.
 */
async function talentOf(db: Writer, companyId: string, values: RosterCreateValues): Promise<{ id: string }> {
  if (values.talentProfileId) {
    const [candidate] = await rosterCandidates(db, companyId, values.talentProfileId);
    if (candidate) return { id: candidate.id };
    // On the roster already (asked, or accepted): said on the field, like an address of a talent already there.
    const [present] = await db
      .select({ consent: companyTalentRoster.consent })
      .from(companyTalentRoster)
      .where(and(eq(companyTalentRoster.companyId, companyId), eq(companyTalentRoster.talentProfileId, values.talentProfileId), isNull(companyTalentRoster.deletedAt)))
      .limit(1);
    if (present && !mayAddAgain({ consent: present.consent, removed: false })) throw invalidFields([{ path: 'talentProfileId', code: 'alreadyOnRoster' }], TALENT_ROSTER_ERRORS);
    throw notFound('The talent');
  }
  const email = values.email!.toLowerCase();
  const [found] = await db
    .select({ id: talentProfile.id })
    .from(talentProfile)
    .innerJoin(user, eq(user.id, talentProfile.userId))
    .where(and(isNull(talentProfile.deletedAt), eq(user.emailVerified, true), eq(sql`lower(${user.email})`, email)))
    .orderBy(asc(talentProfile.createdAt))
    .limit(1);
  if (!found) throw invalidFields([{ path: 'email', code: 'emailUnknown' }], TALENT_ROSTER_ERRORS);
  return found;
}

/** What an event row keeps of an entry. */
const eventFieldsOf = (row: Pick<RosterRow, 'talentProfileId' | 'consent' | 'employmentType' | 'employeeNumber' | 'managerId' | 'currency' | 'balance'>) => ({
  talentProfileId: row.talentProfileId,
  consent: row.consent,
  employmentType: row.employmentType,
  employeeNumber: row.employeeNumber,
  managerId: row.managerId,
  currency: row.currency,
  balance: row.balance,
});

builder.mutationField('createOneCompanyTalentRoster', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyTalentRoster,
    description:
      "Asks a talent to join the selected company's roster: the entry is requested until she accepts or declines (answerMyRosterRequest), and holds nothing of hers before she accepts. A removed entry is restored, its ledger with it (accepted if she had accepted, else a new request); a declined one is asked again. By e-mail, only a confirmed account address finds a talent. Needs companyTalentRoster create. Field codes: talentRequired, emailUnknown, alreadyOnRoster, managerUnknown, currencyLocked... Records companyTalentRoster.create addressed to the talent",
    args: { data: t.arg({ type: CreateOneCompanyTalentRosterInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'create');
      const parsed = rosterCreateSchema.safeParse({ ...data, talentProfileId: asText(data.talentProfileId), managerId: asText(data.managerId) });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_ROSTER_ERRORS);
      const values = parsed.data;
      return context.db.transaction(async (tx) => {
        const talent = await talentOf(tx, companyId, values);
        await requireManager(tx, companyId, values.managerId);
        const columns = { employmentType: values.employmentType, employeeNumber: values.employeeNumber, managerId: values.managerId };
        const [existing] = await tx
          .select({ id: companyTalentRoster.id })
          .from(companyTalentRoster)
          .where(and(eq(companyTalentRoster.companyId, companyId), eq(companyTalentRoster.talentProfileId, talent.id)))
          .limit(1)
          .for('update');
        let id: string;
        let before: RosterRow | null = null;
        if (existing) {
          before = await ownRosterEntry(tx, companyId, existing.id);
          if (!mayAddAgain({ consent: before.consent, removed: before.deletedAt !== null })) {
            throw invalidFields([{ path: values.email ? 'email' : 'talentProfileId', code: 'alreadyOnRoster' }], TALENT_ROSTER_ERRORS);
          }
          // Restored: its ledger is still there, so its currency stays unless the ledger is empty.
          if (values.currency !== before.currency && !mayChangeCurrency(before.transactionCount)) {
            throw invalidFields([{ path: 'currency', code: 'currencyLocked' }], TALENT_ROSTER_ERRORS);
          }
          // Accepted stays accepted (with when she answered); anything else is a new request.
          const consent = consentOnAddingAgain(before.consent);
          const consentAnsweredAt = consent === 'requested' ? null : before.consentAnsweredAt;
          await tx.update(companyTalentRoster).set({ ...columns, currency: values.currency, deletedAt: null, consent, consentAnsweredAt }).where(eq(companyTalentRoster.id, existing.id));
          id = existing.id;
        } else {
          // Two adds at once: the unique index (company, talent) keeps one; the other is told the talent is there.
          const [created] = await tx
            .insert(companyTalentRoster)
            .values({ ...columns, companyId, talentProfileId: talent.id, currency: values.currency, balance: '0.00', consent: 'requested' })
            .onConflictDoNothing()
            .returning({ id: companyTalentRoster.id });
          if (!created) throw invalidFields([{ path: values.email ? 'email' : 'talentProfileId', code: 'alreadyOnRoster' }], TALENT_ROSTER_ERRORS);
          id = created.id;
        }
        const entry = await ownRosterEntry(tx, companyId, id);
        await recordEvent(tx, context.viewer, {
          type: 'companyTalentRoster.create',
          toId: entry.talentUserId,
          data: { entityId: id, companyId, ...(before ? { restored: true } : {}), before: before ? { ...eventFieldsOf(before), removedAt: before.deletedAt } : null, after: eventFieldsOf(entry) },
        });
        return entry;
      });
    },
  }),
);

/** The checked edit, or BAD_USER_INPUT with a code per field. */
function checkedUpdate(data: Record<string, unknown>): RosterUpdateValues {
  const parsed = rosterUpdateSchema.safeParse({ ...data, managerId: asText(data.managerId) });
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_ROSTER_ERRORS);
  return parsed.data;
}

builder.mutationField('updateOneCompanyTalentRoster', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyTalentRoster,
    description:
      "Changes a roster entry of the selected company: employment type, employee number, manager, and the currency while its ledger is empty (else currencyLocked); a removed entry is NOT_FOUND. Needs companyTalentRoster update. Records companyTalentRoster.update addressed to the talent",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateOneCompanyTalentRosterInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'update');
      const values = checkedUpdate(data);
      return context.db.transaction(async (tx) => {
        const before = await ownRosterEntry(tx, companyId, String(id), true);
        if (before.deletedAt) throw notFound('The roster entry');
        const currency = values.currency ?? before.currency;
        if (currency !== before.currency && !mayChangeCurrency(before.transactionCount)) throw invalidFields([{ path: 'currency', code: 'currencyLocked' }], TALENT_ROSTER_ERRORS);
        await requireManager(tx, companyId, values.managerId);
        await tx
          .update(companyTalentRoster)
          .set({ employmentType: values.employmentType, employeeNumber: values.employeeNumber, managerId: values.managerId, currency })
          .where(eq(companyTalentRoster.id, before.id));
        const after = await ownRosterEntry(tx, companyId, before.id);
        await recordEvent(tx, context.viewer, { type: 'companyTalentRoster.update', toId: after.talentUserId, data: { entityId: before.id, companyId, before: eventFieldsOf(before), after: eventFieldsOf(after) } });
        return after;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyTalentRoster', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description:
      "Removes a talent from the selected company's roster (soft: the entry, its ledger and the notes stay; adding the talent again restores it); a removed entry is NOT_FOUND. Needs companyTalentRoster delete. Records companyTalentRoster.delete addressed to the talent",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'delete');
      return context.db.transaction(async (tx) => {
        const before = await ownRosterEntry(tx, companyId, String(id), true);
        if (before.deletedAt) throw notFound('The roster entry');
        await tx.update(companyTalentRoster).set({ deletedAt: new Date() }).where(and(eq(companyTalentRoster.id, before.id), isNull(companyTalentRoster.deletedAt)));
        await recordEvent(tx, context.viewer, { type: 'companyTalentRoster.delete', toId: before.talentUserId, data: { entityId: before.id, companyId, before: eventFieldsOf(before), after: null } });
        return true;
      });
    },
  }),
);
