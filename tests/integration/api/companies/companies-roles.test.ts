import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyMemberInvitation, companyPermissions, companyRole } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const ROLES = '{ findManyCompanyRole { total items { id name isDefault memberCount permissions { resource read create update delete } } } }';
const CREATE = 'mutation ($data: CreateOneCompanyRoleInput!) { createOneCompanyRole(data: $data) { id name permissions { resource read create update delete } } }';
const UPDATE = 'mutation ($id: ID!, $data: UpdateOneCompanyRoleInput!) { updateOneCompanyRole(id: $id, data: $data) { id name permissions { resource read create } } }';
const DELETE = 'mutation ($id: ID!) { deleteOneCompanyRole(id: $id) }';
const COMPANY_PERMISSIONS = '{ findCompanyPermissions { resource limited read create update delete } }';
const RANDOM = '00000000-0000-4000-8000-000000000000';
// The roles it makes below allow only what it holds itself (no self-granted power: self-granted-power.test.ts).
const ROLE_ADMIN = {
  companyRole: { read: true, create: true, update: true, delete: true },
  talentProfile: { read: true },
  talentJobApplication: { read: true },
  jobAd: { read: true, create: true },
};
const row = (resource: string, read: boolean, create = false, update = false, remove = false) => ({ resource, read, create, update, delete: remove });

describeEachDatabase('company roles', (kind) => {
  let f: CompaniesFixture;
  let adminRoleId: string;
  let bRoleId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    adminRoleId = (await f.memberWithRole('roles-a', f.a.id, 'Role admin', ROLE_ADMIN)).roleId;
    await f.memberWithRole('reader-a', f.a.id, 'Role reader', { companyRole: { read: true } });
    await f.memberWithRole('no-roles-a', f.a.id, 'No roles', { company: { read: true } });
    bRoleId = (await f.memberWithRole('helper-b', f.b.id, 'Helper', {})).roleId;
  });
  afterAll(() => f.h.close());

  it('lists the roles, owner first, each with the full 13-resource matrix', async () => {
    const { body } = await f.as('reader-a', ROLES, {}, f.a.id);
    expect(body.errors).toBeUndefined();
    const page = body.data?.findManyCompanyRole as { total: number; items: Array<{ name: string; isDefault: boolean; memberCount: number; permissions: Array<{ resource: string; read: boolean }> }> };
    expect(page.items.map((item) => [item.name, item.isDefault, item.memberCount])).toEqual([['Owner', true, 1], ['No roles', false, 1], ['Role admin', false, 1], ['Role reader', false, 1]]);
    expect(page.items[0]!.permissions).toHaveLength(15);
    expect(page.items[0]!.permissions.every((permission) => permission.read)).toBe(true);
    expect(page.items[3]!.permissions.find((permission) => permission.resource === 'companyRole')).toEqual(row('companyRole', true));
  });

  it('needs companyRole read to list the roles or the company permission set', async () => {
    for (const query of [ROLES, COMPANY_PERMISSIONS]) {
      const { body } = await f.as('no-roles-a', query, {}, f.a.id);
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(body.data).toBeNull();
    }
  });

  it("shows the company's own permission set read-only: a resource it names is limited (an action left out denied), the rest its roles decide", async () => {
    const none = await f.as('reader-a', COMPANY_PERMISSIONS, {}, f.a.id);
    const rows = none.body.data?.findCompanyPermissions as Array<ReturnType<typeof row> & { limited: boolean }>;
    expect(rows.map((permission) => permission.resource)).toHaveLength(15);
    expect(rows.every((permission) => !permission.limited && permission.read && permission.create && permission.update && permission.delete)).toBe(true);

    await f.h.database.db.insert(companyPermissions).values({ companyId: f.b.id, permissions: { jobAd: { read: true, create: true, delete: false } } });
    const limited = await f.as('owner-b', COMPANY_PERMISSIONS, {}, f.b.id);
    const jobAd = (limited.body.data?.findCompanyPermissions as Array<{ resource: string }>).find((permission) => permission.resource === 'jobAd');
    expect(jobAd).toEqual({ ...row('jobAd', true, true), limited: true });
    // A's answer is A's set, not B's.
    expect(await f.as('reader-a', COMPANY_PERMISSIONS, {}, f.a.id)).toMatchObject({ body: none.body });
  });

  it('creates a role whose unlisted resources grant nothing, with a companyRole.create event', async () => {
    const { body } = await f.as('roles-a', CREATE, { data: { name: ' Sourcer ', permissions: [row('talentProfile', true), row('jobAd', true, true)] } }, f.a.id);
    expect(body.errors).toBeUndefined();
    const created = body.data?.createOneCompanyRole as { id: string; name: string; permissions: Array<ReturnType<typeof row>> };
    expect(created.name).toBe('Sourcer');
    expect(created.permissions.find((permission) => permission.resource === 'jobAd')).toEqual(row('jobAd', true, true));
    expect(created.permissions.find((permission) => permission.resource === 'company')).toEqual(row('company', false));
    const [stored] = await f.h.database.db.select({ permissions: companyRole.permissions }).from(companyRole).where(eq(companyRole.id, created.id));
    // Stored as the full matrix with explicit falses (in the permission merge a role's false wins).
    expect(stored!.permissions?.company).toEqual({ read: false, create: false, update: false, delete: false });
    expect(await f.events('companyRole.create', created.id)).toHaveLength(1);

    const again = await f.as('roles-a', CREATE, { data: { name: 'sourcer', permissions: [] } }, f.a.id);
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'roleNameTaken' });
  });

  it('answers codes for a bad name, an unknown or repeated resource', async () => {
    const { body } = await f.as('roles-a', CREATE, { data: { name: '', permissions: [row('payroll', true), row('jobAd', true), row('jobAd', false)] } }, f.a.id);
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([
      { field: 'data.name', code: 'roleNameRequired', message: expect.any(String) },
      { field: 'data.permissions.0.resource', code: 'permissionResourceUnknown', message: expect.any(String) },
      { field: 'data.permissions.2.resource', code: 'permissionResourceRepeated', message: expect.any(String) },
    ]);
  });

  it('needs companyRole create, update and delete', async () => {
    expect((await f.as('reader-a', CREATE, { data: { name: 'X', permissions: [] } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('reader-a', UPDATE, { id: adminRoleId, data: { name: 'X' } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('reader-a', DELETE, { id: adminRoleId }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('renames and replaces the matrix, logging before and after; the owner role is locked', async () => {
    const created = (await f.as('roles-a', CREATE, { data: { name: 'Interviewer', permissions: [row('talentJobApplication', true)] } }, f.a.id)).body.data?.createOneCompanyRole as { id: string };
    const { body } = await f.as('roles-a', UPDATE, { id: created.id, data: { name: 'Panel interviewer', permissions: [row('talentProfile', true)] } }, f.a.id);
    const updated = body.data?.updateOneCompanyRole as { name: string; permissions: Array<{ resource: string; read: boolean }> };
    expect(updated.name).toBe('Panel interviewer');
    expect(updated.permissions.filter((permission) => permission.read).map((permission) => permission.resource)).toEqual(['talentProfile']);
    const [event] = await f.events('companyRole.update', created.id);
    expect(event!.eventData).toMatchObject({ before: { role: 'Interviewer' }, after: { role: 'Panel interviewer' } });

    const owner = await f.as('owner-a', UPDATE, { id: f.a.ownerRoleId, data: { permissions: [] } }, f.a.id);
    expect(owner.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'ownerRoleLocked' });
    expect((await f.as('owner-a', DELETE, { id: f.a.ownerRoleId }, f.a.id)).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'ownerRoleLocked' });
  });

  it('refuses to delete a role members hold (roleInUse), deletes an unused one with an event', async () => {
    const inUse = await f.as('roles-a', DELETE, { id: adminRoleId }, f.a.id);
    expect(inUse.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'roleInUse' });
    const unused = (await f.as('roles-a', CREATE, { data: { name: 'Temporary', permissions: [] } }, f.a.id)).body.data?.createOneCompanyRole as { id: string };
    expect((await f.as('roles-a', DELETE, { id: unused.id }, f.a.id)).body.data?.deleteOneCompanyRole).toBe(unused.id);
    expect(await f.events('companyRole.delete', unused.id)).toHaveLength(1);
    // An open invitation holds its role as a member would.
    const promised = (await f.as('roles-a', CREATE, { data: { name: 'Promised', permissions: [] } }, f.a.id)).body.data?.createOneCompanyRole as { id: string };
    await f.h.database.db.insert(companyMemberInvitation).values({ companyId: f.a.id, email: 'promised@example.com', roleId: promised.id });
    expect((await f.as('roles-a', DELETE, { id: promised.id }, f.a.id)).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'roleInUse' });
    expect(await f.events('companyRole.delete', promised.id)).toHaveLength(0);
    const names = ((await f.as('roles-a', ROLES, {}, f.a.id)).body.data?.findManyCompanyRole as { items: Array<{ name: string }> }).items.map((item) => item.name);
    expect(names).not.toContain('Temporary');
  });

  it("answers B's role id in A exactly like an unknown id (NOT_FOUND), and leaves it alone", async () => {
    for (const [query, variables] of [
      [UPDATE, { data: { name: 'Hijacked' } }],
      [DELETE, {}],
    ] as const) {
      const probe = await f.as('roles-a', query, { id: bRoleId, ...variables }, f.a.id);
      const unknown = await f.as('roles-a', query, { id: RANDOM, ...variables }, f.a.id);
      expect(probe.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(probe.body).toEqual(unknown.body);
    }
    const [b] = await f.h.database.db.select({ role: companyRole.role, deletedAt: companyRole.deletedAt }).from(companyRole).where(eq(companyRole.id, bRoleId));
    expect(b).toEqual({ role: 'Helper', deletedAt: null });
  });
});
