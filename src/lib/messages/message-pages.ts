import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import { fieldErrorsOf, type Done, type Invalid, type RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql, type SendGraphqlWithFiles } from '../graphql/send-document';
import { factsOfFile } from '../uploads/check-upload';
import { MAX_MESSAGE_ATTACHMENTS, MESSAGE_ATTACHMENT_RULE } from '../uploads/upload-rules';
import { checkMessageFiles } from './message-attachments';
import type { Translate } from '../i18n/i18n';
import { readListParams } from '../lists/list-params';
import { buildRoute } from '../routes/build-route';
import { applicationHref } from '../talent-jobs/application-link';
import { MESSAGE_ERRORS, messageSchema } from './message-rules';

// The documents and pure handlers of messages: the thread on a received application, a sent
// invitation or an assignment (company side), the company's inbox (/company/messages) and the talent's
// (/talent/messages). Every page works with a form post and a reload.

const WORDS = 'messages';

export const FIND_MESSAGE_THREAD_QUERY = graphql(`
  query FindMessageThread($jobApplicationId: ID, $talentInvitationId: ID, $jobAssignmentId: ID) {
    findMessageThread(jobApplicationId: $jobApplicationId, talentInvitationId: $talentInvitationId, jobAssignmentId: $jobAssignmentId) { id companyName talentName jobApplicationId jobTitle lastMessageAt unreadCount closedBy messages { id body fromCompany authorName isMine createdAt attachments { name url contentType size } } }
  }
`);

export const FIND_MANY_MESSAGE_THREAD_QUERY = graphql(`
  query FindManyMessageThread($unread: Boolean, $about: MessageThreadAbout, $jobAdId: ID, $hiringStepId: ID, $page: Int, $perPage: Int) {
    findManyMessageThread(unread: $unread, about: $about, jobAdId: $jobAdId, hiringStepId: $hiringStepId, page: $page, perPage: $perPage) { items { id companyName talentName jobApplicationId talentInvitationId jobAssignmentId jobTitle lastMessageAt unreadCount } total page perPage pageCount }
  }
`);

export const MY_MESSAGE_THREADS_QUERY = graphql(`
  query MyMessageThreads($unread: Boolean, $jobAssignmentId: ID, $page: Int, $perPage: Int) {
    myMessageThreads(unread: $unread, jobAssignmentId: $jobAssignmentId, page: $page, perPage: $perPage) { items { id companyName talentName jobApplicationId talentInvitationId jobAssignmentId jobTitle lastMessageAt unreadCount } total page perPage pageCount }
  }
`);

export const MY_MESSAGE_THREAD_QUERY = graphql(`
  query MyMessageThread($id: ID!) {
    myMessageThread(id: $id) { id companyName talentName jobApplicationId talentInvitationId jobAssignmentId jobTitle lastMessageAt unreadCount closedBy messages { id body fromCompany authorName isMine createdAt attachments { name url contentType size } } }
  }
`);

export const SEND_COMPANY_MESSAGE_MUTATION = graphql(`
  mutation SendCompanyMessage($jobApplicationId: ID, $talentInvitationId: ID, $jobAssignmentId: ID, $data: MessageInput!, $attachments: [File!]) {
    sendCompanyMessage(jobApplicationId: $jobApplicationId, talentInvitationId: $talentInvitationId, jobAssignmentId: $jobAssignmentId, data: $data, attachments: $attachments) { id }
  }
`);

export const SEND_MY_MESSAGE_MUTATION = graphql(`
  mutation SendMyMessage($threadId: ID, $jobApplicationId: ID, $data: MessageInput!, $attachments: [File!]) {
    sendMyMessage(threadId: $threadId, jobApplicationId: $jobApplicationId, data: $data, attachments: $attachments) { id threadId }
  }
`);

export const MY_APPLICATION_MESSAGE_THREAD_QUERY = graphql(`
  query MyApplicationMessageThread($jobApplicationId: ID!) {
    myApplicationMessageThread(jobApplicationId: $jobApplicationId) { companyName jobTitle thread { id } }
  }
`);

export const MARK_MESSAGE_THREAD_READ_MUTATION = graphql(`
  mutation MarkMessageThreadRead($id: ID!) {
    markMessageThreadRead(id: $id) { id unreadCount }
  }
`);

export type MessageThreadDetail = NonNullable<ResultOf<typeof FIND_MESSAGE_THREAD_QUERY>['findMessageThread']>;
export type MessageThreadItem = ResultOf<typeof FIND_MANY_MESSAGE_THREAD_QUERY>['findManyMessageThread']['items'][number];
export type MessageItem = MessageThreadDetail['messages'][number];

export const FIND_MESSAGE_ATTACHMENT_QUERY = graphql(`
  query FindMessageAttachment($messageId: ID!, $key: String!) {
    findMessageAttachment(messageId: $messageId, key: $key) { name }
  }
`);

export const FIND_MESSAGE_THREAD_BY_ID_QUERY = graphql(`
  query FindMessageThreadById($id: ID!) {
    findMessageThread(id: $id) { id jobApplicationId talentInvitationId jobAssignmentId }
  }
`);

/** The talent's page of the record a conversation is about: her application's entry, the invitation, the assignment. */
export function talentRecordHref(thread: { jobApplicationId?: string | null; talentInvitationId?: string | null; jobAssignmentId?: string | null }): { href: string; labelKey: string } | null {
  if (thread.jobApplicationId) return { href: applicationHref(thread.jobApplicationId), labelKey: 'messages.record.application' };
  if (thread.talentInvitationId) return { href: buildRoute('talentInvitation', { query: { id: thread.talentInvitationId } }), labelKey: 'messages.record.invitation' };
  if (thread.jobAssignmentId) return { href: buildRoute('talentAssignment', { query: { id: thread.jobAssignmentId } }), labelKey: 'messages.record.assignment' };
  return null;
}

/** Where a company reads one of its conversations: on the page of the record it is about. */
export function companyThreadHref(thread: Pick<MessageThreadItem, 'jobApplicationId' | 'talentInvitationId' | 'jobAssignmentId'>): string {
  if (thread.jobApplicationId) return `${buildRoute('companyJobApplication', { query: { id: thread.jobApplicationId } })}#messages`;
  if (thread.talentInvitationId) return `${buildRoute('companySentInvitation', { query: { id: thread.talentInvitationId } })}#messages`;
  return `${buildRoute('companyTalentAssignment', { query: { id: thread.jobAssignmentId ?? '' } })}#messages`;
}

/** The message form's intent on the pages that show a thread, and closing or opening the thread again. */
export const MESSAGE_INTENT = 'sendMessage';
export const CLOSE_THREAD_INTENT = 'closeThread';

export const CLOSE_MESSAGE_THREAD_MUTATION = graphql(`
  mutation CloseMessageThread($id: ID!, $closed: Boolean!) {
    closeMessageThread(id: $id, closed: $closed) { id closedBy }
  }
`);

/** A post of the close (or open again) button: `closed` is 1 or 0, the thread is the page's own. */
export async function submitCloseThread(threadId: string, form: FormData, send: SendGraphql, t: Translate): Promise<Done<{ noticeKey: string }> | { kind: 'refused'; message: string; status: RefusalStatus }> {
  const closed = form.get('closed') === '1';
  const answer = await sendDocument(send, CLOSE_MESSAGE_THREAD_MUTATION, { id: threadId, closed });
  if (answer.data?.closeMessageThread && !answer.errors.length) return { kind: 'done', noticeKey: closed ? 'notices.messages.closed' : 'notices.messages.opened' };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS, MESSAGE_ERRORS) };
}

export interface MessageFormValues {
  body: string;
}

/** Invalid: the form again with what was typed, never lost (files cannot be given back: the message says to choose them again). Done names the conversation the message went to. */
export type MessageOutcome = Done<{ noticeKey: string; threadId: string | null }> | Invalid<MessageFormValues>;

/** Who a message is sent as, and about what: the company on an application, invitation or assignment, or the talent in a thread or about her application. */
export type MessageTarget =
  | { side: 'company'; jobApplicationId: string }
  | { side: 'company'; talentInvitationId: string }
  | { side: 'company'; jobAssignmentId: string }
  | { side: 'talent'; threadId: string }
  | { side: 'talent'; jobApplicationId: string };

/** How a message form reaches the API: plain, or multipart when files go with it; and the company's templates it may use. */
export interface MessageApi {
  send: SendGraphql;
  sendWithFiles: SendGraphqlWithFiles;
  /** The company's templates (a company's form): one chosen with the message left empty is sent as it is. */
  templates?: ReadonlyArray<{ id: string; body: string }>;
}

/** The template field of a company's message form. */
export const TEMPLATE_FIELD = 'templateId';

/** The files field of a message form. */
export const ATTACHMENTS_FIELD = 'attachments';

/** A refusal of a message's files in the page's words, with the rule's numbers. */
function attachmentsMessage(reason: string, t: Translate): string {
  return t(`${MESSAGE_ERRORS}.attachments.${reason}`, { max: MAX_MESSAGE_ATTACHMENTS, megabytes: MESSAGE_ATTACHMENT_RULE.maxMegabytes, defaultValue: '' }) || t(`${MESSAGE_ERRORS}.attachments.wrongType`);
}

/** The files a message form posts: the file input's entries that are files (an empty input sends a nameless empty part). */
function postedAttachments(form: FormData): File[] {
  return form.getAll(ATTACHMENTS_FIELD).filter((entry): entry is File => entry instanceof File && (entry.size > 0 || entry.name !== ''));
}

/**
 * One post of a message form: the body checked with the API's rule first, and the files
 * with the message attachment rule, then sent (with its files as multipart).
 */
export async function submitMessage(target: MessageTarget, form: FormData, api: MessageApi, t: Translate): Promise<MessageOutcome> {
  const values = typedForm(form, ['body']);
  const refused = (status: RefusalStatus, fieldErrors: Record<string, string | undefined>, formError: string | null): MessageOutcome => ({ kind: 'invalid', values, fieldErrors, formError, status });
  // Without JavaScript a template cannot fill the box: chosen with the box left empty, its text is the message.
  const template = api.templates?.find((each) => each.id === form.get(TEMPLATE_FIELD));
  if (template && !values.body.trim()) form.set('body', template.body);
  const parsed = parseForm(form, messageSchema, { coerce: false });
  const files = postedAttachments(form);
  const fileCheck = checkMessageFiles(await Promise.all(files.map((file) => factsOfFile(file))));
  const fileError = fileCheck.ok ? undefined : attachmentsMessage(fileCheck.reason, t);
  if (!parsed.ok || fileError) return refused(422, { ...(parsed.ok ? {} : fieldErrorsOf(parsed.issues, t, MESSAGE_ERRORS)), [ATTACHMENTS_FIELD]: fileError }, null);
  const data = { body: parsed.value.body };
  const sendIt: SendGraphql = files.length ? (body) => api.sendWithFiles(body, { [ATTACHMENTS_FIELD]: files }) : api.send;
  let errors: readonly GraphqlError[];
  let sent: boolean;
  let threadId: string | null = null;
  if (target.side === 'company') {
    const answer = await sendDocument(sendIt, SEND_COMPANY_MESSAGE_MUTATION, {
      jobApplicationId: 'jobApplicationId' in target ? target.jobApplicationId : null,
      talentInvitationId: 'talentInvitationId' in target ? target.talentInvitationId : null,
      jobAssignmentId: 'jobAssignmentId' in target ? target.jobAssignmentId : null,
      data,
    });
    errors = answer.errors;
    sent = Boolean(answer.data?.sendCompanyMessage);
  } else {
    const answer = await sendDocument(sendIt, SEND_MY_MESSAGE_MUTATION, { threadId: 'threadId' in target ? target.threadId : null, jobApplicationId: 'jobApplicationId' in target ? target.jobApplicationId : null, data });
    errors = answer.errors;
    sent = Boolean(answer.data?.sendMyMessage);
    threadId = answer.data?.sendMyMessage.threadId ?? null;
  }
  if (sent && !errors.length) return { kind: 'done', noticeKey: 'notices.messages.sent', threadId };
  const { issues } = answerIssues(errors);
  if (issues.length) {
    const onFiles = issues.find((issue) => issue.path === ATTACHMENTS_FIELD);
    const others = issues.filter((issue) => issue !== onFiles).map((issue) => ({ ...issue, path: issue.path.replace(/^data\./, '') }));
    return refused(422, { ...fieldErrorsOf(others, t, MESSAGE_ERRORS), ...(onFiles ? { [ATTACHMENTS_FIELD]: attachmentsMessage(onFiles.code, t) } : {}) }, null);
  }
  const refusal = companyRefusal(errors, t, WORDS, MESSAGE_ERRORS);
  return refused(refusal.status, {}, refusal.message);
}

/** Threads per inbox page. */
export const THREADS_PER_PAGE = 20;

/** The inbox filter in the address: `?unread=1` keeps the threads with something unread; `?page=`. */
export function readInboxFilter(url: URL): { unread: boolean; page: number } {
  return { unread: url.searchParams.get('unread') === '1', page: readListParams(url, ['recent'], 'recent').page };
}

/** What a company's inbox is about, in the address (?about=): applications, invitations or assignments. */
export const THREAD_ABOUT = ['APPLICATION', 'INVITATION', 'ASSIGNMENT'] as const;
export type ThreadAbout = (typeof THREAD_ABOUT)[number];

/** The company inbox's filters in the address: the talent's ones, and what a thread is about, a job ad, a hiring step. */
export function readCompanyInboxFilter(url: URL): { unread: boolean; page: number; about: ThreadAbout | null; jobAdId: string | null; hiringStepId: string | null } {
  const about = url.searchParams.get('about')?.toUpperCase() ?? '';
  const id = (name: string) => url.searchParams.get(name) || null;
  return { ...readInboxFilter(url), about: (THREAD_ABOUT as readonly string[]).includes(about) ? (about as ThreadAbout) : null, jobAdId: id('jobAdId'), hiringStepId: id('hiringStepId') };
}
