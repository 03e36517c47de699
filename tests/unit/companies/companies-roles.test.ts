import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_TEMPLATES, OWNER_ROLE, companyPermissionRows, permissionMatrix, permissionRows, roleCreateSchema } from '../../../src/lib/companies/company-roles';
import { PERMISSION_RESOURCES } from '../../../src/lib/permissions/resources';

describe('company roles', () => {
  it('stores a role as the full matrix, explicit falses included (in the permission merge a false in the role wins)', () => {
    const matrix = permissionMatrix({ jobAd: { read: true } });
    expect(Object.keys(matrix)).toEqual([...PERMISSION_RESOURCES]);
    expect(matrix.jobAd).toEqual({ read: true, create: false, update: false, delete: false });
    expect(matrix.company).toEqual({ read: false, create: false, update: false, delete: false });
  });

  it('gives the owner template every action on every resource', () => {
    expect(permissionRows(DEFAULT_ROLE_TEMPLATES[OWNER_ROLE]).every((row) => row.read && row.create && row.update && row.delete)).toBe(true);
  });

  it('reads a role from rows, refusing a long name', () => {
    const parsed = roleCreateSchema.parse({ role: ' Sourcer ', permissions: [{ resource: 'talentProfile', read: true, create: false, update: false, delete: false }] });
    expect(parsed.role).toBe('Sourcer');
    expect(parsed.permissions.talentProfile?.read).toBe(true);
    const long = roleCreateSchema.safeParse({ role: 'r'.repeat(101), permissions: [] });
    expect(long.success ? [] : long.error.issues.map((issue) => issue.message)).toEqual(['roleNameTooLong']);
  });

  it("reads the company's own set as the permission merge reads it: a named resource limits (an action left out denies), an unnamed one leaves the roles to decide", () => {
    const rows = companyPermissionRows({ jobAd: { read: true, create: true } });
    expect(rows.map((row) => row.resource)).toEqual([...PERMISSION_RESOURCES]);
    expect(rows.find((row) => row.resource === 'jobAd')).toEqual({ resource: 'jobAd', limited: true, read: true, create: true, update: false, delete: false });
    expect(rows.find((row) => row.resource === 'company')).toEqual({ resource: 'company', limited: false, read: true, create: true, update: true, delete: true });
    expect(companyPermissionRows(null).every((row) => !row.limited)).toBe(true);
  });
});
