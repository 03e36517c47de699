// @ts-check
// The part of the CV import that touches an uploaded file's bytes, run in a worker thread
// (started by cv-text.ts with a heap limit and a deadline), so that a hostile file can at
// worst end this thread. Plain JavaScript that imports packages only: Node runs it as it is
// from the sources (tests) and the build copies it beside the server bundle (see cv-text.ts).
// It answers the raw material (positioned text items of a PDF, paragraphs of a DOCX) or a
// refusal; laying the items out into lines is pure code in src/lib/cv-import.
import { parentPort, workerData } from 'node:worker_threads';
import { Inflate } from 'fflate';

/** @typedef {{ maxPdfPages: number, maxTextChars: number, maxPdfItems: number, maxZipEntries: number, maxDeclaredUnzippedBytes: number, maxCompressionRatio: number, ratioCheckedFrom: number, maxXmlBytes: number }} Limits */

class Refusal extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

// ---- PDF ----

/**
 * pdf.js reads the document structure and text only: it never runs a PDF's JavaScript
 * (an /OpenAction or a form's script is data to it). The pdf.js 5 that unpdf bundles has
 * no eval path left at all (its old `isEvalSupported` option, which compiled fonts to
 * functions, is gone: the bundle holds no `new Function` nor `eval`), and with no font or
 * CMap address and no system fonts it fetches nothing.
 * @param {Uint8Array} bytes @param {Limits} limits
 */
async function readPdf(bytes, limits) {
  const { getDocument } = await import('unpdf/pdfjs');
  const task = getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: 0,
  });
  try {
    /** @type {any} */
    let pdf;
    try {
      pdf = await task.promise;
    } catch (error) {
      const name = /** @type {{ name?: string }} */ (error)?.name;
      throw new Refusal(name === 'PasswordException' ? 'encrypted' : 'unreadable');
    }
    if (pdf.numPages > limits.maxPdfPages) throw new Refusal('tooManyPages');
    const pages = [];
    let chars = 0;
    let truncated = false;
    for (let number = 1; number <= pdf.numPages && !truncated; number += 1) {
      const page = await pdf.getPage(number);
      const [, , width, height] = page.view;
      const content = await page.getTextContent({ disableNormalization: false });
      if (content.items.length > limits.maxPdfItems) throw new Refusal('unreadable');
      const items = [];
      for (const item of content.items) {
        if (typeof item.str !== 'string' || item.str.length === 0) continue;
        const [a, b, , d, x, y] = item.transform;
        items.push({ str: item.str, x, y, width: item.width, size: Math.hypot(a, b) || Math.abs(d) || 10 });
        chars += item.str.length;
        if (chars > limits.maxTextChars) {
          truncated = true;
          break;
        }
      }
      pages.push({ width, height, items });
      page.cleanup();
    }
    return { format: 'pdf', pageCount: pdf.numPages, pages, truncated };
  } finally {
    await task.destroy();
  }
}

// ---- DOCX: a ZIP, read by its central directory, and only its text parts inflated ----

/** Little-endian integers; bytes past the end read as 0 (the checks after them then fail). */
const byte = (/** @type {Uint8Array} */ bytes, /** @type {number} */ at) => bytes[at] ?? 0;
const u16 = (/** @type {Uint8Array} */ bytes, /** @type {number} */ at) => byte(bytes, at) | (byte(bytes, at + 1) << 8);
const u32 = (/** @type {Uint8Array} */ bytes, /** @type {number} */ at) => u16(bytes, at) + u16(bytes, at + 2) * 0x10000;

/** @param {Uint8Array} bytes */
function endOfCentralDirectory(bytes) {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (u32(bytes, at) === 0x06054b50) return at;
  }
  throw new Refusal('unreadable');
}

/**
 * The parts a ZIP declares, checked before anything is inflated: their count, the sum of
 * their declared sizes and each large part's compression ratio. Zip64 (sizes past 4 GB) is
 * refused: no CV needs it.
 * @param {Uint8Array} bytes @param {Limits} limits
 */
function centralDirectory(bytes, limits) {
  const end = endOfCentralDirectory(bytes);
  const count = u16(bytes, end + 10);
  const offset = u32(bytes, end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new Refusal('unreadable');
  if (count > limits.maxZipEntries) throw new Refusal('zipBomb');
  const entries = [];
  let declared = 0;
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new Refusal('unreadable');
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const localOffset = u32(bytes, at + 42);
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw new Refusal('unreadable');
    declared += size;
    if (declared > limits.maxDeclaredUnzippedBytes) throw new Refusal('zipBomb');
    if (size > limits.ratioCheckedFrom && size / Math.max(compressedSize, 1) > limits.maxCompressionRatio) throw new Refusal('zipBomb');
    entries.push({ name, flags, method, compressedSize, size, localOffset });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/**
 * One part's bytes, inflated a kilobyte of input at a time so that no single step can
 * produce more than about a megabyte, and stopped as soon as the output passes its
 * declared size (a lying header) or what is left of the budget.
 * @param {Uint8Array} bytes @param {{ name: string, flags: number, method: number, compressedSize: number, size: number, localOffset: number }} entry @param {number} budget
 */
function inflatePart(bytes, entry, budget) {
  if (entry.flags & 0x1) throw new Refusal('encrypted');
  const local = entry.localOffset;
  if (local + 30 > bytes.length || u32(bytes, local) !== 0x04034b50) throw new Refusal('unreadable');
  const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new Refusal('unreadable');
  const cap = Math.min(entry.size, budget);
  if (entry.method === 0) {
    if (data.length > cap) throw new Refusal('zipBomb');
    return data;
  }
  if (entry.method !== 8) throw new Refusal('unreadable');
  /** @type {Uint8Array[]} */
  const chunks = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > cap) throw new Refusal('zipBomb');
    chunks.push(chunk);
  });
  const STEP = 1024;
  try {
    for (let at = 0; at < data.length; at += STEP) inflate.push(data.subarray(at, at + STEP), at + STEP >= data.length);
  } catch (error) {
    throw error instanceof Refusal ? error : new Refusal('unreadable');
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const ENTITIES = /** @type {Record<string, string>} */ ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" });

/** XML's five predefined entities and character references; anything else stays as written (no DTD is ever read). @param {string} text */
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * The paragraphs of a WordprocessingML part, by a walk over its tags: text runs (w:t),
 * tabs (w:tab outside a paragraph's tab stops), line breaks, and a bullet for a list
 * paragraph (w:numPr). Entities are never expanded beyond XML's predefined ones.
 * @param {string} xml @param {number} maxChars
 */
function wordText(xml, maxChars) {
  const lines = [];
  let paragraph = '';
  let bullet = false;
  let inText = false;
  let inTabStops = false;
  let chars = 0;
  const tags = /<(\/?)([A-Za-z:_][\w:.-]*)([^>]*)>|([^<]+)/g;
  for (let match = tags.exec(xml); match; match = tags.exec(xml)) {
    const [, closing, name, attributes = '', text] = match;
    if (text !== undefined) {
      if (inText) {
        const decoded = decodeEntities(text);
        paragraph += decoded;
        chars += decoded.length;
      }
    } else if (name === 'w:t') inText = !closing && !attributes.endsWith('/');
    else if (name === 'w:tabs') inTabStops = !closing;
    else if (name === 'w:tab' && !inTabStops) paragraph += '\t';
    else if (name === 'w:br' || name === 'w:cr') paragraph += '\n';
    else if (name === 'w:numPr' && !closing) bullet = true;
    else if (name === 'w:p' && closing) {
      lines.push(bullet && paragraph.trim() ? `• ${paragraph}` : paragraph);
      paragraph = '';
      bullet = false;
    } else if (name === 'w:p' && !attributes.endsWith('/')) {
      paragraph = '';
      bullet = false;
    }
    if (chars > maxChars) return { text: lines.join('\n'), truncated: true };
  }
  if (paragraph) lines.push(paragraph);
  return { text: lines.join('\n'), truncated: false };
}

const TEXT_PARTS = /^word\/(document|header\d*)\.xml$/;

/** @param {Uint8Array} bytes @param {Limits} limits */
function readDocx(bytes, limits) {
  const entries = centralDirectory(bytes, limits);
  const parts = entries.filter((entry) => TEXT_PARTS.test(entry.name));
  const main = parts.find((entry) => entry.name === 'word/document.xml');
  if (!main) throw new Refusal('unreadable');
  // Headers first: a CV's name and contact details are often there.
  const ordered = [...parts.filter((entry) => entry !== main && entry.name.includes('header')), main];
  let budget = limits.maxXmlBytes;
  const texts = [];
  let truncated = false;
  for (const part of ordered) {
    if (part.size > budget) throw new Refusal('zipBomb');
    const xml = inflatePart(bytes, part, budget);
    budget -= xml.length;
    const read = wordText(new TextDecoder().decode(xml), limits.maxTextChars);
    texts.push(read.text);
    truncated ||= read.truncated;
  }
  return { format: 'docx', text: texts.join('\n'), truncated };
}

/** @param {{ bytes: Uint8Array, format: 'pdf' | 'docx', limits: Limits }} input */
async function read({ bytes, format, limits }) {
  try {
    return { ok: true, ...(format === 'pdf' ? await readPdf(bytes, limits) : readDocx(bytes, limits)) };
  } catch (error) {
    return { ok: false, reason: error instanceof Refusal ? error.reason : 'unreadable' };
  }
}

parentPort?.postMessage(await read(workerData));
