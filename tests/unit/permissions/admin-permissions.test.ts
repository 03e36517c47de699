import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  adminPermissionChange,
  adminPermissionsOf,
  adminRoleFor,
  assignableAdminPermissions,
  holdsAnyAdminPermission,
  type AdminPermission,
} from '../../../src/lib/permissions/admin-permissions';
import { ROUTES } from '../../../src/lib/routes/route-table';

const SUPER = 'super:admin';

describe('admin permissions', () => {
  it('the super admin row holds every admin permission, whatever it stores', () => {
    expect(adminPermissionsOf({ role: SUPER, permissions: {} }, SUPER)).toEqual([...ADMIN_PERMISSIONS]);
    expect(adminPermissionsOf({ role: SUPER, permissions: { finance: false } }, SUPER)).toContain('finance');
  });

  it('another row grants only the assignable permissions flagged true', () => {
    expect(adminPermissionsOf({ role: 'admin:moderation', permissions: { moderation: true, finance: false, flags: 'yes' } }, SUPER)).toEqual(['moderation']);
  });

  it("no row but the super admin's grants the admins permission, even when it stores it", () => {
    expect(adminPermissionsOf({ role: 'admin:forged', permissions: { admins: true, support: true } }, SUPER)).toEqual(['support']);
  });

  it('stored JSON that is not a set of flags grants nothing', () => {
    for (const permissions of [null, [], 'moderation', ['moderation'], 42]) expect(adminPermissionsOf({ role: 'admin:x', permissions }, SUPER)).toEqual([]);
    expect(adminPermissionsOf(null, SUPER)).toEqual([]);
  });

  it('a page or operation opens to a holder of any one of its permissions', () => {
    expect(holdsAnyAdminPermission(['moderation'], ['verification', 'finance'])).toBe(false);
    expect(holdsAnyAdminPermission(['finance'], ['verification', 'finance'])).toBe(true);
    expect(holdsAnyAdminPermission([], undefined)).toBe(true);
  });

  it('a chosen set is deduplicated, ordered, and loses the super admin permission', () => {
    expect(assignableAdminPermissions(['flags', 'moderation', 'flags', 'admins', 'root'])).toEqual(['moderation', 'flags']);
  });

  it('one admin row per set: its role names the set, in a fixed order', () => {
    expect(adminRoleFor(['support', 'moderation'])).toEqual({ role: 'admin:moderation+support', permissions: { moderation: true, support: true } });
    expect(adminRoleFor([])).toEqual({ role: 'admin:none', permissions: {} });
  });

  it('nobody sets their own admin permissions', () => {
    expect(adminPermissionChange({ isSelf: true, targetIsAdmin: true })).toEqual({ ok: false, reason: 'ownAdminPermissions' });
  });

  it('only an admin is given admin permissions', () => {
    expect(adminPermissionChange({ isSelf: false, targetIsAdmin: false })).toEqual({ ok: false, reason: 'notAnAdmin' });
    expect(adminPermissionChange({ isSelf: false, targetIsAdmin: true })).toEqual({ ok: true });
  });

  it('every admin page names the admin permissions that open it; moderation alone opens no finance page', () => {
    const adminRoutes: ReadonlyArray<{ key: string; path: string; adminPermissions?: readonly AdminPermission[] }> = ROUTES.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) expect(route.adminPermissions?.length, route.key).toBeGreaterThan(0);
    const financePages = adminRoutes.filter((route) => route.adminPermissions?.includes('finance'));
    expect(financePages.map((route) => route.path).sort()).toEqual(['/admin/companies', '/admin/company']);
    for (const route of financePages) expect(holdsAnyAdminPermission(['moderation'], route.adminPermissions), route.key).toBe(false);
  });
});
