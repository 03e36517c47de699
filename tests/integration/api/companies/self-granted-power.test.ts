import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionAction } from '../../../../src/lib/permissions/resources';
import { companyMemberInvitation, companyOnUser, companyPermissions, companyRole } from '../../../../src/server/db/schema';
import type { GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// No self-granted power, performed as the attack: a member allowed to edit roles and
// members tries to give herself (or anyone) what her own role does not allow, by editing
// the role she holds, by ticking it in another role (new or existing), and by taking or
// giving a role that allows it; for every resource of the permission matrix. Each refusal
// is FORBIDDEN with its reason, and nothing changes.

const CREATE_ROLE = 'mutation ($data: CreateOneCompanyRoleInput!) { createOneCompanyRole(data: $data) { id } }';
const UPDATE_ROLE = 'mutation ($id: ID!, $data: UpdateOneCompanyRoleInput!) { updateOneCompanyRole(id: $id, data: $data) { id name } }';
const ROLES = '{ findManyCompanyRole(perPage: 100) { items { id name heldByYou } } }';
const UPDATE_MEMBER = 'mutation ($id: ID!, $roleId: ID!) { updateOneCompanyOnUser(id: $id, data: { roleId: $roleId }) { id roleId } }';
const CREATE_MEMBER = 'mutation ($data: CreateOneCompanyOnUserInput!) { createOneCompanyOnUser(data: $data) { id } }';
const INVOICES = '{ findManyInvoice { total } }';

type Matrix = Record<string, Record<string, boolean>>;

/** Every resource with every action false: a role's stored matrix, before anything is ticked. */
const nothing = (): Matrix => Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, false]))]));
const matrixWith = (grants: Record<string, Partial<Record<PermissionAction, boolean>>>): Matrix => {
  const matrix = nothing();
  for (const [resource, actions] of Object.entries(grants)) Object.assign(matrix[resource]!, actions);
  return matrix;
};
/** The matrix as the API takes it: one row per resource. */
const rowsOf = (matrix: Matrix) => PERMISSION_RESOURCES.map((resource) => ({ resource, read: false, create: false, update: false, delete: false, ...matrix[resource] }));
const everything = () => Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, { read: true, create: true, update: true, delete: true }]));

/**
 * The attacker's role: she may read, create and edit roles and members (not delete them),
 * and nothing else. So on companyRole and companyOnUser she lacks delete, on every other
 * resource everything.
 */
const ADMIN_GRANTS = { companyRole: { read: true, create: true, update: true }, companyOnUser: { read: true, create: true, update: true } };
const lackedActionOf = (resource: string): PermissionAction => (resource in ADMIN_GRANTS ? 'delete' : 'read');

const extensionsOf = (body: GraphqlBody) => body.errors?.[0]?.extensions as { code?: string; reason?: string } | undefined;

describeEachDatabase('no self-granted power', (kind) => {
  let f: CompaniesFixture;
  let admin: { userId: string; roleId: string; membershipId: string };
  let colleague: { userId: string; roleId: string; membershipId: string };
  const storedPermissions = async (roleId: string) => (await f.h.database.db.select({ permissions: companyRole.permissions }).from(companyRole).where(eq(companyRole.id, roleId)))[0]?.permissions;
  const roleOf = async (membershipId: string) => (await f.h.database.db.select({ roleId: companyOnUser.roleId }).from(companyOnUser).where(eq(companyOnUser.id, membershipId)))[0]?.roleId;

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    admin = await f.memberWithRole('role-admin', f.a.id, 'Role admin', matrixWith(ADMIN_GRANTS));
    colleague = await f.memberWithRole('colleague', f.a.id, 'Colleague', matrixWith({ company: { read: true } }));
    await f.userId('bystander');
  });
  afterAll(() => f.h.close());

  it('the probe: editing her own role to every permission is FORBIDDEN (roleHeldByYou), and findManyInvoice stays 403', async () => {
    const before = await storedPermissions(admin.roleId);
    expect(extensionsOf((await f.as('role-admin', INVOICES, {}, f.a.id)).body)?.code).toBe('FORBIDDEN');
    const { status, body } = await f.as('role-admin', UPDATE_ROLE, { id: admin.roleId, data: { permissions: rowsOf(everything()) } }, f.a.id);
    expect(status).toBe(403);
    expect(extensionsOf(body)).toMatchObject({ code: 'FORBIDDEN', reason: 'roleHeldByYou' });
    expect(body.errors?.[0]?.message).toMatch(/You hold this role/);
    expect(await storedPermissions(admin.roleId)).toEqual(before);
    expect(await f.events('companyRole.update', admin.roleId)).toEqual([]);
    expect(extensionsOf((await f.as('role-admin', INVOICES, {}, f.a.id)).body)?.code).toBe('FORBIDDEN');
  });

  it('even taking permissions away from her own role is refused; renaming it (the matrix resent unchanged) is not', async () => {
    const lower = await f.as('role-admin', UPDATE_ROLE, { id: admin.roleId, data: { permissions: rowsOf(matrixWith({ companyRole: { read: true, update: true } })) } }, f.a.id);
    expect(extensionsOf(lower.body)).toMatchObject({ code: 'FORBIDDEN', reason: 'roleHeldByYou' });
    const renamed = await f.as('role-admin', UPDATE_ROLE, { id: admin.roleId, data: { name: 'People admin', permissions: rowsOf(matrixWith(ADMIN_GRANTS)) } }, f.a.id);
    expect(renamed.body.errors).toBeUndefined();
    expect(renamed.body.data?.updateOneCompanyRole).toEqual({ id: admin.roleId, name: 'People admin' });
    expect(await storedPermissions(admin.roleId)).toEqual(matrixWith(ADMIN_GRANTS));
  });

  it('the roles list says which role is her own', async () => {
    const items = ((await f.as('role-admin', ROLES, {}, f.a.id)).body.data?.findManyCompanyRole as { items: Array<{ id: string; heldByYou: boolean }> }).items;
    expect(items.filter((item) => item.heldByYou).map((item) => item.id)).toEqual([admin.roleId]);
  });

  describe.each(PERMISSION_RESOURCES.map((resource) => [resource, lackedActionOf(resource)] as const))('%s: %s, which her role lacks', (resource, action) => {
    const grant = () => matrixWith({ [resource]: { [action]: true } });

    it('is refused in a new role (permissionNotHeld); nothing is created', async () => {
      const name = `New ${resource}`;
      const { status, body } = await f.as('role-admin', CREATE_ROLE, { data: { name, permissions: rowsOf(grant()) } }, f.a.id);
      expect(status).toBe(403);
      expect(extensionsOf(body)).toMatchObject({ code: 'FORBIDDEN', reason: 'permissionNotHeld' });
      expect(body.errors?.[0]?.message).toMatch(/only give permissions you have yourself/);
      expect(await f.h.database.db.select().from(companyRole).where(and(eq(companyRole.companyId, f.a.id), eq(companyRole.role, name)))).toEqual([]);
    });

    it("is refused when ticked in another member's role; the role is unchanged", async () => {
      const other = await f.memberWithRole(`holder-${resource}`, f.a.id, `Holder ${resource}`, nothing());
      const { body } = await f.as('role-admin', UPDATE_ROLE, { id: other.roleId, data: { permissions: rowsOf(grant()) } }, f.a.id);
      expect(extensionsOf(body)).toMatchObject({ code: 'FORBIDDEN', reason: 'permissionNotHeld' });
      expect(await storedPermissions(other.roleId)).toEqual(nothing());
      expect(await f.events('companyRole.update', other.roleId)).toEqual([]);
    });

    it('a role allowing it is refused to herself, to a member and to a newcomer (roleAllowsMore); nobody holds it', async () => {
      const [strong] = await f.h.database.db.insert(companyRole).values({ companyId: f.a.id, role: `Strong ${resource}`, permissions: grant() }).returning({ id: companyRole.id });
      const toHerself = await f.as('role-admin', UPDATE_MEMBER, { id: admin.membershipId, roleId: strong!.id }, f.a.id);
      expect(extensionsOf(toHerself.body)).toMatchObject({ code: 'FORBIDDEN', reason: 'roleAllowsMore' });
      const toColleague = await f.as('role-admin', UPDATE_MEMBER, { id: colleague.membershipId, roleId: strong!.id }, f.a.id);
      expect(extensionsOf(toColleague.body)).toMatchObject({ code: 'FORBIDDEN', reason: 'roleAllowsMore' });
      const joining = await f.as('role-admin', CREATE_MEMBER, { data: { email: 'bystander@example.test', roleId: strong!.id } }, f.a.id);
      expect(extensionsOf(joining.body)).toMatchObject({ code: 'FORBIDDEN', reason: 'roleAllowsMore' });
      const invited = await f.as('role-admin', CREATE_MEMBER, { data: { email: `newcomer-${resource.toLowerCase()}@example.test`, roleId: strong!.id } }, f.a.id);
      expect(extensionsOf(invited.body)).toMatchObject({ code: 'FORBIDDEN', reason: 'roleAllowsMore' });
      expect([await roleOf(admin.membershipId), await roleOf(colleague.membershipId)]).toEqual([admin.roleId, colleague.roleId]);
      expect(await f.h.database.db.select().from(companyOnUser).where(eq(companyOnUser.roleId, strong!.id))).toEqual([]);
      expect(await f.h.database.db.select().from(companyMemberInvitation).where(eq(companyMemberInvitation.roleId, strong!.id))).toEqual([]);
    });

    it('an owner, who holds it, grants it and gives the role', async () => {
      const created = await f.as('owner-a', CREATE_ROLE, { data: { name: `Owner-made ${resource}`, permissions: rowsOf(grant()) } }, f.a.id);
      expect(created.body.errors).toBeUndefined();
      const roleId = (created.body.data?.createOneCompanyRole as { id: string }).id;
      const given = await f.as('owner-a', UPDATE_MEMBER, { id: colleague.membershipId, roleId }, f.a.id);
      expect(given.body.errors).toBeUndefined();
      expect(await f.as('owner-a', UPDATE_MEMBER, { id: colleague.membershipId, roleId: colleague.roleId }, f.a.id)).toMatchObject({ status: 200 });
    });
  });

  it('grants what she holds; keeps (but cannot tick again) what another role already allows beyond her', async () => {
    const own = await f.as('role-admin', CREATE_ROLE, { data: { name: 'Junior admin', permissions: rowsOf(matrixWith({ companyRole: { read: true }, companyOnUser: { read: true, update: true } })) } }, f.a.id);
    expect(own.body.errors).toBeUndefined();
    const juniorId = (own.body.data?.createOneCompanyRole as { id: string }).id;
    expect((await f.as('role-admin', UPDATE_MEMBER, { id: colleague.membershipId, roleId: juniorId }, f.a.id)).body.errors).toBeUndefined();

    // A role the owner made with job ads: she may rename it and edit what she holds in it.
    const [recruiter] = await f.h.database.db.insert(companyRole).values({ companyId: f.a.id, role: 'Ad writer', permissions: matrixWith({ jobAd: { read: true, create: true } }) }).returning({ id: companyRole.id });
    const kept = matrixWith({ jobAd: { read: true, create: true }, companyRole: { read: true } });
    const edited = await f.as('role-admin', UPDATE_ROLE, { id: recruiter!.id, data: { name: 'Ad writers', permissions: rowsOf(kept) } }, f.a.id);
    expect(edited.body.errors).toBeUndefined();
    expect(await storedPermissions(recruiter!.id)).toEqual(kept);
    // Taken away, it is hers to give no more.
    const without = matrixWith({ jobAd: { read: true }, companyRole: { read: true } });
    expect((await f.as('role-admin', UPDATE_ROLE, { id: recruiter!.id, data: { permissions: rowsOf(without) } }, f.a.id)).body.errors).toBeUndefined();
    const again = await f.as('role-admin', UPDATE_ROLE, { id: recruiter!.id, data: { permissions: rowsOf(kept) } }, f.a.id);
    expect(extensionsOf(again.body)).toMatchObject({ code: 'FORBIDDEN', reason: 'permissionNotHeld' });
    expect(await storedPermissions(recruiter!.id)).toEqual(without);
  });

  it("an owner holds what the company's own set allows: a permission the company lacks is refused to owners too", async () => {
    await f.h.database.db.insert(companyPermissions).values({ companyId: f.b.id, permissions: { jobAd: { read: true, create: true, update: true, delete: false } } });
    const refused = await f.as('owner-b', CREATE_ROLE, { data: { name: 'Deleter', permissions: rowsOf(matrixWith({ jobAd: { read: true, delete: true } })) } }, f.b.id);
    expect(extensionsOf(refused.body)).toMatchObject({ code: 'FORBIDDEN', reason: 'permissionNotHeld' });
    const allowed = await f.as('owner-b', CREATE_ROLE, { data: { name: 'Writer', permissions: rowsOf(matrixWith({ jobAd: { read: true, create: true, update: true } })) } }, f.b.id);
    expect(allowed.body.errors).toBeUndefined();
    // A role storing more than the company allows gives only what the company allows: owners may give it.
    const [stored] = await f.h.database.db.insert(companyRole).values({ companyId: f.b.id, role: 'Legacy', permissions: matrixWith({ jobAd: { read: true, delete: true } }) }).returning({ id: companyRole.id });
    const invited = await f.as('owner-b', CREATE_MEMBER, { data: { email: 'legacy@example.test', roleId: stored!.id } }, f.b.id);
    expect(invited.body.errors).toBeUndefined();
  });
});
