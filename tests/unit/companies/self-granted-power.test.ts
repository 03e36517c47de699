import { describe, expect, it } from 'vitest';
import { mayEditRolePermissions, mayGrantPermissions, permissionNames, permissionsNotHeld, samePermissions } from '../../../src/lib/companies/self-granted-power';
import { mergePermissionSets } from '../../../src/lib/permissions/effective-permissions';
import { OWNER_PERMISSIONS, PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionSet } from '../../../src/lib/permissions/resources';

const ROLE_EDITOR: PermissionSet = { companyRole: { read: true, update: true }, jobAd: { read: true, create: true } };

describe('no self-granted power: may grant permission set X given held set Y', () => {
  it('grants what is held, and nothing (an empty or all-false matrix) always', () => {
    expect(mayGrantPermissions({ jobAd: { read: true } }, ROLE_EDITOR)).toBe(true);
    expect(mayGrantPermissions({ jobAd: { read: true, create: true }, companyRole: { read: true } }, ROLE_EDITOR)).toBe(true);
    expect(mayGrantPermissions({}, {})).toBe(true);
    expect(mayGrantPermissions({ company: { read: false, update: false } }, {})).toBe(true);
  });

  it.each(PERMISSION_RESOURCES.flatMap((resource) => PERMISSION_ACTIONS.map((action) => [resource, action] as const)))('refuses %s.%s to one who does not hold it, and names it', (resource, action) => {
    const wanted: PermissionSet = { [resource]: { [action]: true } };
    const held: PermissionSet = { ...OWNER_PERMISSIONS, [resource]: { ...OWNER_PERMISSIONS[resource], [action]: false } };
    expect(mayGrantPermissions(wanted, held)).toBe(false);
    expect(permissionsNotHeld(wanted, held)).toEqual([[resource, action]]);
    expect(mayGrantPermissions(wanted, OWNER_PERMISSIONS)).toBe(true);
  });

  it('keeping a permission the role already allows is not granting it; allowing it again once taken away is', () => {
    const before: PermissionSet = { talentProfile: { read: true }, jobAd: { read: true } };
    expect(mayGrantPermissions({ talentProfile: { read: true }, jobAd: { read: true, create: true } }, ROLE_EDITOR, before)).toBe(true);
    expect(mayGrantPermissions({ talentProfile: { read: true, update: true } }, ROLE_EDITOR, before)).toBe(false);
    expect(mayGrantPermissions({ talentProfile: { read: true } }, ROLE_EDITOR, { jobAd: { read: true } })).toBe(false);
  });

  it("an owner holds what the company's own set allows: more than that is refused to owners too", () => {
    const ownerInCompany = mergePermissionSets(OWNER_PERMISSIONS, { jobAd: { read: true, create: true, update: true, delete: false } });
    expect(mayGrantPermissions(OWNER_PERMISSIONS, ownerInCompany)).toBe(false);
    expect(permissionsNotHeld(OWNER_PERMISSIONS, ownerInCompany)).toEqual([['jobAd', 'delete']]);
    // What a role gives in the company is merged with the same set: an owner may give any role there.
    expect(mayGrantPermissions(mergePermissionSets(OWNER_PERMISSIONS, { jobAd: { read: true, delete: false } }), ownerInCompany)).toBe(true);
  });

  it('names the missing permissions for API clients', () => {
    expect(permissionNames(permissionsNotHeld({ jobAd: { delete: true }, company: { update: true } }, ROLE_EDITOR))).toBe('company.update, jobAd.delete');
  });
});

describe('no self-granted power: may edit role R given held roles', () => {
  const held = 'role-held';
  it('changes what any other role allows', () => {
    expect(mayEditRolePermissions('role-other', held, {}, OWNER_PERMISSIONS)).toBe(true);
    expect(mayEditRolePermissions('role-other', null, ROLE_EDITOR, {})).toBe(true);
  });

  it('never what the role one holds allows, more or less', () => {
    expect(mayEditRolePermissions(held, held, ROLE_EDITOR, OWNER_PERMISSIONS)).toBe(false);
    expect(mayEditRolePermissions(held, held, ROLE_EDITOR, { companyRole: { read: true } })).toBe(false);
  });

  it('a matrix sent unchanged (a rename from the form) is not a change, explicit falses or not', () => {
    expect(mayEditRolePermissions(held, held, ROLE_EDITOR, { ...ROLE_EDITOR, company: { read: false, create: false, update: false, delete: false } })).toBe(true);
    expect(samePermissions({ jobAd: { read: true } }, { jobAd: { read: true, delete: false } })).toBe(true);
    expect(samePermissions({ jobAd: { read: true } }, {})).toBe(false);
  });
});
