import { and, count, eq, max, min } from 'drizzle-orm';
import { company, companyTalentRoster, talentBalanceTransaction } from '../../db/schema';
import { LEDGER_EXPORT_FIRST_PART_ROWS, LEDGER_EXPORT_PART_ROWS } from '../../../lib/transactions/transactions-csv';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { rosterHolds } from '../job-applications/talent-link';
import { builder } from '../builder';
import type { ApiContext } from '../context';
import { pageArgs, pageWindow } from '../pagination';
import { readFilter } from './balance-transaction-filter';
import { BalanceTransactionExport, BalanceTransactionPage, BalanceTransactionTotal, FilterInput, ledgerArgs, ledgerExportArgs } from './balance-transaction-types';
import { exportTransactions } from './balance-transaction-export';
import { transactionPage } from './balance-transactions';
import { entriesLedger } from './ledger-scope';
import { transactionTotals } from './ledger-totals';

// myBalanceTransactions, myBalanceTransactionTotals, myBalanceTransactionExport, myBalances:
// the signed-in talent's ledger and balances, scoped to the roster entries of her own
// talent profile that she accepted.

interface BalanceRow {
  rosterEntryId: string;
  companyId: string;
  companyName: string;
  currency: string;
  balance: string;
  transactionCount: number;
  firstTransactionAt: Date | null;
  lastTransactionAt: Date | null;
}

const TalentBalance = builder.objectRef<BalanceRow>('TalentBalance').implement({
  description: "One of the signed-in talent's roster entries: a company, a currency and the current balance",
  fields: (t) => ({
    rosterEntryId: t.exposeID('rosterEntryId'),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    currency: t.exposeString('currency'),
    balance: t.field({ type: 'Decimal', resolve: (row) => row.balance }),
    transactionCount: t.exposeInt('transactionCount'),
    firstTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.firstTransactionAt }),
    lastTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastTransactionAt }),
  }),
});

/** The talent's own ledger: her roster entries she accepted. */
const mine = (profileId: string) => and(eq(companyTalentRoster.talentProfileId, profileId), rosterHolds())!;

/** The rows of the talent's own ledger. */
const myLedger = (context: ApiContext, profileId: string) => entriesLedger(context.db, `talent ${profileId}`, mine(profileId));

builder.queryField('myBalanceTransactions', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BalanceTransactionPage,
    description: "The signed-in talent's balance transactions in a period, each with its roster entry's running balance",
    args: { ...pageArgs, ...ledgerArgs },
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const window = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      return transactionPage(context, myLedger(context, profileId), filter, args.sort, window);
    },
  }),
);

builder.queryField('myBalanceTransactionTotals', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [BalanceTransactionTotal],
    description: 'Money in, money out and net of the filtered transactions, one row per currency (summed in SQL numeric: exact)',
    args: { filter: t.arg({ type: FilterInput, required: true }) },
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return [];
      return transactionTotals(context, myLedger(context, profileId), filter);
    },
  }),
);

builder.queryField('myBalanceTransactionExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BalanceTransactionExport,
    description: `The filtered transactions for a file export, a part of ${LEDGER_EXPORT_PART_ROWS} at a time (${LEDGER_EXPORT_FIRST_PART_ROWS} first) in the list's order: ask each next part after the previous one's nextAfter`,
    args: ledgerExportArgs,
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], nextAfter: null, startBalances: [] };
      return exportTransactions(context, myLedger(context, profileId), filter, args.sort ?? 'NEWEST', args.after ? String(args.after) : null);
    },
  }),
);

builder.queryField('myBalances', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [TalentBalance],
    description: "The signed-in talent's roster entries she accepted: company, currency and current balance (empty without a talent profile)",
    resolve: async (_root, _args, context) => {
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return [];
      const roster = companyTalentRoster;
      const tx = talentBalanceTransaction;
      const rows = await context.db
        .select({
          rosterEntryId: roster.id,
          companyId: roster.companyId,
          companyName: company.name,
          currency: roster.currency,
          balance: roster.balance,
          transactionCount: count(tx.id),
          firstTransactionAt: min(tx.createdAt),
          lastTransactionAt: max(tx.createdAt),
        })
        .from(roster)
        .innerJoin(company, eq(company.id, roster.companyId))
        .leftJoin(tx, eq(tx.companyTalentRosterId, roster.id))
        .where(mine(profileId))
        .groupBy(roster.id, company.id)
        .orderBy(company.name, roster.currency, roster.id);
      return rows.map((row) => ({
        ...row,
        currency: row.currency.trim(),
        firstTransactionAt: row.firstTransactionAt ? new Date(row.firstTransactionAt) : null,
        lastTransactionAt: row.lastTransactionAt ? new Date(row.lastTransactionAt) : null,
      }));
    },
  }),
);
