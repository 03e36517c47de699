import { companyRefusal } from '../forms/company-refusals';
import { tickedBoxes, typedForm } from '../forms/form-values';
import { answerIssues } from '../forms/answer-issues';
import { type Done, fieldErrorsOf, type Invalid, type RefusalStatus } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import type { PagePermission } from '../routes/route-table';
import { TALENT_NOTE_ERRORS, talentNoteSchema } from './talent-note-input';

// The documents and pure handlers of the notes section (components/talent-notes), shown
// on a received application and, later, on the roster details.

const WORDS = 'talentNotes';

export const FIND_MANY_COMPANY_TALENT_NOTE_QUERY = graphql(`
  query FindManyCompanyTalentNote($talentProfileId: ID!) {
    findManyCompanyTalentNote(talentProfileId: $talentProfileId) { id note private authorName isMine createdAt updatedAt }
  }
`);

export const CREATE_ONE_COMPANY_TALENT_NOTE_MUTATION = graphql(`
  mutation CreateOneCompanyTalentNote($talentProfileId: ID!, $data: CompanyTalentNoteInput!) {
    createOneCompanyTalentNote(talentProfileId: $talentProfileId, data: $data) { id }
  }
`);

export const UPDATE_ONE_COMPANY_TALENT_NOTE_MUTATION = graphql(`
  mutation UpdateOneCompanyTalentNote($id: ID!, $data: CompanyTalentNoteInput!) {
    updateOneCompanyTalentNote(id: $id, data: $data) { id }
  }
`);

export const DELETE_ONE_COMPANY_TALENT_NOTE_MUTATION = graphql(`
  mutation DeleteOneCompanyTalentNote($id: ID!) {
    deleteOneCompanyTalentNote(id: $id)
  }
`);

/** What the member may do with notes (the companyTalentNote permission), read by a page with companyPage.may: each part of the section shows with its own. */
export const TALENT_NOTE_PERMISSIONS = {
  read: ['companyTalentNote', 'read'],
  create: ['companyTalentNote', 'create'],
  update: ['companyTalentNote', 'update'],
  delete: ['companyTalentNote', 'delete'],
} as const satisfies Record<string, PagePermission>;

export type TalentNoteItem = ResultOf<typeof FIND_MANY_COMPANY_TALENT_NOTE_QUERY>['findManyCompanyTalentNote'][number];

export const TALENT_NOTE_INTENTS = ['createNote', 'updateNote', 'deleteNote'] as const;
export type TalentNoteIntent = (typeof TALENT_NOTE_INTENTS)[number];

export function isTalentNoteIntent(value: unknown): value is TalentNoteIntent {
  return typeof value === 'string' && (TALENT_NOTE_INTENTS as readonly string[]).includes(value);
}

export interface TalentNoteFormValues {
  note: string;
  private: boolean;
}

/** Invalid: the note's form again; `noteId` is the note it is about, null for the new-note form. */
export type TalentNoteOutcome = Done<{ noticeKey: string }> | (Invalid<TalentNoteFormValues> & { noteId: string | null });

/** One post of the notes section, by its intent; note ids are resolved by the API inside the company. */
export async function submitTalentNoteWrite(intent: TalentNoteIntent, talentProfileId: string, form: FormData, send: SendGraphql, t: Translate): Promise<TalentNoteOutcome> {
  const noteId = intent === 'createNote' ? null : postedId(form);
  const values = { ...typedForm(form, ['note']), ...tickedBoxes(form, ['private']) };
  const refused = (status: RefusalStatus, fieldErrors: Record<string, string | undefined>, formError: string | null): TalentNoteOutcome => ({ kind: 'invalid', noteId, values, fieldErrors, formError, status });
  if (intent !== 'createNote' && !noteId) return refused(422, {}, t(`${WORDS}.gone`));
  if (intent === 'deleteNote') {
    const answer = await sendDocument(send, DELETE_ONE_COMPANY_TALENT_NOTE_MUTATION, { id: noteId! });
    if (answer.data?.deleteOneCompanyTalentNote && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.talentNotes.deleted' };
    const refusal = companyRefusal(answer.errors, t, WORDS);
    return refused(refusal.status, {}, refusal.message);
  }
  const parsed = parseForm(form, talentNoteSchema);
  if (!parsed.ok) return refused(422, fieldErrorsOf(parsed.issues, t, TALENT_NOTE_ERRORS), null);
  const answer =
    intent === 'createNote'
      ? await sendDocument(send, CREATE_ONE_COMPANY_TALENT_NOTE_MUTATION, { talentProfileId, data: parsed.value })
      : await sendDocument(send, UPDATE_ONE_COMPANY_TALENT_NOTE_MUTATION, { id: noteId!, data: parsed.value });
  const saved = answer.data && ('createOneCompanyTalentNote' in answer.data ? answer.data.createOneCompanyTalentNote : answer.data.updateOneCompanyTalentNote);
  if (saved && !answer.errors.length) return { kind: 'done', noticeKey: intent === 'createNote' ? 'notices.talentNotes.created' : 'notices.talentNotes.updated' };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return refused(422, fieldErrorsOf(issues, t, TALENT_NOTE_ERRORS), null);
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return refused(refusal.status, {}, refusal.message);
}
