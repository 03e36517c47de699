import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { effectivePermissions } from '../../../lib/permissions/effective-permissions';
import type { PermissionSet } from '../../../lib/permissions/resources';
import type { AppDatabase } from '../../db/client';
import { company, companyDefaultPermissions, companyOnUser, companyPermissions, companyRole } from '../../db/schema';

/**
 * A user's company memberships with everything the permission merge needs
 * (company status, the company's own set, the role's set and its defaults), in one query
 * whatever the number of companies.
 */
export function selectMemberships(db: Pick<AppDatabase, 'select'>, where: SQL) {
  return db
    .select({
      userId: companyOnUser.userId,
      companyId: company.id,
      name: company.name,
      deletedAt: company.deletedAt,
      address: company.address,
      logo: company.logo,
      verificationStatus: company.verificationStatus,
      rejectionReason: company.rejectionReason,
      companyPermissions: companyPermissions.permissions,
      roleId: companyRole.id,
      role: companyRole.role,
      /** The company's owner role (its default role). */
      isOwnerRole: companyRole.isDefault,
      rolePermissions: companyRole.permissions,
      defaultPermissions: companyDefaultPermissions.permissions,
    })
    .from(companyOnUser)
    .innerJoin(company, eq(company.id, companyOnUser.companyId))
    .leftJoin(companyPermissions, eq(companyPermissions.companyId, company.id))
    .leftJoin(companyRole, and(eq(companyRole.id, companyOnUser.roleId), isNull(companyRole.deletedAt)))
    .leftJoin(companyDefaultPermissions, eq(companyDefaultPermissions.id, companyRole.defaultPermissionsId))
    .where(where)
    .orderBy(sql`lower(${company.name})`);
}

/** What a membership lets its member do (the permission merge); null when the company is not usable (not verified, deleted). */
export function membershipPermissions(row: { verificationStatus: string; deletedAt: Date | string | null; companyPermissions: unknown; rolePermissions: unknown; defaultPermissions: unknown }): PermissionSet | null {
  return effectivePermissions({
    company: { verificationStatus: row.verificationStatus, deletedAt: row.deletedAt, permissions: row.companyPermissions },
    role: { permissions: row.rolePermissions, defaultPermissions: row.defaultPermissions },
  });
}
