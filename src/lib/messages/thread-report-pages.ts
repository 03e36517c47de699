import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import { fieldErrorsOf, type FormOutcome, type Invalid } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { readListParams } from '../lists/list-params';
import { MESSAGE_ERRORS } from './message-rules';
import { THREAD_REPORT_DECISIONS, threadReportSchema, type ThreadReportDecision } from './thread-reports';

// Reporting a conversation (the form under every thread) and the moderators' page of
// reports (/admin/message-reports): documents and pure handlers.

export const REPORT_THREAD_INTENT = 'reportThread';

export const REPORT_MESSAGE_THREAD_MUTATION = graphql(`
  mutation ReportMessageThread($id: ID!, $data: MessageThreadReportInput!, $close: Boolean) {
    reportMessageThread(id: $id, data: $data, close: $close) { id closedBy }
  }
`);

export interface ThreadReportValues {
  reason: string;
  details: string;
  close: string;
}

export type ThreadReportOutcome = FormOutcome<ThreadReportValues, { noticeKey: string }>;

/** One post of the report form under a thread (the page's own thread): checked with the API's rule first. */
export async function submitThreadReport(threadId: string, form: FormData, send: SendGraphql, t: Translate): Promise<ThreadReportOutcome> {
  const values = typedForm(form, ['reason', 'details', 'close']);
  const refused = (status: Invalid<ThreadReportValues>['status'], fieldErrors: Record<string, string | undefined>, formError: string | null): ThreadReportOutcome => ({ kind: 'invalid', values, fieldErrors, formError, status });
  const parsed = parseForm(form, threadReportSchema, { coerce: false });
  if (!parsed.ok) return refused(422, fieldErrorsOf(parsed.issues, t, MESSAGE_ERRORS), null);
  const close = form.get('close') === '1';
  const answer = await sendDocument(send, REPORT_MESSAGE_THREAD_MUTATION, { id: threadId, data: { reason: parsed.value.reason, details: parsed.value.details }, close });
  if (answer.data?.reportMessageThread && !answer.errors.length) return { kind: 'done', noticeKey: close ? 'notices.messages.reportedAndClosed' : 'notices.messages.reported' };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return refused(422, fieldErrorsOf(issues.map((issue) => ({ ...issue, path: issue.path.replace(/^data\./, '') })), t, MESSAGE_ERRORS), null);
  const refusal = companyRefusal(answer.errors, t, 'messages', MESSAGE_ERRORS);
  return refused(refusal.status, {}, refusal.message);
}

export const FIND_MANY_MESSAGE_THREAD_REPORT_QUERY = graphql(`
  query FindManyMessageThreadReport($status: String, $page: Int, $perPage: Int) {
    findManyMessageThreadReport(status: $status, page: $page, perPage: $perPage) {
      items { id side reason details status createdAt resolvedAt reporterName resolverName thread { id companyName talentName jobTitle closedBy messages { id body fromCompany authorName createdAt } } }
      total page perPage pageCount
    }
  }
`);

export const DECIDE_MESSAGE_THREAD_REPORT_MUTATION = graphql(`
  mutation DecideMessageThreadReport($id: ID!, $decision: MessageThreadReportDecision!) {
    decideMessageThreadReport(id: $id, decision: $decision) { id status }
  }
`);

export type MessageThreadReportItem = ResultOf<typeof FIND_MANY_MESSAGE_THREAD_REPORT_QUERY>['findManyMessageThreadReport']['items'][number];

export const REPORTS_PER_PAGE = 20;
export const REPORT_DECISION_INTENT = 'decideReport';

/** The reports page's filter in the address: `?status=` one of open (the default), dismissed, closed, or all. */
export function readReportFilter(url: URL): { status: string | null; page: number } {
  const raw = url.searchParams.get('status');
  const status = raw === 'all' ? null : raw && (THREAD_REPORT_DECISIONS as readonly string[]).includes(raw) ? raw : 'open';
  return { status, page: readListParams(url, ['newest'], 'newest').page };
}

/** A moderator's decision posted from the reports page: the report and dismissed or closed. */
export async function submitReportDecision(form: FormData, send: SendGraphql, t: Translate) {
  const id = String(form.get('id') ?? '');
  const decision = form.get('decision');
  if (!(THREAD_REPORT_DECISIONS as readonly unknown[]).includes(decision)) return { kind: 'refused' as const, message: t('admin.messageReports.failed'), status: 400 as const };
  const answer = await sendDocument(send, DECIDE_MESSAGE_THREAD_REPORT_MUTATION, { id, decision: decision as ThreadReportDecision });
  if (answer.data?.decideMessageThreadReport && !answer.errors.length) return { kind: 'done' as const, noticeKey: `notices.messageReports.${decision as ThreadReportDecision}` };
  return { kind: 'refused' as const, ...companyRefusal(answer.errors, t, 'admin.messageReports', MESSAGE_ERRORS) };
}
