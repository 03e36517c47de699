import { and, desc, eq, isNull } from 'drizzle-orm';
import { maskIban, maskOtherAccount } from '../../../lib/billing/bank-details';
import { PAYMENT_PROFILE_ERRORS } from '../../../lib/billing/billing-issues';
import { bankDetailsAfterSave, keepsVerification, paymentProfileSchema } from '../../../lib/billing/payment-profile-input';
import { paymentProfileReviewState } from '../../../lib/billing/payment-profile-review';
import { zodIssues } from '../../../lib/forms/zod-issues';
import type { AppDatabase } from '../../db/client';
import { talentPaymentProfile, talentProfile } from '../../db/schema';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import { recordEvent } from '../record-event';
import { builder } from '../builder';
import { invalidFields } from '../errors';
import { PaymentProfileReviewStateEnum } from './payment-profile-review';

// The talentPaymentProfile entity: where and in which currency a talent is paid. The full
// IBAN goes in once and never comes out again: every answer carries it masked.

type PaymentProfileRow = typeof talentPaymentProfile.$inferSelect;

const TalentPaymentProfile = builder.objectRef<PaymentProfileRow>('TalentPaymentProfile').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    currency: t.exposeString('currency', { description: 'The currency the talent is paid in (ISO 4217)' }),
    isVerified: t.exposeBoolean('isVerified', { description: 'Set by the platform once it has checked the bank account; any change of the account resets it' }),
    accountHolder: t.string({ nullable: true, resolve: (row) => row.bankInformation.accountHolder ?? null }),
    maskedIban: t.string({
      nullable: true,
      description: 'The IBAN with only its country and last four characters, e.g. "DE•• •••• •••• •••• 3000"; the full IBAN is never returned',
      resolve: (row) => (row.bankInformation.iban ? maskIban(row.bankInformation.iban) : null),
    }),
    maskedOtherAccount: t.string({
      nullable: true,
      description: 'An account outside the IBAN scheme with only its last four letters and digits, e.g. "•••• 6789"; the text itself is never returned',
      resolve: (row) => (row.bankInformation.otherAccount ? maskOtherAccount(row.bankInformation.otherAccount) : null),
    }),
    bic: t.string({ nullable: true, description: 'BIC / SWIFT code', resolve: (row) => row.bankInformation.bic ?? null }),
    bankName: t.string({ nullable: true, resolve: (row) => row.bankInformation.bankName ?? null }),
    country: t.string({ nullable: true, description: "The bank account's country (from the IBAN)", resolve: (row) => row.bankInformation.country ?? null }),
    reviewState: t.field({ type: PaymentProfileReviewStateEnum, description: "The platform's review of these bank details", resolve: (row) => paymentProfileReviewState(row) }),
    refusalReason: t.exposeString('refusalReason', { nullable: true, description: 'Why the platform refused these bank details; null unless refused' }),
    reviewedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the platform last verified or refused them', resolve: (row) => row.reviewedAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

/** The talent's payment profile: the most recently changed one, should there ever be several. */
async function selectPaymentProfile(db: AppDatabase, talentProfileId: string, options: { lock?: boolean } = {}): Promise<PaymentProfileRow | null> {
  const query = db
    .select()
    .from(talentPaymentProfile)
    .where(eq(talentPaymentProfile.talentProfileId, talentProfileId))
    .orderBy(desc(talentPaymentProfile.updatedAt), desc(talentPaymentProfile.createdAt))
    .limit(1)
    .$dynamic();
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

builder.queryField('myPaymentProfile', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentPaymentProfile,
    nullable: true,
    description: "The signed-in talent's payment profile, or null before it is set up",
    resolve: async (_root, _args, context) => {
      const profileId = await findMyTalentProfileId(context);
      return profileId ? selectPaymentProfile(context.db, profileId) : null;
    },
  }),
);

const SaveMyPaymentProfileInput = builder.inputType('SaveMyPaymentProfileInput', {
  fields: (t) => ({
    currency: t.string({ required: true, description: 'ISO 4217, e.g. EUR' }),
    accountHolder: t.string({ required: true }),
    iban: t.string({ required: false, description: 'Checked with its mod-97 check digits; replaces the saved account; left out or blank (with otherAccount) keeps it' }),
    otherAccount: t.string({
      required: false,
      description: 'For a bank outside the IBAN scheme: the account in your words (at most 300 characters), checked by the platform by hand; not with iban; replaces the saved account',
    }),
    bic: t.string({ required: false, description: 'BIC / SWIFT code, 8 or 11 characters' }),
    bankName: t.string({ required: false }),
  }),
});

builder.mutationField('saveMyPaymentProfile', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentPaymentProfile,
    description:
      'Creates or changes your payment profile. Changing the bank account sets isVerified to false until the platform verifies the new account. Logged as a talentProfile.update event, without the bank details',
    args: { data: t.arg({ type: SaveMyPaymentProfileInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const profileId = await requireMyTalentProfileId(context);
      const viewer = context.viewer;
      return context.db.transaction(async (tx) => {
        // The talent profile row is the lock: two first saves cannot both insert a payment profile.
        await tx
          .select({ id: talentProfile.id })
          .from(talentProfile)
          .where(and(eq(talentProfile.id, profileId), isNull(talentProfile.deletedAt)))
          .for('update');
        const current = await selectPaymentProfile(tx, profileId, { lock: true });
        const stored = current?.bankInformation ?? null;
        // The rules the billing page reads its form with, worded from the same locale keys.
        const parsed = paymentProfileSchema({ hasSavedAccount: Boolean(stored?.iban || stored?.otherAccount) }).safeParse(data);
        if (!parsed.success) throw invalidFields(zodIssues(parsed.error), PAYMENT_PROFILE_ERRORS);
        const bank = bankDetailsAfterSave(stored, parsed.data);
        const keepVerified = current?.isVerified === true && keepsVerification(stored, bank);
        const bankInformation = {
          accountHolder: bank.accountHolder ?? undefined,
          iban: bank.iban ?? undefined,
          otherAccount: bank.otherAccount ?? undefined,
          bic: bank.bic ?? undefined,
          bankName: bank.bankName ?? undefined,
          country: bank.iban ? bank.iban.slice(0, 2) : undefined,
        };
        const bankChanged = !keepsVerification(stored, bank);
        const currencyChanged = current?.currency !== parsed.data.currency;
        if (current && !bankChanged && !currencyChanged) return current;
        // New bank details await review afresh: the last review (verified or refused) was of other ones.
        const review = bankChanged ? { refusalReason: null, reviewedAt: null, reviewedById: null } : {};
        const values = { currency: parsed.data.currency, bankInformation, isVerified: keepVerified, ...review };
        const [saved] = current
          ? await tx.update(talentPaymentProfile).set(values).where(eq(talentPaymentProfile.id, current.id)).returning()
          : await tx.insert(talentPaymentProfile).values({ ...values, talentProfileId: profileId }).returning();
        await recordEvent(tx, viewer, {
          type: 'talentProfile.update',
          toId: profileId,
          data: {
            entityId: profileId,
            changedFields: [...(currencyChanged ? ['paymentProfile.currency'] : []), ...(bankChanged ? ['paymentProfile.bankInformation'] : [])],
            // Never the bank details themselves: the log is read more widely than the profile.
            ...(current?.isVerified && !keepVerified ? { verificationReset: true } : {}),
          },
        });
        return saved!;
      });
    },
  }),
);
