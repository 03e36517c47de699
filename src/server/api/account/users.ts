import { companyThreads, threadReadsOf, unreadThreadCount } from '../messages/message-threads';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { buildRoute } from '../../../lib/routes/build-route';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { createTalentProfileSchema, PROFILE_ERRORS } from '../../../lib/talent/talent-profile-input';
import {
  company,
  companyOnUser,
  talentProfile,
} from '../../db/schema';
import { userFeatureFlagRows } from '../feature-flags/feature-flag-access';
import { builder } from '../builder';
import { conflict, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { TalentProfile, type TalentProfileRow } from '../talent/talents';
import { membershipPermissions, selectMemberships } from '../auth/memberships';

interface MembershipRow {
  companyId: string;
  name: string;
  deletedAt: Date | null;
  address: unknown;
  logo: string | null;
  verificationStatus: string;
  rejectionReason: string | null;
  companyPermissions: unknown;
  roleId: string | null;
  role: string | null;
  rolePermissions: unknown;
  defaultPermissions: unknown;
}

interface Me {
  id: string;
  email: string;
  displayName: string | null;
  redirect: string | null;
  isAdmin: boolean;
  adminPermissions: readonly string[];
  isImpersonate: boolean;
  impersonatedBy: string | null;
  memberships: MembershipRow[];
  featureFlags: Array<{ name: string; deletedAt: Date | null }>;
  profile: TalentProfileRow | null;
}

const MembershipCompany = builder.objectRef<MembershipRow>('MembershipCompany').implement({
  fields: (t) => ({
    id: t.exposeID('companyId'),
    name: t.exposeString('name'),
    deletedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.deletedAt }),
    address: t.field({ type: 'JSON', nullable: true, resolve: (row) => row.address }),
    logo: t.exposeString('logo', { nullable: true }),
    verificationStatus: t.exposeString('verificationStatus'),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true, description: 'Why the platform rejected the company, when it did' }),
    permissions: t.field({ type: 'JSON', nullable: true, description: "The company's own permission set", resolve: (row) => row.companyPermissions }),
  }),
});

const MembershipRole = builder.objectRef<MembershipRow>('MembershipRole').implement({
  fields: (t) => ({
    // Only reached when the membership has a role (see CompanyMembership.role).
    id: t.id({ resolve: (row) => row.roleId! }),
    role: t.string({ resolve: (row) => row.role ?? '' }),
    permissions: t.field({ type: 'JSON', nullable: true, resolve: (row) => row.rolePermissions }),
    defaultPermissions: t.field({ type: 'JSON', nullable: true, resolve: (row) => row.defaultPermissions }),
  }),
});

const CompanyMembership = builder.objectRef<MembershipRow>('CompanyMembership').implement({
  description: 'A company the user belongs to, with the role held there (the current-user state)',
  fields: (t) => ({
    company: t.field({ type: MembershipCompany, resolve: (row) => row }),
    role: t.field({ type: MembershipRole, nullable: true, resolve: (row) => (row.roleId ? row : null) }),
    effectivePermissions: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Role and company permissions merged (the permission merge); null unless the company is verified',
      resolve: (row) => membershipPermissions(row),
    }),
    unreadMessageThreads: t.int({
      description: "The company's conversations with something the caller has not read, among those the role reads (the side menu's count)",
      resolve: (row, _args, context) => {
        const scope = companyThreads(row.companyId, threadReadsOf(membershipPermissions(row)));
        return scope && context.viewer ? unreadThreadCount(context.db, { side: 'company', userId: context.viewer.userId }, scope) : 0;
      },
    }),
  }),
});

const FeatureFlag = builder.objectRef<{ name: string; deletedAt: Date | null }>('FeatureFlag').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    deletedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.deletedAt }),
  }),
});

const MeRef = builder.objectRef<Me>('Me').implement({
  description: 'The signed-in user (the FindUser call)',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
    redirect: t.exposeString('redirect', { nullable: true, description: 'Where to send the user after sign-in, if anywhere' }),
    isAdmin: t.exposeBoolean('isAdmin'),
    adminPermissions: t.stringList({ description: "What this admin may do in the admin area (moderation, verification, finance, support, flags; admins for a super admin); empty for anyone else", resolve: (me) => [...me.adminPermissions] }),
    isImpersonate: t.exposeBoolean('isImpersonate'),
    impersonatedBy: t.exposeString('impersonatedBy', { nullable: true, description: 'External id of the impersonating user' }),
    companies: t.field({ type: [CompanyMembership], resolve: (me) => me.memberships }),
    featureFlags: t.field({ type: [FeatureFlag], resolve: (me) => me.featureFlags }),
    profile: t.field({ type: TalentProfile, nullable: true, resolve: (me) => me.profile }),
  }),
});

const MembershipWhere = builder.inputType('MembershipWhere', {
  fields: (t) => ({
    activeCompaniesOnly: t.boolean({ description: 'Leave out companies that are soft-deleted (deletedAt set)' }),
  }),
});

builder.queryType({});
builder.mutationType({});

// findMe runs on every signed-in page: its queries are built once (preparedQuery).
const ofUser = sql.placeholder('userId');
const membershipsOf = preparedQuery((db: AppDatabase) => selectMemberships(db, eq(companyOnUser.userId, ofUser)).prepare(''));
const activeMembershipsOf = preparedQuery((db: AppDatabase) => selectMemberships(db, and(eq(companyOnUser.userId, ofUser), isNull(company.deletedAt))!).prepare(''));
const talentProfileOf = preparedQuery((db: AppDatabase) =>
  db.select().from(talentProfile).where(and(eq(talentProfile.userId, ofUser), isNull(talentProfile.deletedAt))).limit(1).prepare(''),
);

builder.queryField('findMe', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MeRef,
    args: { where: t.arg({ type: MembershipWhere, required: false }) },
    resolve: async (_root, args, { db, viewer, viewerRow: row }) => {
      const userId = viewer.userId;
      // One query per list, whatever the number of companies: no query per row.
      const [memberships, flags, profiles] = await Promise.all([
        (args.where?.activeCompaniesOnly ? activeMembershipsOf : membershipsOf)(db).execute({ userId }),
        userFeatureFlagRows(db, userId),
        talentProfileOf(db).execute({ userId }),
      ]);
      const profile = profiles[0] ?? null;
      // Someone with no home yet (no profile, no company, not an admin) is asked to make a profile.
      const redirect = row?.redirect ?? (profile || memberships.length || viewer.isAdmin ? null : buildRoute('talentProfile'));
      return {
        id: userId,
        email: viewer.email,
        displayName: row?.displayName ?? null,
        redirect,
        isAdmin: viewer.isAdmin,
        adminPermissions: viewer.adminPermissions,
        isImpersonate: viewer.isImpersonate,
        impersonatedBy: viewer.actor?.externalId ?? null,
        memberships,
        featureFlags: flags,
        profile,
      };
    },
  }),
);

const CreateTalentProfileInput = builder.inputType('CreateOneTalentProfileInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    profileName: t.string({ required: false }),
  }),
});

const CreatedId = builder.objectRef<{ id: string }>('CreatedId').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

builder.mutationField('createOneTalentProfile', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CreatedId,
    description: 'Creates the signed-in user\'s talent profile (the CreateOneTalentProfile call)',
    args: { data: t.arg({ type: CreateTalentProfileInput, required: true }) },
    resolve: async (_root, { data }, { db, viewer }) => {
      const parsed = createTalentProfileSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), PROFILE_ERRORS);
      const { email, profileName } = parsed.data;
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(talentProfile)
          .values({ userId: viewer.userId, externalUserId: viewer.externalId, email, profileName })
          .onConflictDoNothing()
          .returning({ id: talentProfile.id });
        if (!created) throw conflict('profileExists', PROFILE_ERRORS);
        // The event types give a talent profile an update event only: its creation is the update
        // that sets its first fields (named, never their values, as for every profile event).
        await recordEvent(tx, viewer, { type: 'talentProfile.update', toId: created.id, data: { entityId: created.id, changedFields: ['email', 'profileName'] } });
        return created;
      });
    },
  }),
);
