import { and, asc, count, eq } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { JOB_ALERT_ERRORS, type JobAlertFrequency, jobAlertCreateSchema, jobAlertUpdateSchema, MAX_JOB_ALERTS } from '../../../lib/job-alerts/job-alert-input';
import { jobAlert } from '../../db/schema';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';

// A talent's job alerts: saved /jobs searches mailed as digests. Like
// every `my` operation, they take no owner: each is scoped by the caller's user id, so
// another user's alert id answers NOT_FOUND like a missing one. Talents only: a caller
// without a talent profile is told to create one first.

type JobAlertRow = typeof jobAlert.$inferSelect;

// Keyed by lib's frequencies (the list the form and the database enum use): one added there without a description here fails to compile.
const JobAlertFrequencyEnum = builder.enumType('JobAlertFrequency', {
  values: { daily: { description: 'One digest a day' }, weekly: { description: 'One digest a week' } } as const satisfies Record<JobAlertFrequency, { description: string }>,
});

const JobAlert = builder.objectRef<JobAlertRow>('JobAlert');
JobAlert.implement({
  description: 'A saved job search whose new ads are mailed as a digest',
  fields: (t) => ({
    id: t.exposeID('id'),
    query: t.exposeString('query', { description: 'The /jobs query string of the search (canonical, without page)' }),
    frequency: t.field({ type: JobAlertFrequencyEnum, resolve: (row) => row.frequency }),
    lastSentAt: t.field({ type: 'DateTime', nullable: true, description: 'When the last digest was mailed', resolve: (row) => row.lastSentAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
  }),
});

const CreateMyJobAlertInput = builder.inputType('CreateMyJobAlertInput', {
  fields: (t) => ({
    query: t.string({ required: true, description: 'The /jobs query string, e.g. q=developer&work_mode=remote (page and order are ignored)' }),
    frequency: t.field({ type: JobAlertFrequencyEnum, required: true }),
  }),
});

const UpdateMyJobAlertInput = builder.inputType('UpdateMyJobAlertInput', {
  fields: (t) => ({ frequency: t.field({ type: JobAlertFrequencyEnum, required: true }) }),
});

const mine = (userId: string, id: string) => and(eq(jobAlert.userId, userId), eq(jobAlert.id, id))!;
const alertNotFound = () => notFound('The job alert');

builder.queryField('myJobAlerts', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [JobAlert],
    description: `Your job alerts, oldest first (at most ${MAX_JOB_ALERTS}, so no pages)`,
    resolve: (_root, _args, { db, viewer }) => db.select().from(jobAlert).where(eq(jobAlert.userId, viewer.userId)).orderBy(asc(jobAlert.createdAt), asc(jobAlert.id)),
  }),
);

builder.mutationField('createMyJobAlert', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobAlert,
    description: `Saves a job search as an alert (talents only: NOT_FOUND before the talent profile). Its first digest lists ads published from now on. CONFLICT alreadySaved (the same search) or tooMany (${MAX_JOB_ALERTS}). Records jobAlert.create`,
    args: { data: t.arg({ type: CreateMyJobAlertInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      await requireMyTalentProfileId(context);
      const parsed = jobAlertCreateSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), JOB_ALERT_ERRORS);
      const viewer = context.viewer;
      return context.db.transaction(async (tx) => {
        // Counted under the user's alerts as they are; two racing creates may both pass at 19,
        // which only lets one account hold 21: the limit is about size, not a security line.
        const [held] = await tx.select({ value: count() }).from(jobAlert).where(eq(jobAlert.userId, viewer.userId));
        if ((held?.value ?? 0) >= MAX_JOB_ALERTS) throw conflict('tooMany', JOB_ALERT_ERRORS);
        const [row] = await tx.insert(jobAlert).values({ userId: viewer.userId, ...parsed.data }).onConflictDoNothing().returning();
        if (!row) throw conflict('alreadySaved', JOB_ALERT_ERRORS);
        await recordEvent(tx, viewer, { type: 'jobAlert.create', toId: viewer.userId, data: { entityId: row.id, before: null, after: parsed.data } });
        return row;
      });
    },
  }),
);

builder.mutationField('updateMyJobAlert', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobAlert,
    description: 'Changes how often one of your job alerts is mailed. NOT_FOUND for an alert that is not yours. Records jobAlert.update',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateMyJobAlertInput, required: true }) },
    resolve: async (_root, args, { db, viewer }) => {
      const id = String(args.id);
      if (!isUuid(id)) throw alertNotFound();
      const parsed = jobAlertUpdateSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), JOB_ALERT_ERRORS);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(jobAlert).where(mine(viewer.userId, id)).for('update');
        if (!before) throw alertNotFound();
        const [row] = await tx.update(jobAlert).set({ frequency: parsed.data.frequency, updatedAt: new Date() }).where(eq(jobAlert.id, id)).returning();
        await recordEvent(tx, viewer, { type: 'jobAlert.update', toId: viewer.userId, data: { entityId: id, before: { frequency: before.frequency }, after: parsed.data } });
        return row!;
      });
    },
  }),
);

builder.mutationField('deleteMyJobAlert', (t) =>
  t.withAuth({ signedIn: true }).id({
    description: 'Deletes one of your job alerts and answers its id. NOT_FOUND for an alert that is not yours. Records jobAlert.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { db, viewer }) => {
      const id = String(args.id);
      if (!isUuid(id)) throw alertNotFound();
      return db.transaction(async (tx) => {
        const [removed] = await tx.delete(jobAlert).where(mine(viewer.userId, id)).returning();
        if (!removed) throw alertNotFound();
        await recordEvent(tx, viewer, { type: 'jobAlert.delete', toId: viewer.userId, data: { entityId: id, before: { query: removed.query, frequency: removed.frequency }, after: null } });
        return removed.id;
      });
    },
  }),
);
