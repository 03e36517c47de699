import { randomUUID } from 'node:crypto';
import { DEFAULT_REJECTION_REASONS } from '../../../lib/job-applications/rejection-reasons';
import { inArray } from 'drizzle-orm';
import { DEFAULT_ROLE_TEMPLATES, OWNER_ROLE, RECRUITER_PERMISSIONS, RECRUITER_ROLE } from '../../../lib/companies/company-roles';
import { DEFAULT_HIRING_STEPS } from '../../../lib/companies/hiring-steps';
import {
  company,
  companyCredit,
  companyDefaultPermissions,
  companyHiringStep,
  companyRejectionReason,
  companyInvoiceDetail,
  companyOnProviderCompany,
  companyOnUser,
  companyPermissions,
  companyRole,
  type PermissionSet,
} from '../schema';
import type { SeededAccounts } from './accounts';
import { initialsAvatar } from './avatars';
import { COMPANY_DEFINITIONS, type CompanyDefinition, type CompanyKey } from './company-definitions';
import { insertRows, type SeedContext, type SeedTx } from './context';
import { addDays } from './dates';

/**
 * Northwind's own ceiling: nobody there deletes job ads, not even its owner (AND-merge).
 * The resource is spelled out in full: in the merge a missing action denies.
 */
export const NORTHWIND_COMPANY_PERMISSIONS: PermissionSet = {
  jobAd: { read: true, create: true, update: true, delete: false },
};

// The roles and hiring steps every company starts with are the product's own
// (src/lib/companies), shared with createOneCompany, so demo companies look like real ones.
export type HiringStepName = (typeof DEFAULT_HIRING_STEPS)[number]['stepName'];

export interface SeededCompany {
  id: string;
  definition: CompanyDefinition;
  ownerRoleId: string;
  recruiterRoleId: string;
  /** Empty for companies that are not verified (they do not hire). */
  steps: { id: string; name: HiringStepName }[];
}

export interface SeededMembership {
  id: string;
  companyId: string;
  userId: string;
  roleId: string;
}

export interface SeededCompanies {
  all: SeededCompany[];
  /** Verified and not deleted: the companies that publish job ads and hire. */
  active: SeededCompany[];
  byKey: (key: CompanyKey) => SeededCompany;
  memberships: SeededMembership[];
}

/** The platform-wide templates; reused when a database (seeded with --force) already has them. */
async function defaultPermissionIds(ctx: SeedContext, tx: SeedTx): Promise<Record<string, string>> {
  const templates = DEFAULT_ROLE_TEMPLATES;
  const existing = await tx
    .select({ id: companyDefaultPermissions.id, role: companyDefaultPermissions.role })
    .from(companyDefaultPermissions)
    .where(inArray(companyDefaultPermissions.role, Object.keys(templates)));
  const ids: Record<string, string> = Object.fromEntries(existing.map((row) => [row.role, row.id]));
  const missing = Object.entries(templates)
    .filter(([role]) => !ids[role])
    .map(([role, permissions]) => ({ id: randomUUID(), role, permissions }));
  await insertRows(ctx, tx, companyDefaultPermissions, missing);
  for (const row of missing) ids[row.role] = row.id;
  return ids;
}

export async function seedCompanies(ctx: SeedContext, tx: SeedTx, accounts: SeededAccounts): Promise<SeededCompanies> {
  const total = COMPANY_DEFINITIONS.length;
  const all: SeededCompany[] = COMPANY_DEFINITIONS.map((definition) => ({
    id: randomUUID(),
    definition,
    ownerRoleId: randomUUID(),
    recruiterRoleId: randomUUID(),
    steps:
      definition.verificationStatus === 'verified' && !definition.deleted
        ? DEFAULT_HIRING_STEPS.map((step) => ({ id: randomUUID(), name: step.stepName }))
        : [],
  }));
  const byKey = (key: CompanyKey) => all.find((seeded) => seeded.definition.key === key)!;

  await insertRows(
    ctx,
    tx,
    company,
    all.map(({ id, definition }, index) => ({
      id,
      name: definition.name,
      description: definition.description,
      address: {
        street: definition.street,
        postalCode: definition.postalCode,
        city: definition.city,
        country: definition.country,
      },
      country: definition.country,
      website: definition.website,
      industry: definition.industry,
      size: definition.size,
      type: definition.type,
      logo: definition.verificationStatus === 'verified' ? initialsAvatar(definition.name, 'square') : null,
      isPossibleDuplicate: definition.isPossibleDuplicate ?? false,
      verificationStatus: definition.verificationStatus,
      accountingCurrency: definition.currency,
      createdAt: addDays(ctx.now, -700 + index * 20),
      deletedAt: definition.deleted ? addDays(ctx.now, -45) : null,
    })),
  );
  ctx.progress('companies', 0, total);

  const templateIds = await defaultPermissionIds(ctx, tx);
  await insertRows(
    ctx,
    tx,
    companyRole,
    all.flatMap((seeded) => [
      {
        id: seeded.ownerRoleId,
        companyId: seeded.id,
        role: OWNER_ROLE,
        permissions: DEFAULT_ROLE_TEMPLATES[OWNER_ROLE]!,
        defaultPermissionsId: templateIds[OWNER_ROLE]!,
        isDefault: true,
      },
      {
        id: seeded.recruiterRoleId,
        companyId: seeded.id,
        role: RECRUITER_ROLE,
        permissions: RECRUITER_PERMISSIONS,
        defaultPermissionsId: templateIds[RECRUITER_ROLE]!,
        isDefault: false,
      },
    ]),
  );
  await insertRows(ctx, tx, companyPermissions, [
    { companyId: byKey('northwind').id, permissions: NORTHWIND_COMPANY_PERMISSIONS },
  ]);

  const memberships: SeededMembership[] = [
    ...all
      .filter((seeded) => seeded.definition.ownedByDemoOwner)
      .map((seeded) => ({ id: randomUUID(), companyId: seeded.id, userId: accounts.owner.userId, roleId: seeded.ownerRoleId })),
    {
      id: randomUUID(),
      companyId: byKey('northwind').id,
      userId: accounts.recruiter.userId,
      roleId: byKey('northwind').recruiterRoleId,
    },
  ];
  await insertRows(ctx, tx, companyOnUser, memberships);

  await insertRows(
    ctx,
    tx,
    companyHiringStep,
    all.flatMap((seeded) =>
      seeded.steps.map((step, index) => ({
        id: step.id,
        companyId: seeded.id,
        stepName: step.name,
        stepDescription: DEFAULT_HIRING_STEPS[index]!.stepDescription,
        order: index + 1,
        group: DEFAULT_HIRING_STEPS[index]!.group,
        talentStatus: DEFAULT_HIRING_STEPS[index]!.talentStatus,
      })),
    ),
  );

  await insertRows(
    ctx,
    tx,
    companyRejectionReason,
    all.flatMap((seeded) => DEFAULT_REJECTION_REASONS.map(({ kind, label }, index) => ({ companyId: seeded.id, kind, label, order: index + 1 }))),
  );

  const northwind = byKey('northwind');
  const brightpath = byKey('brightpath');
  await insertRows(ctx, tx, companyOnProviderCompany, [{ companyId: northwind.id, providerCompanyId: brightpath.id, status: 'accepted', proposedByCompanyId: brightpath.id }]);
  await insertRows(ctx, tx, companyCredit, [
    { companyId: northwind.id, amount: '2500.00', currency: 'EUR', until: addDays(ctx.now, 90), updatedById: accounts.admin.userId },
  ]);
  await insertRows(
    ctx,
    tx,
    companyInvoiceDetail,
    [northwind, brightpath].map(({ id, definition }) => ({
      companyId: id,
      currency: definition.currency,
      details: {
        legalName: `${definition.name} ${definition.country === 'GB' ? 'Ltd' : 'Lda'}`,
        vatNumber: definition.country === 'GB' ? 'GB123456789' : 'PT509876543',
        address: { street: definition.street, postalCode: definition.postalCode, city: definition.city, country: definition.country },
        paymentTermsDays: 30,
      },
    })),
  );
  ctx.progress('companies', total, total);

  return { all, active: all.filter((seeded) => seeded.steps.length > 0), byKey, memberships };
}
