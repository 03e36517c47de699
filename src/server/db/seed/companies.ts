import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { OWNER_PERMISSIONS, PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '../../../lib/permissions/resources';
import type { PermissionSet as GrantSet } from '../../../lib/permissions/resources';
import {
  company,
  companyCredit,
  companyDefaultPermissions,
  companyHiringStep,
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

export const OWNER_ROLE = 'Owner';
export const RECRUITER_ROLE = 'Recruiter';

/** Full matrix with explicit `false`s: a role's false wins over nothing in the merge (spec §6). */
function permissionMatrix(grants: GrantSet): PermissionSet {
  return Object.fromEntries(
    PERMISSION_RESOURCES.map((resource) => [
      resource,
      Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, grants[resource]?.[action] === true])),
    ]),
  );
}

/**
 * Reads what a recruiter works with and posts job ads; may see the company it works
 * for but not change it, and sees neither members nor roles.
 */
export const RECRUITER_PERMISSIONS: PermissionSet = permissionMatrix({
  company: { read: true },
  jobDescription: { read: true },
  jobAd: { read: true, create: true, update: true },
  talentJobApplication: { read: true },
  talentProfile: { read: true },
  talentInvitation: { read: true },
});

/**
 * Northwind's own ceiling: nobody there deletes job ads, not even its owner (AND-merge).
 * The resource is spelled out in full: in the merge a missing action denies.
 */
export const NORTHWIND_COMPANY_PERMISSIONS: PermissionSet = {
  jobAd: { read: true, create: true, update: true, delete: false },
};

export const HIRING_STEPS = [
  { stepName: 'Applied', stepDescription: 'New applications waiting for a first look', group: 'Inbox' },
  { stepName: 'Screening', stepDescription: 'CV review and a short introduction call', group: 'In process' },
  { stepName: 'Interview', stepDescription: 'Skills and team interviews', group: 'In process' },
  { stepName: 'Offer', stepDescription: 'Offer sent, waiting for an answer', group: 'In process' },
  { stepName: 'Hired', stepDescription: 'Offer accepted', group: 'Closed' },
] as const;
export type HiringStepName = (typeof HIRING_STEPS)[number]['stepName'];

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

function toStored(set: GrantSet): PermissionSet {
  return Object.fromEntries(
    Object.entries(set).map(([resource, actions]) => [
      resource,
      Object.fromEntries(Object.entries(actions ?? {}).filter((entry): entry is [string, boolean] => entry[1] !== undefined)),
    ]),
  );
}

/** The platform-wide templates; reused when a database (seeded with --force) already has them. */
async function defaultPermissionIds(ctx: SeedContext, tx: SeedTx): Promise<Record<string, string>> {
  const templates = { [OWNER_ROLE]: toStored(OWNER_PERMISSIONS), [RECRUITER_ROLE]: RECRUITER_PERMISSIONS };
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
        ? HIRING_STEPS.map((step) => ({ id: randomUUID(), name: step.stepName }))
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
        permissions: toStored(OWNER_PERMISSIONS),
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
        stepDescription: HIRING_STEPS[index]!.stepDescription,
        order: index + 1,
        group: HIRING_STEPS[index]!.group,
      })),
    ),
  );

  const northwind = byKey('northwind');
  const brightpath = byKey('brightpath');
  await insertRows(ctx, tx, companyOnProviderCompany, [{ companyId: northwind.id, providerCompanyId: brightpath.id }]);
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
