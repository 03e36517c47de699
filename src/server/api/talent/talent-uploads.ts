import { and, eq, isNull } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { cleanFileName } from '../../../lib/uploads/file-names';
import { documentAddressOfUrl, documentUrl, pictureKeyOfUrl, pictureUrl } from '../../../lib/uploads/media-urls';
import { DOCUMENT_RULE, DOCUMENT_SLOTS, PICTURE_RULE, type DocumentSlot } from '../../../lib/uploads/upload-rules';
import { talentProfile } from '../../db/schema';
import { recordEvent } from '../record-event';
import type { ProfilePicture, StoredFile } from '../../db/schema/talents';
import { pictureVariants } from '../../uploads/picture-variants';
import { isOwnDocument, mayReadTalentDocument } from '../auth/talent-document-access';
import { can } from '../../../lib/permissions/effective-permissions';
import { companyTalentLink } from '../job-applications/talent-link';
import { lockMyTalentProfile, requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { notFound } from '../errors';
import { readUploadedFile } from '../uploads/read-uploaded-file';
import { deleteQuietly, newStorageKey, reencodedOrRefused, storageOf, storeThenSave, takeUploadAllowance } from '../uploads/stored-files';
import { TalentProfile, type TalentProfileRow } from './talents';

export type FileColumn = 'profilePicture' | DocumentSlot;

const TalentDocumentField = builder.enumType('TalentDocumentField', {
  description: 'The documents a talent profile holds: resume, pdf, cv',
  values: DOCUMENT_SLOTS,
});

const TalentDocument = builder.objectRef<StoredFile>('TalentDocument').implement({
  description: 'A PDF on a talent profile. Its url downloads it for whoever may read it (the talent)',
  fields: (t) => ({
    url: t.exposeString('url'),
    name: t.string({ resolve: (file) => file.name ?? 'document.pdf' }),
    contentType: t.string({ resolve: (file) => file.contentType ?? 'application/pdf' }),
    size: t.int({ description: 'Bytes', resolve: (file) => file.size ?? 0 }),
  }),
});

builder.objectFields(TalentProfile, (t) => ({
  cv: t.field({ type: TalentDocument, nullable: true, resolve: (row) => row.cv }),
  resume: t.field({ type: TalentDocument, nullable: true, resolve: (row) => row.resume }),
  pdf: t.field({ type: TalentDocument, nullable: true, resolve: (row) => row.pdf }),
}));

/** The storage keys behind a column's value; URLs that are not ours (seeded data: URIs) have none. */
export function keysOf(column: FileColumn, value: ProfilePicture | StoredFile | null | undefined): string[] {
  if (!value) return [];
  if (column === 'profilePicture') {
    const picture = value as ProfilePicture;
    return [pictureKeyOfUrl(picture.url), pictureKeyOfUrl(picture.optimizedUrl)].filter((key): key is string => key !== null);
  }
  const key = documentAddressOfUrl(value.url)?.key;
  return key ? [key] : [];
}

/**
 * Sets one file column of the caller's own profile and logs talentProfile.update in the
 * same transaction. Answers the updated row and the value it replaced, whose files the
 * caller deletes once the change is committed.
 */
async function replaceMyProfileFile<C extends FileColumn>(
  context: SignedInContext,
  column: C,
  value: TalentProfileRow[C],
): Promise<{ updated: TalentProfileRow; previous: TalentProfileRow[C] }> {
  const { db, viewer } = context;
  const { userId } = viewer;
  return db.transaction(async (tx) => {
    const current = await lockMyTalentProfile(tx, userId);
    if (!current) throw notFound('Your talent profile');
    const previous = current[column];
    if (previous === null && value === null) return { updated: current, previous };
    const [updated] = await tx
      .update(talentProfile)
      .set({ [column]: value } as Partial<typeof talentProfile.$inferInsert>)
      .where(eq(talentProfile.id, current.id))
      .returning();
    await recordEvent(tx, viewer, { type: 'talentProfile.update', toId: current.id, data: { entityId: current.id, changedFields: [column] } });
    return { updated: updated!, previous };
  });
}

/** Stores new files, points the column at them, then deletes what they replaced. */
function storeAndReplace<C extends FileColumn>(
  context: SignedInContext,
  column: C,
  files: ReadonlyArray<{ key: string; bytes: Uint8Array; contentType: string }>,
  value: TalentProfileRow[C],
): Promise<TalentProfileRow> {
  return storeThenSave(storageOf(context), files, async () => {
    const { updated, previous } = await replaceMyProfileFile(context, column, value);
    return { result: updated, replacedKeys: keysOf(column, previous) };
  });
}

async function removeAndDelete(context: SignedInContext, column: FileColumn): Promise<TalentProfileRow> {
  const storage = storageOf(context);
  const { updated, previous } = await replaceMyProfileFile(context, column, null);
  await deleteQuietly(storage, keysOf(column, previous));
  return updated;
}

builder.mutationFields((t) => ({
  uploadMyProfilePicture: t.withAuth({ signedIn: true }).field({
    type: TalentProfile,
    description:
      'Sets the profile picture of your own talent profile from a JPEG, PNG or WebP file of at most 5 MB (checked by its content, not its name). ' +
      'It is stored re-encoded as WebP without metadata: profilePicture.url at most 1024 px, profilePicture.optimizedUrl 256 px square. Send as multipart/form-data',
    args: { file: t.arg({ type: 'File', required: true }) },
    resolve: async (_root, { file }, context) => {
      await requireMyTalentProfileId(context);
      await takeUploadAllowance(context);
      const upload = await readUploadedFile(file, PICTURE_RULE);
      const variants = await reencodedOrRefused(() => pictureVariants(upload.bytes, upload.contentType));
      const original = newStorageKey('webp');
      const optimized = newStorageKey('webp');
      return storeAndReplace(
        context,
        'profilePicture',
        [
          { key: original, bytes: variants.original, contentType: 'image/webp' },
          { key: optimized, bytes: variants.optimized, contentType: 'image/webp' },
        ],
        { url: pictureUrl(original), optimizedUrl: pictureUrl(optimized) },
      );
    },
  }),

  removeMyProfilePicture: t.withAuth({ signedIn: true }).field({
    type: TalentProfile,
    description: 'Removes the picture of your own talent profile and deletes its stored files',
    resolve: (_root, _args, context) => removeAndDelete(context, 'profilePicture'),
  }),

  uploadMyTalentDocument: t.withAuth({ signedIn: true }).field({
    type: TalentProfile,
    description:
      'Sets one document (cv, resume or pdf) of your own talent profile from a PDF of at most 10 MB (checked by its content, not its name), replacing and deleting the previous one. Send as multipart/form-data',
    args: {
      field: t.arg({ type: TalentDocumentField, required: true }),
      file: t.arg({ type: 'File', required: true }),
    },
    resolve: async (_root, { field, file }, context) => {
      const profileId = await requireMyTalentProfileId(context);
      await takeUploadAllowance(context);
      const upload = await readUploadedFile(file, DOCUMENT_RULE);
      const key = newStorageKey('pdf');
      const stored: StoredFile = {
        url: documentUrl(profileId, key),
        name: cleanFileName(upload.name, `${field}.pdf`),
        contentType: upload.contentType,
        size: upload.bytes.byteLength,
      };
      return storeAndReplace(context, field, [{ key, bytes: upload.bytes, contentType: upload.contentType }], stored);
    },
  }),

  removeMyTalentDocument: t.withAuth({ signedIn: true }).field({
    type: TalentProfile,
    description: 'Removes one document (cv, resume or pdf) of your own talent profile and deletes its stored file',
    args: { field: t.arg({ type: TalentDocumentField, required: true }) },
    resolve: (_root, { field }, context) => removeAndDelete(context, field),
  }),
}));

builder.queryField('findTalentDocument', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentDocument,
    description:
      "A document of a talent profile by its profile id and storage key, when you may read it: your own, or, through the selected company (talentProfile read), a talent who applied to it or is on its roster (recorded as talentDocument.read); NOT_FOUND otherwise, whether or not it exists. The web app's download route asks this before it sends the file",
    args: {
      talentProfileId: t.arg.id({ required: true }),
      key: t.arg.string({ required: true }),
    },
    resolve: async (_root, { talentProfileId, key }, context) => {
      const { db, viewer } = context;
      const id = String(talentProfileId);
      if (!isUuid(id)) throw notFound('Document');
      const [profile] = await db
        .select({ userId: talentProfile.userId, cv: talentProfile.cv, resume: talentProfile.resume, pdf: talentProfile.pdf })
        .from(talentProfile)
        .where(and(eq(talentProfile.id, id), isNull(talentProfile.deletedAt)))
        .limit(1);
      if (!profile) throw notFound('Document');
      const own = isOwnDocument(viewer, profile);
      // A company reads through the selected company (tp-company) only, never through another of the member's.
      const company = !own && context.company
        ? { mayReadProfiles: can(context.company.permissions, 'talentProfile', 'read'), ...(await companyTalentLink(db, context.company.companyId, id)) }
        : null;
      if (!mayReadTalentDocument(viewer, profile, company)) throw notFound('Document');
      const slot = DOCUMENT_SLOTS.find((candidate) => {
        const address = documentAddressOfUrl(profile[candidate]?.url);
        return address?.talentProfileId === id && address.key === key;
      });
      const document = slot ? profile[slot] : null;
      if (!slot || !document) throw notFound('Document');
      if (!own) {
        // Every company download is on the record, addressed to the talent whose document it is.
        await recordEvent(db, viewer, { type: 'talentDocument.read', toId: profile.userId, data: { entityId: id, companyId: context.company!.companyId, slot, key } });
      }
      return document;
    },
  }),
);
