import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../lib/ids';
import { invitationStatus } from '../../../lib/talent-jobs/invitation-status';
import { APPLICATION_MESSAGE_ERRORS } from '../../../lib/talent-jobs/application-message';
import type { AppDatabase } from '../../db/client';
import { company, jobAd, jobDescription, talentInvitation, talentJobApplication, user, type ApplicationDetails } from '../../db/schema';
import { recordEvent } from '../record-event';
import { firstHiringStepId } from '../companies/company-rows';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import type { ApiContext } from '../context';
import { beforeDeadline, openJobAd, visibleJobAd } from '../../job-ad-search/open-job-ad';
import { builder } from '../builder';
import { conflict, gone, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { checkedApplicationMessage, JobApplication, selectApplications } from './applications';
import { invitationColumns, invitationStatusIs, statusFactsOf } from '../talent-invitations/invitation-answer';

// Invitations as the invited talent sees them (the talentInvitation entity). Every query is
// scoped by the caller's own talent profile id: another talent's invitation id answers
// NOT_FOUND exactly like an unknown one, so nothing confirms that it exists. One the company
// withdrew stays readable, as withdrawn, and takes neither an application nor an ignore.

const invitingCompany = alias(company, 'inviting_company');

/** The list filters, in SQL: the same rule as invitationStatus (applied wins over ignored). */
const FILTERS: Record<'NEW' | 'IGNORED' | 'ALL', SQL | undefined> = {
  NEW: invitationStatusIs('NEW'),
  IGNORED: invitationStatusIs('IGNORED'),
  ALL: undefined,
};

function selectInvitations(db: AppDatabase, where: SQL, now: Date) {
  return db
    .select({
      ...invitationColumns,
      companyId: talentInvitation.companyId,
      companyName: invitingCompany.name,
      invitedByName: user.displayName,
      jobAdId: talentInvitation.jobAdId,
      jobDescriptionId: talentInvitation.jobDescriptionId,
      ad: {
        title: jobAd.title,
        description: sql<string | null>`coalesce(${jobAd.adDescription}, ${jobAd.description})`,
        location: jobAd.location,
        skills: jobAd.skills,
        salary: jobAd.salary,
        currency: jobAd.currency,
        salaryRateUnit: jobAd.salaryRateUnit,
        workMode: jobAd.workMode,
        employmentType: jobAd.employmentType,
        assignmentType: jobAd.assignmentType,
      },
      description: {
        title: jobDescription.title,
        description: jobDescription.description,
        location: jobDescription.location,
        skills: jobDescription.skills,
        salary: jobDescription.salary,
        currency: jobDescription.currency,
        salaryRateUnit: jobDescription.salaryRateUnit,
        workMode: jobDescription.workMode,
        assignmentType: jobDescription.assignmentType,
        deletedAt: jobDescription.deletedAt,
      },
      jobAdIsVisible: sql<boolean>`coalesce((${visibleJobAd(now)}), false)`,
      jobAdIsOpen: sql<boolean>`coalesce((${visibleJobAd(now)} and ${beforeDeadline(now)}), false)`,
    })
    .from(talentInvitation)
    .innerJoin(invitingCompany, eq(invitingCompany.id, talentInvitation.companyId))
    .leftJoin(user, eq(user.id, talentInvitation.invitedByUserId))
    .leftJoin(jobAd, eq(jobAd.id, talentInvitation.jobAdId))
    .leftJoin(company, eq(company.id, jobAd.publisherCompanyId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentInvitation.jobDescriptionId))
    .where(where);
}

type InvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

/** The role the invitation is about: its job ad, else its job description. */
const role = (row: InvitationRow) => (row.jobAdId && row.ad ? row.ad : row.description);

const InvitationStatusEnum = builder.enumType('ReceivedInvitationStatus', {
  values: {
    NEW: { description: 'Neither answered nor ignored' },
    IGNORED: { description: 'Ignored and not applied to' },
    APPLIED: { description: 'The talent applied to its job ad or job description (also after ignoring it)' },
    WITHDRAWN: { description: 'The company withdrew it while it was new: it takes no application' },
  } as const,
});

const ReceivedInvitation = builder.objectRef<InvitationRow>('ReceivedInvitation');

ReceivedInvitation.implement({
  description: 'An invitation to apply that the signed-in talent received from a company',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.field({ type: 'DateTime', description: 'When the talent was invited', resolve: (row) => row.createdAt }),
    status: t.field({
      type: InvitationStatusEnum,
      resolve: (row) => invitationStatus(statusFactsOf(row)).toUpperCase() as 'NEW' | 'IGNORED' | 'APPLIED' | 'WITHDRAWN',
    }),
    ignored: t.exposeBoolean('ignored'),
    ignoredAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.ignoredAt }),
    withdrawnAt: t.field({ type: 'DateTime', nullable: true, description: 'When the company withdrew it', resolve: (row) => row.withdrawnAt }),
    message: t.string({
      nullable: true,
      description: "The company's message (details.message)",
      resolve: (row) => (typeof (row.details as ApplicationDetails).message === 'string' ? ((row.details as ApplicationDetails).message as string) : null),
    }),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    invitedByName: t.exposeString('invitedByName', { nullable: true, description: 'Who invited, when the user has a display name' }),
    jobAdId: t.exposeID('jobAdId', { nullable: true }),
    jobDescriptionId: t.exposeID('jobDescriptionId', { nullable: true }),
    title: t.string({ nullable: true, resolve: (row) => role(row)?.title ?? null }),
    description: t.string({ nullable: true, resolve: (row) => role(row)?.description ?? null }),
    location: t.string({ nullable: true, resolve: (row) => role(row)?.location ?? null }),
    skills: t.stringList({ resolve: (row) => role(row)?.skills ?? [] }),
    salary: t.field({ type: 'Decimal', nullable: true, resolve: (row) => role(row)?.salary ?? null }),
    currency: t.string({ nullable: true, resolve: (row) => role(row)?.currency ?? null }),
    salaryRateUnit: t.string({ nullable: true, description: 'HOUR, DAY or MONTH', resolve: (row) => role(row)?.salaryRateUnit ?? null }),
    workMode: t.string({ nullable: true, resolve: (row) => role(row)?.workMode ?? null }),
    assignmentType: t.string({ nullable: true, resolve: (row) => role(row)?.assignmentType ?? null }),
    employmentType: t.string({ nullable: true, resolve: (row) => (row.jobAdId ? row.ad?.employmentType ?? null : null) }),
    jobAdIsVisible: t.exposeBoolean('jobAdIsVisible', { description: 'The job ad has its public page (published, not removed)' }),
    isOpenForApplications: t.boolean({
      description: 'Its job ad is open (published, before its deadline), or for a job description alone, the description still exists',
      resolve: (row) => (row.jobAdId ? row.jobAdIsOpen : row.jobDescriptionId !== null && row.description !== null && row.description.deletedAt === null),
    }),
    applicationId: t.exposeID('applicationId', { nullable: true }),
    appliedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.appliedAt }),
  }),
});

const ReceivedInvitationPage = pageOf(ReceivedInvitation, 'ReceivedInvitation');

const ReceivedInvitationFilter = builder.enumType('ReceivedInvitationFilter', {
  values: { NEW: { description: 'Status NEW' }, IGNORED: { description: 'Status IGNORED' }, ALL: { description: 'Every invitation' } } as const,
});

const ReceivedInvitationSort = builder.enumType('ReceivedInvitationSort', {
  values: { NEWEST: { description: 'Invited most recently first' }, OLDEST: { description: 'Invited longest ago first' } } as const,
});

const invitationNotFound = () => notFound('This invitation');

/** The company withdrew it: shown to the talent, who can no longer act on it. */
const invitationWithdrawn = () => gone('invitationWithdrawn', APPLICATION_MESSAGE_ERRORS);

async function loadMyInvitation(context: ApiContext, id: string): Promise<InvitationRow> {
  if (!isUuid(id)) throw invitationNotFound();
  const profileId = await findMyTalentProfileId(context);
  if (!profileId) throw invitationNotFound();
  const [row] = await selectInvitations(context.db, and(eq(talentInvitation.id, id), eq(talentInvitation.talentProfileId, profileId))!, new Date());
  if (!row) throw invitationNotFound();
  return row;
}

builder.queryField('myInvitations', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReceivedInvitationPage,
    description: 'Invitations the signed-in talent received; empty before a talent profile exists',
    args: {
      ...pageArgs,
      filter: t.arg({ type: ReceivedInvitationFilter, required: false, description: 'Default ALL' }),
      sort: t.arg({ type: ReceivedInvitationSort, required: false, description: 'Default NEWEST' }),
    },
    resolve: async (_root, args, context) => {
      const { page, perPage, offset } = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], total: 0, page, perPage };
      const where = and(eq(talentInvitation.talentProfileId, profileId), FILTERS[args.filter ?? 'ALL'])!;
      const order =
        args.sort === 'OLDEST' ? [asc(talentInvitation.createdAt), asc(talentInvitation.id)] : [desc(talentInvitation.createdAt), desc(talentInvitation.id)];
      const [items, [total]] = await Promise.all([
        selectInvitations(context.db, where, new Date()).orderBy(...order).limit(perPage).offset(offset),
        context.db.select({ value: count() }).from(talentInvitation).where(where),
      ]);
      return { items, total: total?.value ?? 0, page, perPage };
    },
  }),
);

builder.queryField('myInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReceivedInvitation,
    description: 'One invitation of the signed-in talent; NOT_FOUND for any other id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => loadMyInvitation(context, String(args.id)),
  }),
);

builder.mutationField('ignoreInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReceivedInvitation,
    description: 'Marks an invitation ignored (it can still be applied to); ignoring it again keeps the first time; NOT_FOUND with reason invitationWithdrawn once the company withdrew it',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const current = await loadMyInvitation(context, String(args.id));
      if (current.withdrawnAt) throw invitationWithdrawn();
      if (current.applicationId) throw conflict('alreadyApplied', APPLICATION_MESSAGE_ERRORS);
      if (current.ignored) return current;
      const { db, viewer } = context;
      const ignoredAt = new Date();
      await db.transaction(async (tx) => {
        // Only a row still not ignored (nor withdrawn meanwhile) changes, so two concurrent
        // ignores log one event and a withdrawal that came first stays as it is.
        const changed = await tx
          .update(talentInvitation)
          .set({ ignored: true, ignoredAt })
          .where(and(eq(talentInvitation.id, current.id), eq(talentInvitation.ignored, false), isNull(talentInvitation.deletedAt)))
          .returning({ id: talentInvitation.id });
        if (!changed.length) return;
        await recordEvent(tx, viewer, {
          type: 'talentInvitation.update',
          toId: current.companyId,
          data: {
            entityId: current.id,
            companyId: current.companyId,
            before: { ignored: false, ignoredAt: null },
            after: { ignored: true, ignoredAt: ignoredAt.toISOString() },
          },
        });
      });
      const after = await loadMyInvitation(context, current.id);
      if (!after.ignored && after.withdrawnAt) throw invitationWithdrawn();
      return after;
    },
  }),
);

builder.mutationField('applyToInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobApplication,
    description:
      "Applies with the signed-in talent's profile to the invitation's job ad, or to its job description when it has no ad; also after ignoring it. NOT_FOUND with reason invitationWithdrawn once the company withdrew it",
    args: {
      id: t.arg.id({ required: true }),
      message: t.arg.string({ required: false, description: 'A note to the company, at most 5000 characters' }),
    },
    resolve: async (_root, args, context) => {
      const message = checkedApplicationMessage(args.message, null);
      const id = String(args.id);
      if (!isUuid(id)) throw invitationNotFound();
      const profileId = await requireMyTalentProfileId(context);
      const { db, viewer } = context;
      const now = new Date();
      const applicationId = await db.transaction(async (tx) => {
        // Locked: two applies from the same invitation run one after the other, so the
        // second sees the first's application (a description-only one has no unique key).
        const [invitation] = await tx
          .select()
          .from(talentInvitation)
          .where(and(eq(talentInvitation.id, id), eq(talentInvitation.talentProfileId, profileId)))
          .limit(1)
          .for('update');
        if (!invitation) throw invitationNotFound();
        // A withdrawal locks the row too: whichever comes second sees the other.
        if (invitation.deletedAt) throw invitationWithdrawn();

        let target: { jobAdId: string | null; jobDescriptionId: string | null };
        if (invitation.jobAdId) {
          const [ad] = await tx
            .select({ id: jobAd.id, jobDescriptionId: jobAd.jobDescriptionId })
            .from(jobAd)
            .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
            .where(and(eq(jobAd.id, invitation.jobAdId), openJobAd(now)))
            .limit(1);
          if (!ad) throw gone('closed', APPLICATION_MESSAGE_ERRORS);
          target = { jobAdId: ad.id, jobDescriptionId: ad.jobDescriptionId ?? invitation.jobDescriptionId };
        } else {
          const [description] = invitation.jobDescriptionId
            ? await tx
                .select({ id: jobDescription.id })
                .from(jobDescription)
                .where(and(eq(jobDescription.id, invitation.jobDescriptionId), isNull(jobDescription.deletedAt)))
                .limit(1)
            : [];
          if (!description) throw gone('descriptionRemoved', APPLICATION_MESSAGE_ERRORS);
          target = { jobAdId: null, jobDescriptionId: description.id };
        }

        const [existing] = await tx
          .select({ id: talentJobApplication.id })
          .from(talentJobApplication)
          .where(
            and(
              eq(talentJobApplication.talentProfileId, profileId),
              target.jobAdId ? eq(talentJobApplication.jobAdId, target.jobAdId) : eq(talentJobApplication.jobDescriptionId, target.jobDescriptionId!),
            ),
          )
          .limit(1);
        const alreadyApplied = () => conflict('alreadyApplied', APPLICATION_MESSAGE_ERRORS);
        if (existing) throw alreadyApplied();
        // It arrives as an application to an ad does: in the company's first step (where its
        // board and pipeline show it) and logged as an arrival (its history, the metrics).
        const firstStep = await firstHiringStepId(tx, invitation.companyId);
        const [created] = await tx
          .insert(talentJobApplication)
          .values({ ...target, talentProfileId: profileId, message, details: { invitationId: invitation.id }, companyHiringStepId: firstStep })
          .onConflictDoNothing()
          .returning({ id: talentJobApplication.id });
        if (!created) throw alreadyApplied();
        await recordEvent(tx, viewer, {
          type: 'talentJobApplication.create',
          toId: invitation.companyId,
          data: { entityId: created.id, companyId: invitation.companyId, jobAdId: target.jobAdId, invitationId: invitation.id, after: { hiringStepId: firstStep } },
        });
        // The invitation it answers is answered: logged as its update.
        await recordEvent(tx, viewer, {
          type: 'talentInvitation.update',
          toId: invitation.companyId,
          data: { entityId: invitation.id, companyId: invitation.companyId, response: 'applied', applicationId: created.id },
        });
        return created.id;
      });
      const [row] = await selectApplications(db, eq(talentJobApplication.id, applicationId));
      return row!;
    },
  }),
);
