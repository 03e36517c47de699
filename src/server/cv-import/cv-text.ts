import { Worker } from 'node:worker_threads';
import { CV_LIMITS, type CvLimits } from '../../lib/cv-import/cv-limits';
import { pageText, type PdfTextPage } from '../../lib/cv-import/cv-pdf-layout';
import { DOCX, sniffContentType } from '../../lib/uploads/sniff-content-type';

// The text of an uploaded CV, read on this machine, within hard limits (CV_LIMITS): the
// size is checked here, then a worker thread (cv-extract-worker.mjs) with a heap limit
// parses the file and is ended at the deadline, so a hostile file (a zip bomb, a PDF that
// never ends) costs a thread, never the server. The worker is a plain .mjs file found
// beside this module's URL: from the sources under tests, and in the built server the
// build must copy it beside the bundle that holds this module (dist/cv-extract-worker.mjs
// next to dist/main.mjs: an esbuild entry point of its own, packages external).

export type CvContentType = 'application/pdf' | typeof DOCX;

/**
 * Why a file gave no text: larger than the limit, more pages than a CV, not the type it
 * claims (a picture renamed .pdf), damaged, password-protected, a ZIP that would inflate
 * far beyond its size, no text layer (a scan) or too slow to read.
 */
export const CV_REFUSALS = ['tooLarge', 'tooManyPages', 'wrongType', 'unreadable', 'encrypted', 'zipBomb', 'empty', 'timeout'] as const;
export type CvRefusal = (typeof CV_REFUSALS)[number];

export type CvText =
  | { ok: true; text: string; format: 'pdf' | 'docx'; /** Reading stopped at CV_LIMITS.maxTextChars. */ truncated: boolean }
  | { ok: false; reason: CvRefusal };

type WorkerAnswer =
  | { ok: true; format: 'pdf'; pages: PdfTextPage[]; truncated: boolean }
  | { ok: true; format: 'docx'; text: string; truncated: boolean }
  | { ok: false; reason: CvRefusal };

/** Fewer letters than this is no text layer: a scanned CV, or a file of pictures. */
const MIN_LETTERS = 40;

const WORKER_URL = new URL('./cv-extract-worker.mjs', import.meta.url);

const PDF_MAGIC = '%PDF-';
/** A PDF's header may follow some bytes of junk, as readers allow, within this many. */
const PDF_HEADER_WITHIN = 1024;
/** An Office file saved with a password is an OLE compound file holding an "EncryptedPackage" stream. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ENCRYPTED_PACKAGE = new Uint8Array([...'EncryptedPackage'].flatMap((character) => [character.charCodeAt(0), 0]));

function contains(bytes: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let at = 0; at + needle.length <= bytes.length; at += 1) {
    for (let index = 0; index < needle.length; index += 1) if (bytes[at + index] !== needle[index]) continue outer;
    return true;
  }
  return false;
}

/** The file's real type against the claimed one, from its bytes (see sniffContentType). */
function typeCheck(bytes: Uint8Array, contentType: CvContentType): 'pdf' | 'docx' | CvRefusal {
  if (contentType === 'application/pdf') {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, PDF_HEADER_WITHIN));
    return head.includes(PDF_MAGIC) ? 'pdf' : 'wrongType';
  }
  if (OLE_MAGIC.every((byte, index) => bytes[index] === byte)) return contains(bytes, ENCRYPTED_PACKAGE) ? 'encrypted' : 'wrongType';
  return sniffContentType(bytes.subarray(0, 16), bytes.subarray(Math.max(0, bytes.length - 64 * 1024))) === DOCX ? 'docx' : 'wrongType';
}

/**
 * Below some megabytes V8 cannot even create the worker's heap, and that aborts the whole
 * process, not the worker: a limit is never set lower than this. A worker that runs out
 * of its heap while reading is ended alone (ERR_WORKER_OUT_OF_MEMORY).
 */
const MIN_WORKER_HEAP_MB = 32;

/** Runs the worker on a copy of the bytes; `timeout` when it has not answered by the deadline (it is then ended). */
function runWorker(bytes: Uint8Array, format: 'pdf' | 'docx', limits: CvLimits): Promise<WorkerAnswer> {
  const copy = bytes.slice();
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes: copy, format, limits },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: Math.max(MIN_WORKER_HEAP_MB, limits.workerHeapMb), maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      resolve(answer);
    };
    const deadline = setTimeout(() => settle({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (answer: WorkerAnswer) => settle(answer));
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any other crash of the reader.
    worker.once('error', () => settle({ ok: false, reason: 'unreadable' }));
    worker.once('exit', () => settle({ ok: false, reason: 'unreadable' }));
  });
}

/** Line ends as \n, no control characters but tab and newline, no runs of spaces, at most maxTextChars. */
function tidy(text: string, limit: number): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u00ad\u200b\ufeff]/g, '')
    .replace(/[ \u00a0\u2009\u202f]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .slice(0, limit);
}

/**
 * The text of a CV (PDF or DOCX, as the upload claims; the bytes must agree), or why not.
 * `limits` lets tests lower a bound; the product uses CV_LIMITS.
 */
export async function extractCvText(bytes: Uint8Array, contentType: CvContentType, limits: CvLimits = CV_LIMITS): Promise<CvText> {
  if (bytes.length > limits.maxFileBytes) return { ok: false, reason: 'tooLarge' };
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  const format = typeCheck(bytes, contentType);
  if (format !== 'pdf' && format !== 'docx') return { ok: false, reason: format };
  const answer = await runWorker(bytes, format, limits);
  if (!answer.ok) return answer;
  const raw = answer.format === 'pdf' ? answer.pages.map(pageText).join('\n') : answer.text;
  const text = tidy(raw, limits.maxTextChars);
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return { ok: false, reason: 'empty' };
  return { ok: true, text, format, truncated: answer.truncated || raw.length > limits.maxTextChars };
}
