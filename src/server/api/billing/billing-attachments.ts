import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { billingAttachmentAddressOfUrl, billingAttachmentUrl, canAttachMore, MAX_ATTACHMENTS_PER_LINE } from '../../../lib/billing/billing-attachments';
import { canEditBilling } from '../../../lib/billing/billing-status';
import { isUuid } from '../../../lib/ids';
import { cleanFileName } from '../../../lib/uploads/file-names';
import { extensionOfContentType, isStorageKey } from '../../../lib/uploads/media-urls';
import { ATTACHMENT_RULE } from '../../../lib/uploads/upload-rules';
import type { AppDatabase } from '../../db/client';
import { billing, billingLineItem, talentProfile, type Attachment } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { mayReadBillingAttachment } from '../auth/billing-attachment-access';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { deleteUnreferencedFiles } from './attachment-files';
import { lockMyBilling } from './my-billing-rows';
import { notADraft, recordMyBillingEvent, reloadMyBilling } from './my-billing-changes';
import { builder } from '../builder';
import type { ApiContext, SignedInContext } from '../context';
import { notFound } from '../errors';
import { readUploadedFile, uploadRefused } from '../uploads/read-uploaded-file';
import { Billing, BillingAttachment } from './billing';

// Files attached to the lines of a talent's own DRAFT billing (timesheets, receipts):
// PDF, PNG, JPEG or WebP by their content, at most 10 MB each and 5 per line, stored as
// uploaded under a random key, never re-encoded. Like the other billing mutations, each is
// scoped by the caller's talent profile (another talent's ids read as NOT_FOUND), runs in
// one transaction with the billing and the line locked, and logs billing.update.

const LINE = 'This billing line';

function storageOf(context: ApiContext): FileStorage {
  if (!context.storage) throw new Error('attachments need a file storage: createApi({ storage })');
  return context.storage;
}

const tooMany = () => uploadRefused(`A line holds at most ${MAX_ATTACHMENTS_PER_LINE} files: remove one before adding another`, 'tooManyFiles');

/** Lower-cased ids (as stored), or null for anything that is not an id: such ids read as missing. */
function idsOf(billingId: string | number, lineId: string | number): { billingId: string; lineId: string } | null {
  const ids = { billingId: String(billingId).toLowerCase(), lineId: String(lineId).toLowerCase() };
  return isUuid(ids.billingId) && isUuid(ids.lineId) ? ids : null;
}

/**
 * A line of the caller's own DRAFT billing, with its billing, locked until the transaction
 * ends (outside one, a plain read for a first look). NOT_FOUND for anyone else's billing or
 * line, CONFLICT once the billing is no longer a draft.
 */
async function myDraftLine(db: AppDatabase, talentProfileId: string, billingId: string, lineId: string) {
  const current = await lockMyBilling(db, talentProfileId, billingId);
  if (!current) throw notFound(LINE);
  const [line] = await db
    .select({ id: billingLineItem.id, attachments: billingLineItem.attachments })
    .from(billingLineItem)
    .where(and(eq(billingLineItem.id, lineId), eq(billingLineItem.billingId, billingId)))
    .for('update');
  if (!line) throw notFound(LINE);
  if (!canEditBilling('talent', current.status)) throw notADraft();
  return { billing: current, attachments: line.attachments ?? [] };
}

/** Sets a line's attachments, touches its billing and logs what changed, in the caller's transaction. */
async function saveAttachments(
  tx: AppDatabase,
  context: SignedInContext,
  found: Awaited<ReturnType<typeof myDraftLine>>,
  lineId: string,
  attachments: Attachment[],
  change: { added?: Attachment; removed?: Attachment },
) {
  const now = new Date();
  await tx.update(billingLineItem).set({ attachments, updatedAt: now }).where(eq(billingLineItem.id, lineId));
  await tx.update(billing).set({ updatedAt: now }).where(eq(billing.id, found.billing.id));
  const describe = (file: Attachment) => ({ name: file.name, contentType: file.contentType, size: file.size });
  await recordMyBillingEvent(tx, context.viewer, 'billing.update', found.billing, {
    lineId,
    changedFields: ['attachments'],
    before: { attachments: found.attachments.length, ...(change.removed ? { attachment: describe(change.removed) } : {}) },
    after: { attachments: attachments.length, ...(change.added ? { attachment: describe(change.added) } : {}) },
  });
}

builder.mutationField('addMyBillingLineAttachment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Billing,
    description:
      `Attaches a file to a line of your own DRAFT billing: a PDF, PNG, JPEG or WebP (checked by its content, not its name) of at most 10 MB, at most ${MAX_ATTACHMENTS_PER_LINE} per line. ` +
      'NOT_FOUND for any billing or line that is not yours, CONFLICT once the billing is no longer a draft. Send as multipart/form-data',
    args: {
      billingId: t.arg.id({ required: true }),
      lineId: t.arg.id({ required: true }),
      file: t.arg({ type: 'File', required: true }),
    },
    resolve: async (_root, args, context) => {
      const ids = idsOf(args.billingId, args.lineId);
      if (!ids) throw notFound(LINE);
      const profileId = await requireMyTalentProfileId(context);
      const storage = storageOf(context);
      // A first look, before the file is read or stored: refusals come in a stable order
      // (not found, not a draft, the file, too many), and a full line stores nothing.
      const seen = await myDraftLine(context.db, profileId, ids.billingId, ids.lineId);
      const upload = await readUploadedFile(args.file, ATTACHMENT_RULE);
      if (!canAttachMore(seen.attachments.length)) throw tooMany();

      const extension = extensionOfContentType(upload.contentType);
      const key = `${randomUUID()}.${extension}`;
      const attachment: Attachment = {
        url: billingAttachmentUrl({ ...ids, key }),
        name: cleanFileName(upload.name, `attachment.${extension}`),
        contentType: upload.contentType,
        size: upload.bytes.byteLength,
      };
      await storage.put(key, upload.bytes, upload.contentType);
      try {
        return await context.db.transaction(async (tx) => {
          const found = await myDraftLine(tx, profileId, ids.billingId, ids.lineId);
          // Checked again under the lock: two uploads at once cannot make a sixth file.
          if (!canAttachMore(found.attachments.length)) throw tooMany();
          await saveAttachments(tx, context, found, ids.lineId, [...found.attachments, attachment], { added: attachment });
          return reloadMyBilling(tx, profileId, ids.billingId);
        });
      } catch (error) {
        await deleteUnreferencedFiles(storage, [key]);
        throw error;
      }
    },
  }),
);

builder.mutationField('removeMyBillingLineAttachment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Billing,
    description:
      'Removes a file from a line of your own DRAFT billing (by the key in its url, also given as BillingAttachment.key) and deletes it. NOT_FOUND for anything that is not yours, CONFLICT once the billing is no longer a draft',
    args: {
      billingId: t.arg.id({ required: true }),
      lineId: t.arg.id({ required: true }),
      attachmentKey: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const ids = idsOf(args.billingId, args.lineId);
      if (!ids) throw notFound(LINE);
      if (!isStorageKey(args.attachmentKey)) throw notFound('This attachment');
      const profileId = await requireMyTalentProfileId(context);
      const storage = storageOf(context);
      const updated = await context.db.transaction(async (tx) => {
        const found = await myDraftLine(tx, profileId, ids.billingId, ids.lineId);
        const removed = found.attachments.find((attachment) => billingAttachmentAddressOfUrl(attachment.url)?.key === args.attachmentKey);
        if (!removed) throw notFound('This attachment');
        await saveAttachments(
          tx,
          context,
          found,
          ids.lineId,
          found.attachments.filter((attachment) => attachment !== removed),
          { removed },
        );
        return reloadMyBilling(tx, profileId, ids.billingId);
      });
      // Only now that no row refers to it: a rolled-back removal keeps its file.
      await deleteUnreferencedFiles(storage, [args.attachmentKey]);
      return updated;
    },
  }),
);

builder.queryField('findBillingAttachment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BillingAttachment,
    description:
      "A file attached to a billing line, by the billing, line and key of its url, when you may read it (the billing's talent); NOT_FOUND otherwise, whether or not it exists. The web app's download route asks this before it sends the file",
    args: {
      billingId: t.arg.id({ required: true }),
      lineId: t.arg.id({ required: true }),
      key: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, { db, viewer }) => {
      const ids = idsOf(args.billingId, args.lineId);
      if (!ids || !isStorageKey(args.key)) throw notFound('Attachment');
      const [row] = await db
        .select({ talentUserId: talentProfile.userId, attachments: billingLineItem.attachments })
        .from(billingLineItem)
        .innerJoin(billing, eq(billing.id, billingLineItem.billingId))
        .innerJoin(talentProfile, eq(talentProfile.id, billing.talentProfileId))
        .where(and(eq(billingLineItem.id, ids.lineId), eq(billing.id, ids.billingId), isNull(billing.deletedAt)))
        .limit(1);
      if (!row || !mayReadBillingAttachment(viewer, row)) throw notFound('Attachment');
      const attachment = (row.attachments ?? []).find((candidate) => {
        const address = billingAttachmentAddressOfUrl(candidate.url);
        return address?.billingId === ids.billingId && address.lineId === ids.lineId && address.key === args.key;
      });
      if (!attachment) throw notFound('Attachment');
      return attachment;
    },
  }),
);
