import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import MarkdownIt from 'markdown-it';

export const LEGAL_DOCUMENTS = ['privacy', 'terms', 'csr'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

export interface LegalDocument {
  html: string;
  updatedAt: Date;
}

function isLegalDocumentName(name: string): name is LegalDocumentName {
  return (LEGAL_DOCUMENTS as readonly string[]).includes(name);
}

/**
 * Serves the operator's legal texts (Markdown files in the legal docs directory). The
 * operator replaces the files without a rebuild, so each read checks the file's mtime
 * and re-renders only when it changed. The files are the operator's own content, so
 * their HTML is trusted as written.
 */
// The one Markdown library of the product (user text goes through lib/text/rich-text,
// which turns raw HTML off); here raw HTML is on, since the files are the operator's.
const markdown = new MarkdownIt({ html: true, linkify: true });

export function createLegalDocuments(directory: string) {
  const cache = new Map<LegalDocumentName, { mtimeMs: number; document: LegalDocument }>();

  /** The rendered document, or null for an unknown name or a missing file. */
  async function read(name: string): Promise<LegalDocument | null> {
    if (!isLegalDocumentName(name)) return null;
    const file = path.join(directory, `${name}.md`);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const cached = cache.get(name);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.document;
    const source = await readFile(file, 'utf8');
    const document = { html: markdown.render(source), updatedAt: info.mtime };
    cache.set(name, { mtimeMs: info.mtimeMs, document });
    return document;
  }

  return { read };
}

export type LegalDocuments = ReturnType<typeof createLegalDocuments>;
