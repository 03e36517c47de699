import { and, desc, eq, or, sql } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { TALENT_NOTE_ERRORS, TALENT_NOTE_MAX, talentNoteSchema } from '../../../lib/talent-notes/talent-note-input';
import { companyTalentNote, user } from '../../db/schema';
import { builder } from '../builder';
import { forbidden, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { reachableTalentLink } from '../job-applications/talent-link';

// Notes a company keeps on a talent (the companyTalentNote entity). A note is its
// author's alone when private, else shared with the company's members who may read notes
// (companyTalentNote read); only its author edits or deletes it. A company writes notes on
// the talents it works with (an application it holds, its roster) or may find (visible
// profiles); any other talent id, and another company's note id, is NOT_FOUND.

interface NoteRow {
  id: string;
  note: string;
  private: boolean;
  userId: string | null;
  authorName: string | null;
  talentProfileId: string;
  createdAt: Date;
  updatedAt: Date;
}

export const CompanyTalentNote = builder.objectRef<NoteRow>('CompanyTalentNote');
CompanyTalentNote.implement({
  description: "A note of the selected company on a talent, as the caller may see it",
  fields: (t) => ({
    id: t.exposeID('id'),
    note: t.exposeString('note'),
    private: t.exposeBoolean('private', { description: "Seen by its author only" }),
    authorName: t.exposeString('authorName', { nullable: true }),
    isMine: t.boolean({ description: 'The caller wrote it: they may edit and delete it', resolve: (row, _args, context) => row.userId === context.viewer?.userId }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

function selectNotes(db: Writer) {
  return db
    .select({
      id: companyTalentNote.id,
      note: companyTalentNote.note,
      private: companyTalentNote.private,
      userId: companyTalentNote.userId,
      authorName: sql<string | null>`coalesce(${user.displayName}, ${user.email})`,
      talentProfileId: companyTalentNote.talentProfileId,
      createdAt: companyTalentNote.createdAt,
      updatedAt: companyTalentNote.updatedAt,
    })
    .from(companyTalentNote)
    .leftJoin(user, eq(user.id, companyTalentNote.userId));
}

/** Notes the caller may see in this company: shared ones, and their own private ones. */
const visibleTo = (companyId: string, userId: string) => and(eq(companyTalentNote.companyId, companyId), or(eq(companyTalentNote.private, false), eq(companyTalentNote.userId, userId)));

/** A talent the company may keep notes on; any other id is NOT_FOUND like an unknown one. */
async function requireNotableTalent(db: Writer, companyId: string, talentProfileId: string): Promise<void> {
  if (!(await reachableTalentLink(db, companyId, talentProfileId))) throw notFound('The talent');
}

/** A note the caller may see; another company's, or someone else's private one, is NOT_FOUND. */
async function visibleNote(db: Writer, companyId: string, userId: string, id: string, lock = false): Promise<NoteRow> {
  if (!isUuid(id)) throw notFound('The note');
  const query = selectNotes(db).where(and(eq(companyTalentNote.id, id), visibleTo(companyId, userId))).limit(1);
  const [row] = lock ? await query.for('update', { of: companyTalentNote }) : await query;
  if (!row) throw notFound('The note');
  return row;
}

const eventFields = (row: Pick<NoteRow, 'private' | 'note'>) => ({ private: row.private, length: row.note.length });

builder.queryField('findManyCompanyTalentNote', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyTalentNote],
    description: "The selected company's notes on a talent the caller may see, newest first; needs companyTalentNote read",
    args: { talentProfileId: t.arg.id({ required: true }) },
    resolve: async (_root, { talentProfileId }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyTalentNote', 'read');
      await requireNotableTalent(context.db, companyId, String(talentProfileId));
      return selectNotes(context.db)
        .where(and(eq(companyTalentNote.talentProfileId, String(talentProfileId)), visibleTo(companyId, userId)))
        .orderBy(desc(companyTalentNote.createdAt), desc(companyTalentNote.id));
    },
  }),
);

const CompanyTalentNoteInput = builder.inputType('CompanyTalentNoteInput', {
  fields: (t) => ({
    note: t.string({ required: true, description: `1 to ${TALENT_NOTE_MAX} characters` }),
    private: t.boolean({ description: 'Seen by its author only (default false: shared with the members who may read notes)' }),
  }),
});

builder.mutationField('createOneCompanyTalentNote', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyTalentNote,
    description: 'Writes a note on a talent for the selected company; needs companyTalentNote create. Records companyTalentNote.create',
    args: { talentProfileId: t.arg.id({ required: true }), data: t.arg({ type: CompanyTalentNoteInput, required: true }) },
    resolve: async (_root, { talentProfileId, data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyTalentNote', 'create');
      const parsed = talentNoteSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_NOTE_ERRORS);
      const talentId = String(talentProfileId);
      return context.db.transaction(async (tx) => {
        await requireNotableTalent(tx, companyId, talentId);
        const [created] = await tx.insert(companyTalentNote).values({ companyId, talentProfileId: talentId, userId, note: parsed.data.note, private: parsed.data.private }).returning({ id: companyTalentNote.id });
        await recordEvent(tx, context.viewer, { type: 'companyTalentNote.create', toId: companyId, data: { entityId: created!.id, companyId, talentProfileId: talentId, before: null, after: eventFields(parsed.data) } });
        return visibleNote(tx, companyId, userId, created!.id);
      });
    },
  }),
);

builder.mutationField('updateOneCompanyTalentNote', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyTalentNote,
    description: 'Rewrites one of your notes; needs companyTalentNote update. Records companyTalentNote.update',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: CompanyTalentNoteInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyTalentNote', 'update');
      const parsed = talentNoteSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), TALENT_NOTE_ERRORS);
      return context.db.transaction(async (tx) => {
        const before = await visibleNote(tx, companyId, userId, String(id), true);
        if (before.userId !== userId) throw forbidden('Only its author edits a note');
        await tx.update(companyTalentNote).set({ note: parsed.data.note, private: parsed.data.private }).where(eq(companyTalentNote.id, before.id));
        await recordEvent(tx, context.viewer, { type: 'companyTalentNote.update', toId: companyId, data: { entityId: before.id, companyId, talentProfileId: before.talentProfileId, before: eventFields(before), after: eventFields(parsed.data) } });
        return visibleNote(tx, companyId, userId, before.id);
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyTalentNote', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: 'Deletes one of your notes; needs companyTalentNote delete. Records companyTalentNote.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'companyTalentNote', 'delete');
      return context.db.transaction(async (tx) => {
        const before = await visibleNote(tx, companyId, userId, String(id), true);
        if (before.userId !== userId) throw forbidden('Only its author deletes a note');
        await tx.delete(companyTalentNote).where(eq(companyTalentNote.id, before.id));
        await recordEvent(tx, context.viewer, { type: 'companyTalentNote.delete', toId: companyId, data: { entityId: before.id, companyId, talentProfileId: before.talentProfileId, before: eventFields(before), after: null } });
        return true;
      });
    },
  }),
);
