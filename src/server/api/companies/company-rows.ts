import { and, asc, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { isPossibleDuplicate, normalizeCompanyName, websiteDomain, type DuplicateCandidate } from '../../../lib/companies/company-input';
import { escapeLike } from '../../db/like-pattern';
import { DEFAULT_ROLE_TEMPLATES, OWNER_ROLE } from '../../../lib/companies/company-roles';
import { newCompanyDefaults } from '../../../lib/companies/new-company-defaults';
import type { Writer } from '../../db/client';
import { company, companyDefaultPermissions, companyHiringStep, companyOnUser, companyRejectionReason, companyRole, user } from '../../db/schema';
import { userLanguageColumn, userLanguageOf } from '../user-language';

export type CompanyRow = typeof company.$inferSelect;

/**
 * The companyDefaultPermissions template of a role name, made on first use: the seed and
 * every new company read the same templates (src/lib/companies/company-roles.ts).
 */
async function defaultPermissionsId(tx: Writer, role: string): Promise<string> {
  const permissions = DEFAULT_ROLE_TEMPLATES[role];
  if (!permissions) throw new Error(`no default permission template for role ${role}`);
  // Two companies created at once may both find it missing: the unique index on role keeps one.
  await tx.insert(companyDefaultPermissions).values({ role, permissions }).onConflictDoNothing();
  const [row] = await tx.select({ id: companyDefaultPermissions.id }).from(companyDefaultPermissions).where(eq(companyDefaultPermissions.role, role)).limit(1);
  return row!.id;
}

/**
 * What a new company starts with: its default owner role (isDefault, from the Owner
 * template) held by its creator, the default hiring steps and rejection reasons. Returns the owner role.
 */
export async function setUpNewCompany(tx: Writer, companyId: string, creatorUserId: string): Promise<{ ownerRoleId: string; membershipId: string }> {
  const templateId = await defaultPermissionsId(tx, OWNER_ROLE);
  // Worded in the creator's language; the owner role keeps the Owner template's permissions whatever its name.
  const [creator] = await tx.select({ language: userLanguageColumn }).from(user).where(eq(user.id, creatorUserId)).limit(1);
  const defaults = newCompanyDefaults(userLanguageOf(creator?.language));
  const [role] = await tx
    .insert(companyRole)
    .values({ companyId, role: defaults.ownerRole, permissions: DEFAULT_ROLE_TEMPLATES[OWNER_ROLE]!, defaultPermissionsId: templateId, isDefault: true })
    .returning({ id: companyRole.id });
  const [membership] = await tx.insert(companyOnUser).values({ companyId, userId: creatorUserId, roleId: role!.id }).returning({ id: companyOnUser.id });
  await tx.insert(companyHiringStep).values(defaults.hiringSteps.map((step, index) => ({ companyId, ...step, order: index + 1 })));
  await tx.insert(companyRejectionReason).values(defaults.rejectionReasons.map((reason, index) => ({ companyId, ...reason, order: index + 1 })));
  return { ownerRoleId: role!.id, membershipId: membership!.id };
}

/** The company's default (owner) role, or null if it has none. */
export async function ownerRoleId(tx: Writer, companyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: companyRole.id })
    .from(companyRole)
    .where(and(eq(companyRole.companyId, companyId), eq(companyRole.isDefault, true), isNull(companyRole.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * How many members hold the owner role, with their membership rows locked until the
 * transaction ends: two owners removing each other at once cannot both see "one more left".
 */
export async function lockedOwnerCount(tx: Writer, companyId: string, roleId: string): Promise<number> {
  const rows = await tx
    .select({ id: companyOnUser.id })
    .from(companyOnUser)
    .where(and(eq(companyOnUser.companyId, companyId), eq(companyOnUser.roleId, roleId)))
    .for('update');
  return rows.length;
}

/** Members holding a role (a role in use cannot be deleted). */
export async function membersHolding(tx: Writer, roleId: string): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(companyOnUser).where(eq(companyOnUser.roleId, roleId));
  return row?.total ?? 0;
}

/** SQL twin of normalizeCompanyName (src/lib/companies/company-input.ts). */
export const normalizedCompanyName = sql<string>`trim(regexp_replace(lower(${company.name}), '[^[:alnum:]]+', ' ', 'g'))`;

/**
 * The companies, not deleted, that make one a possible duplicate (isPossibleDuplicate: the same
 * normalised name or website domain), oldest first: the flag on create and edit, and the
 * candidates an admin compares side by side. `exceptId` is the company itself.
 */
export async function duplicateCandidates(tx: Writer, of: DuplicateCandidate, exceptId: string | null, limit = 20): Promise<CompanyRow[]> {
  const domain = websiteDomain(of.website);
  const rows = await tx
    .select()
    .from(company)
    .where(
      and(
        isNull(company.deletedAt),
        exceptId ? ne(company.id, exceptId) : undefined,
        or(sql`${normalizedCompanyName} = ${normalizeCompanyName(of.name)}`, domain ? ilike(company.website, `%${escapeLike(domain)}%`) : undefined),
      ),
    )
    .orderBy(asc(company.createdAt), asc(company.id))
    .limit(50);
  // The SQL narrows by substring; the rule itself is decided once, in src/lib/companies.
  return rows.filter((row) => isPossibleDuplicate(of, [row])).slice(0, limit);
}

/** The company's first hiring step (where new applications arrive), or null if it has none. */
export async function firstHiringStepId(tx: Writer, companyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: companyHiringStep.id })
    .from(companyHiringStep)
    .where(and(eq(companyHiringStep.companyId, companyId), isNull(companyHiringStep.deletedAt)))
    .orderBy(asc(companyHiringStep.order), asc(companyHiringStep.createdAt), asc(companyHiringStep.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The live companies `userId` is the only owner of. With `lock`, the owners' membership rows
 * stay locked until the transaction ends (as lockedOwnerCount): a co-owner leaving at the same
 * moment cannot leave a company without an owner behind a deleted account. Without, a plain
 * read (what a page shows beforehand).
 */
export async function soleOwnedCompanies(tx: Writer, userId: string, { lock }: { lock: boolean }): Promise<Array<{ id: string; name: string }>> {
  const owned = await tx
    .select({ id: company.id, name: company.name, roleId: companyRole.id })
    .from(companyOnUser)
    .innerJoin(companyRole, and(eq(companyRole.id, companyOnUser.roleId), eq(companyRole.isDefault, true), isNull(companyRole.deletedAt)))
    .innerJoin(company, and(eq(company.id, companyOnUser.companyId), isNull(company.deletedAt)))
    .where(eq(companyOnUser.userId, userId))
    .orderBy(asc(company.name));
  const sole: Array<{ id: string; name: string }> = [];
  for (const { id, name, roleId } of owned) {
    const owners = lock ? await lockedOwnerCount(tx, id, roleId) : await membersHolding(tx, roleId);
    if (owners <= 1) sole.push({ id, name });
  }
  return sole;
}
