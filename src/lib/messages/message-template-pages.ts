import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import { fieldErrorsOf, type FormOutcome, type RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid } from '../ids';
import { MESSAGE_ERRORS, MESSAGE_MAX, messageSchema } from './message-rules';
import { messageTemplateSchema } from './message-templates';

// The company's message templates on its messages page (a list, and one form to write a
// new one or change the one named by ?template=), and the documents the pages send.

export const FIND_MANY_MESSAGE_TEMPLATE_QUERY = graphql(`
  query FindManyMessageTemplate {
    findManyMessageTemplate { id name body updatedAt }
  }
`);

const CREATE_MESSAGE_TEMPLATE_MUTATION = graphql(`
  mutation CreateOneMessageTemplate($data: MessageTemplateInput!) {
    createOneMessageTemplate(data: $data) { id }
  }
`);

const UPDATE_MESSAGE_TEMPLATE_MUTATION = graphql(`
  mutation UpdateOneMessageTemplate($id: ID!, $data: MessageTemplateInput!) {
    updateOneMessageTemplate(id: $id, data: $data) { id }
  }
`);

const DELETE_MESSAGE_TEMPLATE_MUTATION = graphql(`
  mutation DeleteOneMessageTemplate($id: ID!) {
    deleteOneMessageTemplate(id: $id) { id }
  }
`);

export type MessageTemplateItem = ResultOf<typeof FIND_MANY_MESSAGE_TEMPLATE_QUERY>['findManyMessageTemplate'][number];

export const SAVE_TEMPLATE_INTENT = 'saveTemplate';
export const DELETE_TEMPLATE_INTENT = 'deleteTemplate';

/** The template being changed, from the address (?template=<id>); null for a new one. */
export function editedTemplateId(url: URL): string | null {
  const id = url.searchParams.get('template');
  return id && isUuid(id) ? id : null;
}

export interface TemplateFormValues {
  name: string;
  body: string;
}

export type TemplateOutcome = FormOutcome<TemplateFormValues, { noticeKey: string }>;

/** A post of the template form (`id` set: a change) or of a Delete button: checked with the API's rule first. */
export async function submitTemplate(intent: typeof SAVE_TEMPLATE_INTENT | typeof DELETE_TEMPLATE_INTENT, form: FormData, send: SendGraphql, t: Translate): Promise<TemplateOutcome> {
  const values = typedForm(form, ['name', 'body']);
  const id = String(form.get('id') ?? '');
  const refused = (status: RefusalStatus, fieldErrors: Record<string, string | undefined>, formError: string | null): TemplateOutcome => ({ kind: 'invalid', values, fieldErrors, formError, status });
  let errors;
  if (intent === DELETE_TEMPLATE_INTENT) {
    const answer = await sendDocument(send, DELETE_MESSAGE_TEMPLATE_MUTATION, { id });
    if (answer.data?.deleteOneMessageTemplate && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.messages.templateDeleted' };
    errors = answer.errors;
  } else {
    const parsed = parseForm(form, messageTemplateSchema, { coerce: false });
    if (!parsed.ok) return refused(422, fieldErrorsOf(parsed.issues, t, MESSAGE_ERRORS), null);
    const answer = id ? await sendDocument(send, UPDATE_MESSAGE_TEMPLATE_MUTATION, { id, data: parsed.value }) : await sendDocument(send, CREATE_MESSAGE_TEMPLATE_MUTATION, { data: parsed.value });
    if (answer.data && !answer.errors.length) return { kind: 'done', noticeKey: id ? 'notices.messages.templateChanged' : 'notices.messages.templateSaved' };
    errors = answer.errors;
  }
  const { issues } = answerIssues(errors);
  if (issues.length) return refused(422, fieldErrorsOf(issues.map((issue) => ({ ...issue, path: issue.path.replace(/^data\./, '') })), t, MESSAGE_ERRORS), null);
  const refusal = companyRefusal(errors, t, 'messages', MESSAGE_ERRORS);
  return refusal.status === 409 && errors[0]?.extensions?.reason === 'templateNameTaken' ? refused(409, { name: refusal.message }, null) : refused(refusal.status, {}, refusal.message);
}

/** The bulk panel's second action on received applications: one message to the ticked applications. */
export const BULK_MESSAGE_INTENT = 'messageSelected';

const SEND_COMPANY_MESSAGES_MUTATION = graphql(`
  mutation SendCompanyMessages($ids: [ID!]!, $data: MessageInput!) {
    sendCompanyMessages(jobApplicationIds: $ids, data: $data) { id deliverAt }
  }
`);

/** What the bulk message form had, to show it again after a refusal. */
export interface BulkMessageValues {
  body: string;
  templateId: string;
}

export type BulkMessageOutcome =
  | { kind: 'done'; ids: string[]; deliverAt: Date }
  | { kind: 'refused'; rowId: null; message: string; status: RefusalStatus; values: BulkMessageValues };

/**
 * A post of the bulk message form: the text typed, or else the chosen template's (without
 * JavaScript a choice cannot fill the box), sent once to every ticked application; the API
 * fills the merge fields in for each talent.
 */
export async function submitBulkMessage(form: FormData, send: SendGraphql, templates: readonly MessageTemplateItem[], t: Translate): Promise<BulkMessageOutcome> {
  const values = typedForm(form, ['body', 'templateId']);
  const refused = (message: string, status: RefusalStatus = 422): BulkMessageOutcome => ({ kind: 'refused', rowId: null, message, status, values });
  const ids = form.getAll('ids').map(String).filter(isUuid);
  if (!ids.length) return refused(t('jobApplications.errors.nothingSelected'));
  const template = templates.find((each) => each.id === values.templateId);
  const body = values.body.trim() || template?.body || '';
  if (!body) return refused(t(`${MESSAGE_ERRORS}.bulkBodyRequired`));
  const parsed = messageSchema.safeParse({ body });
  if (!parsed.success) return refused(t(`${MESSAGE_ERRORS}.${parsed.error.issues[0]!.message}`, { max: MESSAGE_MAX }));
  const answer = await sendDocument(send, SEND_COMPANY_MESSAGES_MUTATION, { ids, data: { body: parsed.data.body } });
  const sent = answer.data?.sendCompanyMessages;
  if (sent && !answer.errors.length) return { kind: 'done', ids: sent.map((each) => each.id), deliverAt: new Date(String(sent[0]?.deliverAt ?? new Date().toISOString())) };
  const refusal = companyRefusal(answer.errors, t, 'messages', MESSAGE_ERRORS);
  return refused(refusal.message, refusal.status);
}

/** Taking back the last batch from the received applications, while it is held. */
export const UNDO_BULK_MESSAGE_INTENT = 'undoMessages';

const UNDO_COMPANY_MESSAGES_MUTATION = graphql(`
  mutation UndoCompanyMessages($ids: [ID!]!) {
    undoCompanyMessages(ids: $ids)
  }
`);

/** The batch just sent, in the address after the send (?undo=<ids>&until=<ms>): offered back until then. */
export function readUndoOffer(url: URL, now = Date.now()): { ids: string[]; until: Date } | null {
  const ids = (url.searchParams.get('undo') ?? '').split(',').filter(isUuid);
  const until = Number(url.searchParams.get('until'));
  return ids.length && Number.isFinite(until) && until > now ? { ids, until: new Date(until) } : null;
}

/** Where a sent batch lands: the same list, offering to take it back until `until`. */
export function undoOfferHref(here: string, ids: readonly string[], until: Date): string {
  const url = new URL(here, 'http://x');
  url.searchParams.set('undo', ids.join(','));
  url.searchParams.set('until', String(until.getTime()));
  return `${url.pathname}${url.search}`;
}

/** A post of the undo button: the batch's ids, taken back if still held. */
export async function submitUndoBulkMessage(form: FormData, send: SendGraphql, t: Translate) {
  const ids = String(form.get('ids') ?? '').split(',').filter(isUuid);
  const answer = await sendDocument(send, UNDO_COMPANY_MESSAGES_MUTATION, { ids });
  if (answer.data?.undoCompanyMessages && !answer.errors.length) return { kind: 'done' as const, noticeKey: 'notices.messages.bulkUndone' };
  return { kind: 'refused' as const, rowId: null, ...companyRefusal(answer.errors, t, 'messages', MESSAGE_ERRORS) };
}
