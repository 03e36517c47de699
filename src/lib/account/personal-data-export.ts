import { isUuid } from '../ids';
import { isStorageKey } from '../uploads/media-urls';

// The personal data export (docs/personal-data.md, "Downloading your data"): an archive of
// everything the product holds about a user, asked for on /edit-account, prepared in the
// background and offered for a week.

/** The heading of the archives' section on /edit-account: where the mail and the page's own answers land. */
export const PERSONAL_DATA_EXPORT_ANCHOR = 'personal-data-heading';

/** How long a prepared archive may be downloaded. */
export const PERSONAL_DATA_EXPORT_DAYS = 7;

/** The archives the page lists, newest first. */
export const PERSONAL_DATA_EXPORTS_LISTED = 5;

export type PersonalDataExportStatus = 'preparing' | 'ready' | 'failed';

/** When an archive ready at `readyAt` stops being offered. */
export function personalDataExportExpiry(readyAt: Date): Date {
  return new Date(readyAt.getTime() + PERSONAL_DATA_EXPORT_DAYS * 24 * 60 * 60 * 1000);
}

/** An archive is downloaded only once ready and before it expires. */
export function isPersonalDataExportDownloadable(archive: { status: PersonalDataExportStatus; expiresAt: Date | null }, now: Date): boolean {
  return archive.status === 'ready' && archive.expiresAt !== null && archive.expiresAt.getTime() > now.getTime();
}

/** Archives one user may ask for in a day: enough to ask again after a change, not to keep a worker busy. */
export const PERSONAL_DATA_EXPORTS_PER_DAY = 3;

/**
 * Whether a new archive may be asked for now: not while one is being prepared (exportPreparing),
 * nor past the day's allowance (exportLimit); null when it may.
 */
export function personalDataExportRefusal(archives: ReadonlyArray<{ status: PersonalDataExportStatus; createdAt: Date }>, now: Date): 'exportPreparing' | 'exportLimit' | null {
  if (archives.some((archive) => archive.status === 'preparing')) return 'exportPreparing';
  const dayAgo = now.getTime() - 24 * 60 * 60 * 1000;
  if (archives.filter((archive) => archive.createdAt.getTime() > dayAgo).length >= PERSONAL_DATA_EXPORTS_PER_DAY) return 'exportLimit';
  return null;
}

/** Where an archive is downloaded: through the session, its id and file both named. */
export const PERSONAL_DATA_EXPORT_PATH_PREFIX = '/api/personal-data-exports/';

export function personalDataExportUrl(exportId: string, key: string): string {
  return `${PERSONAL_DATA_EXPORT_PATH_PREFIX}${exportId}/${key}`;
}

/** The archive an address names, or null for anything that is not one of ours. */
export function personalDataExportAddressOfUrl(pathname: string): { exportId: string; key: string } | null {
  if (!pathname.startsWith(PERSONAL_DATA_EXPORT_PATH_PREFIX)) return null;
  const [exportId, key, ...rest] = pathname.slice(PERSONAL_DATA_EXPORT_PATH_PREFIX.length).split('/');
  if (rest.length || !exportId || !key || !isUuid(exportId) || !isStorageKey(key) || !key.endsWith('.zip')) return null;
  return { exportId, key };
}
