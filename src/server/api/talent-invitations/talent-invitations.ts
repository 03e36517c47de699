import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { jobAdStatus } from '../../../lib/job-ads/job-ad-status';
import {
  invitationRoleOf,
  sameInvitationRole,
  SENT_INVITATION_ANSWERS,
  sentInvitationAnswer,
  TALENT_INVITATION_ERRORS,
  TALENT_INVITATION_LIMITS,
  TALENT_INVITATION_REFUSALS,
  talentInvitationSchema,
  type InvitationRole,
  type TalentInvitationRefusal,
  type TalentInvitationValues,
} from '../../../lib/talent-invitations/talent-invitation-input';
import { jobAd, jobDescription, talentInvitation, talentProfile, user, type ApplicationDetails } from '../../db/schema';
import { builder } from '../builder';
import { JobReference, jobReferenceOf } from '../job-ads/job-reference';
import { invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { companyTalentLink } from '../job-applications/talent-link';
import { mayReachTalent } from '../auth/company-talent-access';
import { invitationColumns, invitationStatusIs, statusFactsOf } from './invitation-answer';

// Invitations a company sends to talents (the talentInvitation entity): many at
// once to one of its job ads or job descriptions, then listed with each talent's answer.
// The talent reads them on /talent/invitations (talent-jobs/received-invitations.ts); the
// answer follows the same rule on both sides (invitation-answer.ts). A pending one may be
// withdrawn (withdraw-invitation.ts). Every id is looked up inside the tp-company company,
// so another company's id is NOT_FOUND like an unknown one.

interface SentRow {
  id: string;
  createdAt: Date;
  ignored: boolean;
  ignoredAt: Date | null;
  withdrawnAt: Date | null;
  details: ApplicationDetails;
  talentProfileId: string;
  profileName: string | null;
  jobTitle: string | null;
  location: string | null;
  jobAdId: string | null;
  jobAdTitle: string | null;
  jobDescriptionId: string | null;
  jobDescriptionTitle: string | null;
  invitedByName: string | null;
  applicationId: string | null;
  appliedAt: Date | null;
}

export function selectSent(db: Writer) {
  return db
    .select({
      ...invitationColumns,
      talentProfileId: talentInvitation.talentProfileId,
      profileName: talentProfile.profileName,
      jobTitle: talentProfile.jobTitle,
      location: talentProfile.location,
      jobAdId: talentInvitation.jobAdId,
      jobAdTitle: jobAd.title,
      jobDescriptionId: talentInvitation.jobDescriptionId,
      jobDescriptionTitle: jobDescription.title,
      invitedByName: sql<string | null>`coalesce(${user.displayName}, ${user.email})`,
    })
    .from(talentInvitation)
    .innerJoin(talentProfile, eq(talentProfile.id, talentInvitation.talentProfileId))
    .leftJoin(jobAd, eq(jobAd.id, talentInvitation.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentInvitation.jobDescriptionId))
    .leftJoin(user, eq(user.id, talentInvitation.invitedByUserId));
}

export const sentBy = (companyId: string) => eq(talentInvitation.companyId, companyId);

const SentInvitationAnswerEnum = builder.enumType('SentInvitationAnswer', {
  description:
    'PENDING: neither applied nor ignored; APPLIED: the talent applied to its job ad or job description (also after ignoring it); IGNORED: ignored and not applied; WITHDRAWN: the company withdrew it while it was pending',
  values: SENT_INVITATION_ANSWERS,
});

const SentInvitationTalent = builder.objectRef<SentRow>('SentInvitationTalent').implement({
  description: 'The invited talent, as the company sees them: no contact details',
  fields: (t) => ({
    id: t.id({ resolve: (row) => row.talentProfileId }),
    profileName: t.string({ nullable: true, resolve: (row) => row.profileName }),
    jobTitle: t.string({ nullable: true, resolve: (row) => row.jobTitle }),
    location: t.string({ nullable: true, resolve: (row) => row.location }),
  }),
});

export const SentTalentInvitation = builder.objectRef<SentRow>('SentTalentInvitation');
SentTalentInvitation.implement({
  description: 'An invitation the selected company sent, with the talent\'s answer',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.field({ type: 'DateTime', description: 'When it was sent', resolve: (row) => row.createdAt }),
    message: t.string({ nullable: true, resolve: (row) => (typeof row.details.message === 'string' ? row.details.message : null) }),
    talent: t.field({ type: SentInvitationTalent, resolve: (row) => row }),
    jobAd: t.field({ type: JobReference, nullable: true, resolve: (row) => jobReferenceOf(row.jobAdId, row.jobAdTitle) }),
    jobDescription: t.field({
      type: JobReference,
      nullable: true,
      description: 'The job description, when the invitation is to one without an ad',
      resolve: (row) => (row.jobAdId ? null : jobReferenceOf(row.jobDescriptionId, row.jobDescriptionTitle)),
    }),
    invitedByName: t.string({ nullable: true, description: 'The member who sent it (name, else e-mail)', resolve: (row) => row.invitedByName }),
    answer: t.field({ type: SentInvitationAnswerEnum, resolve: (row) => sentInvitationAnswer(statusFactsOf(row)) }),
    ignoredAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.ignoredAt }),
    withdrawnAt: t.field({ type: 'DateTime', nullable: true, description: 'When the company withdrew it', resolve: (row) => row.withdrawnAt }),
    appliedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.appliedAt }),
    applicationId: t.id({ nullable: true, description: 'The application that answered it (companyJobApplication)', resolve: (row) => row.applicationId }),
  }),
});

const SentTalentInvitationPage = pageOf(SentTalentInvitation, 'SentTalentInvitation');

builder.queryField('findManyTalentInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SentTalentInvitationPage,
    description: 'Invitations the selected company sent, newest first; needs talentInvitation read',
    args: {
      ...pageArgs,
      jobAdId: t.arg.id({ description: 'Only the invitations to this job ad' }),
      answer: t.arg({ type: SentInvitationAnswerEnum }),
      ids: t.arg.idList({ description: `Only these invitations (at most ${TALENT_INVITATION_LIMITS.talents}), e.g. the ones just sent` }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentInvitation', 'read');
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const adId = args.jobAdId ? String(args.jobAdId) : null;
      const ids = args.ids ? [...new Set(args.ids.map(String))] : null;
      // An id that cannot be ours matches nothing, as the other filters do.
      if (adId !== null && !isUuid(adId)) return empty;
      if (ids !== null && (ids.length === 0 || ids.length > TALENT_INVITATION_LIMITS.talents || ids.some((id) => !isUuid(id)))) return empty;
      const where = and(
        sentBy(companyId),
        adId ? eq(talentInvitation.jobAdId, adId) : undefined,
        ids ? inArray(talentInvitation.id, ids) : undefined,
        args.answer ? invitationStatusIs(args.answer === 'PENDING' ? 'NEW' : args.answer) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        selectSent(context.db).where(where).orderBy(desc(talentInvitation.createdAt), desc(talentInvitation.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(talentInvitation).where(where),
      ]);
      return { items: rows, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findTalentInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SentTalentInvitation,
    description: 'One invitation the selected company sent, with the answer; NOT_FOUND for any other id; needs talentInvitation read',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentInvitation', 'read');
      const invitationId = String(id);
      if (!isUuid(invitationId)) throw notFound('The invitation');
      const [row] = await selectSent(context.db).where(and(eq(talentInvitation.id, invitationId), sentBy(companyId))).limit(1);
      if (!row) throw notFound('The invitation');
      return row;
    },
  }),
);

const TalentInvitationRefusalEnum = builder.enumType('TalentInvitationRefusal', {
  description: 'alreadyInvited: the talent has an invitation to this job ad or job description; talentUnknown: no profile the company may invite (hidden and not linked to it, deleted or unknown)',
  values: TALENT_INVITATION_REFUSALS,
});

interface Outcome {
  talentProfileId: string;
  invitation: SentRow | null;
  refusal: TalentInvitationRefusal | null;
}

const TalentInvitationOutcome = builder.objectRef<Outcome>('TalentInvitationOutcome').implement({
  description: 'What became of one talent of the batch: invited, or refused with a code',
  fields: (t) => ({
    talentProfileId: t.exposeID('talentProfileId'),
    invitation: t.field({ type: SentTalentInvitation, nullable: true, resolve: (row) => row.invitation }),
    refusal: t.field({ type: TalentInvitationRefusalEnum, nullable: true, resolve: (row) => row.refusal }),
  }),
});

const CreateManyTalentInvitationInput = builder.inputType('CreateManyTalentInvitationInput', {
  description: 'Talents to invite to one role: a job ad or a job description, exactly one',
  fields: (t) => ({
    talentProfileIds: t.idList({ required: true, description: `1 to ${TALENT_INVITATION_LIMITS.talents} talents` }),
    jobAdId: t.id({ description: 'One of the company\'s open (published, before its deadline) job ads' }),
    jobDescriptionId: t.id({ description: 'One of the company\'s job descriptions' }),
    message: t.string({ description: `To the talents, at most ${TALENT_INVITATION_LIMITS.message} characters` }),
  }),
});

/**
 * The role, locked: two batches to the same ad or description run one after the other, so
 * the second sees the first's invitations and cannot invite the same talent twice.
 */
async function lockedRole(tx: Writer, companyId: string, values: TalentInvitationValues, now: Date): Promise<InvitationRole> {
  if (values.jobAdId) {
    const [ad] = await tx
      .select({ id: jobAd.id, publishedAt: jobAd.publishedAt, publishedUntil: jobAd.publishedUntil })
      .from(jobAd)
      .where(and(eq(jobAd.id, values.jobAdId), eq(jobAd.publisherCompanyId, companyId), isNull(jobAd.deletedAt)))
      .limit(1)
      .for('update');
    if (!ad) throw invalidFields([{ path: 'jobAdId', code: 'jobAdUnknown' }], TALENT_INVITATION_ERRORS);
    // An invitation asks the talent to apply: only an ad that takes applications now.
    if (jobAdStatus(ad, now) !== 'PUBLISHED') throw invalidFields([{ path: 'jobAdId', code: 'jobAdNotOpen' }], TALENT_INVITATION_ERRORS);
    return { kind: 'jobAd', id: ad.id };
  }
  const [description] = await tx
    .select({ id: jobDescription.id })
    .from(jobDescription)
    .where(and(eq(jobDescription.id, values.jobDescriptionId!), eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt)))
    .limit(1)
    .for('update');
  if (!description) throw invalidFields([{ path: 'jobDescriptionId', code: 'jobDescriptionUnknown' }], TALENT_INVITATION_ERRORS);
  return { kind: 'jobDescription', id: description.id };
}

/** The talents of the batch this company may invite (a visible profile, or one linked to it), with their user ids. */
async function invitableTalents(tx: Writer, companyId: string, ids: readonly string[]): Promise<Map<string, string | null>> {
  const profiles = await tx
    .select({ id: talentProfile.id, userId: talentProfile.userId, isVisible: talentProfile.isVisible })
    .from(talentProfile)
    .where(and(inArray(talentProfile.id, [...ids]), isNull(talentProfile.deletedAt)));
  const invitable = new Map<string, string | null>();
  for (const profile of profiles) {
    // A hidden profile is still reachable by the company it applied to or works for.
    if (profile.isVisible || mayReachTalent(profile, await companyTalentLink(tx, companyId, profile.id))) invitable.set(profile.id, profile.userId);
  }
  return invitable;
}

/**
 * The talents of the batch already invited to this role (by anyone: an ad or description has
 * one company). A withdrawn invitation no longer stands, so it does not keep a new one out.
 */
async function alreadyInvited(tx: Writer, ids: readonly string[], role: InvitationRole): Promise<Set<string>> {
  const sameRole: SQL = role.kind === 'jobAd' ? eq(talentInvitation.jobAdId, role.id) : and(isNull(talentInvitation.jobAdId), eq(talentInvitation.jobDescriptionId, role.id))!;
  const rows = await tx
    .select({ talentProfileId: talentInvitation.talentProfileId, jobAdId: talentInvitation.jobAdId, jobDescriptionId: talentInvitation.jobDescriptionId })
    .from(talentInvitation)
    .where(and(inArray(talentInvitation.talentProfileId, [...ids]), sameRole, isNull(talentInvitation.deletedAt)));
  return new Set(rows.filter((row) => sameInvitationRole(invitationRoleOf(row), role)).map((row) => row.talentProfileId));
}

builder.mutationField('createManyTalentInvitation', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [TalentInvitationOutcome],
    description: `Invites 1 to ${TALENT_INVITATION_LIMITS.talents} talents to one of the selected company's job ads (open) or job descriptions; a talent already invited to it, or not one the company may invite, is refused with a code and the others are invited. One outcome per talent, in the order given. Needs talentInvitation create. Records talentInvitation.create per invitation, addressed to the talent (their notification)`,
    args: { data: t.arg({ type: CreateManyTalentInvitationInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'talentInvitation', 'create');
      const parsed = talentInvitationSchema.safeParse({ ...data, talentProfileIds: data.talentProfileIds.map(String) });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_INVITATION_ERRORS);
      const values = parsed.data;
      const ids = values.talentProfileIds;
      const decided = await context.db.transaction(async (tx) => {
        const role = await lockedRole(tx, companyId, values, new Date());
        const invitable = await invitableTalents(tx, companyId, ids);
        const invited = await alreadyInvited(tx, ids, role);
        const toInvite = ids.filter((id) => invitable.has(id) && !invited.has(id));
        const created = toInvite.length
          ? await tx
              .insert(talentInvitation)
              .values(
                toInvite.map((talentProfileId) => ({
                  talentProfileId,
                  companyId,
                  invitedByUserId: userId,
                  jobAdId: role.kind === 'jobAd' ? role.id : null,
                  jobDescriptionId: role.kind === 'jobDescription' ? role.id : null,
                  details: values.message ? { message: values.message } : {},
                })),
              )
              .returning({ id: talentInvitation.id, talentProfileId: talentInvitation.talentProfileId })
          : [];
        for (const row of created) {
          // Addressed to the talent's account, which is their notification; a talent a
          // company put on its roster before they signed up has none yet (toId null).
          await recordEvent(tx, context.viewer, {
            type: 'talentInvitation.create',
            toId: invitable.get(row.talentProfileId) ?? null,
            data: { entityId: row.id, companyId, talentProfileId: row.talentProfileId, before: null, after: { jobAdId: role.kind === 'jobAd' ? role.id : null, jobDescriptionId: role.kind === 'jobDescription' ? role.id : null, message: values.message ?? null } },
          });
        }
        return { created, invitable };
      });
      const sent = decided.created.length ? await selectSent(context.db).where(inArray(talentInvitation.id, decided.created.map((row) => row.id))) : [];
      const byTalent = new Map(sent.map((row) => [row.talentProfileId, row]));
      return ids.map((talentProfileId): Outcome => {
        const invitation = byTalent.get(talentProfileId) ?? null;
        if (invitation) return { talentProfileId, invitation, refusal: null };
        return { talentProfileId, invitation: null, refusal: decided.invitable.has(talentProfileId) ? 'alreadyInvited' : 'talentUnknown' };
      });
    },
  }),
);
