import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { type Done, fieldErrorsOf, type Invalid, type Refused } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { FEATURE_FLAG_ERRORS, featureFlagCreateSchema, featureFlagUpdateSchema } from './feature-flags';

// The documents and pure handlers of /admin/feature-flags: the list of
// flags and, with ?flag=<id>, one flag with its description, its holders and the users to
// give it to (found by e-mail or name through the admin's user list).

export const FEATURE_FLAGS_PER_PAGE = 20;
export const FLAG_HOLDERS_PER_PAGE = 20;
/** Users shown for one search when giving a flag: enough to pick from, else search closer. */
export const FLAG_USER_MATCHES = 10;
/** The address parameters: the flag a page is about, and the user search on it. */
export const FLAG_PARAM = 'flag';
export const USER_QUERY_PARAM = 'user';
const WORDS = 'admin.featureFlags';


export const FIND_MANY_FEATURE_FLAG_QUERY = graphql(`
  query FindManyFeatureFlag($q: String, $includeDeleted: Boolean, $page: Int, $perPage: Int) {
    findManyFeatureFlag(q: $q, includeDeleted: $includeDeleted, page: $page, perPage: $perPage) {
      items { id name description userCount isChecked createdAt deletedAt }
      total page pageCount
    }
  }
`);

export const FIND_FEATURE_FLAG_QUERY = graphql(`
  query FindFeatureFlag($id: ID!, $page: Int, $perPage: Int) {
    findFeatureFlag(id: $id) { id name description userCount isChecked createdAt deletedAt }
    findManyFeatureFlagHolder(featureFlagId: $id, page: $page, perPage: $perPage) {
      items { userId email displayName status assignedAt }
      total page pageCount
    }
  }
`);

export const CREATE_ONE_FEATURE_FLAG_MUTATION = graphql(`
  mutation CreateOneFeatureFlag($data: FeatureFlagCreateInput!) { createOneFeatureFlag(data: $data) { id } }
`);
export const UPDATE_ONE_FEATURE_FLAG_MUTATION = graphql(`
  mutation UpdateOneFeatureFlag($id: ID!, $data: FeatureFlagUpdateInput!) { updateOneFeatureFlag(id: $id, data: $data) { id } }
`);
export const DELETE_ONE_FEATURE_FLAG_MUTATION = graphql(`
  mutation DeleteOneFeatureFlag($id: ID!) { deleteOneFeatureFlag(id: $id) { id } }
`);
export const CREATE_ONE_USER_FEATURE_FLAG_MUTATION = graphql(`
  mutation CreateOneUserFeatureFlag($featureFlagId: ID!, $userId: ID!) { createOneUserFeatureFlag(featureFlagId: $featureFlagId, userId: $userId) { id } }
`);
export const DELETE_ONE_USER_FEATURE_FLAG_MUTATION = graphql(`
  mutation DeleteOneUserFeatureFlag($featureFlagId: ID!, $userId: ID!) { deleteOneUserFeatureFlag(featureFlagId: $featureFlagId, userId: $userId) { id } }
`);

export type FeatureFlagItem = ResultOf<typeof FIND_MANY_FEATURE_FLAG_QUERY>['findManyFeatureFlag']['items'][number];

export interface FeatureFlagFilters {
  q: string;
  includeDeleted: boolean;
}

export function readFeatureFlagFilters(url: URL): FeatureFlagFilters {
  return { q: (url.searchParams.get('q') ?? '').trim().slice(0, 200), includeDeleted: url.searchParams.get('deleted') === 'on' };
}

export const hasFeatureFlagFilters = (filters: FeatureFlagFilters) => Boolean(filters.q || filters.includeDeleted);

export const FEATURE_FLAG_INTENTS = ['create', 'describe', 'delete', 'assign', 'remove'] as const;
export type FeatureFlagIntent = (typeof FEATURE_FLAG_INTENTS)[number];

export function isFeatureFlagIntent(value: unknown): value is FeatureFlagIntent {
  return typeof value === 'string' && (FEATURE_FLAG_INTENTS as readonly string[]).includes(value);
}

const NOTICES: Record<FeatureFlagIntent, string> = {
  create: 'notices.admin.featureFlagCreated',
  describe: 'notices.admin.featureFlagSaved',
  delete: 'notices.admin.featureFlagDeleted',
  assign: 'notices.admin.featureFlagAssigned',
  remove: 'notices.admin.featureFlagRemoved',
};

export const FEATURE_FLAG_FORM_FIELDS = ['name', 'description'] as const;
export type FeatureFlagForm = Record<(typeof FEATURE_FLAG_FORM_FIELDS)[number], string>;

export type FeatureFlagOutcome =
  /** `flagId`: the flag the write concerned (a new one's id after create); the page shows it after. */
  | Done<{ noticeKey: string; flagId: string | null }>
  /** The create or describe form shown again with its fields as typed and a message per field. */
  | (Invalid<FeatureFlagForm> & { intent: 'create' | 'describe' })
  | Refused<{ rowId: string | null }>;

/**
 * One write of /admin/feature-flags: create (name, description), describe (id,
 * description), delete (id), assign and remove (id of the flag, userId).
 */
export async function submitFeatureFlagWrite(intent: FeatureFlagIntent, form: FormData, send: SendGraphql, t: Translate): Promise<FeatureFlagOutcome> {
  const values = typedForm(form, FEATURE_FLAG_FORM_FIELDS);
  const invalid = (issues: Parameters<typeof fieldErrorsOf>[0], which: 'create' | 'describe'): FeatureFlagOutcome => ({
    kind: 'invalid',
    intent: which,
    values,
    fieldErrors: fieldErrorsOf(issues, t, FEATURE_FLAG_ERRORS),
    formError: t(`${WORDS}.invalid`),
    status: 422,
  });
  if (intent === 'create') {
    const parsed = parseForm(form, featureFlagCreateSchema);
    if (!parsed.ok) return invalid(parsed.issues, 'create');
    const answer = await sendDocument(send, CREATE_ONE_FEATURE_FLAG_MUTATION, { data: { name: parsed.value.name, description: parsed.value.description ?? null } });
    const created = answer.data?.createOneFeatureFlag;
    if (created && !answer.errors.length) return { kind: 'done', noticeKey: NOTICES.create, flagId: created.id };
    const { issues } = answerIssues(answer.errors);
    if (issues.length) return invalid(issues, 'create');
    return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS, FEATURE_FLAG_ERRORS), rowId: null };
  }
  const id = postedId(form);
  if (!id) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422, rowId: null };
  let answer;
  if (intent === 'describe') {
    const parsed = parseForm(form, featureFlagUpdateSchema);
    if (!parsed.ok) return invalid(parsed.issues, 'describe');
    answer = await sendDocument(send, UPDATE_ONE_FEATURE_FLAG_MUTATION, { id, data: { description: parsed.value.description ?? '' } });
    const { issues } = answerIssues(answer.errors);
    if (issues.length) return invalid(issues, 'describe');
  } else if (intent === 'delete') {
    answer = await sendDocument(send, DELETE_ONE_FEATURE_FLAG_MUTATION, { id });
  } else {
    const userId = postedId(form, 'userId');
    if (!userId) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422, rowId: id };
    answer =
      intent === 'assign'
        ? await sendDocument(send, CREATE_ONE_USER_FEATURE_FLAG_MUTATION, { featureFlagId: id, userId })
        : await sendDocument(send, DELETE_ONE_USER_FEATURE_FLAG_MUTATION, { featureFlagId: id, userId });
  }
  if (answer.data && !answer.errors.length) return { kind: 'done', noticeKey: NOTICES[intent], flagId: id };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS, FEATURE_FLAG_ERRORS), rowId: id };
}
