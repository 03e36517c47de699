/** The office documents a message may carry (Office Open XML: Word, Excel, PowerPoint). */
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The file types uploads accept, named by their media type. */
export type SniffedContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf' | typeof DOCX | typeof XLSX | typeof PPTX;

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
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** How many of a file's last bytes `sniffContentType` reads for a ZIP: its central directory, where it names its parts. */
export const DIRECTORY_BYTES = 64 * 1024;

/**
 * Which Office Open XML document a ZIP is, from the part names of its central directory (at
 * the end of the file): every one has [Content_Types].xml, and its main part under word/,
 * xl/ or ppt/. Any other ZIP (an archive, a renamed executable bundle) is none of them.
 */
function officeDocumentOf(directory: Uint8Array): SniffedContentType | null {
  const names = new TextDecoder('latin1').decode(directory);
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.includes('word/document.xml')) return DOCX;
  if (names.includes('xl/workbook.xml')) return XLSX;
  if (names.includes('ppt/presentation.xml')) return PPTX;
  return null;
}

/**
 * The real type of a file from its first bytes (its "magic number"), never from its name
 * or the content type a browser claims: a PNG renamed cv.pdf is still a PNG. An office
 * document is a ZIP whose last bytes (`directory`) name the parts of one. Null for
 * anything that is not one of the accepted types.
 */
export function sniffContentType(head: Uint8Array, directory?: Uint8Array): SniffedContentType | null {
  if (startsWith(head, ZIP)) return directory ? officeDocumentOf(directory) : null;
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  return null;
}
