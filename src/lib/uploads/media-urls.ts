import { isUuid } from '../ids';
import { DOCX, PPTX, XLSX, type SniffedContentType } from './sniff-content-type';

/**
 * Stored files are named by keys the server makes up: a random UUID and the extension of
 * the type we stored (`4f0c…e1.webp`), never anything a user sent, so a key can never
 * name a path outside the storage or another user's file by guessing its name.
 */
// zip: a user's archive of their own data, which the server writes (never an upload).
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|pdf|png|jpg|docx|xlsx|pptx|zip)$/;

export type StorageExtension = 'webp' | 'pdf' | 'png' | 'jpg' | 'docx' | 'xlsx' | 'pptx' | 'zip';

const EXTENSION_OF_TYPE: Record<SniffedContentType, StorageExtension> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  [DOCX]: 'docx',
  [XLSX]: 'xlsx',
  [PPTX]: 'pptx',
};

/** The extension a file of this (sniffed) type is stored under: files kept as uploaded (billing attachments). */
export function extensionOfContentType(contentType: SniffedContentType): StorageExtension {
  return EXTENSION_OF_TYPE[contentType];
}

export function isStorageKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}

export function extensionOfKey(key: string): StorageExtension | null {
  return (KEY_PATTERN.exec(key)?.[1] as StorageExtension | undefined) ?? null;
}

/** Public pictures: anyone with the address may load them (profile, menus, companies). */
export const PICTURE_PATH_PREFIX = '/media/';
/** Private documents: served through the session to whoever may read them. */
export const DOCUMENT_PATH_PREFIX = '/api/talent-documents/';

export function pictureUrl(key: string): string {
  return `${PICTURE_PATH_PREFIX}${key}`;
}

/** The key of one of our picture URLs; null for anything else (a seeded data: URI, another host). */
export function pictureKeyOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(PICTURE_PATH_PREFIX)) return null;
  const key = url.slice(PICTURE_PATH_PREFIX.length);
  return isStorageKey(key) && key.endsWith('.webp') ? key : null;
}

/** A document's address names its profile too, so reading it needs no search by key. */
export function documentUrl(talentProfileId: string, key: string): string {
  return `${DOCUMENT_PATH_PREFIX}${talentProfileId}/${key}`;
}

export interface DocumentAddress {
  talentProfileId: string;
  key: string;
}

/** The profile id and key of one of our document URLs (or of its path); null otherwise. */
export function documentAddressOfUrl(url: string | null | undefined): DocumentAddress | null {
  if (!url?.startsWith(DOCUMENT_PATH_PREFIX)) return null;
  const [talentProfileId, key, ...rest] = url.slice(DOCUMENT_PATH_PREFIX.length).split('/');
  if (rest.length > 0 || !talentProfileId || !isUuid(talentProfileId) || !isStorageKey(key) || !key.endsWith('.pdf')) return null;
  return { talentProfileId, key };
}
