import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { companyPermissionSetSchema } from '../../../lib/admin/company-permission-input';
import { ADMIN_ERRORS, COMPANY_REVIEW_ACTIONS, companyReviewActions, companyReviewMove, rejectCompanySchema, VERIFICATION_STATUSES, type CompanyReviewAction } from '../../../lib/admin/company-verification';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { companyPermissionRows } from '../../../lib/companies/company-roles';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { parsePermissionSet } from '../../../lib/permissions/effective-permissions';
import { escapeLike } from '../../db/like-pattern';
import { company, companyPermissions } from '../../db/schema';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { companyProfileFieldsOf } from '../companies/company';
import { duplicateCandidates, type CompanyRow } from '../companies/company-rows';
import type { Writer } from '../../db/client';
import { CompanyMember, membersByName } from '../companies/members';
import { CompanyPermission, CompanyRole, permissionRowInputs, rolesInOrder } from '../companies/roles';

// The platform's review of companies (the company's verification status):
// every company whatever its status, found by name, status, duplicate flag and country;
// one company with its possible duplicates side by side, its members and roles (read
// only: the company manages them, and keeps its never-without-an-owner rule there) and its
// own permission set, which only an admin edits. Verify, reject (with the
// reason its owners read) and delete (soft) are moves of lib/admin/company-verification.
// Every write is a company.update event addressed to the company, marked `admin`.

/** The most members and roles the company page lists (a company has a handful). */
const DETAIL_ROWS = 100;

const VerificationStatusEnum = builder.enumType('CompanyVerificationStatus', {
  description: "A company's verification status",
  values: VERIFICATION_STATUSES,
});

const CompanyReviewActionEnum = builder.enumType('CompanyReviewAction', {
  description: 'What an admin may do with a company now',
  values: COMPANY_REVIEW_ACTIONS,
});

type AdminCompanyRow = CompanyRow & { ownerEmail: string | null; memberCount: number };

// The first owner's address and the member count, per row, with their own aliases: inside
// a subquery drizzle leaves column names unqualified.
const ownerEmail = sql<string | null>`(select "owner_user"."email" from "company_on_user" as "owner_link"
  join "company_role" as "owner_role" on "owner_role"."id" = "owner_link"."role_id" and "owner_role"."is_default"
  join "user" as "owner_user" on "owner_user"."id" = "owner_link"."user_id"
  where "owner_link"."company_id" = "company"."id" order by "owner_link"."created_at" limit 1)`;
const memberCount = sql<number>`(select count(*)::int from "company_on_user" as "member_link" where "member_link"."company_id" = "company"."id")`;

function selectAdminCompanies(db: Writer) {
  return db.select({ row: company, ownerEmail, memberCount }).from(company).$dynamic();
}

const asAdminCompany = ({ row, ownerEmail: email, memberCount: members }: { row: CompanyRow; ownerEmail: string | null; memberCount: number }): AdminCompanyRow => ({
  ...row,
  ownerEmail: email,
  memberCount: Number(members),
});

export const AdminCompany = builder.objectRef<AdminCompanyRow>('AdminCompany');
AdminCompany.implement({
  description: 'A company as the platform reviews it, whatever its status',
  fields: (t) => ({
    ...companyProfileFieldsOf(t),
    verificationStatus: t.field({ type: VerificationStatusEnum, resolve: (row) => row.verificationStatus }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true, description: 'Why the platform rejected it; its owners read it' }),
    ownerEmail: t.exposeString('ownerEmail', { nullable: true, description: "The first owner's e-mail address" }),
    memberCount: t.exposeInt('memberCount'),
    reviewActions: t.field({ type: [CompanyReviewActionEnum], description: 'The moves open now', resolve: (row) => companyReviewActions(row.verificationStatus) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    deletedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.deletedAt }),
  }),
});

const AdminCompanyPage = pageOf(AdminCompany, 'AdminCompany');

interface AdminCompanyDetail {
  company: AdminCompanyRow;
  duplicates: AdminCompanyRow[];
  members: Awaited<ReturnType<typeof membersByName>>;
  roles: Awaited<ReturnType<typeof rolesInOrder>>;
  permissions: unknown;
}

const AdminCompanyDetailRef = builder.objectRef<AdminCompanyDetail>('AdminCompanyDetail').implement({
  description: 'One company for review: itself, the companies it may duplicate, its members and roles (read only), its own permission set',
  fields: (t) => ({
    company: t.field({ type: AdminCompany, resolve: (detail) => detail.company }),
    duplicates: t.field({
      type: [AdminCompany],
      description: 'Companies, not deleted, with the same normalised name or website domain, oldest first',
      resolve: (detail) => detail.duplicates,
    }),
    members: t.field({ type: [CompanyMember], description: `By name; at most ${DETAIL_ROWS}`, resolve: (detail) => detail.members }),
    roles: t.field({ type: [CompanyRole], description: `The owner role first; at most ${DETAIL_ROWS}`, resolve: (detail) => detail.roles }),
    permissions: t.field({
      type: [CompanyPermission],
      description: "The company's own permission set, one row per resource in the spec's order",
      resolve: (detail) => companyPermissionRows(parsePermissionSet(detail.permissions)),
    }),
  }),
});

/** The company, locked for a write, or NOT_FOUND (an id that is no UUID never reaches the database). */
async function lockedCompany(tx: Writer, id: string): Promise<CompanyRow> {
  const [row] = isUuid(id) ? await tx.select().from(company).where(eq(company.id, id)).limit(1).for('update') : [];
  if (!row) throw notFound('The company');
  return row;
}

async function readAdminCompany(db: Writer, id: string): Promise<AdminCompanyRow> {
  const [row] = await selectAdminCompanies(db).where(eq(company.id, id)).limit(1);
  if (!row) throw notFound('The company');
  return asAdminCompany(row);
}

/** The list's filters as SQL: without a status, every company that is not deleted. */
function companyFilters(args: { q?: string | null; status?: string | null; possibleDuplicate?: boolean | null; country?: string | null }): SQL | undefined {
  const deleted = or(isNotNull(company.deletedAt), eq(company.verificationStatus, 'deleted'));
  const q = args.q?.trim();
  return and(
    args.status === 'deleted' ? deleted : args.status ? and(eq(company.verificationStatus, args.status as CompanyRow['verificationStatus']), isNull(company.deletedAt)) : sql`not (${deleted})`,
    q ? ilike(company.name, `%${escapeLike(q.slice(0, 200))}%`) : undefined,
    args.possibleDuplicate ? eq(company.isPossibleDuplicate, true) : undefined,
    args.country ? eq(company.country, args.country.trim().toUpperCase()) : undefined,
  );
}

builder.queryField('findManyAdminCompany', (t) =>
  t.withAuth({ adminPermission: ['verification', 'finance'] }).field({
    type: AdminCompanyPage,
    description:
      'Every company for the platform\'s review (admins only): name contains q, a status (without one, every company that is not deleted), possible duplicates only, a country; pending first, then newest',
    args: {
      ...pageArgs,
      q: t.arg.string({ description: 'Part of the name, any case' }),
      status: t.arg({ type: VerificationStatusEnum }),
      possibleDuplicate: t.arg.boolean({ description: 'Only companies flagged as possible duplicates' }),
      country: t.arg.string({ description: 'ISO 3166-1 alpha-2' }),
    },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const where = companyFilters(args);
      const [rows, [total]] = await Promise.all([
        selectAdminCompanies(context.db)
          .where(where)
          .orderBy(sql`${company.verificationStatus} = 'pending' desc`, desc(company.createdAt), asc(company.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(company).where(where),
      ]);
      return { items: rows.map(asAdminCompany), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findAdminCompany', (t) =>
  t.withAuth({ adminPermission: ['verification', 'finance'] }).field({
    type: AdminCompanyDetailRef,
    description: 'One company for review (admins only), deleted ones included; an unknown id is NOT_FOUND',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('The company');
      const { db } = context;
      const found = await readAdminCompany(db, id);
      const [candidates, members, roles, [permissions]] = await Promise.all([
        duplicateCandidates(db, found, id),
        membersByName(db, id).limit(DETAIL_ROWS),
        rolesInOrder(db, id).limit(DETAIL_ROWS),
        db.select({ permissions: companyPermissions.permissions }).from(companyPermissions).where(eq(companyPermissions.companyId, id)).limit(1),
      ]);
      const duplicates = candidates.length
        ? (await selectAdminCompanies(db).where(inArray(company.id, candidates.map((candidate) => candidate.id))).orderBy(asc(company.createdAt), asc(company.id))).map(asAdminCompany)
        : [];
      return { company: found, duplicates, members, roles, permissions: permissions?.permissions ?? null };
    },
  }),
);

/**
 * One review move, under the company's row lock: refused with CONFLICT (reason
 * companyDeleted or alreadyInStatus) when lib/admin says so; recorded as company.update.
 */
async function reviewCompany(
  context: SignedInContext,
  id: string,
  action: CompanyReviewAction,
  reason: string | null,
): Promise<AdminCompanyRow> {
  const { viewer } = context;
  return context.db.transaction(async (tx) => {
    const before = await lockedCompany(tx, id);
    const move = companyReviewMove(before.deletedAt ? 'deleted' : before.verificationStatus, action);
    if (!move.ok) throw conflict(move.reason, ADMIN_ERRORS);
    const set: Partial<CompanyRow> = { verificationStatus: move.to, rejectionReason: action === 'reject' ? reason : null };
    // Verifying answers the possible-duplicate flag: the platform has looked and decided.
    if (action === 'verify') set.isPossibleDuplicate = false;
    if (action === 'delete') set.deletedAt = new Date();
    await tx.update(company).set({ ...set, updatedAt: new Date() }).where(eq(company.id, id));
    const changed = Object.keys(set) as Array<keyof CompanyRow>;
    await recordEvent(tx, viewer, {
      type: 'company.update',
      toId: id,
      data: {
        entityId: id,
        companyId: id,
        admin: true,
        action,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: set,
      },
    });
    return readAdminCompany(tx, id);
  });
}

builder.mutationField('verifyOneCompany', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: AdminCompany,
    description:
      'Verifies a pending or rejected company (admins only): its members may select it from now on; clears the rejection reason and the possible-duplicate flag. CONFLICT alreadyInStatus or companyDeleted. Records company.update',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => reviewCompany(context, String(args.id), 'verify', null),
  }),
);

builder.mutationField('rejectOneCompany', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: AdminCompany,
    description:
      'Rejects a pending company, or takes a verified one\'s verification away (admins only), with the reason its owners read (required, at most 1,000 characters). CONFLICT alreadyInStatus or companyDeleted. Records company.update',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      const parsed = rejectCompanySchema.safeParse({ reason: args.reason });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), ADMIN_ERRORS, null);
      return reviewCompany(context, String(args.id), 'reject', parsed.data.reason);
    },
  }),
);

builder.mutationField('deleteOneCompany', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: AdminCompany,
    description:
      'Deletes a company (admins only), softly: status deleted and deletedAt set; its members can no longer select it, talents no longer see it, its money rows stay. Final. CONFLICT companyDeleted. Records company.update',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => reviewCompany(context, String(args.id), 'delete', null),
  }),
);

const CompanyPermissionInput = builder.inputType('CompanyPermissionInput', {
  description: 'The company set on one resource: limited (named in the set, then only the actions given are allowed) or left to the roles',
  fields: (t) => ({ ...permissionRowInputs(t), limited: t.boolean({ required: true }) }),
});

builder.mutationField('updateOneCompanyPermissions', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: [CompanyPermission],
    description:
      "Replaces a company's own permission set (admins only: its members can only read it). Resources left out, or not limited, are left to the roles. A company that is deleted is still editable. Records company.update",
    args: { companyId: t.arg.id({ required: true }), permissions: t.arg({ type: [CompanyPermissionInput], required: true }) },
    resolve: async (_root, args, context) => {
      const { viewer } = context;
      const parsed = companyPermissionSetSchema.safeParse(args.permissions);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_ERRORS, 'permissions');
      const id = String(args.companyId);
      return context.db.transaction(async (tx) => {
        await lockedCompany(tx, id);
        const [previous] = await tx.select({ permissions: companyPermissions.permissions }).from(companyPermissions).where(eq(companyPermissions.companyId, id)).limit(1);
        await tx
          .insert(companyPermissions)
          .values({ companyId: id, permissions: parsed.data })
          .onConflictDoUpdate({ target: companyPermissions.companyId, set: { permissions: parsed.data, updatedAt: new Date() } });
        await recordEvent(tx, viewer, {
          type: 'company.update',
          toId: id,
          data: { entityId: id, companyId: id, admin: true, action: 'permissions', before: { permissions: previous?.permissions ?? null }, after: { permissions: parsed.data } },
        });
        return companyPermissionRows(parsed.data);
      });
    },
  }),
);
