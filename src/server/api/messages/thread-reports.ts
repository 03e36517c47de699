import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { MESSAGE_ERRORS } from '../../../lib/messages/message-rules';
import { THREAD_REPORT_DECISIONS, THREAD_REPORT_DETAILS_MAX, THREAD_REPORT_REASONS, threadReportSchema } from '../../../lib/messages/thread-reports';
import { messageThread, messageThreadReport, user } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { callerThread, companyReader, subjectResourceOf } from './company-thread-subjects';
import { MessageThread, threadIn } from './message-threads';

// Reporting a conversation to the platform, and the moderators' decision. Either side
// reports a thread it reads (once at a time: a second open report is CONFLICT
// alreadyReported), optionally closing it to the other side at once; moderators (admin
// permission moderation) read the open reports with the conversation, and dismiss one or
// close the conversation to the reported side. Each step is a messageThread.update event.

const ThreadReportInput = builder.inputType('MessageThreadReportInput', {
  fields: (t) => ({
    reason: t.string({ required: true, description: THREAD_REPORT_REASONS.join(', ') }),
    details: t.string({ description: `Up to ${THREAD_REPORT_DETAILS_MAX} characters; required with other` }),
  }),
});

interface ReportRow {
  id: string;
  threadId: string;
  side: string;
  reason: string;
  details: string | null;
  status: string;
  createdAt: Date;
  resolvedAt: Date | null;
  reporterName: string | null;
  resolverName: string | null;
}

const MessageThreadReport = builder.objectRef<ReportRow>('MessageThreadReport');
MessageThreadReport.implement({
  description: 'A conversation reported to the platform by one of its sides',
  fields: (t) => ({
    id: t.exposeID('id'),
    side: t.exposeString('side', { description: "The reporter's side, company or talent: the other side is the one reported" }),
    reason: t.exposeString('reason'),
    details: t.exposeString('details', { nullable: true }),
    status: t.exposeString('status', { description: 'open, dismissed or closed' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    resolvedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.resolvedAt }),
    reporterName: t.exposeString('reporterName', { nullable: true }),
    resolverName: t.exposeString('resolverName', { nullable: true }),
    thread: t.field({
      type: MessageThread,
      description: 'The conversation reported, with its messages',
      resolve: (row, _args, context) => threadIn(context.db, companyReader(context.viewer!.userId), eq(messageThread.id, row.threadId), row.threadId),
    }),
  }),
});

const reporter = alias(user, 'reporter');
const resolver = alias(user, 'resolver');

function selectReports(db: Parameters<typeof threadIn>[0]) {
  return db
    .select({
      id: messageThreadReport.id,
      threadId: messageThreadReport.threadId,
      side: messageThreadReport.side,
      reason: messageThreadReport.reason,
      details: messageThreadReport.details,
      status: messageThreadReport.status,
      createdAt: messageThreadReport.createdAt,
      resolvedAt: messageThreadReport.resolvedAt,
      reporterName: reporter.displayName,
      resolverName: resolver.displayName,
    })
    .from(messageThreadReport)
    .leftJoin(reporter, eq(reporter.id, messageThreadReport.reporterUserId))
    .leftJoin(resolver, eq(resolver.id, messageThreadReport.resolvedByUserId));
}

builder.mutationField('reportMessageThread', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThread,
    description:
      "Reports one of the caller's conversations to the platform (from the selected company's side on a company page, else as its talent), and with `close` closes it to the other side as closeMessageThread does (the company side then needs update on its record). CONFLICT alreadyReported while the caller's last report of it is open. Any other id is NOT_FOUND. Records messageThread.update (action report)",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: ThreadReportInput, required: true }), close: t.arg.boolean() },
    resolve: async (_root, args, context) => {
      const parsed = threadReportSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), MESSAGE_ERRORS);
      const { side, reader, thread } = await callerThread(context, String(args.id));
      const close = args.close === true && thread.blockedSide === null;
      if (close && side === 'company') requireCompanyPermission(context, subjectResourceOf(thread), 'update');
      return context.db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: messageThreadReport.id })
          .from(messageThreadReport)
          .where(and(eq(messageThreadReport.threadId, thread.id), eq(messageThreadReport.reporterUserId, context.viewer.userId), eq(messageThreadReport.status, 'open')))
          .limit(1);
        if (open) throw conflict('alreadyReported', MESSAGE_ERRORS);
        const now = new Date();
        const [report] = await tx
          .insert(messageThreadReport)
          .values({ threadId: thread.id, reporterUserId: context.viewer.userId, side, reason: parsed.data.reason, details: parsed.data.details, createdAt: now, updatedAt: now })
          .returning({ id: messageThreadReport.id });
        if (close) await tx.update(messageThread).set({ blockedSide: side, blockedAt: now, blockedByUserId: context.viewer.userId, updatedAt: now }).where(eq(messageThread.id, thread.id));
        await recordEvent(tx, context.viewer, {
          type: 'messageThread.update',
          toId: null,
          data: { entityId: thread.id, companyId: thread.companyId, side, action: 'report', reportId: report!.id, reason: parsed.data.reason, before: { closedBy: thread.blockedSide }, after: { closedBy: close ? side : thread.blockedSide } },
        });
        return threadIn(tx, reader, eq(messageThread.id, thread.id), thread.id);
      });
    },
  }),
);

const ReportPage = pageOf(MessageThreadReport, 'MessageThreadReport');

builder.queryField('findManyMessageThreadReport', (t) =>
  t.withAuth({ adminPermission: 'moderation' }).field({
    type: ReportPage,
    description: 'Reported conversations, the newest report first; `status` keeps one status (open, dismissed, closed). Admin permission moderation',
    args: { ...pageArgs, status: t.arg.string() },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const where = args.status ? eq(messageThreadReport.status, args.status) : undefined;
      const [rows, [total]] = await Promise.all([
        selectReports(context.db).where(where).orderBy(desc(messageThreadReport.createdAt), desc(messageThreadReport.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(messageThreadReport).where(where),
      ]);
      return { items: rows, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

const DecisionEnum = builder.enumType('MessageThreadReportDecision', { values: THREAD_REPORT_DECISIONS, description: 'dismissed: nothing wrong; closed: the conversation is closed to the reported side' });

builder.mutationField('decideMessageThreadReport', (t) =>
  t.withAuth({ adminPermission: 'moderation' }).field({
    type: MessageThreadReport,
    description:
      "A moderator's decision on an open report: dismissed, or closed (the conversation closed to the reported side, as if the reporter had closed it; only a moderator's later decision could change that). CONFLICT reportDecided once decided. Records messageThread.update (action reportDecision)",
    args: { id: t.arg.id({ required: true }), decision: t.arg({ type: DecisionEnum, required: true }) },
    resolve: async (_root, { id, decision }, context) => {
      const reportId = String(id);
      if (!isUuid(reportId)) throw notFound('The report');
      return context.db.transaction(async (tx) => {
        const [report] = await tx.select().from(messageThreadReport).where(eq(messageThreadReport.id, reportId)).for('update').limit(1);
        if (!report) throw notFound('The report');
        if (report.status !== 'open') throw conflict('reportDecided', MESSAGE_ERRORS);
        const now = new Date();
        await tx.update(messageThreadReport).set({ status: decision, resolvedAt: now, resolvedByUserId: context.viewer.userId, updatedAt: now }).where(eq(messageThreadReport.id, reportId));
        const [thread] = await tx.select({ blockedSide: messageThread.blockedSide, companyId: messageThread.companyId }).from(messageThread).where(eq(messageThread.id, report.threadId)).limit(1);
        if (decision === 'closed') await tx.update(messageThread).set({ blockedSide: report.side, blockedAt: now, blockedByUserId: context.viewer.userId, updatedAt: now }).where(eq(messageThread.id, report.threadId));
        await recordEvent(tx, context.viewer, {
          type: 'messageThread.update',
          toId: null,
          data: { entityId: report.threadId, companyId: thread?.companyId ?? null, action: 'reportDecision', reportId, decision, before: { closedBy: thread?.blockedSide ?? null }, after: { closedBy: decision === 'closed' ? report.side : (thread?.blockedSide ?? null) } },
        });
        const [row] = await selectReports(tx).where(eq(messageThreadReport.id, reportId)).limit(1);
        return row!;
      });
    },
  }),
);
