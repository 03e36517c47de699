import { eq } from 'drizzle-orm';
import { messageAttachmentAddressOfUrl } from '../../../lib/messages/message-attachments';
import { isUuid } from '../../../lib/ids';
import { isStorageKey } from '../../../lib/uploads/media-urls';
import { message } from '../../db/schema';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { notFound } from '../errors';
import { companyReader, talentReader } from './company-thread-subjects';
import { MessageAttachment } from './message-files';
import { companyThreads, talentThreads, threadIn, threadReadsOf } from './message-threads';

// Who may download a message's file: the two sides of its thread, as they read it (the
// talent, or a member of the selected company whose role reads the record the thread is
// about). Anyone else, like an unknown address, gets NOT_FOUND.

builder.queryField('findMessageAttachment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageAttachment,
    description:
      "A file sent with a message, by the message and the key of its url, when you read its thread (its talent, or the selected company's member whose role reads its record); NOT_FOUND otherwise, whether or not it exists. The web app's download route asks this before it sends the file",
    args: { messageId: t.arg.id({ required: true }), key: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const messageId = String(args.messageId).toLowerCase();
      if (!isUuid(messageId) || !isStorageKey(args.key)) throw notFound('Attachment');
      const [row] = await context.db.select({ threadId: message.threadId, attachments: message.attachments }).from(message).where(eq(message.id, messageId)).limit(1);
      if (!row) throw notFound('Attachment');
      // The download address is the same for both sides: the thread's talent, else the selected company's reader.
      const profileId = await findMyTalentProfileId(context);
      const asTalent = profileId ? await threadIn(context.db, talentReader(context.viewer.userId), talentThreads(profileId), row.threadId).catch(() => null) : null;
      if (!asTalent) {
        // A role that reads no thread is told the same as anyone else: there is nothing here for it.
        const scope = context.company ? companyThreads(context.company.companyId, threadReadsOf(context.company.permissions)) : null;
        if (!scope) throw notFound('Attachment');
        await threadIn(context.db, companyReader(context.viewer.userId), scope, row.threadId);
      }
      const attachment = row.attachments.find((candidate) => {
        const address = messageAttachmentAddressOfUrl(candidate.url);
        return address?.messageId === messageId && address.key === args.key;
      });
      if (!attachment) throw notFound('Attachment');
      return attachment;
    },
  }),
);
