import { describe, expect, it } from 'vitest';
import { can, effectivePermissions, mergePermissionSets, parsePermissionSet, permitsPage } from '../../../src/lib/permissions/effective-permissions';
import { OWNER_PERMISSIONS, PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '../../../src/lib/permissions/resources';

const verified = { verificationStatus: 'verified', deletedAt: null };

describe('effective permissions (the permission merge)', () => {
  describe('AND-merge when both the role and the company define a resource', () => {
    const cases: Array<[boolean | undefined, boolean | undefined, boolean]> = [
      [true, true, true],
      [true, false, false],
      [false, true, false],
      [false, false, false],
      [true, undefined, false], // a missing action denies
      [undefined, true, false],
    ];
    for (const [role, company, expected] of cases) {
      it(`role ${role} and company ${company} give ${expected}`, () => {
        const merged = mergePermissionSets(
          { jobAd: role === undefined ? { create: true } : { read: role } },
          { jobAd: company === undefined ? { create: true } : { read: company } },
        );
        expect(can(merged, 'jobAd', 'read')).toBe(expected);
      });
    }
  });

  it('a resource defined only by the role takes the role\'s values', () => {
    const merged = mergePermissionSets({ jobAd: { read: true, update: false } }, { company: { read: true } });
    expect(merged.jobAd).toEqual({ read: true, update: false });
    expect(merged.company).toEqual({ read: true });
  });

  it('a resource defined only by the company takes the company\'s values', () => {
    expect(can(mergePermissionSets({}, { talentProfile: { read: true } }), 'talentProfile', 'read')).toBe(true);
  });

  it('covers the whole matrix of resources and actions', () => {
    for (const resource of PERMISSION_RESOURCES) {
      for (const action of PERMISSION_ACTIONS) {
        const allowedByBoth = mergePermissionSets({ [resource]: { [action]: true } }, { [resource]: { [action]: true } });
        const deniedByCompany = mergePermissionSets({ [resource]: { [action]: true } }, { [resource]: { [action]: false } });
        expect(can(allowedByBoth, resource, action)).toBe(true);
        expect(can(deniedByCompany, resource, action)).toBe(false);
        expect(can({}, resource, action)).toBe(false);
      }
    }
  });

  it('accepts role permissions as JSON strings', () => {
    const permissions = effectivePermissions({ company: verified, role: { permissions: '{"jobAd":{"read":true}}' } });
    expect(can(permissions, 'jobAd', 'read')).toBe(true);
  });

  it('falls back to the role\'s default permissions', () => {
    const permissions = effectivePermissions({
      company: verified,
      role: { permissions: null, defaultPermissions: { permissions: '{"jobDescription":{"read":true}}' } },
    });
    expect(can(permissions, 'jobDescription', 'read')).toBe(true);
  });

  it('merges the company\'s own permission set', () => {
    const permissions = effectivePermissions({
      company: { ...verified, permissions: { jobAd: { read: true, create: false } } },
      role: { permissions: OWNER_PERMISSIONS },
    });
    expect(can(permissions, 'jobAd', 'read')).toBe(true);
    expect(can(permissions, 'jobAd', 'create')).toBe(false);
    expect(can(permissions, 'company', 'update')).toBe(true);
  });

  it('counts only verified companies', () => {
    for (const verificationStatus of ['pending', 'rejected', 'deleted']) {
      expect(effectivePermissions({ company: { verificationStatus }, role: { permissions: OWNER_PERMISSIONS } })).toBeNull();
    }
    expect(effectivePermissions({ company: { ...verified, deletedAt: new Date() }, role: { permissions: OWNER_PERMISSIONS } })).toBeNull();
  });

  it('grants nothing from unreadable permission text', () => {
    expect(parsePermissionSet('{not json')).toBeNull();
    expect(parsePermissionSet('[1,2]')).toBeNull();
    expect(parsePermissionSet({ jobAd: { read: 'yes' } })).toEqual({ jobAd: {} });
    expect(can(effectivePermissions({ company: verified, role: { permissions: '{oops' } }), 'jobAd', 'read')).toBe(false);
  });
});

describe('page permission guard (a company page answers 403 without its permissions)', () => {
  it('permits a page only when every permission it names is held', () => {
    const readOnly = { company: { read: true, update: false }, companyOnUser: { read: true } };
    expect(permitsPage([['companyOnUser', 'read']], readOnly)).toBe(true);
    expect(permitsPage([['company', 'read'], ['company', 'update']], readOnly)).toBe(false);
    expect(permitsPage([['companyRole', 'read']], readOnly)).toBe(false);
    expect(permitsPage([['companyOnUser', 'read']], null)).toBe(false);
  });

  it('permits a page that names no permission', () => {
    expect(permitsPage(undefined, null)).toBe(true);
    expect(permitsPage([], {})).toBe(true);
  });
});
