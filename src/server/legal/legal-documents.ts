import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/namespaces';

export const LEGAL_DOCUMENTS = ['privacy', 'terms', 'csr'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

export interface LegalDocument {
  html: string;
  updatedAt: Date;
  /** The language it is written in: the one asked for, or English when the operator wrote none in it. */
  language: Language;
}

function isLegalDocumentName(name: string): name is LegalDocumentName {
  return (LEGAL_DOCUMENTS as readonly string[]).includes(name);
}

/**
 * Serves the operator's legal texts (Markdown files in the legal docs directory: English
 * at its top, each other language in its own folder, `fr/privacy.md`). The operator
 * replaces the files without a rebuild, so each read checks the file's mtime and
 * re-renders only when it changed. The files are the operator's own content, so their
 * HTML is trusted as written.
 */
// The one Markdown library of the product (user text goes through lib/text/rich-text,
// which turns raw HTML off); here raw HTML is on, since the files are the operator's.
const markdown = new MarkdownIt({ html: true, linkify: true });

export function createLegalDocuments(directory: string) {
  const cache = new Map<string, { mtimeMs: number; document: LegalDocument }>();

  async function readFileIn(name: LegalDocumentName, language: Language): Promise<LegalDocument | null> {
    const file = language === DEFAULT_LANGUAGE ? path.join(directory, `${name}.md`) : path.join(directory, language, `${name}.md`);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.document;
    const source = await readFile(file, 'utf8');
    const document = { html: markdown.render(source), updatedAt: info.mtime, language };
    cache.set(file, { mtimeMs: info.mtimeMs, document });
    return document;
  }

  /** The rendered document in `language`, else in English; null for an unknown name or a missing file. */
  async function read(name: string, language: Language = DEFAULT_LANGUAGE): Promise<LegalDocument | null> {
    if (!isLegalDocumentName(name)) return null;
    return (language !== DEFAULT_LANGUAGE ? await readFileIn(name, language) : null) ?? readFileIn(name, DEFAULT_LANGUAGE);
  }

  return { read };
}

export type LegalDocuments = ReturnType<typeof createLegalDocuments>;
