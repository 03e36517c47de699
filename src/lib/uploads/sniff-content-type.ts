/** The file types uploads accept, named by their media type. */
export type SniffedContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** How many leading bytes `sniffContentType` needs to decide. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/**
 * The real type of a file from its first bytes (its "magic number"), never from its name
 * or the content type a browser claims: a PNG renamed cv.pdf is still a PNG. Null for
 * anything that is not one of the accepted types.
 */
export function sniffContentType(head: Uint8Array): SniffedContentType | null {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  return null;
}
