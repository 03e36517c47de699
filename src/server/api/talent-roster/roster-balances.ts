import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companyTalentRoster, talentBalanceTransaction } from '../../db/schema';
import type { Writer } from '../../db/client';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { rosterHolds } from '../job-applications/talent-link';

// findManyCompanyTalentRosterBalance: what the selected company's roster adds up to, per
// currency (currencies are never added together), with the span of its ledger.

interface BalanceRow {
  currency: string;
  balance: string;
  entries: number;
  owed: string;
  firstTransactionAt: Date | null;
  lastTransactionAt: Date | null;
}

const RosterBalance = builder.objectRef<BalanceRow>('CompanyTalentRosterBalance').implement({
  description: "The selected company's roster balances in one currency (exact decimals; currencies are never added together)",
  fields: (t) => ({
    currency: t.exposeString('currency'),
    balance: t.field({ type: 'Decimal', description: 'Sum of the balances of the entries on the roster', resolve: (row) => row.balance }),
    entries: t.exposeInt('entries', { description: 'Entries on the roster in this currency' }),
    owed: t.field({ type: 'Decimal', description: 'What the company owes its talents: the positive balances, removed entries included', resolve: (row) => row.owed }),
    firstTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.firstTransactionAt }),
    lastTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastTransactionAt }),
  }),
});

/**
 * The first (or last) booking time of the rows of the company's held entries in the
 * grouped row's currency: the company's ledger walked from one end along its index (company,
 * booking time), stopping at the first such row, instead of reading the whole ledger for
 * two dates. Only a currency whose held entries have no rows, or only a few late ones,
 * walks far (at worst the whole ledger, as every call did before).
 */
function ledgerEnd(db: Writer, companyId: string, end: typeof asc) {
  const tx = talentBalanceTransaction;
  const holder = alias(companyTalentRoster, 'holder');
  const first = db
    .select({ at: tx.createdAt })
    .from(tx)
    .innerJoin(holder, eq(holder.id, tx.companyTalentRosterId))
    .where(and(eq(tx.companyId, companyId), eq(tx.currency, companyTalentRoster.currency), eq(holder.companyId, companyId), rosterHolds(holder)))
    .orderBy(end(tx.createdAt))
    .limit(1);
  return sql<string | null>`(${first})`;
}

builder.queryField('findManyCompanyTalentRosterBalance', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [RosterBalance],
    description: "The selected company's roster balances per currency, with the span of its ledger; needs companyTalentRoster read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const roster = companyTalentRoster;
      const active = sql`${roster.deletedAt} is null`;
      // The talents it holds: a request she has not accepted has no balance and is no talent on the roster yet.
      const rows = await context.db
        .select({
          currency: roster.currency,
          balance: sql<string>`coalesce(sum(${roster.balance}) filter (where ${active}), 0)::numeric(16,2)::text`,
          entries: sql<number>`(count(*) filter (where ${active}))::int`,
          owed: sql<string>`coalesce(sum(${roster.balance}) filter (where ${roster.balance} > 0), 0)::numeric(16,2)::text`,
          first: ledgerEnd(context.db, companyId, asc),
          last: ledgerEnd(context.db, companyId, desc),
        })
        .from(roster)
        .where(and(eq(roster.companyId, companyId), rosterHolds()))
        .groupBy(roster.currency)
        .orderBy(roster.currency);
      return rows.map(({ first, last, ...row }) => ({
        ...row,
        currency: row.currency.trim(),
        firstTransactionAt: first ? new Date(first) : null,
        lastTransactionAt: last ? new Date(last) : null,
      }));
    },
  }),
);
