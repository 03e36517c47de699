import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companyTalentRoster, talentBalanceTransaction } from '../../../src/server/db/schema';
import { describeEachDatabase, useSeededTestDatabase } from '../../support/test-database';

// The ledger day rule (migration 0048): the database keeps each company's ledger summed by day,
// currency and kind, in step with every insert, change and delete of a ledger row, so that the
// dashboard's balances never add up a large company's movements one by one; the days always
// equal the ledger itself.

describeEachDatabase('the ledger days the database keeps', (kind) => {
  const database = useSeededTestDatabase(kind);

  /** The kept days that differ from summing the ledger (none when the rule holds). */
  async function drift(): Promise<unknown[]> {
    const rows = await database.db.execute(sql`
      with live as (
        select company_id, (created_at at time zone 'UTC')::date as day, currency, type,
               sum(greatest(change, 0)) as money_in, sum(least(change, 0)) as money_out, count(*)::int as entries
        from talent_balance_transaction group by 1, 2, 3, 4),
      kept as (select company_id, day, currency, type, money_in, money_out, entries from talent_balance_day where entries <> 0)
      (select 'kept' as side, * from kept except select 'kept', * from live)
      union all
      (select 'live' as side, * from live except select 'live', * from kept)`);
    return rows.rows;
  }

  it('equal the seeded ledger, by company, day, currency and kind', async () => {
    const [counted] = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from talent_balance_day`)).rows;
    expect(counted!.n).toBeGreaterThan(0);
    expect(await drift()).toEqual([]);
  });

  it('follow a movement in, changed, and out', async () => {
    const [entry] = await database.db.select({ id: companyTalentRoster.id, companyId: companyTalentRoster.companyId }).from(companyTalentRoster).limit(1);
    const [row] = await database.db
      .insert(talentBalanceTransaction)
      .values({ companyTalentRosterId: entry!.id, companyId: entry!.companyId, change: '-12.34', currency: 'EUR', type: 'MISC' })
      .returning({ id: talentBalanceTransaction.id });
    expect(await drift()).toEqual([]);
    await database.db.update(talentBalanceTransaction).set({ change: '56.78', createdAt: new Date('2024-02-29T23:30:00Z') }).where(eq(talentBalanceTransaction.id, row!.id));
    expect(await drift()).toEqual([]);
    await database.db.update(talentBalanceTransaction).set({ currency: 'USD', type: 'WITHDRAWAL' }).where(eq(talentBalanceTransaction.id, row!.id));
    expect(await drift()).toEqual([]);
    await database.db.delete(talentBalanceTransaction).where(eq(talentBalanceTransaction.id, row!.id));
    expect(await drift()).toEqual([]);
  });
});
