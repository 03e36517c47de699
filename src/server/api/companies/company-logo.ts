import { and, eq, isNull } from 'drizzle-orm';
import { pictureKeyOfUrl, pictureUrl } from '../../../lib/uploads/media-urls';
import { PICTURE_RULE } from '../../../lib/uploads/upload-rules';
import { company } from '../../db/schema';
import { logoPicture, LOGO_SIDE } from '../../uploads/picture-variants';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { notFound } from '../errors';
import { recordEvent } from '../record-event';
import { readUploadedFile } from '../uploads/read-uploaded-file';
import { deleteQuietly, newStorageKey, reencodedOrRefused, storageOf, storeThenSave, takeUploadAllowance } from '../uploads/stored-files';
import { requireCompanyPermission } from '../auth/company-access';
import { Company } from './company';
import type { CompanyRow } from './company-rows';

// The logo of the company selected with tp-company (company.logo), through the
// storage port like the talent's profile picture: the same checks, allowance and
// re-encoding, one square WebP served under /media/. Like updateOneCompany, both need
// company read and update and log company.update in the transaction that changes the row.

/**
 * Points the selected company's logo at `logo` (a URL or null) and logs company.update.
 * Answers the row and the logo it replaced, whose file the caller deletes once committed.
 */
async function replaceLogo(context: SignedInContext, companyId: string, logo: string | null): Promise<{ updated: CompanyRow; previous: string | null }> {
  return context.db.transaction(async (tx) => {
    const [before] = await tx.select().from(company).where(and(eq(company.id, companyId), isNull(company.deletedAt))).limit(1).for('update');
    if (!before) throw notFound('The company');
    if (before.logo === null && logo === null) return { updated: before, previous: null };
    const [updated] = await tx.update(company).set({ logo, updatedAt: new Date() }).where(eq(company.id, companyId)).returning();
    await recordEvent(tx, context.viewer, {
      type: 'company.update',
      toId: companyId,
      // The URLs, not the pictures: a seeded data: URI logo is logged as "replaced", not copied.
      data: { entityId: companyId, companyId, changedFields: ['logo'], before: { logo: urlOrMarker(before.logo) }, after: { logo: urlOrMarker(logo) } },
    });
    return { updated: updated!, previous: before.logo };
  });
}

/** A logo as the event log keeps it: our URLs as they are, an inline picture only as a marker. */
const urlOrMarker = (logo: string | null) => (logo === null || !logo.startsWith('data:') ? logo : 'data:');

/** The stored file behind a logo; none for a logo that is not ours (a seeded data: URI). */
const keysOf = (logo: string | null): string[] => {
  const key = pictureKeyOfUrl(logo);
  return key ? [key] : [];
};

builder.mutationFields((t) => ({
  updateOneCompanyLogo: t.withAuth({ signedIn: true }).field({
    type: Company,
    description:
      `Sets the logo of the company selected with tp-company from a JPEG, PNG or WebP file of at most ${PICTURE_RULE.maxMegabytes} MB (checked by its content, not its name); needs company read and update. ` +
      `It is stored re-encoded as one ${LOGO_SIDE} px square WebP without metadata (the logo whole, the rest transparent), and the previous logo's file is deleted. Records company.update. Send as multipart/form-data`,
    args: { file: t.arg({ type: 'File', required: true }) },
    resolve: async (_root, { file }, context) => {
      const { companyId } = requireCompanyPermission(context, 'company', 'read', 'update');
      await takeUploadAllowance(context);
      const upload = await readUploadedFile(file, PICTURE_RULE);
      const bytes = await reencodedOrRefused(() => logoPicture(upload.bytes, upload.contentType));
      const key = newStorageKey('webp');
      return storeThenSave(storageOf(context), [{ key, bytes, contentType: 'image/webp' }], async () => {
        const { updated, previous } = await replaceLogo(context, companyId, pictureUrl(key));
        return { result: updated, replacedKeys: keysOf(previous) };
      });
    },
  }),

  deleteOneCompanyLogo: t.withAuth({ signedIn: true }).field({
    type: Company,
    description: 'Removes the logo of the company selected with tp-company and deletes its stored file; needs company read and update. Records company.update (nothing when there is no logo)',
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'company', 'read', 'update');
      const { updated, previous } = await replaceLogo(context, companyId, null);
      await deleteQuietly(storageOf(context), keysOf(previous));
      return updated;
    },
  }),
}));
