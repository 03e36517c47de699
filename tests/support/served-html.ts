import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The checker itself, from the vnu-jar package (its install script, a Java download, never runs). */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** Where the end-to-end suite keeps the HTML of each page it opened (tests/e2e/support/test.ts). */
export const SERVED_HTML_DIR = path.join(root, 'test-results/served-html');
/** One line of JSON per kept page: its address, status and file. */
export const SERVED_HTML_INDEX = path.join(SERVED_HTML_DIR, 'index.jsonl');

export interface ServedPage {
  url: string;
  status: number;
  /** The kept HTML's file name; null for a redirect, which has no page to check. */
  file: string | null;
}

/** A message of the Nu checker's JSON output. */
export interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  message: string;
  url: string;
  lastLine?: number;
  lastColumn?: number;
  extract?: string;
}

/** The answers the last end-to-end run kept, once each (two workers may both have kept one). */
export function readServedPages(): ServedPage[] {
  if (!existsSync(SERVED_HTML_INDEX)) return [];
  const byAnswer = new Map<string, ServedPage>();
  for (const line of readFileSync(SERVED_HTML_INDEX, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const page = JSON.parse(line) as ServedPage;
    byAnswer.set(`${page.status} ${page.url}`, page);
  }
  return [...byAnswer.values()].sort((a, b) => a.url.localeCompare(b.url) || a.status - b.status);
}

/** Whether a Java runtime is on the PATH to run the checker (scripts/install-java.sh installs one). */
export function javaIsAvailable(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs the W3C Nu HTML Checker once over every kept page and returns its messages by file
 * name. One Java process for all pages: its start-up costs more than checking a page.
 */
export function checkServedHtml(): Map<string, NuMessage[]> {
  const run = spawnSync('java', ['-Xss4m', '-jar', vnuJar, '--format', 'json', '--exit-zero-always', '--skip-non-html', SERVED_HTML_DIR], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the Nu checker did not run: ${run.stderr || run.error?.message}`);
  const { messages } = JSON.parse(run.stderr) as { messages: NuMessage[] };
  const byFile = new Map<string, NuMessage[]>();
  for (const message of messages) {
    const file = path.basename(decodeURIComponent(new URL(message.url).pathname));
    byFile.set(file, [...(byFile.get(file) ?? []), message]);
  }
  return byFile;
}

/** A message as one readable line: where, what, and the markup around it. */
export function describeNuMessage(message: NuMessage): string {
  const where = message.lastLine ? `line ${message.lastLine}:${message.lastColumn ?? 0}` : 'document';
  const extract = message.extract ? ` «${message.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}»` : '';
  return `${where} ${message.message}${extract}`;
}
