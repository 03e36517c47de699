import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { PERSONAL_DATA_EXPORT_ANCHOR, PERSONAL_DATA_EXPORT_DAYS, personalDataExportExpiry } from '../../../lib/account/personal-data-export';
import { formatDate } from '../../../lib/format/dates';
import { getTranslator } from '../../../lib/i18n/i18n';
import { pathInLanguage } from '../../../lib/i18n/language-path';
import { buildRoute } from '../../../lib/routes/build-route';
import { errorMessage } from '../../../lib/text/error-message';
import type { InvoiceDocument } from '../../../lib/invoices/invoice-document';
import type { Language } from '../../../lib/i18n/namespaces';
import type { AppDatabase } from '../../db/client';
import { personalDataExport, user } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import type { FileStorage } from '../../storage/file-storage';
import { deleteQuietly, newStorageKey } from '../uploads/stored-files';
import { userLanguageColumn, userLanguageOf } from '../user-language';
import { buildPersonalDataArchive } from './personal-data-archive';

// The background work of the personal data export (docs/personal-data.md, "Downloading your
// data"): preparing an asked-for archive, and deleting the expired ones with their files.

export interface PersonalDataExportWork {
  db: AppDatabase;
  storage: FileStorage | null;
  site: { origin: string; productName: string };
  /** Hands the "ready" mail on (to the queue, which retries it). */
  sendMail: (message: MailMessage) => Promise<void>;
  log: (message: string) => void;
  /** Draws an invoice's PDF in a language (the pages' own drawing, with its fonts); null where none is drawn (tests of the rest). */
  invoicePdf: ((document: InvoiceDocument, language: Language) => Promise<Uint8Array>) | null;
}

/**
 * Prepares one asked-for archive: the records and files (personal-data-archive.ts) stored as
 * one zip, the row ready for seven days, the user told by mail in their language. Idempotent:
 * an archive no longer preparing (done by another instance, or its user deleted) is left as it is.
 */
export async function preparePersonalDataExport(work: PersonalDataExportWork, exportId: string): Promise<void> {
  const { db, storage } = work;
  const [row] = await db
    .select({ id: personalDataExport.id, userId: personalDataExport.userId, email: user.email, status: user.status, language: userLanguageColumn })
    .from(personalDataExport)
    .innerJoin(user, eq(user.id, personalDataExport.userId))
    .where(and(eq(personalDataExport.id, exportId), eq(personalDataExport.status, 'preparing')))
    .limit(1);
  if (!row || row.status === 'deleted') return;
  const language = userLanguageOf(row.language);
  const t = getTranslator(['common'], language);
  try {
    if (!storage) throw new Error('no file storage to keep the archive in');
    const { invoicePdf } = work;
    const archive = await buildPersonalDataArchive(db, storage, row.userId, {
      readme: t('personalDataExport.readme', { product: work.site.productName, date: formatDate(new Date(), language) }),
      invoicePdf: invoicePdf ? (document) => invoicePdf(document, language) : null,
    });
    const key = newStorageKey('zip');
    await storage.put(key, archive.bytes, 'application/zip');
    const readyAt = new Date();
    const [updated] = await db
      .update(personalDataExport)
      .set({ status: 'ready', fileKey: key, size: archive.bytes.byteLength, readyAt, expiresAt: personalDataExportExpiry(readyAt), updatedAt: readyAt })
      .where(and(eq(personalDataExport.id, row.id), eq(personalDataExport.status, 'preparing')))
      .returning({ id: personalDataExport.id });
    // Prepared twice at once (a retried job): the first write won; this file is nobody's.
    if (!updated) return void (await deleteQuietly(storage, [key]));
    work.log(`personal data: archive ${row.id} ready (${archive.records} records, ${archive.files} files, ${archive.bytes.byteLength} bytes)`);
  } catch (error) {
    // Said on the page, where a new one is asked for; swept with the others after its days.
    const failedAt = new Date();
    await db.update(personalDataExport).set({ status: 'failed', expiresAt: personalDataExportExpiry(failedAt), updatedAt: failedAt }).where(eq(personalDataExport.id, row.id));
    work.log(`personal data: archive ${row.id} failed: ${errorMessage(error)}`);
    return;
  }
  // Ready: the archive stands whatever becomes of its mail; the page lists it all the same.
  const link = `${work.site.origin}${pathInLanguage(buildRoute('editAccount'), language)}#${PERSONAL_DATA_EXPORT_ANCHOR}`;
  await work.sendMail({ to: row.email, subject: t('personalDataExport.mail.subject', { product: work.site.productName }), text: t('personalDataExport.mail.text', { link, days: PERSONAL_DATA_EXPORT_DAYS }) });
}

/** Deletes the archives past their expiry, files first; answers how many went. */
export async function sweepExpiredPersonalDataExports(work: Pick<PersonalDataExportWork, 'db' | 'storage'>, now: Date): Promise<number> {
  const expired = await work.db
    .select({ id: personalDataExport.id, fileKey: personalDataExport.fileKey })
    .from(personalDataExport)
    .where(and(isNotNull(personalDataExport.expiresAt), lte(personalDataExport.expiresAt, now)));
  if (expired.length === 0) return 0;
  if (work.storage) await deleteQuietly(work.storage, expired.flatMap((row) => (row.fileKey ? [row.fileKey] : [])));
  await work.db.delete(personalDataExport).where(inArray(personalDataExport.id, expired.map((row) => row.id)));
  return expired.length;
}
