import { and, eq, sql } from 'drizzle-orm';
import { companyTalentRoster, talentBalanceTransaction } from '../../db/schema';
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

builder.queryField('findManyCompanyTalentRosterBalance', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [RosterBalance],
    description: "The selected company's roster balances per currency, with the span of its ledger; needs companyTalentRoster read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const roster = companyTalentRoster;
      const active = sql`${roster.deletedAt} is null`;
      // The talents it holds: a request she has not accepted has no balance and is no talent on the roster yet.
      const held = and(eq(roster.companyId, companyId), rosterHolds());
      const [balances, spans] = await Promise.all([
        context.db
          .select({
            currency: roster.currency,
            balance: sql<string>`coalesce(sum(${roster.balance}) filter (where ${active}), 0)::numeric(16,2)::text`,
            entries: sql<number>`(count(*) filter (where ${active}))::int`,
            owed: sql<string>`coalesce(sum(${roster.balance}) filter (where ${roster.balance} > 0), 0)::numeric(16,2)::text`,
          })
          .from(roster)
          .where(held)
          .groupBy(roster.currency)
          .orderBy(roster.currency),
        context.db
          .select({ currency: talentBalanceTransaction.currency, first: sql<string | null>`min(${talentBalanceTransaction.createdAt})`, last: sql<string | null>`max(${talentBalanceTransaction.createdAt})` })
          .from(talentBalanceTransaction)
          .innerJoin(roster, eq(roster.id, talentBalanceTransaction.companyTalentRosterId))
          .where(held)
          .groupBy(talentBalanceTransaction.currency),
      ]);
      const spanOf = new Map(spans.map((span) => [span.currency.trim(), span]));
      return balances.map((row) => {
        const span = spanOf.get(row.currency.trim());
        return {
          ...row,
          currency: row.currency.trim(),
          firstTransactionAt: span?.first ? new Date(span.first) : null,
          lastTransactionAt: span?.last ? new Date(span.last) : null,
        };
      });
    },
  }),
);
