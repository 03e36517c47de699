import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { company, companyCredit, jobAd, savedJobAd, talentProfile, user } from '../../../src/server/db/schema';
import { describeEachDatabase, failureSqlState, openTestDatabase } from '../../support/test-database';

const uniqueViolation = '23505';
const checkViolation = '23514';
const invalidTextRepresentation = '22P02';

describeEachDatabase('data model constraints', (kind) => {
  let database: Database;
  let companyId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    [{ id: companyId }] = (await database.db
      .insert(company)
      .values({ name: 'Acme', verificationStatus: 'verified' })
      .returning({ id: company.id })) as [{ id: string }];
  });
  afterAll(() => database?.close());

  it('keeps money exact: decimal strings in and out, sums without float error', async () => {
    await database.db.insert(companyCredit).values([
      { companyId, amount: '0.10', currency: 'EUR' },
      { companyId, amount: '0.20', currency: 'EUR' },
      { companyId, amount: '123456789012.34', currency: 'EUR' },
    ]);
    const rows = await database.db.select({ amount: companyCredit.amount }).from(companyCredit);
    expect(rows.map((row) => row.amount).sort()).toEqual(['0.10', '0.20', '123456789012.34']);

    const sum = await database.db.execute<{ total: string }>(
      sql`select sum(amount)::text as total from company_credit where amount < 1`,
    );
    expect(sum.rows[0]?.total).toBe('0.30');
  });

  it('refuses a currency that is not an upper-case ISO 4217 code', async () => {
    expect(await failureSqlState(database.db.insert(companyCredit).values({ companyId, amount: '1.00', currency: 'eur' }))).toBe(
      checkViolation,
    );
    expect(await failureSqlState(database.db.insert(companyCredit).values({ companyId, amount: '1.00', currency: 'E1R' }))).toBe(
      checkViolation,
    );
  });

  it('refuses a billing status outside the enumeration', async () => {
    const [profile] = await database.db.insert(talentProfile).values({ profileName: 'Ada' }).returning({ id: talentProfile.id });
    const insert = (status: string) =>
      database.db.execute(sql`
        insert into billing (talent_profile_id, amount, currency, year, month, status)
        values (${profile!.id}, '10.00', 'EUR', 2025, 1, ${status})`);
    await insert('SENT');
    expect(await failureSqlState(insert('ARCHIVED'))).toBe(invalidTextRepresentation);
  });

  it('keeps user external ids and e-mail addresses (any case) unique', async () => {
    await database.db.insert(user).values({ externalId: 'auth|1', email: 'Ada@Example.com' });
    expect(await failureSqlState(database.db.insert(user).values({ externalId: 'auth|1', email: 'other@example.com' }))).toBe(
      uniqueViolation,
    );
    expect(await failureSqlState(database.db.insert(user).values({ externalId: 'auth|2', email: 'ada@example.COM' }))).toBe(
      uniqueViolation,
    );
  });

  it('saves a job ad once per user', async () => {
    const [saver] = await database.db
      .insert(user)
      .values({ externalId: 'auth|saver', email: 'saver@example.com' })
      .returning({ id: user.id });
    const [ad] = await database.db
      .insert(jobAd)
      .values({ title: 'Data Engineer', publisherCompanyId: companyId })
      .returning({ id: jobAd.id });
    const pair = { jobAdId: ad!.id, userId: saver!.id };
    await database.db.insert(savedJobAd).values(pair);
    expect(await failureSqlState(database.db.insert(savedJobAd).values(pair))).toBe(uniqueViolation);
  });

  it('fills ids, timestamps and defaults', async () => {
    const [row] = await database.db.insert(company).values({ name: 'Defaults Ltd' }).returning();
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.updatedAt).toBeInstanceOf(Date);
    expect(row!.deletedAt).toBeNull();
    expect(row!.verificationStatus).toBe('pending');
    expect(row!.isPossibleDuplicate).toBe(false);
  });
});
