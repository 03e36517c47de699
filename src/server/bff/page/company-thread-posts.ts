import { CLOSE_THREAD_INTENT, MESSAGE_INTENT, submitCloseThread, submitMessage, type MessageOutcome, type MessageTarget } from '../../../lib/messages/message-pages';
import { REPORT_THREAD_INTENT, submitThreadReport, type ThreadReportOutcome } from '../../../lib/messages/thread-report-pages';
import type { CompanyPage, Permission, PostAction, Refusal } from './company-page';
import { FIND_MANY_MESSAGE_TEMPLATE_QUERY } from '../../../lib/messages/message-template-pages';
import { mayWriteToTalents } from '../../../lib/messages/message-templates';

// The posts of a company's conversation on the page of the record it is about (a sent
// invitation, an assignment): a message, closing or opening the conversation again (each
// behind the record's update permission), and reporting it (its read permission). Each
// lands back on #messages; a refusal is kept for the page to show beside the thread (what
// was typed included).

export interface CompanyThreadRefusals {
  message: Extract<MessageOutcome, { kind: 'invalid' }> | null;
  close: string | null;
  report: Extract<ThreadReportOutcome, { kind: 'invalid' }> | null;
}

export function companyThreadPosts(page: CompanyPage, target: Extract<MessageTarget, { side: 'company' }>, permission: Permission, templates: ReadonlyArray<{ id: string; body: string }> = []) {
  const refusals: CompanyThreadRefusals = { message: null, close: null, report: null };
  const landing = () => `${page.here.split('#')[0]}#messages`;
  const actions: Record<typeof MESSAGE_INTENT | typeof CLOSE_THREAD_INTENT | typeof REPORT_THREAD_INTENT, PostAction<Refusal & { message: null }>> = {
    [REPORT_THREAD_INTENT]: {
      permission: [permission[0], 'read'],
      run: async (form) => {
        const outcome = await submitThreadReport(String(form.get('thread') ?? ''), form, page.send, page.t);
        if (outcome.kind === 'done') return page.done(landing(), outcome.noticeKey, 'messages');
        refusals.report = outcome;
        return { status: outcome.status, message: null };
      },
    },
    [CLOSE_THREAD_INTENT]: {
      permission,
      run: async (form) => {
        const outcome = await submitCloseThread(String(form.get('thread') ?? ''), form, page.send, page.t);
        if (outcome.kind === 'done') return page.done(landing(), outcome.noticeKey, 'messages');
        refusals.close = outcome.message;
        return { status: outcome.status, message: null };
      },
    },
    [MESSAGE_INTENT]: {
      permission,
      run: async (form) => {
        // The thread is the page's record's: a message cannot be aimed at anyone else from here.
        const outcome = await submitMessage(target, form, { send: page.send, sendWithFiles: page.sendWithFiles, templates }, page.t);
        if (outcome.kind === 'done') return page.done(landing(), outcome.noticeKey, 'messages');
        refusals.message = outcome;
        return { status: outcome.status, message: null };
      },
    },
  };
  return { actions, refusals };
}

/** The company's message templates for a member who may write to talents (none for anyone else), offered in its message forms. */
export async function companyTemplates(page: CompanyPage) {
  if (!mayWriteToTalents(page.selected?.permissions)) return [];
  return (await page.load(FIND_MANY_MESSAGE_TEMPLATE_QUERY))?.data?.findManyMessageTemplate ?? [];
}
