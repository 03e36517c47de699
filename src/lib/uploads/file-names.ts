/** The longest file name we keep; longer ones are shortened, keeping the extension. */
export const MAX_FILE_NAME_LENGTH = 120;

// Control characters, and the characters Windows refuses in file names.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;

/**
 * A name as the talent's browser sent it, made safe to show and to offer as a download
 * name: no folders, no control characters, not too long. It only ever labels the file:
 * storage keys are made by the server and never contain it.
 */
export function cleanFileName(raw: string | null | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (!cleaned) return fallback;
  if (cleaned.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return `${cleaned.slice(0, MAX_FILE_NAME_LENGTH - extension.length).trimEnd()}${extension}`;
}

/** The name a download is saved under: the clean name, ending in the stored type's extension. */
export function downloadFileName(name: string, extension: string): string {
  const lower = name.toLowerCase();
  // A JPEG named "photo.jpeg" is already right; only a name without the type gets it.
  const accepted = extension === 'jpg' ? ['.jpg', '.jpeg'] : [`.${extension}`];
  return accepted.some((suffix) => lower.endsWith(suffix)) ? name : `${name}.${extension}`;
}

/**
 * A Content-Disposition header that makes the browser save the file (never show it in
 * our origin): an ASCII name for old clients and the exact one as RFC 6266 filename*.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
