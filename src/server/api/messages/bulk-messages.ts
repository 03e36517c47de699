import { MAX_BULK_MESSAGES } from '../../../lib/messages/message-templates';
import { messageThread } from '../../db/schema';
import { builder } from '../builder';
import { ApiError } from '../errors';
import { companySubjectOf } from './company-thread-subjects';
import { filledFor } from './message-templates';
import { UNDO_SECONDS } from './held-messages';
import { Message } from './message-threads';
import { MessageInput, parseBody, takeMessageAllowance } from './message-operations';
import { writeMessage } from './message-writes';

// One message to several applications at once (a company tool of messages): each talent
// gets her own message in her own thread, its merge fields filled in for her, exactly as if
// it had been written on each application. All or nothing: an application that is not the
// company's (NOT_FOUND) or a thread closed by its talent (FORBIDDEN threadClosed) sends none.
// The batch is held back UNDO_SECONDS so that its sender may take it back (held-messages.ts).

builder.mutationField('sendCompanyMessages', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [Message],
    description: `Writes the same message to the talents of up to ${MAX_BULK_MESSAGES} of the selected company's received applications (talentJobApplication read and update), each in its own thread with its merge fields ({talentName}, {jobTitle}, {companyName}) filled in for her. All or none; takes one point of the sender's allowance per message. Held back for undo (Message.deliverAt) until it goes out, then recorded as message.create for each`,
    args: { jobApplicationIds: t.arg.idList({ required: true }), data: t.arg({ type: MessageInput, required: true }) },
    resolve: async (_root, args, context) => {
      const ids = [...new Set(args.jobApplicationIds.map(String))];
      if (ids.length === 0 || ids.length > MAX_BULK_MESSAGES) throw new ApiError('BAD_USER_INPUT', `Name 1 to ${MAX_BULK_MESSAGES} applications`, { httpStatus: 400 });
      const body = parseBody(args.data);
      await takeMessageAllowance(context, ids.length);
      // Held back UNDO_SECONDS: the sender may take the whole batch back (undoCompanyMessages).
      const holdUntil = new Date(Date.now() + UNDO_SECONDS * 1000);
      const written = await context.db.transaction(async (tx) => {
        const rows = [];
        for (const jobApplicationId of ids) {
          const subject = await companySubjectOf(tx, context, { jobApplicationId }, true);
          await tx.insert(messageThread).values({ companyId: subject.companyId, talentProfileId: subject.talentProfileId, ...subject.values }).onConflictDoNothing();
          const thread = (await subject.find(tx))!;
          rows.push(await writeMessage(tx, context, thread, { body: filledFor(body, thread) }, true, holdUntil));
        }
        return rows;
      });
      context.heldMessages?.dueAt(holdUntil);
      return written;
    },
  }),
);
