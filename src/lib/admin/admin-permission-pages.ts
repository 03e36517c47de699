import { z } from 'zod';
import { companyRefusal } from '../forms/company-refusals';
import type { ActionOutcome } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { ASSIGNABLE_ADMIN_PERMISSIONS } from '../permissions/admin-permissions';
import { ADMIN_ERRORS } from './company-verification';

// The documents and the one write of /admin/talents?view=admins: the platform's admins and
// what each may do, set by a super admin (lib/permissions/admin-permissions.ts).

export const PLATFORM_ADMINS_PER_PAGE = 50;
const WORDS = 'admin.admins';

export const FIND_MANY_PLATFORM_ADMIN_QUERY = graphql(`
  query FindManyPlatformAdmin($page: Int, $perPage: Int) {
    findManyPlatformAdmin(page: $page, perPage: $perPage) {
      items { id email displayName lastVisit permissions isSuperAdmin isSelf }
      total page pageCount
    }
  }
`);

export const UPDATE_ONE_ADMIN_PERMISSIONS_MUTATION = graphql(`
  mutation UpdateOneAdminPermissions($userId: ID!, $permissions: [AdminPermission!]!) {
    updateOneAdminPermissions(userId: $userId, permissions: $permissions) { id permissions }
  }
`);

export type PlatformAdminListPage = ResultOf<typeof FIND_MANY_PLATFORM_ADMIN_QUERY>['findManyPlatformAdmin'];

/**
 * The permissions form: each ticked box one `permissions` value, none ticked none posted.
 * Only the assignable ones are offered, so another value is a form that was not ours.
 */
export const adminPermissionsFormSchema = z.object({
  permissions: z.preprocess((raw) => (raw == null ? [] : Array.isArray(raw) ? raw : [raw]), z.array(z.enum(ASSIGNABLE_ADMIN_PERMISSIONS, { message: 'adminPermissionUnknown' }))),
});

export type AdminPermissionsOutcome = ActionOutcome<{ noticeKey: string; target: string }, { rowId: string | null }>;

/** intent=adminPermissions with the admin's user id and the ticked permissions. */
export async function submitAdminPermissions(form: FormData, send: SendGraphql, t: Translate): Promise<AdminPermissionsOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422, rowId: null };
  const parsed = parseForm(form, adminPermissionsFormSchema, { coerce: false });
  if (!parsed.ok) return { kind: 'refused', message: t(`${WORDS}.failed`), status: 422, rowId: id };
  const answer = await sendDocument(send, UPDATE_ONE_ADMIN_PERMISSIONS_MUTATION, { userId: id, permissions: parsed.value.permissions });
  if (answer.data && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.admin.adminPermissionsSaved', target: `admin-${id}` };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS, ADMIN_ERRORS), rowId: id };
}
