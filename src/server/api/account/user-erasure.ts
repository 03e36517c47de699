import { eq, sql } from 'drizzle-orm';
import { ERASED_APPLICATION, ERASED_TALENT_PROFILE, TALENT_PROFILE_FILE_FIELDS, erasedUserFields } from '../../../lib/admin/personal-data';
import { isUuid } from '../../../lib/ids';
import {
  interview,
  interviewCalendarFeed,
  companyLinkInvitation,
  companyMemberInvitation,
  companyOnUser,
  companySavedTalent,
  companyTalentNote,
  messageThread,
  messageThreadRead,
  personalDataExport,
  identityAccount,
  jobAlert,
  savedJobAd,
  talentJobApplication,
  talentPaymentProfile,
  talentProfile,
  user,
  userFeatureFlag,
  userNotificationPreferences,
  webPushSubscription,
} from '../../db/schema';
import type { Writer } from '../../db/client';
import type { ApiContext } from '../context';
import { deleteQuietly } from '../uploads/stored-files';
import { keysOf } from '../talent/talent-uploads';
import { threadAttachmentKeys } from '../uploads/thread-attachment-keys';

type UserRow = typeof user.$inferSelect;

/**
 * Erases a user inside the caller's transaction, exactly as
 * lib/admin/personal-data.ts lists it (docs/personal-data.md): the user row keeps its id
 * and status `deleted` with a placeholder address; the talent profile becomes a hidden,
 * emptied tombstone (deletedAt set, so every reader leaves it out); applications keep their
 * place without what the talent wrote; the person's own rows go, and so does their sign-in
 * account at the built-in provider (same database; nothing to do with an external one).
 * Money rows and the event log stay. Answers the storage keys of the profile's files, to
 * delete once the transaction has committed.
 */
export async function eraseUser(tx: Writer, target: UserRow): Promise<{ fileKeys: string[] }> {
  const [profile] = await tx.select().from(talentProfile).where(eq(talentProfile.userId, target.id)).limit(1).for('update');
  const fileKeys = profile ? TALENT_PROFILE_FILE_FIELDS.flatMap((field) => keysOf(field, profile[field])) : [];
  if (profile) {
    await tx
      .update(talentProfile)
      .set({ ...ERASED_TALENT_PROFILE, deletedAt: profile.deletedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(talentProfile.id, profile.id));
    await tx.update(talentJobApplication).set({ ...ERASED_APPLICATION, updatedAt: new Date() }).where(eq(talentJobApplication.talentProfileId, profile.id));
    await tx.delete(talentPaymentProfile).where(eq(talentPaymentProfile.talentProfileId, profile.id));
    await tx.delete(companyTalentNote).where(eq(companyTalentNote.talentProfileId, profile.id));
    // Her conversations with companies go whole: her words and theirs to her (messages, read
    // marks), and the files either side sent in them.
    const threads = await tx.select({ id: messageThread.id }).from(messageThread).where(eq(messageThread.talentProfileId, profile.id));
    fileKeys.push(...(await threadAttachmentKeys(tx, threads.map((thread) => thread.id))));
    await tx.delete(messageThread).where(eq(messageThread.talentProfileId, profile.id));
    // Her interviews go too, with the interviewers' scorecards (their opinions of her).
    await tx.delete(interview).where(eq(interview.talentProfileId, profile.id));
    await tx.delete(companySavedTalent).where(eq(companySavedTalent.talentProfileId, profile.id));
  }
  // The archives of their data, files and all.
  const archives = await tx.delete(personalDataExport).where(eq(personalDataExport.userId, target.id)).returning({ fileKey: personalDataExport.fileKey });
  fileKeys.push(...archives.flatMap((archive) => (archive.fileKey ? [archive.fileKey] : [])));
  await tx.delete(userNotificationPreferences).where(eq(userNotificationPreferences.userId, target.id));
  await tx.delete(webPushSubscription).where(eq(webPushSubscription.userId, target.id));
  await tx.delete(userFeatureFlag).where(eq(userFeatureFlag.userId, target.id));
  await tx.delete(savedJobAd).where(eq(savedJobAd.userId, target.id));
  await tx.delete(jobAlert).where(eq(jobAlert.userId, target.id));
  await tx.delete(messageThreadRead).where(eq(messageThreadRead.userId, target.id));
  await tx.delete(interviewCalendarFeed).where(eq(interviewCalendarFeed.userId, target.id));
  await tx.delete(companyOnUser).where(eq(companyOnUser.userId, target.id));
  await tx.delete(companyMemberInvitation).where(sql`lower(${companyMemberInvitation.email}) = lower(${target.email})`);
  await tx.delete(companyLinkInvitation).where(sql`lower(${companyLinkInvitation.email}) = lower(${target.email})`);
  // The built-in provider's account is the token subject; an external provider's is not ours.
  if (isUuid(target.externalId)) await tx.delete(identityAccount).where(eq(identityAccount.id, target.externalId));
  await tx
    .update(user)
    .set({ ...erasedUserFields(target.id), status: 'deleted', adminRoleId: null, updatedAt: new Date() })
    .where(eq(user.id, target.id));
  return { fileKeys };
}

/**
 * What follows an erasure once its transaction has committed (an admin's deletion, or one's
 * own): every session of the account ended, the profile's files deleted, and the mail still
 * held for its former address forgotten (api/pending-mail.ts).
 */
export async function afterUserErasure(context: Pick<ApiContext, 'userSessions' | 'storage' | 'pendingMail'>, erased: { externalId: string; email: string; fileKeys: string[] }): Promise<void> {
  await context.userSessions.endAll(erased.externalId);
  if (erased.fileKeys.length && context.storage) await deleteQuietly(context.storage, erased.fileKeys);
  await context.pendingMail.forget(erased.email);
}
