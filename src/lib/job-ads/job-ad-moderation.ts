import { z } from 'zod';
import { adminReason } from '../forms/field-rules';
import { JOB_AD_STATUSES, jobAdStatus, type JobAdStatus, type PublishWindow } from './job-ad-status';

// The platform's moderation of job ads: an admin takes an ad out of
// public view with a reason its company reads. Shared by the admin API, the company's job
// ad API and both areas' pages, so the rules are written once.
//
// Two strengths, chosen on purpose:
// - unpublish: the ad leaves the job search and its page at once (its window is cleared,
//   so every public read, the sitemap and the title suggestions drop it as they do an ad
//   the company took down), and the company reads why. The company may fix the ad and
//   publish it again; publishing again clears the notice. An admin unpublishes for
//   something fixable (a wrong salary, contact details in the text, a misleading title);
//   holding such an ad until an admin looks again would need a review queue nobody staffs,
//   and an ad that must not come back is removed instead. The event log keeps every
//   unpublish, and the admin list shows the ad again once it is up, to be removed if it
//   comes back unchanged.
// - remove: final for the company. The ad leaves public view the same way, stays in the
//   company's list marked removed with the reason (so the company knows what happened and
//   its applications keep their ad), and can no longer be published, edited or copied;
//   the company may still delete it from its list. Only its own row is touched: a removal
//   is a decision about one ad, not about the company (rejecting the company is that).

/** How an admin has moderated an ad, as the database stores it; null for not at all. */
export const JOB_AD_MODERATIONS = ['unpublished', 'removed'] as const;
export type JobAdModeration = (typeof JOB_AD_MODERATIONS)[number];

export const JOB_AD_MODERATION_ACTIONS = ['unpublish', 'remove'] as const;
export type JobAdModerationAction = (typeof JOB_AD_MODERATION_ACTIONS)[number];

/**
 * Where an ad stands for the platform: its window status (lib/job-ads/job-ad-status),
 * unless an admin unpublished or removed it, or its company deleted it.
 */
export const ADMIN_JOB_AD_STATES = [...JOB_AD_STATUSES, 'UNPUBLISHED', 'REMOVED', 'DELETED'] as const;
export type AdminJobAdState = (typeof ADMIN_JOB_AD_STATES)[number];

export interface ModeratedAd extends PublishWindow {
  moderation: JobAdModeration | null;
  deletedAt: Date | string | null;
}

export function adminJobAdState(ad: ModeratedAd, now: Date): AdminJobAdState {
  if (ad.deletedAt !== null) return 'DELETED';
  if (ad.moderation === 'removed') return 'REMOVED';
  if (ad.moderation === 'unpublished') return 'UNPUBLISHED';
  return jobAdStatus(ad, now);
}

/**
 * What an admin may do with an ad in a state: unpublish what the public sees or will see
 * (published or scheduled); remove any ad its company still has, unpublished ones
 * included. A removed ad is final, and a deleted one is gone from its company already.
 */
export function jobAdModerationActions(state: AdminJobAdState): JobAdModerationAction[] {
  switch (state) {
    case 'PUBLISHED':
    case 'SCHEDULED':
      return ['unpublish', 'remove'];
    case 'DRAFT':
    case 'CLOSED':
    case 'UNPUBLISHED':
      return ['remove'];
    case 'REMOVED':
    case 'DELETED':
      return [];
  }
}

export type JobAdModerationMove = { ok: true; to: JobAdModeration } | { ok: false; reason: 'jobAdDeleted' | 'jobAdRemoved' | 'jobAdNotPublic' };

/** The moderation an action leads to, or why it may not be taken (a CONFLICT reason of `admin.errors`). */
export function jobAdModerationMove(state: AdminJobAdState, action: JobAdModerationAction): JobAdModerationMove {
  if (state === 'DELETED') return { ok: false, reason: 'jobAdDeleted' };
  if (state === 'REMOVED') return { ok: false, reason: 'jobAdRemoved' };
  if (!jobAdModerationActions(state).includes(action)) return { ok: false, reason: 'jobAdNotPublic' };
  return { ok: true, to: action === 'unpublish' ? 'unpublished' : 'removed' };
}

/** Why an admin unpublished or removed an ad: required, its company reads it. */
export const moderateJobAdSchema = z.object({ reason: adminReason('moderationReasonRequired') });

/** The company-side writes of an ad (lib/job-ads/job-ad-pages actions and the edit form). */
export type CompanyJobAdWrite = 'update' | 'publish' | 'unpublish' | 'duplicate' | 'delete';

/**
 * A removed ad is final for its company: it may only delete it from its list. An
 * unpublished ad may be changed and published again like any other.
 */
export function companyMayWrite(moderation: JobAdModeration | null, write: CompanyJobAdWrite): boolean {
  return moderation !== 'removed' || write === 'delete';
}

/**
 * The moderation an ad keeps after its company's write: the unpublished notice goes once
 * the company puts the ad up again (a start date, now or later), and stays while it is a
 * draft being fixed. A removal never goes.
 */
export function moderationAfterCompanyWrite(moderation: JobAdModeration | null, publishedAt: Date | string | null): JobAdModeration | null {
  return moderation === 'unpublished' && publishedAt !== null ? null : moderation;
}

/** The status a company's page shows: its moderation when Talentplace took it down, else its window status. */
export function shownJobAdStatus(ad: { status: JobAdStatus; moderation: { moderation: JobAdModeration } | null }): AdminJobAdState {
  if (ad.moderation?.moderation === 'removed') return 'REMOVED';
  if (ad.moderation?.moderation === 'unpublished') return 'UNPUBLISHED';
  return ad.status;
}
