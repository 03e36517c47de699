import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, companyPermissions, generalEventslog } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';
import { CREATE_COMPANY } from '../companies-fixture';

// The platform reviews companies. Verify makes a pending company
// selectable, reject gives its owners a reason, delete is soft; the possible duplicates are
// found side by side; the company's own permission set is edited here only. Every write is
// a company.update event marked admin.

const LIST = `query ($q: String, $status: CompanyVerificationStatus, $possibleDuplicate: Boolean, $country: String, $page: Int, $perPage: Int) {
  findManyAdminCompany(q: $q, status: $status, possibleDuplicate: $possibleDuplicate, country: $country, page: $page, perPage: $perPage) {
    items { id name verificationStatus isPossibleDuplicate country ownerEmail memberCount reviewActions deletedAt } total page pageCount
  }
}`;
const DETAIL = `query ($id: ID!) { findAdminCompany(id: $id) {
  company { id name verificationStatus rejectionReason isPossibleDuplicate reviewActions ownerEmail }
  duplicates { id name }
  members { email roleName isOwner }
  roles { name isDefault memberCount permissions { resource read } }
  permissions { resource limited read create update delete }
} }`;
const VERIFY = 'mutation ($id: ID!) { verifyOneCompany(id: $id) { id verificationStatus rejectionReason isPossibleDuplicate reviewActions } }';
const REJECT = 'mutation ($id: ID!, $reason: String!) { rejectOneCompany(id: $id, reason: $reason) { id verificationStatus rejectionReason reviewActions } }';
const DELETE = 'mutation ($id: ID!) { deleteOneCompany(id: $id) { id verificationStatus deletedAt reviewActions } }';
const PERMISSIONS = 'mutation ($companyId: ID!, $permissions: [CompanyPermissionInput!]!) { updateOneCompanyPermissions(companyId: $companyId, permissions: $permissions) { resource limited read create } }';
const MY_COMPANIES = '{ findMe { companies { company { id verificationStatus rejectionReason } effectivePermissions } } }';
const FIND_COMPANY = '{ findCompany { id name } }';

interface ListItem { id: string; name: string; verificationStatus: string; isPossibleDuplicate: boolean; country: string | null; ownerEmail: string | null; memberCount: number; reviewActions: string[]; deletedAt: string | null }

describeEachDatabase('admin: companies', (kind) => {
  let f: AdminFixture;
  const created = { kite: '', kiteCopy: '', harbour: '' };
  beforeAll(async () => {
    f = await startAdminFixture(kind);
    const create = async (owner: string, data: Record<string, unknown>) => {
      const { body } = await f.as(owner, CREATE_COMPANY, { data });
      return (body.data?.createOneCompany as { id: string }).id;
    };
    created.kite = await create('kite-owner', { name: 'Kite Analytics', country: 'PT', website: 'https://kite.example' });
    created.kiteCopy = await create('someone-else', { name: 'kite-analytics', country: 'ES' });
    created.harbour = await create('kite-owner', { name: 'Harbour Tools', country: 'DE' });
  });
  afterAll(() => f.h.close());

  const list = async (variables: Record<string, unknown> = {}) => {
    const { body } = await f.asAdmin(LIST, variables);
    expect(body.errors).toBeUndefined();
    return body.data?.findManyAdminCompany as { items: ListItem[]; total: number; page: number; pageCount: number };
  };
  const adminEvents = (companyId: string) =>
    f.h.database.db
      .select()
      .from(generalEventslog)
      .where(and(eq(generalEventslog.type, 'company.update'), eq(generalEventslog.toId, companyId), sql`${generalEventslog.eventData}->>'admin' = 'true'`));

  it('lists every company, pending first, with owner and members; finds by name, status, possible duplicate and country; pages', async () => {
    const all = await list();
    expect(all.total).toBe(5);
    expect(all.items.slice(0, 3).every((item) => item.verificationStatus === 'pending')).toBe(true);
    const kite = all.items.find((item) => item.id === created.kite)!;
    expect(kite).toMatchObject({ name: 'Kite Analytics', country: 'PT', ownerEmail: 'kite-owner@example.test', memberCount: 1, isPossibleDuplicate: false, reviewActions: ['verify', 'reject', 'delete'] });
    expect(all.items.find((item) => item.id === created.kiteCopy)).toMatchObject({ isPossibleDuplicate: true });

    expect((await list({ q: 'KITE' })).items.map((item) => item.id).sort()).toEqual([created.kite, created.kiteCopy].sort());
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ status: 'verified' })).items.map((item) => item.name).sort()).toEqual(['Company A', 'Company B']);
    expect((await list({ possibleDuplicate: true })).items.map((item) => item.id)).toEqual([created.kiteCopy]);
    expect((await list({ country: 'de' })).items.map((item) => item.id)).toEqual([created.harbour]);
    const firstPage = await list({ perPage: 2 });
    expect(firstPage).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    const third = await list({ perPage: 2, page: 3 });
    expect(third.items).toHaveLength(1);
  });

  it('shows one company with its possible duplicates side by side, its members and roles, and its own permission set', async () => {
    const { body } = await f.asAdmin(DETAIL, { id: created.kiteCopy });
    expect(body.errors).toBeUndefined();
    const detail = body.data?.findAdminCompany as {
      company: { name: string; isPossibleDuplicate: boolean };
      duplicates: Array<{ id: string }>;
      members: Array<{ email: string; roleName: string; isOwner: boolean }>;
      roles: Array<{ name: string; isDefault: boolean; memberCount: number; permissions: Array<{ resource: string; read: boolean }> }>;
      permissions: Array<{ resource: string; limited: boolean }>;
    };
    expect(detail.company).toMatchObject({ name: 'kite-analytics', isPossibleDuplicate: true });
    expect(detail.duplicates.map((entry) => entry.id)).toEqual([created.kite]);
    expect(detail.members).toEqual([{ email: 'someone-else@example.test', roleName: 'Owner', isOwner: true }]);
    expect(detail.roles).toEqual([expect.objectContaining({ name: 'Owner', isDefault: true, memberCount: 1 })]);
    expect(detail.roles[0]!.permissions.every((row) => row.read)).toBe(true);
    expect(detail.permissions).toHaveLength(15);
    expect(detail.permissions.every((row) => !row.limited)).toBe(true);
  });

  it('answers NOT_FOUND for an unknown company or an id that is no id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await f.asAdmin(DETAIL, { id })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect((await f.asAdmin(VERIFY, { id })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('verifies a pending company, which its owner can then select, and records company.update', async () => {
    const before = await f.as('kite-owner', MY_COMPANIES);
    const row = (answer: typeof before) => (answer.body.data?.findMe as { companies: Array<{ company: { id: string }; effectivePermissions: unknown }> }).companies.find((entry) => entry.company.id === created.kite)!;
    expect(row(before).effectivePermissions).toBeNull();
    expect((await f.as('kite-owner', FIND_COMPANY, {}, created.kite)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const { body } = await f.asAdmin(VERIFY, { id: created.kite });
    expect(body.errors).toBeUndefined();
    expect(body.data?.verifyOneCompany).toMatchObject({ verificationStatus: 'verified', rejectionReason: null, reviewActions: ['reject', 'delete'] });

    expect(row(await f.as('kite-owner', MY_COMPANIES)).effectivePermissions).not.toBeNull();
    expect((await f.as('kite-owner', FIND_COMPANY, {}, created.kite)).body.data?.findCompany).toEqual({ id: created.kite, name: 'Kite Analytics' });
    const events = await adminEvents(created.kite);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      fromId: f.adminUserId,
      toId: created.kite,
      eventData: { action: 'verify', before: { verificationStatus: 'pending' }, after: { verificationStatus: 'verified' }, actorUserId: f.adminUserId },
    });
    expect((await f.asAdmin(VERIFY, { id: created.kite })).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadyInStatus' });
  });

  it('verifying answers the possible-duplicate flag', async () => {
    const { body } = await f.asAdmin(VERIFY, { id: created.kiteCopy });
    expect(body.data?.verifyOneCompany).toMatchObject({ verificationStatus: 'verified', isPossibleDuplicate: false });
  });

  it('rejects with the reason the owners read; a blank reason is refused with its code and nothing changes', async () => {
    const blank = await f.asAdmin(REJECT, { id: created.harbour, reason: '  ' });
    expect(blank.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'reason', code: 'reasonRequired', message: expect.any(String) }] });
    expect((await f.h.database.db.select().from(company).where(eq(company.id, created.harbour)))[0]).toMatchObject({ verificationStatus: 'pending', rejectionReason: null });

    const reason = 'We could not find Harbour Tools in the commercial register.\nSend us the registration number.';
    const { body } = await f.asAdmin(REJECT, { id: created.harbour, reason: `  ${reason} ` });
    expect(body.data?.rejectOneCompany).toMatchObject({ verificationStatus: 'rejected', rejectionReason: reason, reviewActions: ['verify', 'delete'] });
    const mine = (await f.as('kite-owner', MY_COMPANIES)).body.data?.findMe as { companies: Array<{ company: { id: string; verificationStatus: string; rejectionReason: string | null } }> };
    expect(mine.companies.find((entry) => entry.company.id === created.harbour)?.company).toEqual({ id: created.harbour, verificationStatus: 'rejected', rejectionReason: reason });
    expect((await adminEvents(created.harbour))[0]?.eventData).toMatchObject({ action: 'reject', after: { verificationStatus: 'rejected', rejectionReason: reason } });

    // Verified after all: the reason goes.
    expect((await f.asAdmin(VERIFY, { id: created.harbour })).body.data?.verifyOneCompany).toMatchObject({ verificationStatus: 'verified', rejectionReason: null });
  });

  it('takes a verified company\'s verification away: its members can no longer select it', async () => {
    const { body } = await f.asAdmin(REJECT, { id: f.b.id, reason: 'The owner asked us to close this account.' });
    expect(body.data?.rejectOneCompany).toMatchObject({ verificationStatus: 'rejected' });
    expect((await f.as('owner-b', FIND_COMPANY, {}, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('deletes softly and for good: out of the default list, in the deleted filter, nothing more can be done', async () => {
    const { body } = await f.asAdmin(DELETE, { id: f.b.id });
    expect(body.data?.deleteOneCompany).toMatchObject({ verificationStatus: 'deleted', deletedAt: expect.any(String), reviewActions: [] });
    const [row] = await f.h.database.db.select().from(company).where(eq(company.id, f.b.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await list()).items.map((item) => item.id)).not.toContain(f.b.id);
    expect((await list({ status: 'deleted' })).items.map((item) => item.id)).toEqual([f.b.id]);
    for (const [query, variables] of [[VERIFY, { id: f.b.id }], [DELETE, { id: f.b.id }], [REJECT, { id: f.b.id, reason: 'x' }]] as const) {
      expect((await f.asAdmin(query, variables)).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'companyDeleted' });
    }
    expect((await adminEvents(f.b.id)).map((event) => event.eventData.action)).toEqual(expect.arrayContaining(['reject', 'delete']));
  });

  it("edits the company's own permission set, which then caps every role (the permission merge ANDs them), and records company.update", async () => {
    const rows = [
      { resource: 'jobAd', limited: true, read: true, create: false, update: false, delete: false },
      { resource: 'company', limited: false, read: false, create: false, update: false, delete: false },
    ];
    const { body } = await f.asAdmin(PERMISSIONS, { companyId: f.a.id, permissions: rows });
    expect(body.errors).toBeUndefined();
    const saved = body.data?.updateOneCompanyPermissions as Array<{ resource: string; limited: boolean; read: boolean; create: boolean }>;
    expect(saved.find((row) => row.resource === 'jobAd')).toEqual({ resource: 'jobAd', limited: true, read: true, create: false });
    expect(saved.find((row) => row.resource === 'company')).toEqual({ resource: 'company', limited: false, read: true, create: true });
    const [stored] = await f.h.database.db.select().from(companyPermissions).where(eq(companyPermissions.companyId, f.a.id));
    expect(stored?.permissions).toEqual({ jobAd: { read: true, create: false, update: false, delete: false } });

    const mine = (await f.as('owner-a', MY_COMPANIES)).body.data?.findMe as { companies: Array<{ company: { id: string }; effectivePermissions: Record<string, Record<string, boolean>> }> };
    const effective = mine.companies.find((entry) => entry.company.id === f.a.id)!.effectivePermissions;
    expect(effective.jobAd).toEqual({ read: true, create: false, update: false, delete: false });
    expect(effective.company?.update).toBe(true);
    expect((await adminEvents(f.a.id))[0]?.eventData).toMatchObject({ action: 'permissions', before: { permissions: null }, after: { permissions: stored?.permissions } });

    const unknown = await f.asAdmin(PERMISSIONS, { companyId: f.a.id, permissions: [{ resource: 'payroll', limited: true, read: true, create: true, update: true, delete: true }] });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'permissions.0.resource', code: 'permissionResourceUnknown', message: expect.any(String) }] });
  });
});
