import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { memberInviteSchema } from '../../../lib/companies/member-input';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { companyMemberInvitation, companyOnUser, companyRole, user } from '../../db/schema';
import { builder } from '../builder';
import { conflict, forbidden, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import { lockedOwnerCount, ownerRoleId } from './company-rows';
import type { Writer } from '../../db/client';
import { newInvitationToken, recordMemberInvitation } from './member-invitations';
import { requireMayGiveRole } from './self-granted-power';

// A company's members (the companyOnUser entity; the Members page). Every id is
// looked up inside the tp-company company, so another company's id answers NOT_FOUND
// exactly like an unknown one. The owner role is special in two ways: the last owner is
// never demoted or removed, and only an owner gives or takes that role (else anyone with
// companyOnUser update could make themselves an owner). Any other role is given only by
// someone who may do everything it allows (no self-granted power, ./self-granted-power.ts).

interface MemberRow {
  id: string;
  userId: string;
  email: string;
  displayName: string | null;
  roleId: string | null;
  roleName: string | null;
  isOwner: boolean;
  createdAt: Date;
}

interface InvitationRow {
  id: string;
  email: string;
  roleId: string;
  createdAt: Date;
}

export const CompanyMember = builder.objectRef<MemberRow>('CompanyMember');
CompanyMember.implement({
  description: 'A member of the selected company with the role held there',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The membership (companyOnUser) id' }),
    userId: t.exposeID('userId'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
    roleId: t.exposeID('roleId', { nullable: true }),
    roleName: t.exposeString('roleName', { nullable: true }),
    isOwner: t.exposeBoolean('isOwner', { description: "Holds the company's default owner role" }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

const CompanyMemberInvitation = builder.objectRef<InvitationRow>('CompanyMemberInvitation').implement({
  description: "An open invitation of the selected company: the address's holder joins with the role when they accept it",
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    roleId: t.exposeID('roleId'),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

const CompanyMemberPage = pageOf(CompanyMember, 'CompanyMember');


function selectMembers(db: Writer, companyId: string) {
  return db
    .select({
      id: companyOnUser.id,
      userId: user.id,
      email: user.email,
      displayName: user.displayName,
      roleId: companyRole.id,
      roleName: companyRole.role,
      isOwner: sql<boolean>`coalesce(${companyRole.isDefault}, false)`,
      createdAt: companyOnUser.createdAt,
    })
    .from(companyOnUser)
    .innerJoin(user, eq(user.id, companyOnUser.userId))
    .leftJoin(companyRole, and(eq(companyRole.id, companyOnUser.roleId), isNull(companyRole.deletedAt)))
    .where(eq(companyOnUser.companyId, companyId))
    .$dynamic();
}

/** A company's members by name, as the Members page and the admin's company page list them. */
export function membersByName(db: Writer, companyId: string) {
  return selectMembers(db, companyId).orderBy(sql`lower(coalesce(${user.displayName}, ${user.email}))`, asc(companyOnUser.id));
}

async function readMember(db: Writer, companyId: string, membershipId: string): Promise<MemberRow | null> {
  const [row] = await selectMembers(db, companyId).where(and(eq(companyOnUser.companyId, companyId), eq(companyOnUser.id, membershipId))).limit(1);
  return row ?? null;
}

/** A role of this company that is not deleted; anything else is NOT_FOUND, like an unknown id. */
async function companyRoleOf(tx: Writer, companyId: string, roleId: string): Promise<{ id: string; name: string; isDefault: boolean }> {
  const [role] = isUuid(roleId)
    ? await tx
        .select({ id: companyRole.id, name: companyRole.role, isDefault: companyRole.isDefault })
        .from(companyRole)
        .where(and(eq(companyRole.id, roleId), eq(companyRole.companyId, companyId), isNull(companyRole.deletedAt)))
        .limit(1)
    : [];
  if (!role) throw notFound('The role');
  return role;
}

/** A membership of this company, locked for the write; anything else is NOT_FOUND. */
async function lockedMembership(tx: Writer, companyId: string, id: string) {
  const [row] = isUuid(id)
    ? await tx
        .select({ id: companyOnUser.id, userId: companyOnUser.userId, roleId: companyOnUser.roleId })
        .from(companyOnUser)
        .where(and(eq(companyOnUser.id, id), eq(companyOnUser.companyId, companyId)))
        .limit(1)
        .for('update')
    : [];
  if (!row) throw notFound('The member');
  return row;
}

/** Only an owner gives or takes the owner role. */
async function requireOwner(tx: Writer, companyId: string, userId: string, ownerRole: string | null): Promise<void> {
  const [row] = ownerRole
    ? await tx.select({ id: companyOnUser.id }).from(companyOnUser).where(and(eq(companyOnUser.companyId, companyId), eq(companyOnUser.userId, userId), eq(companyOnUser.roleId, ownerRole))).limit(1)
    : [];
  if (!row) throw forbidden('Only an owner can give or take the owner role');
}

builder.queryField('findManyCompanyOnUser', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyMemberPage,
    description: "The selected company's members, by name; needs companyOnUser read",
    args: { ...pageArgs },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyOnUser', 'read');
      const window = pageWindow(args);
      const [items, [total]] = await Promise.all([
        membersByName(context.db, companyId).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(companyOnUser).where(eq(companyOnUser.companyId, companyId)),
      ]);
      return { items, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findManyCompanyMemberInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyMemberInvitation],
    description: "The selected company's open invitations, newest first; needs companyOnUser read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyOnUser', 'read');
      return context.db
        .select({ id: companyMemberInvitation.id, email: companyMemberInvitation.email, roleId: companyMemberInvitation.roleId, createdAt: companyMemberInvitation.createdAt })
        .from(companyMemberInvitation)
        .where(eq(companyMemberInvitation.companyId, companyId))
        .orderBy(sql`${companyMemberInvitation.createdAt} desc`, asc(companyMemberInvitation.id));
    },
  }),
);

const CreateOneCompanyOnUserInput = builder.inputType('CreateOneCompanyOnUserInput', {
  fields: (t) => ({
    email: t.string({ required: true, description: "The person's e-mail address" }),
    roleId: t.id({ required: true, description: 'A role of the selected company' }),
  }),
});

builder.mutationField('createOneCompanyOnUser', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyMemberInvitation,
    description:
      "Invites someone to the selected company by e-mail with a role: the address is mailed a single-use link, and its holder joins only by accepting (acceptMemberInvitation). The answer is the same whether or not the address has an account. Needs companyOnUser create (and being an owner to give the owner role). CONFLICT alreadyMember / alreadyInvited. Records companyOnUser.create",
    args: { data: t.arg({ type: CreateOneCompanyOnUserInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyOnUser', 'create');
      const parsed = memberInviteSchema.safeParse({ email: data.email, roleId: String(data.roleId) });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_ERRORS);
      const { email, roleId } = parsed.data;
      return context.db.transaction(async (tx) => {
        const role = await companyRoleOf(tx, companyId, roleId);
        if (role.isDefault) await requireOwner(tx, companyId, userId, role.id);
        await requireMayGiveRole(tx, context, role.id);
        // The members are on the Members page already: saying so tells the owner nothing new.
        const [member] = await tx
          .select({ id: companyOnUser.id })
          .from(companyOnUser)
          .innerJoin(user, eq(user.id, companyOnUser.userId))
          .where(and(eq(companyOnUser.companyId, companyId), eq(sql`lower(${user.email})`, email.toLowerCase())))
          .limit(1);
        if (member) throw conflict('alreadyMember', COMPANY_ERRORS);
        const { token, tokenHash } = newInvitationToken();
        const [invitation] = await tx
          .insert(companyMemberInvitation)
          .values({ companyId, email, roleId: role.id, invitedById: userId, tokenHash })
          .onConflictDoNothing()
          .returning({ id: companyMemberInvitation.id, email: companyMemberInvitation.email, roleId: companyMemberInvitation.roleId, createdAt: companyMemberInvitation.createdAt });
        if (!invitation) throw conflict('alreadyInvited', COMPANY_ERRORS);
        await recordMemberInvitation(tx, context.viewer, { id: invitation.id, companyId, email, roleId: role.id, roleName: role.name, token });
        return invitation;
      });
    },
  }),
);

const UpdateOneCompanyOnUserInput = builder.inputType('UpdateOneCompanyOnUserInput', {
  fields: (t) => ({ roleId: t.id({ required: true, description: 'A role of the selected company' }) }),
});

builder.mutationField('updateOneCompanyOnUser', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyMember,
    description:
      "Gives a member of the selected company (the caller too) another role. Needs companyOnUser update; only an owner gives or takes the owner role; a role allowing something the caller may not do is refused (FORBIDDEN roleAllowsMore); the last owner is never demoted (CONFLICT lastOwner). Records companyOnUser.update",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateOneCompanyOnUserInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyOnUser', 'update');
      return context.db.transaction(async (tx) => {
        const membership = await lockedMembership(tx, companyId, String(id));
        const role = await companyRoleOf(tx, companyId, String(data.roleId));
        const ownerRole = await ownerRoleId(tx, companyId);
        if (membership.roleId !== role.id) {
          const demotesOwner = ownerRole !== null && membership.roleId === ownerRole;
          if (demotesOwner || role.id === ownerRole) await requireOwner(tx, companyId, userId, ownerRole);
          await requireMayGiveRole(tx, context, role.id);
          if (demotesOwner && (await lockedOwnerCount(tx, companyId, ownerRole)) <= 1) throw conflict('lastOwner', COMPANY_ERRORS);
          await tx.update(companyOnUser).set({ roleId: role.id, updatedAt: new Date() }).where(eq(companyOnUser.id, membership.id));
          await recordEvent(tx, context.viewer, {
            type: 'companyOnUser.update',
            toId: companyId,
            data: { entityId: membership.id, companyId, before: { roleId: membership.roleId }, after: { roleId: role.id } },
          });
        }
        return (await readMember(tx, companyId, membership.id))!;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyOnUser', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description:
      'Removes a member from the selected company and answers the membership id. Needs companyOnUser delete; only an owner removes an owner; never the last owner (CONFLICT lastOwner). Records companyOnUser.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyOnUser', 'delete');
      return context.db.transaction(async (tx) => {
        const membership = await lockedMembership(tx, companyId, String(id));
        const ownerRole = await ownerRoleId(tx, companyId);
        if (ownerRole !== null && membership.roleId === ownerRole) {
          await requireOwner(tx, companyId, userId, ownerRole);
          if ((await lockedOwnerCount(tx, companyId, ownerRole)) <= 1) throw conflict('lastOwner', COMPANY_ERRORS);
        }
        await tx.delete(companyOnUser).where(eq(companyOnUser.id, membership.id));
        await recordEvent(tx, context.viewer, {
          type: 'companyOnUser.delete',
          toId: companyId,
          data: { entityId: membership.id, companyId, before: { userId: membership.userId, roleId: membership.roleId }, after: null },
        });
        // The person removed is told which company it was (their notifications, and a mail if they want one).
        await recordEvent(tx, context.viewer, { type: 'companyOnUser.delete', toId: membership.userId, data: { entityId: membership.id, companyId, removed: true } });
        return membership.id;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyMemberInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description: 'Withdraws an open invitation of the selected company and answers its id; needs companyOnUser delete. Records companyOnUser.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyOnUser', 'delete');
      const invitationId = String(id);
      return context.db.transaction(async (tx) => {
        const [removed] = isUuid(invitationId)
          ? await tx
              .delete(companyMemberInvitation)
              .where(and(eq(companyMemberInvitation.id, invitationId), eq(companyMemberInvitation.companyId, companyId)))
              .returning()
          : [];
        // Another company's invitation answers like one that does not exist.
        if (!removed) throw notFound('The invitation');
        await recordEvent(tx, context.viewer, {
          type: 'companyOnUser.delete',
          toId: companyId,
          data: { entityId: removed.id, companyId, invitation: true, before: { email: removed.email, roleId: removed.roleId }, after: null },
        });
        return removed.id;
      });
    },
  }),
);
