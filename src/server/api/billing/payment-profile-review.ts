import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { needsManualCheck, PAYMENT_PROFILE_REVIEW_ERRORS, PAYMENT_PROFILE_REVIEW_STATES, paymentProfileReviewMove, paymentProfileReviewState, refusePaymentProfileSchema, type PaymentProfileReviewAction, type PaymentProfileReviewState } from '../../../lib/billing/payment-profile-review';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import type { Writer } from '../../db/client';
import { talentPaymentProfile, talentProfile, user } from '../../db/schema';
import { concernsCaller } from '../auth/company-access';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { conflict, forbiddenBecause, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';

// The platform's review of talents' bank details (lib/billing/payment-profile-review.ts),
// for admins holding the verification permission: the profiles awaiting review (or verified,
// or refused) with the full account, which only they read; verify, or refuse with a reason.
// Each review keeps who made it and when on the profile and is a talentProfile.update event
// addressed to the talent's user, so the talent is told (bell, and mail as their settings say).

export const PaymentProfileReviewStateEnum = builder.enumType('PaymentProfileReviewState', {
  description: "Where a payment profile's bank details stand: awaiting the platform's review, verified, or refused with a reason",
  values: PAYMENT_PROFILE_REVIEW_STATES,
});

const reviewer = alias(user, 'reviewer');

function selectReviewRows(db: Writer) {
  return db
    .select({
      id: talentPaymentProfile.id,
      talentProfileId: talentPaymentProfile.talentProfileId,
      currency: talentPaymentProfile.currency,
      bankInformation: talentPaymentProfile.bankInformation,
      isVerified: talentPaymentProfile.isVerified,
      refusalReason: talentPaymentProfile.refusalReason,
      reviewedAt: talentPaymentProfile.reviewedAt,
      reviewedBy: reviewer.email,
      updatedAt: talentPaymentProfile.updatedAt,
      talentName: talentProfile.profileName,
      talentUserId: user.id,
      email: user.email,
    })
    .from(talentPaymentProfile)
    .innerJoin(talentProfile, and(eq(talentProfile.id, talentPaymentProfile.talentProfileId), isNull(talentProfile.deletedAt)))
    .innerJoin(user, eq(user.id, talentProfile.userId))
    .leftJoin(reviewer, eq(reviewer.id, talentPaymentProfile.reviewedById))
    .$dynamic();
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviewRows>['execute']>>[number];

const AdminPaymentProfile = builder.objectRef<ReviewRow>('AdminPaymentProfile');
AdminPaymentProfile.implement({
  description: "A talent's payment profile as the platform reviews it: the full account, for reviewers only",
  fields: (t) => ({
    id: t.exposeID('id'),
    talentProfileId: t.exposeID('talentProfileId'),
    talentName: t.exposeString('talentName', { nullable: true }),
    email: t.exposeString('email', { description: "The talent's sign-in address" }),
    currency: t.string({ resolve: (row) => row.currency.trim() }),
    accountHolder: t.string({ nullable: true, resolve: (row) => row.bankInformation.accountHolder ?? null }),
    iban: t.string({ nullable: true, description: 'The full IBAN (checked with its mod-97 check digits on entry)', resolve: (row) => row.bankInformation.iban ?? null }),
    otherAccount: t.string({ nullable: true, description: 'An account outside the IBAN scheme, as the talent wrote it', resolve: (row) => row.bankInformation.otherAccount ?? null }),
    bic: t.string({ nullable: true, resolve: (row) => row.bankInformation.bic ?? null }),
    bankName: t.string({ nullable: true, resolve: (row) => row.bankInformation.bankName ?? null }),
    country: t.string({ nullable: true, resolve: (row) => row.bankInformation.country ?? null }),
    needsManualCheck: t.boolean({ description: 'No check digits caught typing mistakes (an account outside the IBAN scheme): check it by hand', resolve: (row) => needsManualCheck(row.bankInformation) }),
    reviewState: t.field({ type: PaymentProfileReviewStateEnum, resolve: (row) => paymentProfileReviewState(row) }),
    refusalReason: t.exposeString('refusalReason', { nullable: true }),
    reviewedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.reviewedAt }),
    reviewedBy: t.exposeString('reviewedBy', { nullable: true, description: 'E-mail of the admin who last verified or refused it' }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the talent last changed it: sent back with a review, which is refused if it moved since', resolve: (row) => row.updatedAt }),
    concernsYou: t.boolean({ description: 'Your own bank details: another admin reviews them', resolve: (row, _args, context) => concernsCaller(context, row.talentUserId) }),
  }),
});

const AdminPaymentProfilePage = pageOf(AdminPaymentProfile, 'AdminPaymentProfile');

const hasAccount = or(isNotNull(sql`${talentPaymentProfile.bankInformation}->>'iban'`), isNotNull(sql`${talentPaymentProfile.bankInformation}->>'otherAccount'`));

/** The SQL twin of paymentProfileReviewState; awaiting counts only profiles with an account to check. */
function stateWhere(state: PaymentProfileReviewState): SQL {
  if (state === 'verified') return eq(talentPaymentProfile.isVerified, true);
  if (state === 'refused') return and(eq(talentPaymentProfile.isVerified, false), isNotNull(talentPaymentProfile.refusalReason))!;
  return and(eq(talentPaymentProfile.isVerified, false), isNull(talentPaymentProfile.refusalReason), hasAccount)!;
}

builder.queryField('findManyAdminPaymentProfile', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: AdminPaymentProfilePage,
    description: 'Payment profiles in one review state (admins holding verification): awaiting review by default, the longest waiting first; verified and refused ones last reviewed first',
    args: { ...pageArgs, reviewState: t.arg({ type: PaymentProfileReviewStateEnum }) },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const state = args.reviewState ?? 'awaiting';
      const where = stateWhere(state);
      const order = state === 'awaiting' ? [asc(talentPaymentProfile.updatedAt), asc(talentPaymentProfile.id)] : [desc(talentPaymentProfile.reviewedAt), asc(talentPaymentProfile.id)];
      const [rows, [total]] = await Promise.all([
        selectReviewRows(context.db).where(where).orderBy(...order).limit(window.perPage).offset(window.offset),
        context.db
          .select({ total: count() })
          .from(talentPaymentProfile)
          .innerJoin(talentProfile, and(eq(talentProfile.id, talentPaymentProfile.talentProfileId), isNull(talentProfile.deletedAt)))
          .where(where),
      ]);
      return { items: rows, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

/**
 * One review under the profile's row lock: refused when lib/billing says so (FORBIDDEN for
 * one's own bank details, CONFLICT otherwise), else the state, who and when written, and
 * the event addressed to the talent's user.
 */
async function reviewPaymentProfile(context: SignedInContext, id: string, action: PaymentProfileReviewAction, seenUpdatedAt: Date, reason: string | null): Promise<ReviewRow> {
  await context.db.transaction(async (tx) => {
    const [profile] = isUuid(id) ? await selectReviewRows(tx).where(eq(talentPaymentProfile.id, id)).limit(1).for('update', { of: talentPaymentProfile }) : [];
    if (!profile) throw notFound('The payment profile');
    const bank = profile.bankInformation;
    const move = paymentProfileReviewMove(
      { ...profile, hasAccount: Boolean(bank.iban || bank.otherAccount), isOwn: concernsCaller(context, profile.talentUserId) },
      action,
      seenUpdatedAt,
    );
    if (!move.ok) throw move.reason === 'ownPaymentProfile' ? forbiddenBecause(move.reason, PAYMENT_PROFILE_REVIEW_ERRORS) : conflict(move.reason, PAYMENT_PROFILE_REVIEW_ERRORS);
    const now = new Date();
    // updatedAt stays: it marks the talent's last change, which a later review is checked against.
    await tx
      .update(talentPaymentProfile)
      .set({ isVerified: move.to === 'verified', refusalReason: move.to === 'refused' ? reason : null, reviewedAt: now, reviewedById: context.viewer.userId, updatedAt: profile.updatedAt })
      .where(eq(talentPaymentProfile.id, id));
    await recordEvent(tx, context.viewer, {
      type: 'talentProfile.update',
      toId: profile.talentUserId,
      data: {
        entityId: profile.talentProfileId,
        paymentProfileId: id,
        admin: true,
        action: action === 'verify' ? 'paymentProfileVerify' : 'paymentProfileRefuse',
        changedFields: ['paymentProfile.isVerified'],
        ...(reason ? { reason } : {}),
        before: { reviewState: paymentProfileReviewState(profile) },
        after: { reviewState: move.to },
      },
    });
  });
  const [row] = await selectReviewRows(context.db).where(eq(talentPaymentProfile.id, id)).limit(1);
  return row!;
}

const seenArg = { description: "The profile's updatedAt as the reviewer read it: CONFLICT detailsChanged when the talent changed the details since" };

builder.mutationField('verifyOnePaymentProfile', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: AdminPaymentProfile,
    description:
      "Verifies a talent's bank details (admins holding verification), as read at seenUpdatedAt. FORBIDDEN ownPaymentProfile; CONFLICT alreadyVerified, noBankDetails or detailsChanged. Records talentProfile.update addressed to the talent",
    args: { id: t.arg.id({ required: true }), seenUpdatedAt: t.arg({ type: 'DateTime', required: true, ...seenArg }) },
    resolve: (_root, args, context) => reviewPaymentProfile(context, String(args.id), 'verify', args.seenUpdatedAt, null),
  }),
);

builder.mutationField('refuseOnePaymentProfile', (t) =>
  t.withAuth({ adminPermission: 'verification' }).field({
    type: AdminPaymentProfile,
    description:
      "Refuses a talent's bank details, or takes their verification back (admins holding verification), with the reason the talent reads (required, at most 1,000 characters). FORBIDDEN ownPaymentProfile; CONFLICT alreadyRefused, noBankDetails or detailsChanged. Records talentProfile.update addressed to the talent",
    args: { id: t.arg.id({ required: true }), seenUpdatedAt: t.arg({ type: 'DateTime', required: true, ...seenArg }), reason: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      const parsed = refusePaymentProfileSchema.safeParse({ reason: args.reason });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), PAYMENT_PROFILE_REVIEW_ERRORS, null);
      return reviewPaymentProfile(context, String(args.id), 'refuse', args.seenUpdatedAt, parsed.data.reason);
    },
  }),
);
