import { answerIssues } from '../forms/answer-issues';
import { typedForm } from '../forms/form-values';
import { type ActionOutcome, fieldErrorsOf, type Invalid } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { COMPANY_ERRORS, companyRefusal } from '../forms/company-refusals';
import { permissionRows, RECRUITER_PERMISSIONS, roleFormSchema, type RolePermissionRow } from './company-roles';
import { postedPermissionRows } from './permission-matrix-form';
import { grantablePart } from './self-granted-power';
import { can } from '../permissions/effective-permissions';
import { PERMISSION_ACTIONS, type PermissionAction, type PermissionSet } from '../permissions/resources';
import type { PagePermission } from '../routes/route-table';

// The documents and pure handlers of /company/roles: the selected company's roles with
// their permission matrices, the company's own permission set (read-only: platform admins
// set it), and the three writes (create, edit, delete).

export const ROLES_PER_PAGE = 20;
const ROLE_WORDS = 'companies.roles';

export const COMPANY_ROLES_QUERY = graphql(`
  query CompanyRoles($page: Int, $perPage: Int) {
    findManyCompanyRole(page: $page, perPage: $perPage) {
      items { id name isDefault heldByYou memberCount permissions { resource read create update delete } }
      page pageCount total
    }
  }
`);

export const COMPANY_PERMISSIONS_QUERY = graphql(`
  query CompanyPermissions {
    findCompanyPermissions { resource limited read create update delete }
  }
`);

export const CREATE_ONE_COMPANY_ROLE_MUTATION = graphql(`
  mutation CreateOneCompanyRole($data: CreateOneCompanyRoleInput!) {
    createOneCompanyRole(data: $data) { id }
  }
`);

export const UPDATE_ONE_COMPANY_ROLE_MUTATION = graphql(`
  mutation UpdateOneCompanyRole($id: ID!, $data: UpdateOneCompanyRoleInput!) {
    updateOneCompanyRole(id: $id, data: $data) { id }
  }
`);

export const DELETE_ONE_COMPANY_ROLE_MUTATION = graphql(`
  mutation DeleteOneCompanyRole($id: ID!) {
    deleteOneCompanyRole(id: $id)
  }
`);

export type CompanyRolePage = ResultOf<typeof COMPANY_ROLES_QUERY>['findManyCompanyRole'];
export type CompanyRoleItem = CompanyRolePage['items'][number];
export type CompanyPermissionItem = ResultOf<typeof COMPANY_PERMISSIONS_QUERY>['findCompanyPermissions'][number];

/** The role form as shown: the name as typed and one row per resource, in the spec's order. */
export interface RoleFormValues {
  name: string;
  permissions: RolePermissionRow[];
}

/**
 * A new role starts from the Recruiter template of the platform's default permissions
 * (companyDefaultPermissions): it is the narrowest useful default (read the company, work
 * on job ads, read applications, talents and invitations) and grants nothing over members
 * or roles, so a role saved without a second look cannot hand out the company. The Owner
 * template (everything) would make the safe choice the one that takes unticking. What the
 * viewer does not hold (`held`) is left out: they could not grant it (no self-granted power).
 */
export function newRoleValues(held: PermissionSet): RoleFormValues {
  return { name: '', permissions: permissionRows(grantablePart(RECRUITER_PERMISSIONS, held)) };
}

/** A matrix row as the role form draws it: the boxes the viewer may not change are fixed (drawn disabled, their value kept). */
export type RoleFormRow = RolePermissionRow & { fixed: Record<PermissionAction, boolean> };

/**
 * The role form's rows (no self-granted power): on the viewer's own role every box is
 * fixed, since what it allows is for someone else to change; on any other, the boxes of
 * permissions the viewer does not hold, which they can neither grant nor take back once
 * taken away. A fixed box posts its value as it is, so saving keeps what was there.
 */
export function roleFormRows(rows: readonly RolePermissionRow[], held: PermissionSet, ownRole: boolean): RoleFormRow[] {
  return rows.map((row) => ({ ...row, fixed: Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, ownRole || !can(held, row.resource, action)])) as Record<PermissionAction, boolean> }));
}

export function roleValues(role: Pick<CompanyRoleItem, 'name' | 'permissions'>): RoleFormValues {
  return { name: role.name, permissions: permissionRows(Object.fromEntries(role.permissions.map(({ resource, ...actions }) => [resource, actions]))) };
}

/** The name as typed and the matrix as ticked, row by row in the order the form draws it: to show the form again after a refusal. */
function postedValues(form: FormData): RoleFormValues {
  // A role's matrix has no Limit column: that is the company's own set.
  return { name: typedForm(form, ['name']).name, permissions: postedPermissionRows(form).map(({ limited, ...row }) => row) };
}

export type RoleWriteIntent = 'create' | 'update' | 'delete';

/** The permission each write needs (the permission matrix, as the API checks it), checked by the page first. */
export const ROLE_WRITE_PERMISSIONS: Readonly<Record<RoleWriteIntent, PagePermission>> = {
  create: ['companyRole', 'create'],
  update: ['companyRole', 'update'],
  delete: ['companyRole', 'delete'],
};

/** How a write ended: done (the page redirects with the notice), or refused with words for the user. */
export type RoleWriteOutcome = ActionOutcome<
  /** `target` is the element id of the role's row (role-<id>): notice targets start with a letter, ids may not. */
  { noticeKey: string; target: string | null },
  {
    intent: RoleWriteIntent;
    /** The role the refusal is about; null for a new one. */
    rowId: string | null;
    /** Members or open invitations still hold the role: the page links to Members, where they are moved. */
    roleInUse: boolean;
    /** The create or edit form to show again, with what was typed. */
    form: Invalid<RoleFormValues> | null;
  }
>;

/** Create or edit: the name and the whole matrix, checked by the API's own rules before sending. */
async function submitRoleForm(intent: 'create' | 'update', rowId: string | null, form: FormData, send: SendGraphql, t: Translate): Promise<RoleWriteOutcome> {
  const values = postedValues(form);
  // The matrix is drawn from the spec's list, so an issue inside it means a form that was
  // not the page's own (stale or edited): no checkbox can carry it, the form says it.
  const matrixError = (fieldErrors: Record<string, string | undefined>) => (Object.keys(fieldErrors).some((field) => field !== 'name') ? t(`${ROLE_WORDS}.matrixInvalid`) : null);
  const invalid = (fieldErrors: Record<string, string | undefined>, formError: string | null, errors: readonly GraphqlError[] = []): RoleWriteOutcome => ({
    kind: 'refused',
    intent,
    rowId,
    message: formError ?? t(`${ROLE_WORDS}.invalid`),
    status: companyRefusal(errors, t, ROLE_WORDS).status,
    roleInUse: false,
    form: { kind: 'invalid', values, fieldErrors, formError: formError ?? matrixError(fieldErrors), status: 422 },
  });
  const parsed = parseForm(form, roleFormSchema);
  if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, COMPANY_ERRORS), null);
  const data = { name: parsed.value.name, permissions: permissionRows(parsed.value.permissions) };
  const answer =
    intent === 'create'
      ? await sendDocument(send, CREATE_ONE_COMPANY_ROLE_MUTATION, { data })
      : await sendDocument(send, UPDATE_ONE_COMPANY_ROLE_MUTATION, { id: rowId!, data });
  const saved = answer.data && ('createOneCompanyRole' in answer.data ? answer.data.createOneCompanyRole : answer.data.updateOneCompanyRole);
  if (saved && !answer.errors.length) return { kind: 'done', noticeKey: intent === 'create' ? 'notices.companies.roleCreated' : 'notices.companies.roleUpdated', target: `role-${saved.id}` };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return invalid(fieldErrorsOf(issues, t, COMPANY_ERRORS), null, answer.errors);
  // A taken name is what is wrong with the name field.
  if (answer.errors[0]?.extensions?.reason === 'roleNameTaken') return invalid({ name: companyRefusal(answer.errors, t, ROLE_WORDS).message }, null, answer.errors);
  return invalid({}, companyRefusal(answer.errors, t, ROLE_WORDS).message, answer.errors);
}

/**
 * One form post of /company/roles, by its intent. Role ids come from the form and are only
 * shape-checked here: the API resolves each inside the selected company.
 */
export async function submitRoleWrite(intent: RoleWriteIntent, form: FormData, send: SendGraphql, t: Translate): Promise<RoleWriteOutcome> {
  if (intent === 'create') return submitRoleForm('create', null, form, send, t);
  const rowId = postedId(form);
  if (!rowId) return { kind: 'refused', intent, rowId: null, message: t(`${ROLE_WORDS}.gone`), status: 422, roleInUse: false, form: null };
  if (intent === 'update') return submitRoleForm('update', rowId, form, send, t);
  const answer = await sendDocument(send, DELETE_ONE_COMPANY_ROLE_MUTATION, { id: rowId });
  if (answer.data?.deleteOneCompanyRole && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.companies.roleDeleted', target: null };
  return {
    kind: 'refused',
    intent,
    rowId,
    ...companyRefusal(answer.errors, t, ROLE_WORDS),
    roleInUse: answer.errors[0]?.extensions?.reason === 'roleInUse',
    form: null,
  };
}
