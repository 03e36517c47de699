import { z } from 'zod';
import { companyRefusal } from '../forms/company-refusals';
import { type ActionOutcome, fieldErrorsOf, type RefusalStatus } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { bulkRefusal, bulkWrite } from '../forms/bulk-write';
import { postedId, postedIds } from '../ids';
import { ADMIN_ERRORS, TALENT_VERIFICATION_CHOICES, type TalentVerificationChoice } from './company-verification';
import { USER_STATUSES, type UserStatusAction, type UserStatusValue } from './user-status';

// The documents and pure handlers of /admin/talents (the admin area): users and talent profiles,
// their status and verification.

export const ADMIN_USERS_PER_PAGE = 20;
const WORDS = 'admin.talents';

/**
 * The verification form: the status picked must be one of the choices. The select offers
 * nothing else, so another value is a form that was not ours: its code has no words of its
 * own and the row says the write failed.
 */
export const talentVerificationFormSchema = z.object({ verificationStatus: z.enum(TALENT_VERIFICATION_CHOICES, { message: 'verificationStatusUnknown' }) });

export const FIND_MANY_ADMIN_USER_QUERY = graphql(`
  query FindManyAdminUser($q: String, $status: UserStatus, $talentVerification: TalentVerificationStatus, $page: Int, $perPage: Int) {
    findManyAdminUser(q: $q, status: $status, talentVerification: $talentVerification, page: $page, perPage: $perPage) {
      items {
        id email displayName status isAdmin statusActions companyCount createdAt lastVisit
        talentProfile { id profileName jobTitle verificationStatus isVisible }
      }
      total page pageCount
    }
  }
`);

export const UPDATE_ONE_USER_STATUS_MUTATION = graphql(`
  mutation UpdateOneUserStatus($id: ID!, $status: AdminUserStatusChange!) {
    updateOneUserStatus(id: $id, status: $status) { id status }
  }
`);

export const DELETE_ONE_USER_MUTATION = graphql(`
  mutation DeleteOneUser($id: ID!) {
    deleteOneUser(id: $id) { id status }
  }
`);

export const UPDATE_ONE_TALENT_PROFILE_VERIFICATION_MUTATION = graphql(`
  mutation UpdateOneTalentProfileVerification($id: ID!, $verificationStatus: TalentVerificationStatus!) {
    updateOneTalentProfileVerification(id: $id, verificationStatus: $verificationStatus) { id }
  }
`);

export type AdminUserListPage = ResultOf<typeof FIND_MANY_ADMIN_USER_QUERY>['findManyAdminUser'];
export type AdminUserListItem = AdminUserListPage['items'][number];

/** The list's filters, as the address carries them; anything unknown is no filter. */
export interface AdminUserFilters {
  q: string;
  /** A status, or null for everyone who is not deleted. */
  status: UserStatusValue | null;
  talentVerification: TalentVerificationChoice | null;
}

export function readAdminUserFilters(url: URL): AdminUserFilters {
  const status = url.searchParams.get('status') ?? '';
  const verification = url.searchParams.get('verification') ?? '';
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 200),
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatusValue) : null,
    talentVerification: (TALENT_VERIFICATION_CHOICES as readonly string[]).includes(verification) ? (verification as TalentVerificationChoice) : null,
  };
}

export const hasAdminUserFilters = (filters: AdminUserFilters) => Boolean(filters.q || filters.status || filters.talentVerification);

export type AdminTalentIntent = UserStatusAction | 'verification';

export function isAdminTalentIntent(value: unknown): value is AdminTalentIntent {
  return value === 'block' || value === 'unblock' || value === 'delete' || value === 'verification';
}

const NOTICES: Record<AdminTalentIntent, string> = {
  block: 'notices.admin.userBlocked',
  unblock: 'notices.admin.userUnblocked',
  delete: 'notices.admin.userDeleted',
  verification: 'notices.admin.talentVerificationSaved',
};

export type AdminTalentOutcome = ActionOutcome<{ noticeKey: string; target: string }, { rowId: string | null }>;

/**
 * One write of /admin/talents: intent=block|unblock|delete with the user's id, or
 * intent=verification with the talent profile's id (and the row's user id, `userId`, to
 * show a refusal on its row) and the status.
 */
export async function submitAdminTalentWrite(intent: AdminTalentIntent, form: FormData, send: SendGraphql, t: Translate): Promise<AdminTalentOutcome> {
  const id = postedId(form);
  const rowId = postedId(form, 'userId') ?? id;
  if (!id) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422, rowId: null };
  let answer;
  if (intent === 'verification') {
    const parsed = parseForm(form, talentVerificationFormSchema);
    if (!parsed.ok) return { kind: 'refused', message: fieldErrorsOf(parsed.issues, t, ADMIN_ERRORS, `${WORDS}.failed`).verificationStatus ?? t(`${WORDS}.failed`), status: 422, rowId };
    answer = await sendDocument(send, UPDATE_ONE_TALENT_PROFILE_VERIFICATION_MUTATION, { id, verificationStatus: parsed.value.verificationStatus });
  } else if (intent === 'delete') {
    answer = await sendDocument(send, DELETE_ONE_USER_MUTATION, { id });
  } else {
    answer = await sendDocument(send, UPDATE_ONE_USER_STATUS_MUTATION, { id, status: intent === 'block' ? 'BLOCKED' : 'ACTIVE' });
  }
  if (answer.data && !answer.errors.length) return { kind: 'done', noticeKey: NOTICES[intent], target: `user-${rowId}` };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS, ADMIN_ERRORS), rowId };
}

/** The most profiles one bulk verification changes: a page of the list. */
export const ADMIN_BULK_VERIFICATION_MAX = ADMIN_USERS_PER_PAGE;

/**
 * The table's bulk verification (intent=bulkVerification): the ticked rows' talent
 * profile ids and the status for all of them, written row by row (bulkWrite). A status
 * that is not a choice is refused before any write, like nothing ticked or too many; a
 * partial failure says how many did not change (the rows show each one as it stands).
 */
export async function submitAdminTalentBulkVerification(form: FormData, send: SendGraphql, t: Translate): Promise<AdminTalentOutcome> {
  const parsed = parseForm(form, talentVerificationFormSchema);
  const refused = (message: string, status: RefusalStatus = 422): AdminTalentOutcome => ({ kind: 'refused', message, status, rowId: null });
  if (!parsed.ok) return postedIds(form).length === 0 ? refused(t(`${WORDS}.bulkNoneSelected`)) : refused(t(`${WORDS}.failed`));
  const outcome = await bulkWrite(form, ADMIN_BULK_VERIFICATION_MAX, async (id) => {
    const answer = await sendDocument(send, UPDATE_ONE_TALENT_PROFILE_VERIFICATION_MUTATION, { id, verificationStatus: parsed.value.verificationStatus });
    return Boolean(answer.data) && answer.errors.length === 0;
  });
  const words = bulkRefusal(outcome, t, WORDS);
  return words ? refused(words.message, words.status) : { kind: 'done', noticeKey: NOTICES.verification, target: 'admin-talents-bulk' };
}
