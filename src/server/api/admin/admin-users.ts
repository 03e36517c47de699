import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ERRORS, TALENT_VERIFICATION_CHOICES, type TalentVerificationChoice } from '../../../lib/admin/company-verification';
import { USER_STATUS_ACTIONS, USER_STATUSES, userStatusActions, userStatusMove, type UserStatusAction } from '../../../lib/admin/user-status';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { talentProfile, user } from '../../db/schema';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { conflict, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import type { Writer } from '../../db/client';
import { afterUserErasure, eraseUser } from '../account/user-erasure';

// The platform's view of people (the user entity, the user status and
// verification): users and their talent profiles found by name or e-mail; a talent's
// verification status; blocking (every session ended at once, sign-in refused), unblocking
// and deleting (erasure: lib/admin/personal-data.ts). Status moves follow
// lib/admin/user-status.ts; each is a user.update or user.delete event addressed to the
// user, a verification change a talentProfile.update addressed to the profile.

const UserStatusEnum = builder.enumType('UserStatus', { description: "A user's status", values: USER_STATUSES });

const UserStatusActionEnum = builder.enumType('UserStatusAction', {
  description: 'What an admin may do with a user now',
  values: USER_STATUS_ACTIONS,
});

const TalentVerificationEnum = builder.enumType('TalentVerificationStatus', {
  description: "A talent profile's verification status, as an admin sets it",
  values: TALENT_VERIFICATION_CHOICES,
});

interface AdminUserRow {
  id: string;
  externalId: string;
  email: string;
  displayName: string | null;
  status: string;
  isAdmin: boolean;
  createdAt: Date;
  lastVisit: Date | null;
  companyCount: number;
  talentProfileId: string | null;
  profileName: string | null;
  jobTitle: string | null;
  talentVerificationStatus: string | null;
  isVisible: boolean | null;
}

type AdminUserView = AdminUserRow & { isSelf: boolean };

const companyCount = sql<number>`(select count(*)::int from "company_on_user" as "user_link" where "user_link"."user_id" = "user"."id")`;

function selectAdminUsers(db: Writer) {
  return db
    .select({
      id: user.id,
      externalId: user.externalId,
      email: user.email,
      displayName: user.displayName,
      status: user.status,
      isAdmin: sql<boolean>`${user.adminRoleId} is not null`,
      createdAt: user.createdAt,
      lastVisit: user.lastVisit,
      companyCount,
      talentProfileId: talentProfile.id,
      profileName: talentProfile.profileName,
      jobTitle: talentProfile.jobTitle,
      talentVerificationStatus: talentProfile.verificationStatus,
      isVisible: talentProfile.isVisible,
    })
    .from(user)
    // A deleted user's profile is an emptied tombstone: shown as none.
    .leftJoin(talentProfile, and(eq(talentProfile.userId, user.id), isNull(talentProfile.deletedAt)))
    .$dynamic();
}

const AdminTalent = builder.objectRef<AdminUserRow>('AdminTalentProfile').implement({
  description: "A user's talent profile as the platform reviews it",
  fields: (t) => ({
    id: t.id({ resolve: (row) => row.talentProfileId! }),
    profileName: t.exposeString('profileName', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    verificationStatus: t.string({ resolve: (row) => row.talentVerificationStatus ?? 'pending' }),
    isVisible: t.boolean({ resolve: (row) => row.isVisible === true }),
  }),
});

export const AdminUser = builder.objectRef<AdminUserView>('AdminUser');
AdminUser.implement({
  description: 'A user as the platform sees them, with their talent profile if they have one',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
    status: t.field({ type: UserStatusEnum, resolve: (row) => row.status as (typeof USER_STATUSES)[number] }),
    isAdmin: t.exposeBoolean('isAdmin', { description: 'Holds the platform admin role (as of their last call)' }),
    statusActions: t.field({
      type: [UserStatusActionEnum],
      description: 'The moves open to you now: none on your own account, another admin or a deleted user',
      resolve: (row) => userStatusActions({ status: row.status, isSelf: row.isSelf, isAdmin: row.isAdmin }),
    }),
    companyCount: t.exposeInt('companyCount', { description: 'Companies the user is a member of' }),
    talentProfile: t.field({ type: AdminTalent, nullable: true, resolve: (row) => (row.talentProfileId ? row : null) }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    lastVisit: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastVisit }),
  }),
});

const AdminUserPage = pageOf(AdminUser, 'AdminUser');

const viewOf = (context: SignedInContext) => (row: AdminUserRow): AdminUserView => ({ ...row, companyCount: Number(row.companyCount), isSelf: row.id === context.viewer.userId });

async function readAdminUser(context: SignedInContext, db: Writer, id: string): Promise<AdminUserView> {
  const [row] = await selectAdminUsers(db).where(eq(user.id, id)).limit(1);
  if (!row) throw notFound('The user');
  return viewOf(context)(row);
}

function userFilters(args: { q?: string | null; status?: string | null; talentVerification?: string | null }): SQL | undefined {
  const q = args.q?.trim().slice(0, 200);
  const pattern = q ? `%${escapeLike(q)}%` : null;
  return and(
    args.status ? eq(user.status, args.status as (typeof USER_STATUSES)[number]) : ne(user.status, 'deleted'),
    pattern ? or(ilike(user.email, pattern), ilike(user.displayName, pattern), ilike(talentProfile.profileName, pattern)) : undefined,
    args.talentVerification ? eq(talentProfile.verificationStatus, args.talentVerification as TalentVerificationChoice) : undefined,
  );
}

builder.queryField('findManyAdminUser', (t) =>
  t.withAuth({ adminPermission: ['support', 'verification'] }).field({
    type: AdminUserPage,
    description:
      'Users and their talent profiles (admins only): q in the e-mail, display name or profile name; a status (without one, every user who is not deleted); talents of one verification status; newest first',
    args: {
      ...pageArgs,
      q: t.arg.string({ description: 'Part of the e-mail address, display name or talent profile name, any case' }),
      status: t.arg({ type: UserStatusEnum }),
      talentVerification: t.arg({ type: TalentVerificationEnum, description: 'Only users whose talent profile has this verification status' }),
    },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const where = userFilters(args);
      const [rows, [total]] = await Promise.all([
        selectAdminUsers(context.db).where(where).orderBy(desc(user.createdAt), asc(user.id)).limit(window.perPage).offset(window.offset),
        context.db
          .select({ total: count() })
          .from(user)
          .leftJoin(talentProfile, and(eq(talentProfile.userId, user.id), isNull(talentProfile.deletedAt)))
          .where(where),
      ]);
      return { items: rows.map(viewOf(context)), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

/** The user, locked for a status move, or NOT_FOUND. */
async function lockedUser(tx: Writer, id: string) {
  const [row] = isUuid(id) ? await tx.select().from(user).where(eq(user.id, id)).limit(1).for('update') : [];
  if (!row) throw notFound('The user');
  return row;
}

/**
 * One status move under the user's row lock, refused with CONFLICT when lib/admin says so
 * (ownAccount, adminAccount, userDeleted, alreadyInStatus). Once committed, every session
 * of a user who may no longer sign in is ended, and an erased profile's files deleted.
 */
async function moveUserStatus(context: SignedInContext, id: string, action: UserStatusAction): Promise<AdminUserView> {
  const { viewer } = context;
  const { externalId, email, fileKeys } = await context.db.transaction(async (tx) => {
    const before = await lockedUser(tx, id);
    const move = userStatusMove({ status: before.status, isSelf: before.id === viewer.userId, isAdmin: before.adminRoleId !== null }, action);
    if (!move.ok) throw conflict(move.reason, ADMIN_ERRORS);
    let erased: string[] = [];
    if (action === 'delete') {
      erased = (await eraseUser(tx, before)).fileKeys;
    } else {
      await tx.update(user).set({ status: move.to, updatedAt: new Date() }).where(eq(user.id, id));
    }
    await recordEvent(tx, viewer, {
      type: action === 'delete' ? 'user.delete' : 'user.update',
      toId: id,
      data: { entityId: id, admin: true, action, before: { status: before.status }, after: { status: move.to }, ...(action === 'delete' ? { erased: true } : {}) },
    });
    return { externalId: before.externalId, email: before.email, fileKeys: erased };
  });
  if (action === 'delete') await afterUserErasure(context, { externalId, email, fileKeys });
  else if (action !== 'unblock') await context.userSessions.endAll(externalId);
  return readAdminUser(context, context.db, id);
}

const AdminUserStatusInput = builder.enumType('AdminUserStatusChange', {
  description: 'The status an admin gives a user: BLOCKED (sessions ended, sign-in refused) or ACTIVE again',
  values: ['ACTIVE', 'BLOCKED'] as const,
});

builder.mutationField('updateOneUserStatus', (t) =>
  t.withAuth({ adminPermission: 'support' }).field({
    type: AdminUser,
    description:
      "Blocks or unblocks a user (admins only). Blocking ends every session of the user at once and the built-in provider refuses their sign-in; every API call of theirs is refused. Never your own account or another admin's. CONFLICT ownAccount, adminAccount, userDeleted or alreadyInStatus. Records user.update",
    args: { id: t.arg.id({ required: true }), status: t.arg({ type: AdminUserStatusInput, required: true }) },
    resolve: (_root, args, context) => moveUserStatus(context, String(args.id), args.status === 'BLOCKED' ? 'block' : 'unblock'),
  }),
);

builder.mutationField('deleteOneUser', (t) =>
  t.withAuth({ adminPermission: 'support' }).field({
    type: AdminUser,
    description:
      'Deletes a user (admins only) and erases their personal data (docs/personal-data.md): sessions ended, sign-in account removed, talent profile hidden and emptied (applications keep a tombstone), money rows kept. Final. Never your own account or another admin\'s. Records user.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => moveUserStatus(context, String(args.id), 'delete'),
  }),
);

builder.mutationField('updateOneTalentProfileVerification', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: AdminUser,
    description:
      "Sets a talent profile's verification status (admins only): verified, pending or rejected. A deleted profile is NOT_FOUND. Records talentProfile.update",
    args: { id: t.arg.id({ required: true, description: 'The talent profile' }), verificationStatus: t.arg({ type: TalentVerificationEnum, required: true }) },
    resolve: async (_root, args, context) => {
      const { viewer } = context;
      const id = String(args.id);
      const userId = await context.db.transaction(async (tx) => {
        const [profile] = isUuid(id)
          ? await tx
              .select({ id: talentProfile.id, userId: talentProfile.userId, verificationStatus: talentProfile.verificationStatus })
              .from(talentProfile)
              .where(and(eq(talentProfile.id, id), isNull(talentProfile.deletedAt)))
              .limit(1)
              .for('update')
          : [];
        if (!profile?.userId) throw notFound('The talent profile');
        if (profile.verificationStatus !== args.verificationStatus) {
          await tx.update(talentProfile).set({ verificationStatus: args.verificationStatus, updatedAt: new Date() }).where(eq(talentProfile.id, id));
          await recordEvent(tx, viewer, {
            type: 'talentProfile.update',
            toId: id,
            data: { entityId: id, admin: true, changedFields: ['verificationStatus'], before: { verificationStatus: profile.verificationStatus }, after: { verificationStatus: args.verificationStatus } },
          });
        }
        return profile.userId;
      });
      return readAdminUser(context, context.db, userId);
    },
  }),
);
