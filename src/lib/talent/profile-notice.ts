import { isUploadSlot, type UploadSlot } from '../uploads/upload-rules';
import { SECTION_IDS, type SectionId } from './profile-sections';

/**
 * A one-shot notice carried across the redirect that follows a successful form post
 * (Post/Redirect/Get), so the page it lands on says what happened exactly once.
 */
export const PROFILE_NOTICE_COOKIE = 'tp-profile-notice';
/** Scoped to the talent area; a minute is plenty for one redirect. */
export const PROFILE_NOTICE_COOKIE_OPTIONS = { path: '/talent', httpOnly: true, sameSite: 'lax', maxAge: 60 } as const;

export type ProfileNotice =
  | { kind: 'saved'; section: SectionId }
  | { kind: 'created' }
  /** A file was uploaded to, or removed from, a slot (picture, cv, resume, pdf). */
  | { kind: 'uploaded' | 'removed'; slot: UploadSlot };

export function encodeProfileNotice(notice: ProfileNotice): string {
  if (notice.kind === 'created') return 'created';
  return notice.kind === 'saved' ? `saved:${notice.section}` : `${notice.kind}:${notice.slot}`;
}

export function readProfileNotice(value: string | undefined): ProfileNotice | null {
  if (value === 'created') return { kind: 'created' };
  const [kind, detail, ...rest] = (value ?? '').split(':');
  if (rest.length > 0) return null;
  if (kind === 'saved') return detail && (SECTION_IDS as readonly string[]).includes(detail) ? { kind: 'saved', section: detail as SectionId } : null;
  if ((kind === 'uploaded' || kind === 'removed') && isUploadSlot(detail)) return { kind, slot: detail };
  return null;
}

/** i18n key (profile namespace) of a notice's toast. */
export function profileNoticeKey(notice: ProfileNotice): string {
  if (notice.kind === 'uploaded' || notice.kind === 'removed') return `uploads.notices.${notice.kind}.${notice.slot}`;
  return notice.kind === 'saved' ? 'form.saved' : 'form.created';
}
