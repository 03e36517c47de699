import { and, eq, isNull, or } from 'drizzle-orm';
import { ASSIGNMENT_ERRORS, assignmentChangesSchema, dateOrderIssue, newAssignmentSchema, type AssignmentChanges } from '../../../lib/assignments/assignment-input';
import type { FieldIssue } from '../../../lib/forms/form-outcome';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { company, companyTalentRoster, jobAssignment, jobDescription } from '../../db/schema';
import { recordEvent } from '../record-event';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { invalidFields, notFound } from '../errors';
import { rosterHolds } from '../job-applications/talent-link';
import { mine, loadMyAssignment } from './assignment-rows';
import { TalentAssignment } from './assignment-types';

// createMyJobAssignment, updateMyJobAssignment: the caller's own assignments, checked with
// the schemas of src/lib/assignments/assignment-input.ts (the pages read their forms with
// the same), each write with its event row.

/** BAD_USER_INPUT with the rules' codes, worded in `assignments.errors`. */
const badInput = (issues: readonly FieldIssue[]) => invalidFields(issues, ASSIGNMENT_ERRORS);

const CreateInput = builder.inputType('CreateMyJobAssignmentInput', {
  description: 'A job assignment the signed-in talent records with a company whose talent roster holds them',
  fields: (t) => ({
    clientCompanyId: t.id({ required: true, description: 'A company whose talent roster holds you' }),
    jobDescriptionId: t.id({ description: 'One of that client company\'s job descriptions; empty for none' }),
    startDate: t.string({ description: 'yyyy-mm-dd, 1900-01-01 to 2099-12-31 (required)' }),
    endDate: t.string({ description: 'yyyy-mm-dd, not before startDate; empty while open-ended' }),
    team: t.string({ description: 'At most 200 characters' }),
    costCenter: t.string({ description: 'At most 200 characters' }),
    talentNote: t.string({ description: 'At most 5000 characters' }),
    currency: t.string({ description: "ISO 4217 code; empty for your roster entry's currency with the client" }),
  }),
});

const UpdateInput = builder.inputType('UpdateMyJobAssignmentInput', {
  description: 'A partial update: a field left out stays as it is, null or blank clears it (the start date cannot be cleared)',
  fields: (t) => ({
    startDate: t.string({ description: 'yyyy-mm-dd, 1900-01-01 to 2099-12-31' }),
    endDate: t.string({ description: 'yyyy-mm-dd, not before startDate; null while open-ended' }),
    team: t.string({ description: 'At most 200 characters' }),
    costCenter: t.string({ description: 'At most 200 characters' }),
    talentNote: t.string({ description: 'At most 5000 characters' }),
  }),
});

builder.mutationField('createMyJobAssignment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentAssignment,
    description:
      "Records a job assignment for the signed-in talent with a company whose roster holds them, and logs a jobAssignment.create event in the same transaction",
    args: { data: t.arg({ type: CreateInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const parsed = newAssignmentSchema.safeParse({ ...data, clientCompanyId: String(data.clientCompanyId), jobDescriptionId: data.jobDescriptionId?.toString() ?? null });
      if (!parsed.success) throw badInput(zodIssues(parsed.error));
      const values = parsed.data;
      const profileId = await requireMyTalentProfileId(context);
      const { db, viewer } = context;
      const id = await db.transaction(async (tx) => {
        // The client must be a live company whose roster holds this talent (an entry she
        // accepted): the posted id is never trusted on its own.
        const [roster] = await tx
          .select({ currency: companyTalentRoster.currency })
          .from(companyTalentRoster)
          .innerJoin(company, eq(company.id, companyTalentRoster.companyId))
          .where(and(eq(companyTalentRoster.companyId, values.clientCompanyId), eq(companyTalentRoster.talentProfileId, profileId), rosterHolds(), isNull(company.deletedAt)))
          .limit(1);
        if (!roster) throw badInput([{ path: 'clientCompanyId', code: 'clientNotMine' }]);
        if (values.jobDescriptionId) {
          const [role] = await tx
            .select({ id: jobDescription.id })
            .from(jobDescription)
            .where(and(eq(jobDescription.id, values.jobDescriptionId), eq(jobDescription.clientCompanyId, values.clientCompanyId), isNull(jobDescription.deletedAt)))
            .limit(1);
          if (!role) throw badInput([{ path: 'jobDescriptionId', code: 'jobDescriptionNotOfClient' }]);
        }
        const row = {
          jobDescriptionId: values.jobDescriptionId,
          talentProfileId: profileId,
          clientCompanyId: values.clientCompanyId,
          assignmentCurrency: values.currency ?? roster.currency,
          startDate: values.startDate,
          endDate: values.endDate,
          // A text left out of the input is none.
          team: values.team ?? null,
          costCenter: values.costCenter ?? null,
          talentNote: values.talentNote ?? null,
        };
        const [created] = await tx.insert(jobAssignment).values(row).returning({ id: jobAssignment.id });
        const { talentProfileId: _profile, ...after } = row;
        await recordEvent(tx, viewer, {
          type: 'jobAssignment.create',
          toId: values.clientCompanyId,
          data: { entityId: created!.id, companyId: values.clientCompanyId, talentProfileId: profileId, after },
        });
        return created!.id;
      });
      return (await loadMyAssignment(db, profileId, id))!;
    },
  }),
);

builder.mutationField('updateMyJobAssignment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentAssignment,
    description:
      "Changes the dates, team, cost centre or note of one of the signed-in talent's assignments (NOT_FOUND for any other id), and logs a jobAssignment.update event in the same transaction",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateInput, required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This assignment');
      const profileId = await requireMyTalentProfileId(context);
      const parsed = assignmentChangesSchema.safeParse(args.data);
      if (!parsed.success) throw badInput(zodIssues(parsed.error));
      const { db, viewer } = context;
      await db.transaction(async (tx) => {
        // Locked, so two saves of the same assignment cannot interleave their change lists.
        const [current] = await tx
          .select()
          .from(jobAssignment)
          .where(and(mine(profileId), eq(jobAssignment.id, id)))
          .limit(1)
          .for('update');
        if (!current) throw notFound('This assignment');
        const { startDate = current.startDate, endDate = current.endDate } = parsed.data;
        const orderIssue = dateOrderIssue(startDate, endDate);
        if (orderIssue) throw badInput([orderIssue]);
        type Field = keyof AssignmentChanges;
        const after = Object.fromEntries(
          Object.entries(parsed.data).filter(([field, value]) => value !== undefined && current[field as Field] !== value),
        ) as AssignmentChanges;
        const before = Object.fromEntries(Object.keys(after).map((field) => [field, current[field as Field]]));
        const changedFields = Object.keys(after);
        if (changedFields.length === 0) return;
        await tx.update(jobAssignment).set(after).where(eq(jobAssignment.id, id));
        await recordEvent(tx, viewer, {
          type: 'jobAssignment.update',
          toId: current.clientCompanyId,
          data: { entityId: id, companyId: current.clientCompanyId, talentProfileId: profileId, changedFields, before, after },
        });
      });
      return (await loadMyAssignment(db, profileId, id))!;
    },
  }),
);
