import { and, asc, count, eq, sql } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { getTranslator } from '../../../lib/i18n/i18n';
import { isUuid } from '../../../lib/ids';
import { MESSAGE_ERRORS, MESSAGE_MAX } from '../../../lib/messages/message-rules';
import { MAX_TEMPLATES_PER_COMPANY, TEMPLATE_NAME_MAX, fillMergeFields, mayWriteToTalents, messageTemplateSchema } from '../../../lib/messages/message-templates';
import { isUniqueViolation } from '../../db/database-error';
import { messageTemplate } from '../../db/schema';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { ApiError, conflict, forbidden, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import type { ThreadRow } from './message-threads';

// A company's message templates (messages): kept by the members who may write to talents
// (update on applications, invitations or assignments), the same who use them. Each write
// is a messageTemplate.* event addressed to the company. A template's merge fields are filled
// in per talent when a message goes out (fillMergeFields), here for the API's writes.

type Template = typeof messageTemplate.$inferSelect;

const MessageTemplate = builder.objectRef<Template>('MessageTemplate').implement({
  description: `A company's message template: its text's merge fields ({talentName}, {jobTitle}, {companyName}) are filled in for each talent`,
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    body: t.exposeString('body'),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

const MessageTemplateInput = builder.inputType('MessageTemplateInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: `1 to ${TEMPLATE_NAME_MAX} characters, unique in the company` }),
    body: t.string({ required: true, description: `1 to ${MESSAGE_MAX} characters; merge fields {talentName}, {jobTitle}, {companyName}` }),
  }),
});

/** The selected company, for a member who may write to talents; FORBIDDEN otherwise. */
function templateScope(context: SignedInContext): { companyId: string } {
  const scope = context.company;
  if (!scope) throw new ApiError('FORBIDDEN', 'Select a company first (tp-company header)', { hint: 'send the id of a verified company you belong to', httpStatus: 403 });
  if (!mayWriteToTalents(scope.permissions)) throw forbidden('Your role may not write to talents');
  return { companyId: scope.companyId };
}

function parseTemplate(data: { name: string; body: string }) {
  const parsed = messageTemplateSchema.safeParse(data);
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), MESSAGE_ERRORS);
  return parsed.data;
}

const nameTaken = () => conflict('templateNameTaken', MESSAGE_ERRORS, 'name');

async function ownTemplate(db: SignedInContext['db'], companyId: string, id: string): Promise<Template> {
  if (!isUuid(id)) throw notFound('The template');
  const [row] = await db.select().from(messageTemplate).where(and(eq(messageTemplate.id, id), eq(messageTemplate.companyId, companyId))).limit(1);
  if (!row) throw notFound('The template');
  return row;
}

const fallbackWords = () => {
  const t = getTranslator();
  return { talentName: t('messages.mergeFallbacks.talentName'), jobTitle: t('messages.mergeFallbacks.jobTitle'), companyName: t('messages.mergeFallbacks.companyName') };
};

/** A company's text with its merge fields filled in for the talent of this thread. */
export function filledFor(body: string, thread: Pick<ThreadRow, 'talentName' | 'jobTitle' | 'companyName'>): string {
  return fillMergeFields(body, { talentName: thread.talentName, jobTitle: thread.jobTitle, companyName: thread.companyName }, fallbackWords());
}

builder.queryField('findManyMessageTemplate', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [MessageTemplate],
    description: "The selected company's message templates by name; for members who may write to talents (update on applications, invitations or assignments), FORBIDDEN otherwise",
    resolve: (_root, _args, context) => {
      const { companyId } = templateScope(context);
      return context.db.select().from(messageTemplate).where(eq(messageTemplate.companyId, companyId)).orderBy(asc(sql`lower(${messageTemplate.name})`), asc(messageTemplate.id));
    },
  }),
);

builder.mutationField('createOneMessageTemplate', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageTemplate,
    description: `Keeps a message template for the selected company (at most ${MAX_TEMPLATES_PER_COMPANY}; CONFLICT templateNameTaken, tooManyTemplates). An unknown merge field is refused. Records messageTemplate.create`,
    args: { data: t.arg({ type: MessageTemplateInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = templateScope(context);
      const values = parseTemplate(data);
      try {
        return await context.db.transaction(async (tx) => {
          const [kept] = await tx.select({ total: count() }).from(messageTemplate).where(eq(messageTemplate.companyId, companyId));
          if ((kept?.total ?? 0) >= MAX_TEMPLATES_PER_COMPANY) throw conflict('tooManyTemplates', MESSAGE_ERRORS);
          const [row] = await tx.insert(messageTemplate).values({ companyId, ...values, createdByUserId: context.viewer.userId }).returning();
          await recordEvent(tx, context.viewer, { type: 'messageTemplate.create', toId: companyId, data: { entityId: row!.id, companyId, before: null, after: { name: row!.name } } });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
  }),
);

builder.mutationField('updateOneMessageTemplate', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageTemplate,
    description: "Changes one of the selected company's message templates; another company's is NOT_FOUND. Records messageTemplate.update",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: MessageTemplateInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = templateScope(context);
      const values = parseTemplate(data);
      const before = await ownTemplate(context.db, companyId, String(id));
      try {
        return await context.db.transaction(async (tx) => {
          const [row] = await tx.update(messageTemplate).set({ ...values, updatedAt: new Date() }).where(eq(messageTemplate.id, before.id)).returning();
          await recordEvent(tx, context.viewer, { type: 'messageTemplate.update', toId: companyId, data: { entityId: before.id, companyId, before: { name: before.name }, after: { name: row!.name } } });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
  }),
);

builder.mutationField('deleteOneMessageTemplate', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageTemplate,
    description: "Removes one of the selected company's message templates; another company's is NOT_FOUND. Messages sent with it keep their words. Records messageTemplate.delete",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = templateScope(context);
      const row = await ownTemplate(context.db, companyId, String(id));
      await context.db.transaction(async (tx) => {
        await tx.delete(messageTemplate).where(eq(messageTemplate.id, row.id));
        await recordEvent(tx, context.viewer, { type: 'messageTemplate.delete', toId: companyId, data: { entityId: row.id, companyId, before: { name: row.name }, after: null } });
      });
      return row;
    },
  }),
);
