import { companyRefusal } from '../forms/company-refusals';
import { z } from 'zod';
import { answerIssues } from '../forms/answer-issues';
import { idOrNull } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql, type GraphqlError } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { SAVED_TALENT_ERRORS } from './saved-talent-input';
import type { ActionOutcome } from '../forms/form-outcome';

// The documents and pure handlers of /company/talent-saved and of the "Save to list" forms
// on the talent search and a talent's profile.

export const SAVED_TALENTS_PER_PAGE = 25;
const WORDS = 'savedTalents';

export const FIND_MANY_COMPANY_SAVED_TALENT_LIST_QUERY = graphql(`
  query FindManyCompanySavedTalentList {
    findManyCompanySavedTalentList { id label talentCount }
  }
`);

export const FIND_MANY_COMPANY_SAVED_TALENT_QUERY = graphql(`
  query FindManyCompanySavedTalent($listId: ID!, $page: Int, $perPage: Int) {
    findManyCompanySavedTalent(listId: $listId, page: $page, perPage: $perPage) {
      items { id talentProfileId profileName jobTitle location skills isVisible poolConsent savedByName createdAt }
      total page pageCount
    }
  }
`);

const CREATE_LIST = graphql(`
  mutation CreateOneCompanySavedTalentList($label: String!) {
    createOneCompanySavedTalentList(label: $label) { id }
  }
`);

const RENAME_LIST = graphql(`
  mutation UpdateOneCompanySavedTalentList($id: ID!, $label: String!) {
    updateOneCompanySavedTalentList(id: $id, label: $label) { id }
  }
`);

const DELETE_LIST = graphql(`
  mutation DeleteOneCompanySavedTalentList($id: ID!) {
    deleteOneCompanySavedTalentList(id: $id)
  }
`);

const SAVE_TALENT = graphql(`
  mutation CreateOneCompanySavedTalent($talentProfileId: ID!, $listId: ID!) {
    createOneCompanySavedTalent(talentProfileId: $talentProfileId, listId: $listId)
  }
`);

const MOVE_SAVED_TALENT = graphql(`
  mutation MoveCompanySavedTalent($id: ID!, $listId: ID!) {
    moveCompanySavedTalent(id: $id, listId: $listId)
  }
`);

const REMOVE_SAVED_TALENT = graphql(`
  mutation DeleteOneCompanySavedTalent($id: ID!) {
    deleteOneCompanySavedTalent(id: $id)
  }
`);

export type SavedTalentListItem = ResultOf<typeof FIND_MANY_COMPANY_SAVED_TALENT_LIST_QUERY>['findManyCompanySavedTalentList'][number];
export type SavedTalentItem = ResultOf<typeof FIND_MANY_COMPANY_SAVED_TALENT_QUERY>['findManyCompanySavedTalent']['items'][number];

export const SAVED_TALENT_INTENTS = ['createList', 'renameList', 'deleteList', 'saveTalent', 'saveTalentToNewList', 'moveSavedTalent', 'removeSavedTalent'] as const;
export type SavedTalentIntent = (typeof SAVED_TALENT_INTENTS)[number];

export function isSavedTalentIntent(value: unknown): value is SavedTalentIntent {
  return typeof value === 'string' && (SAVED_TALENT_INTENTS as readonly string[]).includes(value);
}

export type SavedTalentOutcome = ActionOutcome<
  /** `listId`: the list to show next (the new one, or where a talent went); null to stay. */
  { noticeKey: string; listId: string | null },
  /** `rowId`: the talent, entry or list the refusal is about, to say it there. */
  { intent: SavedTalentIntent; rowId: string | null; label: string }
>;

function refusalOf(intent: SavedTalentIntent, rowId: string | null, label: string, errors: readonly GraphqlError[], t: Translate): SavedTalentOutcome {
  const { issues } = answerIssues(errors);
  const reason = errors[0]?.extensions?.reason;
  const code = issues[0]?.code ?? (typeof reason === 'string' ? reason : null);
  const worded = code ? t(`${SAVED_TALENT_ERRORS}.${code}`, { defaultValue: '' }) : '';
  if (worded) return { kind: 'refused', intent, rowId, message: worded, status: errors[0]?.extensions?.code === 'CONFLICT' ? 409 : 422, label };
  const refusal = companyRefusal(errors, t, WORDS);
  return { kind: 'refused', intent, rowId, ...refusal, label };
}

/**
 * A post about lists or saved talents: the list's name as typed (the API checks it with
 * savedTalentListLabel, and its codes are worded here) and the ids it names, each null
 * when missing or no UUID.
 */
export const savedTalentFormSchema = z.object({
  label: z
    .string()
    .nullish()
    .transform((raw) => raw ?? ''),
  id: idOrNull,
  listId: idOrNull,
  talentProfileId: idOrNull,
});

/** One post about lists or saved talents, by its intent; every id is resolved by the API inside the company. */
export async function submitSavedTalentWrite(intent: SavedTalentIntent, form: FormData, send: SendGraphql, t: Translate): Promise<SavedTalentOutcome> {
  const parsed = parseForm(form, savedTalentFormSchema, { coerce: false });
  // Only a form that was not ours fails (a file where text belongs): nothing it names can be written.
  if (!parsed.ok) return { kind: 'refused', intent, rowId: null, message: t(`${WORDS}.gone`), status: 422, label: '' };
  const { label, id, listId, talentProfileId } = parsed.value;
  const gone: SavedTalentOutcome = { kind: 'refused', intent, rowId: id ?? talentProfileId, message: t(`${WORDS}.gone`), status: 422, label };
  switch (intent) {
    case 'createList': {
      const answer = await sendDocument(send, CREATE_LIST, { label });
      const created = answer.data?.createOneCompanySavedTalentList;
      return created && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.savedTalents.listCreated', listId: created.id } : refusalOf(intent, null, label, answer.errors, t);
    }
    case 'renameList': {
      if (!id) return gone;
      const answer = await sendDocument(send, RENAME_LIST, { id, label });
      return answer.data?.updateOneCompanySavedTalentList && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.savedTalents.listRenamed', listId: id } : refusalOf(intent, id, label, answer.errors, t);
    }
    case 'deleteList': {
      if (!id) return gone;
      const answer = await sendDocument(send, DELETE_LIST, { id });
      return answer.data?.deleteOneCompanySavedTalentList && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.savedTalents.listDeleted', listId: null } : refusalOf(intent, id, label, answer.errors, t);
    }
    case 'saveTalent': {
      if (!talentProfileId || !listId) return { ...gone, message: t(`${WORDS}.chooseList`) };
      const answer = await sendDocument(send, SAVE_TALENT, { talentProfileId, listId });
      return answer.data?.createOneCompanySavedTalent && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.savedTalents.saved', listId } : refusalOf(intent, talentProfileId, label, answer.errors, t);
    }
    case 'saveTalentToNewList': {
      // A new list named `label`, then the talent saved into it: the two writes the page
      // would make one after the other. A refused name is said at the field, as typed.
      if (!talentProfileId) return gone;
      const created = await submitSavedTalentWrite('createList', form, send, t);
      if (created.kind !== 'done' || !created.listId) return created.kind === 'refused' ? { ...created, intent } : gone;
      const saving = new FormData();
      saving.set('talentProfileId', talentProfileId);
      saving.set('listId', created.listId);
      const saved = await submitSavedTalentWrite('saveTalent', saving, send, t);
      return saved.kind === 'done' ? { kind: 'done', noticeKey: 'notices.savedTalents.savedToNewList', listId: created.listId } : { ...saved, intent, label };
    }
    case 'moveSavedTalent': {
      if (!id || !listId) return gone;
      const answer = await sendDocument(send, MOVE_SAVED_TALENT, { id, listId });
      return answer.data?.moveCompanySavedTalent && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.savedTalents.moved', listId: null } : refusalOf(intent, id, label, answer.errors, t);
    }
    case 'removeSavedTalent': {
      if (!id) return gone;
      const answer = await sendDocument(send, REMOVE_SAVED_TALENT, { id });
      return answer.data?.deleteOneCompanySavedTalent && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.savedTalents.removed', listId: null } : refusalOf(intent, id, label, answer.errors, t);
    }
  }
}
