import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { isUuid } from '../../../lib/ids';
import type { InvoiceDocument } from '../../../lib/invoices/invoice-document';
import { invoiceDocumentOf, invoicePdfFilename } from '../../../lib/invoices/invoicing-pages';
import { isStorageKey } from '../../../lib/uploads/media-urls';
import type { AppDatabase } from '../../db/client';
import { talentProfile, user } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { invoiceDocumentSourceOf, issuedSelfBilledInvoices } from '../invoices/invoice-document-source';
import { EXPORTED_COLUMNS, EXPORTED_THROUGH, OMITTED_COLUMNS, type PersonReference } from './personal-data-tables';

// A user's archive of their own data (docs/personal-data.md, "Downloading your data"): one
// JSON file per kind of record (personal-data-tables.ts decides which), every stored file
// those records point at (pictures, CV, documents, attachments), and the PDF of every invoice
// issued in her name (self-billing's copies, as /talent/billing offers them), in one zip.

type Row = Record<string, unknown>;

/** The row's columns without the omitted ones (secrets, what the search derived). */
function exportedColumns(table: PgTable): Record<string, PgColumn> {
  const omitted = new Set(OMITTED_COLUMNS.get(table) ?? []);
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, column]) => !omitted.has(column)));
}

/** Ids read in slices, so a long history never makes one statement with thousands of parameters. */
const SLICE = 500;

async function rowsWhereIn(db: AppDatabase, table: PgTable, column: PgColumn, ids: readonly unknown[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < ids.length; start += SLICE) {
    rows.push(...((await db.select(exportedColumns(table)).from(table).where(inArray(column, ids.slice(start, start + SLICE)))) as Row[]));
  }
  return rows;
}

/** The ids the person's rows name them by: their user, their talent profile, their sign-in account. */
async function personReferences(db: AppDatabase, userId: string): Promise<Record<PersonReference, string[]>> {
  const [person] = await db.select({ id: user.id, externalId: user.externalId }).from(user).where(eq(user.id, userId)).limit(1);
  if (!person) throw new Error(`no user ${userId} to export`);
  const profiles = await db.select({ id: talentProfile.id }).from(talentProfile).where(eq(talentProfile.userId, userId));
  return {
    user: [person.id],
    talentProfile: profiles.map((profile) => profile.id),
    // The built-in provider's account is the token subject; an external provider's is not ours.
    identityAccount: isUuid(person.externalId) ? [person.externalId] : [],
  };
}

/** Every record of the person, by file name (`records/<file>.json`). */
async function personalDataRecords(db: AppDatabase, ids: Record<PersonReference, string[]>): Promise<Map<string, Row[]>> {
  const records = new Map<string, Row[]>();
  for (const { file, table, column, refers } of EXPORTED_COLUMNS) records.set(file, await rowsWhereIn(db, table, column, ids[refers]));
  for (const { file, table, column, parent } of EXPORTED_THROUGH) {
    records.set(file, await rowsWhereIn(db, table, column, (records.get(parent) ?? []).map((row) => row.id)));
  }
  return records;
}

/** The storage keys the records point at: our picture and download addresses end with one. */
export function storedFileKeys(records: Map<string, Row[]>): string[] {
  const keys = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith('/media/') || value.startsWith('/api/')) {
        const last = value.split('?')[0]!.split('/').pop();
        if (isStorageKey(last)) keys.add(last);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object' && !(value instanceof Date)) Object.values(value).forEach(visit);
  };
  for (const rows of records.values()) visit(rows);
  return [...keys].sort();
}

async function bytesOf(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Draws an invoice's PDF (Factur-X) in the person's language; null where nothing draws them (the invoices stay in records/invoices.json). */
export type InvoicePdfDrawer = ((document: InvoiceDocument) => Promise<Uint8Array>) | null;

/**
 * The archive: README.txt (`readme`), `records/<file>.json` for every kind (an empty list when there is none, so
 * the reader sees what was looked at), `files/<key>` for each stored file the records name,
 * `invoices/<number>.pdf` for each invoice issued in her name.
 * Held in memory: one person's records and files, megabytes at most.
 */
export async function buildPersonalDataArchive(
  db: AppDatabase,
  storage: FileStorage | null,
  userId: string,
  { readme, invoicePdf }: { readme: string; invoicePdf: InvoicePdfDrawer },
): Promise<{ bytes: Uint8Array; records: number; files: number }> {
  const ids = await personReferences(db, userId);
  const records = await personalDataRecords(db, ids);
  // What the archive is and how to read it, in the person's language.
  const entries: Zippable = { 'README.txt': strToU8(readme) };
  let count = 0;
  for (const [file, rows] of records) {
    entries[`records/${file}.json`] = strToU8(`${JSON.stringify(rows, null, 2)}\n`);
    count += rows.length;
  }
  let files = 0;
  if (storage) {
    for (const key of storedFileKeys(records)) {
      const bytes = await bytesOf(storage, key);
      if (!bytes) continue;
      // Stored as they are: pictures and documents are compressed already.
      entries[`files/${key}`] = [bytes, { level: 0 }];
      files += 1;
    }
  }
  if (invoicePdf) {
    for (const row of await issuedSelfBilledInvoices(db, ids.talentProfile)) {
      const document = invoiceDocumentOf(invoiceDocumentSourceOf(row));
      if (!document) continue;
      entries[`invoices/${invoicePdfFilename(document.number)}`] = [await invoicePdf(document), { level: 0 }];
      files += 1;
    }
  }
  return { bytes: zipSync(entries, { level: 6 }), records: count, files };
}
