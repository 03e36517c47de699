import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, companyHiringStep, companyOnUser, companyRole } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY, startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Every company-area write records its event in the write's own transaction: when the
// database refuses the event row, the write itself must be gone too.
describeEachDatabase('company writes and their events share one transaction', (kind) => {
  let f: CompaniesFixture;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
  });
  afterAll(() => f.h.close());

  /** Runs the call while general_eventslog refuses rows of this type, expecting the masked failure. */
  async function withEventRefused(type: string, call: () => ReturnType<CompaniesFixture['as']>): Promise<void> {
    const db = f.h.database.db;
    await db.execute(sql.raw(`alter table general_eventslog add constraint refuse_company_events check (type <> '${type}') not valid`));
    try {
      const { body } = await call();
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.message).toBe('Unexpected error.');
    } finally {
      await db.execute(sql`alter table general_eventslog drop constraint refuse_company_events`);
    }
  }

  it('createOneCompany leaves no company, role, membership or step behind', async () => {
    await withEventRefused('company.update', () => f.as('owner-a', CREATE_COMPANY, { data: { name: 'Rolled Back Ltd' } }));
    const db = f.h.database.db;
    expect(await db.select().from(company).where(eq(company.name, 'Rolled Back Ltd'))).toEqual([]);
    const [roles] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(companyRole);
    const [steps] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(companyHiringStep);
    // Only fixture companies A and B: one owner role and seven steps each.
    expect(roles!.total).toBe(2);
    expect(steps!.total).toBe(14);
  });

  it('a role, a member change and a step move are rolled back with their event', async () => {
    const db = f.h.database.db;
    await withEventRefused('companyRole.create', () =>
      f.as('owner-a', 'mutation { createOneCompanyRole(data: { name: "Ghost", permissions: [] }) { id } }', {}, f.a.id),
    );
    expect(await db.select().from(companyRole).where(and(eq(companyRole.companyId, f.a.id), eq(companyRole.role, 'Ghost')))).toEqual([]);

    const member = await f.memberWithRole('member-a', f.a.id, 'Helper', {});
    await withEventRefused('companyOnUser.delete', () => f.as('owner-a', 'mutation ($id: ID!) { deleteOneCompanyOnUser(id: $id) }', { id: member.membershipId }, f.a.id));
    expect(await db.select().from(companyOnUser).where(eq(companyOnUser.id, member.membershipId))).toHaveLength(1);

    const [first, second] = await db.select().from(companyHiringStep).where(eq(companyHiringStep.companyId, f.a.id)).orderBy(companyHiringStep.order);
    await withEventRefused('companyHiringStep.update', () =>
      f.as('owner-a', 'mutation ($id: ID!) { moveCompanyHiringStep(id: $id, direction: UP) { id } }', { id: second!.id }, f.a.id),
    );
    const orders = await db.select({ id: companyHiringStep.id, order: companyHiringStep.order }).from(companyHiringStep).where(eq(companyHiringStep.companyId, f.a.id));
    expect(orders.find((row) => row.id === first!.id)?.order).toBe(1);
    expect(orders.find((row) => row.id === second!.id)?.order).toBe(2);
  });
});
