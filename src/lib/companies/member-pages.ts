import { answerIssues } from '../forms/answer-issues';
import { typedForm } from '../forms/form-values';
import { type ActionOutcome, fieldErrorsOf, type Invalid } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import type { SelectOption } from '../forms/select-options';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { COMPANY_ERRORS, companyRefusal } from '../forms/company-refusals';
import { memberInviteSchema } from './member-input';
import type { PagePermission } from '../routes/route-table';

// The documents and pure handlers of /company/members: the selected company's members,
// its open invitations, and the four writes (invite, change a role, remove, withdraw).

const SECTION = 'companies.members';
export const MEMBERS_PER_PAGE = 20;
/** Roles offered in the role choices: a company with more is unusual, and the API caps a page at 100. */
const ROLE_CHOICES_LIMIT = 100;

export const COMPANY_MEMBERS_QUERY = graphql(`
  query CompanyMembers($page: Int, $perPage: Int) {
    findManyCompanyOnUser(page: $page, perPage: $perPage) {
      items { id userId email displayName roleId roleName isOwner createdAt }
      page pageCount total
    }
  }
`);

export const COMPANY_MEMBER_INVITATIONS_QUERY = graphql(`
  query CompanyMemberInvitations {
    findManyCompanyMemberInvitation { id email roleId createdAt }
  }
`);

export const COMPANY_ROLE_CHOICES_QUERY = graphql(`
  query CompanyRoleChoices($perPage: Int) {
    findManyCompanyRole(perPage: $perPage) { items { id name isDefault } }
  }
`);

export const CREATE_ONE_COMPANY_ON_USER_MUTATION = graphql(`
  mutation CreateOneCompanyOnUser($data: CreateOneCompanyOnUserInput!) {
    createOneCompanyOnUser(data: $data) { id }
  }
`);

export const UPDATE_ONE_COMPANY_ON_USER_MUTATION = graphql(`
  mutation UpdateOneCompanyOnUser($id: ID!, $data: UpdateOneCompanyOnUserInput!) {
    updateOneCompanyOnUser(id: $id, data: $data) { id roleId }
  }
`);

export const DELETE_ONE_COMPANY_ON_USER_MUTATION = graphql(`
  mutation DeleteOneCompanyOnUser($id: ID!) {
    deleteOneCompanyOnUser(id: $id)
  }
`);

export const DELETE_ONE_COMPANY_MEMBER_INVITATION_MUTATION = graphql(`
  mutation DeleteOneCompanyMemberInvitation($id: ID!) {
    deleteOneCompanyMemberInvitation(id: $id)
  }
`);

export type CompanyMemberPage = ResultOf<typeof COMPANY_MEMBERS_QUERY>['findManyCompanyOnUser'];
export type CompanyMember = CompanyMemberPage['items'][number];
export type CompanyMemberInvitation = ResultOf<typeof COMPANY_MEMBER_INVITATIONS_QUERY>['findManyCompanyMemberInvitation'][number];
export type CompanyRoleChoice = ResultOf<typeof COMPANY_ROLE_CHOICES_QUERY>['findManyCompanyRole']['items'][number];

/** The role choices of the invite and change-role forms; null when the member may not read roles. */
export async function loadRoleChoices(send: SendGraphql): Promise<CompanyRoleChoice[] | null> {
  const answer = await sendDocument(send, COMPANY_ROLE_CHOICES_QUERY, { perPage: ROLE_CHOICES_LIMIT });
  return answer.data?.findManyCompanyRole.items ?? null;
}

export function roleOptions(roles: readonly CompanyRoleChoice[]): SelectOption[] {
  return roles.map((role) => ({ value: role.id, label: role.name }));
}

export interface InviteFormValues {
  email: string;
  roleId: string;
}

export type MemberWriteIntent = 'invite' | 'changeRole' | 'remove' | 'withdraw';

/** The permission each write needs (the permission matrix, as the API checks it), checked by the page first. */
export const MEMBER_WRITE_PERMISSIONS: Readonly<Record<MemberWriteIntent, PagePermission>> = {
  invite: ['companyOnUser', 'create'],
  changeRole: ['companyOnUser', 'update'],
  remove: ['companyOnUser', 'delete'],
  withdraw: ['companyOnUser', 'delete'],
};

/** How a write ended: done (the page redirects with the notice), or refused with words for the user. */
export type MemberWriteOutcome = ActionOutcome<
  { noticeKey: string; target: string | null },
  {
    intent: MemberWriteIntent;
    /** The row the refusal is about (membership or invitation id). */
    rowId: string | null;
    invite: Invalid<InviteFormValues> | null;
  }
>;

async function submitInvite(form: FormData, send: SendGraphql, t: Translate): Promise<MemberWriteOutcome> {
  const values: InviteFormValues = typedForm(form, ['email', 'roleId']);
  const invalid = (fieldErrors: Record<string, string | undefined>, formError: string | null, errors: readonly GraphqlError[] = []): MemberWriteOutcome => ({
    kind: 'refused',
    intent: 'invite',
    rowId: null,
    message: formError ?? t('companies.members.inviteInvalid'),
    status: companyRefusal(errors, t, SECTION).status,
    invite: { kind: 'invalid', values, fieldErrors, formError, status: 422 },
  });
  const parsed = parseForm(form, memberInviteSchema);
  if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, COMPANY_ERRORS), null);
  const answer = await sendDocument(send, CREATE_ONE_COMPANY_ON_USER_MUTATION, { data: parsed.value });
  const created = answer.data?.createOneCompanyOnUser;
  // Always an invitation, whether or not the address has an account: the person joins by accepting it.
  if (created && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.companies.memberInvited', target: `invitation-${created.id}` };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return invalid(fieldErrorsOf(issues, t, COMPANY_ERRORS), null);
  const reason = answer.errors[0]?.extensions?.reason;
  // Already a member or already invited: the address is what is wrong.
  if (reason === 'alreadyMember' || reason === 'alreadyInvited') return invalid({ email: companyRefusal(answer.errors, t, SECTION).message }, null, answer.errors);
  if (answer.errors[0]?.extensions?.code === 'NOT_FOUND') return invalid({ roleId: t('companies.members.roleGone') }, null, answer.errors);
  return invalid({}, companyRefusal(answer.errors, t, SECTION).message, answer.errors);
}

/**
 * One form post of /company/members, by its intent. Ids come from the form and are only
 * shape-checked here: the API resolves each inside the selected company.
 */
export async function submitMemberForm(intent: MemberWriteIntent, form: FormData, send: SendGraphql, t: Translate): Promise<MemberWriteOutcome> {
  if (intent === 'invite') return submitInvite(form, send, t);
  const rowId = postedId(form);
  const refused = (errors: readonly GraphqlError[], message?: string): MemberWriteOutcome => {
    const refusal = companyRefusal(errors, t, SECTION);
    return { kind: 'refused', intent, rowId, message: message ?? refusal.message, status: refusal.status, invite: null };
  };
  if (!rowId) return refused([], t('companies.members.gone'));
  if (intent === 'changeRole') {
    const roleId = postedId(form, 'roleId');
    if (!roleId) return refused([], t(`${COMPANY_ERRORS}.roleRequired`));
    const answer = await sendDocument(send, UPDATE_ONE_COMPANY_ON_USER_MUTATION, { id: rowId, data: { roleId } });
    return answer.data?.updateOneCompanyOnUser && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.companies.memberRoleChanged', target: `member-${rowId}` } : refused(answer.errors);
  }
  if (intent === 'remove') {
    const answer = await sendDocument(send, DELETE_ONE_COMPANY_ON_USER_MUTATION, { id: rowId });
    return answer.data?.deleteOneCompanyOnUser && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.companies.memberRemoved', target: null } : refused(answer.errors);
  }
  const answer = await sendDocument(send, DELETE_ONE_COMPANY_MEMBER_INVITATION_MUTATION, { id: rowId });
  return answer.data?.deleteOneCompanyMemberInvitation && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.companies.invitationWithdrawn', target: null } : refused(answer.errors);
}

/** A member's name as the list shows it: the display name, else the address. */
export function memberName(member: Pick<CompanyMember, 'displayName' | 'email'>): string {
  return member.displayName?.trim() || member.email;
}
