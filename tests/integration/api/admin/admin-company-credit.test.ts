import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyCredit, companyCreditChange, user } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// A company's credit, granted, changed and ended by a finance admin: each write updates
// the credit (who did it), adds its history row with the reason and records a
// company.update event; the company reads credits and history on its side, another
// company reads none of them; admins without finance are refused; bad input is worded.

const GRANT = 'mutation ($companyId: ID!, $data: CompanyCreditInput!) { createOneCompanyCredit(companyId: $companyId, data: $data) { id amount currency until expired updatedBy changes { action amount until reason changedBy } } }';
const CHANGE = 'mutation ($id: ID!, $data: CompanyCreditInput!) { updateOneCompanyCredit(id: $id, data: $data) { id amount until changes { action reason } } }';
const END = 'mutation ($id: ID!, $reason: String!) { endOneCompanyCredit(id: $id, reason: $reason) { id expired changes { action reason } } }';
const COMPANY_SIDE = '{ findManyCompanyCredit { id amount currency expired } findManyCompanyCreditChange { action amount reason changedBy } }';
const SET_PERMISSIONS = 'mutation ($userId: ID!, $permissions: [AdminPermission!]!) { updateOneAdminPermissions(userId: $userId, permissions: $permissions) { id } }';
const NOBODY = '00000000-0000-4000-8000-000000000000';

type Credit = { id: string; amount: string; currency: string; until: string | null; expired: boolean; updatedBy: string | null; changes: Array<Record<string, unknown>> };

describeEachDatabase('company credit, granted by finance admins', (kind) => {
  let f: AdminFixture;
  const asOther = async (query: string, variables: Record<string, unknown> = {}) =>
    f.h.call(query, { token: await f.h.token('other-admin', { roles: ['super:admin'], email: 'other@example.test' }), variables });
  const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

  beforeAll(async () => {
    f = await startAdminFixture(kind);
    await asOther('{ findMe { id } }');
  });
  afterAll(() => f.h.close());

  it('grants, changes and ends a credit, each with its history row and event, and the company reads them', async () => {
    const granted = await f.asAdmin(GRANT, { companyId: f.a.id, data: { amount: '2 500,50', currency: 'eur', until: nextYear, reason: 'Launch offer' } });
    expect(granted.body.errors).toBeUndefined();
    const credit = (granted.body.data as { createOneCompanyCredit: Credit }).createOneCompanyCredit;
    expect(credit).toMatchObject({ amount: '2500.50', currency: 'EUR', expired: false, updatedBy: 'admin@example.test' });
    expect(credit.until?.slice(0, 10)).toBe(nextYear);
    expect(credit.changes).toEqual([{ action: 'grant', amount: '2500.50', until: credit.until, reason: 'Launch offer', changedBy: 'admin@example.test' }]);

    const changed = await f.asAdmin(CHANGE, { id: credit.id, data: { amount: '3000', until: '', reason: 'Raised for the pilot' } });
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data?.updateOneCompanyCredit).toMatchObject({ amount: '3000.00', until: null, changes: [{ action: 'change', reason: 'Raised for the pilot' }, { action: 'grant' }] });

    const company = await f.as('owner-a', COMPANY_SIDE, {}, f.a.id);
    expect(company.body.data).toEqual({
      findManyCompanyCredit: [{ id: credit.id, amount: '3000.00', currency: 'EUR', expired: false }],
      findManyCompanyCreditChange: [
        { action: 'change', amount: '3000.00', reason: 'Raised for the pilot', changedBy: null },
        { action: 'grant', amount: '2500.50', reason: 'Launch offer', changedBy: null },
      ],
    });
    // Another company's owner, with their own company selected, reads none of it.
    expect((await f.as('owner-b', COMPANY_SIDE, {}, f.b.id)).body.data).toEqual({ findManyCompanyCredit: [], findManyCompanyCreditChange: [] });

    const ended = await f.asAdmin(END, { id: credit.id, reason: 'Pilot over' });
    expect(ended.body.data?.endOneCompanyCredit).toMatchObject({ expired: true, changes: [{ action: 'end', reason: 'Pilot over' }, { action: 'change' }, { action: 'grant' }] });
    const again = await f.asAdmin(END, { id: credit.id, reason: 'Twice' });
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'creditEnded' });
    const late = await f.asAdmin(CHANGE, { id: credit.id, data: { amount: '1', reason: 'Too late' } });
    expect(late.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'creditEnded' });

    const events = await f.events('company.update', f.a.id);
    const creditEvents = events.filter((event) => String(event.eventData.action).startsWith('credit'));
    expect(creditEvents.map((event) => [event.eventData.action, event.fromId, event.toId, event.eventData.reason])).toEqual([
      ['creditGrant', f.adminUserId, f.a.id, 'Launch offer'],
      ['creditChange', f.adminUserId, f.a.id, 'Raised for the pilot'],
      ['creditEnd', f.adminUserId, f.a.id, 'Pilot over'],
    ]);
    expect(creditEvents[1]!.eventData).toMatchObject({ admin: true, creditId: credit.id, before: { amount: '2500.50' }, after: { amount: '3000.00', currency: 'EUR', until: null } });
    const [row] = await f.h.database.db.select().from(companyCredit).where(eq(companyCredit.id, credit.id));
    expect(row?.updatedById).toBe(f.adminUserId);
  });

  it('words each bad field, and writes nothing', async () => {
    const { body } = await f.asAdmin(GRANT, { companyId: f.b.id, data: { amount: '0', currency: 'EURO', until: '2001-01-01', reason: ' ' } });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const fieldErrors = body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string; message: string }>;
    expect(fieldErrors.map((error) => [error.field, error.code])).toEqual([
      ['data.amount', 'creditAmountNotPositive'],
      ['data.currency', 'currencyUnknown'],
      ['data.until', 'creditUntilPast'],
      ['data.reason', 'creditReasonRequired'],
    ]);
    expect(fieldErrors[0]!.message).toBe('The amount must be more than zero. To take a credit away, end it.');
    expect(await f.h.database.db.select().from(companyCredit).where(eq(companyCredit.companyId, f.b.id))).toEqual([]);
  });

  it('answers an unknown company or credit NOT_FOUND', async () => {
    for (const id of [NOBODY, 'nope']) {
      expect((await f.asAdmin(GRANT, { companyId: id, data: { amount: '5', currency: 'EUR', reason: 'Why' } })).body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
      expect((await f.asAdmin(CHANGE, { id, data: { amount: '5', reason: 'Why' } })).body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
      expect((await f.asAdmin(END, { id, reason: 'Why' })).body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
    }
  });

  it('refuses an admin without finance, a company owner and a guest; nothing written', async () => {
    const [other] = await f.h.database.db.select({ id: user.id }).from(user).where(eq(user.externalId, 'other-admin'));
    await f.asAdmin(SET_PERMISSIONS, { userId: other!.id, permissions: ['moderation', 'verification', 'support', 'flags'] });
    const grant = { companyId: f.b.id, data: { amount: '5', currency: 'EUR', reason: 'Why' } };
    const byOther = await asOther(GRANT, grant);
    expect(byOther.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'adminPermissionMissing' });
    // Verification reads the credit, as the company page shows it; only finance writes.
    expect((await asOther('query ($id: ID!) { findManyAdminCompanyCredit(companyId: $id) { id } }', { id: f.a.id })).body.errors).toBeUndefined();
    expect((await f.as('owner-b', GRANT, grant, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.h.call(GRANT, { variables: grant })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await f.h.database.db.select().from(companyCreditChange).where(eq(companyCreditChange.companyId, f.b.id))).toEqual([]);
  });
});
