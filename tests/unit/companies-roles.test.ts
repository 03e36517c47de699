import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_TEMPLATES, OWNER_ROLE, permissionMatrix, permissionRows, roleCreateSchema } from '../../src/lib/companies/company-roles';
import { PERMISSION_RESOURCES } from '../../src/lib/permissions/resources';

describe('company roles', () => {
  it('stores a role as the full matrix, explicit falses included (spec §6: a role false wins)', () => {
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
});
