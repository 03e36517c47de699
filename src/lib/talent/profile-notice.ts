import { SECTION_IDS, type SectionId } from './profile-sections';

/**
 * A one-shot notice carried across the redirect that follows a successful form post
 * (Post/Redirect/Get), so the page it lands on says what happened exactly once.
 */
export const PROFILE_NOTICE_COOKIE = 'tp-profile-notice';
/** Scoped to the talent area; a minute is plenty for one redirect. */
export const PROFILE_NOTICE_COOKIE_OPTIONS = { path: '/talent', httpOnly: true, sameSite: 'lax', maxAge: 60 } as const;

export type ProfileNotice = { kind: 'saved'; section: SectionId } | { kind: 'created' };

export function encodeProfileNotice(notice: ProfileNotice): string {
  return notice.kind === 'saved' ? `saved:${notice.section}` : 'created';
}

export function readProfileNotice(value: string | undefined): ProfileNotice | null {
  if (value === 'created') return { kind: 'created' };
  const section = value?.startsWith('saved:') ? value.slice('saved:'.length) : null;
  return section && (SECTION_IDS as readonly string[]).includes(section) ? { kind: 'saved', section: section as SectionId } : null;
}

/** i18n key (profile namespace) of a notice's toast. */
export function profileNoticeKey(notice: ProfileNotice): string {
  return notice.kind === 'saved' ? 'form.saved' : 'form.created';
}
