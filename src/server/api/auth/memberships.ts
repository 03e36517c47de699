import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { company, companyDefaultPermissions, companyOnUser, companyPermissions, companyRole } from '../../db/schema';

/**
 * A user's company memberships with everything the permission merge needs
 * (company status, the company's own set, the role's set and its defaults), in one query
 * whatever the number of companies.
 */
export function selectMemberships(db: AppDatabase, where: SQL) {
  return db
    .select({
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
