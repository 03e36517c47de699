import { and, asc, desc, eq } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { isCreditCurrent } from '../../../lib/talent-roster/company-credit';
import { balanceAfterEntry, ledgerEntrySchema, reversalOf, type LedgerEntry } from '../../../lib/talent-roster/ledger-rules';
import { ledgerRefusalOf } from '../../../lib/talent-roster/roster-consent';
import { TALENT_ROSTER_ERRORS } from '../../../lib/talent-roster/roster-input';
import { LEDGER_EXPORT_FIRST_PART_ROWS, LEDGER_EXPORT_PART_ROWS } from '../../../lib/transactions/transactions-csv';
import { companyCredit, companyTalentRoster, talentBalanceTransaction } from '../../db/schema';
import { builder } from '../builder';
import type { ApiContext, SignedInContext } from '../context';
import { invalidFields, notFound } from '../errors';
import { pageArgs, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission, requireSeparateDuties } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { readFilter, type LedgerFilter } from '../transactions/balance-transaction-filter';
import { BalanceTransaction, BalanceTransactionExport, BalanceTransactionPage, BalanceTransactionTotal, FilterInput, ledgerArgs, ledgerExportArgs, TransactionType } from '../transactions/balance-transaction-types';
import { exportTransactions } from '../transactions/balance-transaction-export';
import { selectTransactions, transactionPage } from '../transactions/balance-transactions';
import { companyLedger, entryLedger } from '../transactions/ledger-scope';
import { transactionTotals } from '../transactions/ledger-totals';
import { ownRosterEntry, type RosterRow } from './roster-rows';

// The selected company's side of the balance ledger (the talentBalanceTransaction
// entity): the entries of its roster, read through the talent's own ledger functions
// (transactions/) with the company's ledger as the scope, so both sides show the
// same rows and running balances. The ledger is append-only: an entry is added with its
// roster entry's balance moved in the same transaction, and corrected by a reversing
// entry, never changed or deleted. Each entry is a companyTalentRoster.update event (the
// event types have no ledger type) addressed to the talent, holding the entry.

const ofCompany = (companyId: string) => eq(companyTalentRoster.companyId, companyId);

/** The checked filter; a roster entry it names must be the company's (NOT_FOUND otherwise, like any id). */
async function companyFilter(context: ApiContext, companyId: string, filter: Parameters<typeof readFilter>[0]): Promise<LedgerFilter> {
  const checked = readFilter(filter);
  if (checked.rosterEntryId) await ownRosterEntry(context.db, companyId, checked.rosterEntryId);
  // The company's ledger is its own already: another company named here matches nothing.
  return checked;
}

builder.queryField('findManyTalentBalanceTransaction', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BalanceTransactionPage,
    description: "The selected company's roster ledger in a period, each entry with its roster entry's running balance; needs companyTalentRoster read",
    args: { ...pageArgs, ...ledgerArgs },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const window = pageWindow(args);
      return transactionPage(context, companyLedger(companyId), await companyFilter(context, companyId, args.filter), args.sort, window);
    },
  }),
);

builder.queryField('findManyTalentBalanceTransactionTotal', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [BalanceTransactionTotal],
    description: "Money in, money out and net of the selected company's filtered ledger, one row per currency; needs companyTalentRoster read",
    args: { filter: t.arg({ type: FilterInput, required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      return transactionTotals(context, companyLedger(companyId), await companyFilter(context, companyId, args.filter));
    },
  }),
);

builder.queryField('findManyTalentBalanceTransactionExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BalanceTransactionExport,
    description: `The selected company's filtered ledger for a file export, a part of ${LEDGER_EXPORT_PART_ROWS} at a time (${LEDGER_EXPORT_FIRST_PART_ROWS} first) in the list's order: ask each next part after the previous one's nextAfter; needs companyTalentRoster read`,
    args: ledgerExportArgs,
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const filter = await companyFilter(context, companyId, args.filter);
      return exportTransactions(context, companyLedger(companyId), filter, args.sort ?? 'NEWEST', args.after ? String(args.after) : null);
    },
  }),
);

/**
 * Books one entry on a locked roster entry of the company: the entry, the balance moved by
 * it, and the event addressed to the talent, in the caller's transaction. The one way
 * anything (a company's own entry, its reversal, a paid invoice's salary) reaches a ledger,
 * so the one place separation of duties keeps anyone from booking on their own balance,
 * and the one place that refuses a roster entry that takes none (ledgerRefusalOf): removed
 * (`rosterEntryRemoved`), or not accepted by the talent (`rosterAwaitsConsent`,
 * `rosterDeclined`): a company books nothing into the balances of a talent it does not
 * hold. A balance the column cannot hold is `balanceTooLarge`.
 */
export async function bookLedgerEntry(
  tx: Writer,
  context: SignedInContext,
  companyId: string,
  roster: RosterRow,
  entry: LedgerEntry & { jobAssignmentId?: string | null },
  reverses: string | null = null,
): Promise<string> {
  requireSeparateDuties(context, roster.talentUserId);
  const refusal = ledgerRefusalOf({ consent: roster.consent, removed: roster.deletedAt !== null });
  if (refusal) throw invalidFields([{ path: 'companyTalentRosterId', code: refusal }], TALENT_ROSTER_ERRORS, null);
  const balance = balanceAfterEntry({ amount: roster.balance, currency: roster.currency }, entry);
  if (balance === null) throw invalidFields([{ path: 'change', code: entry.currency === roster.currency ? 'balanceTooLarge' : 'currencyMismatch' }], TALENT_ROSTER_ERRORS);
  const [created] = await tx
    .insert(talentBalanceTransaction)
    // Booked at the moment of writing, after the row lock: entries follow the order they were booked in.
    .values({ companyTalentRosterId: roster.id, companyId, change: entry.change, currency: entry.currency, type: entry.type, jobAssignmentId: entry.jobAssignmentId ?? null, createdById: context.viewer.userId, createdAt: new Date() })
    .returning({ id: talentBalanceTransaction.id });
  await tx.update(companyTalentRoster).set({ balance }).where(eq(companyTalentRoster.id, roster.id));
  await recordEvent(tx, context.viewer, {
    type: 'companyTalentRoster.update',
    toId: roster.talentUserId,
    data: {
      entityId: roster.id,
      companyId,
      transaction: { id: created!.id, type: entry.type, change: entry.change, currency: entry.currency, ...(reverses ? { reverses } : {}) },
      before: { balance: roster.balance },
      after: { balance },
    },
  });
  return created!.id;
}

async function appendEntry(tx: Writer, context: SignedInContext, companyId: string, rosterEntryId: string, entry: LedgerEntry, reverses: string | null) {
  const roster = await ownRosterEntry(tx, companyId, rosterEntryId, true);
  const createdId = await bookLedgerEntry(tx, context, companyId, roster, entry, reverses);
  const [row] = await selectTransactions({ db: tx }, entryLedger(roster.id), justWritten(createdId), 'NEWEST', { limit: 1, offset: 0 });
  return row!;
}

/** The filter that finds one entry whatever its day: to read back the entry just written, with its running balance. */
function justWritten(transactionId: string): LedgerFilter {
  return { start: new Date('1900-01-01T00:00:00Z'), endExclusive: new Date('2100-01-01T00:00:00Z'), companyId: null, rosterEntryId: null, currency: null, type: null, transactionId };
}

const TalentBalanceTransactionInput = builder.inputType('CreateOneTalentBalanceTransactionInput', {
  description: "One ledger entry; its currency is the roster entry's",
  fields: (t) => ({
    type: t.field({ type: TransactionType, required: true }),
    change: t.string({ required: true, description: 'Signed decimal, at most 2 places, not zero: money in positive (SALARY), money out negative (COMISSION, WITHDRAWAL), MISC either' }),
  }),
});

builder.mutationField('createOneTalentBalanceTransaction', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BalanceTransaction,
    description:
      "Appends an entry to the ledger of a roster entry of the selected company and moves its balance in the same transaction; only on an entry the talent accepted. Needs companyTalentRoster update. Field codes: changeFormat, changeZero, changeMustBeIn, changeMustBeOut, rosterEntryRemoved, rosterAwaitsConsent, rosterDeclined, balanceTooLarge; on your own balance FORBIDDEN (separationOfDuties). Records companyTalentRoster.update addressed to the talent",
    args: { companyTalentRosterId: t.arg.id({ required: true }), data: t.arg({ type: TalentBalanceTransactionInput, required: true }) },
    resolve: async (_root, { companyTalentRosterId, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'update');
      const parsed = ledgerEntrySchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_ROSTER_ERRORS);
      return context.db.transaction(async (tx) => {
        const roster = await ownRosterEntry(tx, companyId, String(companyTalentRosterId));
        return appendEntry(tx, context, companyId, roster.id, { ...parsed.data, currency: roster.currency }, null);
      });
    },
  }),
);

builder.mutationField('reverseTalentBalanceTransaction', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BalanceTransaction,
    description:
      "Corrects a ledger entry of the selected company by appending its reversal (same type and currency, the opposite change) and moving the balance back; the entry itself never changes. Needs companyTalentRoster update; on your own balance FORBIDDEN (separationOfDuties). Records companyTalentRoster.update addressed to the talent",
    args: { id: t.arg.id({ required: true, description: 'The entry to reverse' }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'update');
      const entryId = String(id);
      if (!isUuid(entryId)) throw notFound('The transaction');
      return context.db.transaction(async (tx) => {
        const [original] = await tx
          .select({ rosterEntryId: talentBalanceTransaction.companyTalentRosterId, type: talentBalanceTransaction.type, change: talentBalanceTransaction.change, currency: talentBalanceTransaction.currency })
          .from(talentBalanceTransaction)
          .innerJoin(companyTalentRoster, eq(companyTalentRoster.id, talentBalanceTransaction.companyTalentRosterId))
          .where(and(eq(talentBalanceTransaction.id, entryId), ofCompany(companyId)))
          .limit(1);
        if (!original) throw notFound('The transaction');
        return appendEntry(tx, context, companyId, original.rosterEntryId, reversalOf({ ...original, currency: original.currency.trim() }), entryId);
      });
    },
  }),
);

interface CreditRow {
  id: string;
  amount: string;
  currency: string;
  until: Date | null;
  updatedAt: Date;
}

const CompanyCredit = builder.objectRef<CreditRow>('CompanyCredit').implement({
  description: 'Credit the platform gives the selected company',
  fields: (t) => ({
    id: t.exposeID('id'),
    amount: t.field({ type: 'Decimal', resolve: (row) => row.amount }),
    currency: t.exposeString('currency'),
    until: t.field({ type: 'DateTime', nullable: true, description: 'Counts until then; null never expires', resolve: (row) => row.until }),
    expired: t.boolean({ resolve: (row) => !isCreditCurrent({ until: row.until?.toISOString() ?? null }, new Date()) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

builder.queryField('findManyCompanyCredit', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyCredit],
    description: "The selected company's credits, latest ending first (no end first); needs companyTalentRoster read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const rows = await context.db
        .select({ id: companyCredit.id, amount: companyCredit.amount, currency: companyCredit.currency, until: companyCredit.until, updatedAt: companyCredit.updatedAt })
        .from(companyCredit)
        .where(eq(companyCredit.companyId, companyId))
        .orderBy(desc(companyCredit.until), asc(companyCredit.currency), asc(companyCredit.id));
      return rows.map((row) => ({ ...row, currency: row.currency.trim() }));
    },
  }),
);
