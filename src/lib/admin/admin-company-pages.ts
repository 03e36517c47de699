import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, type FieldErrors, fieldErrorsOf, type RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { bulkRefusal, bulkWrite } from '../forms/bulk-write';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { COMPANY_ERRORS, companyRefusal } from '../forms/company-refusals';
import { postedPermissionRows } from '../companies/permission-matrix-form';
import { companyPermissionsFormSchema } from './company-permission-input';
import { ADMIN_ERRORS, rejectCompanySchema, type CompanyReviewAction } from './company-verification';

// The documents and pure handlers of /admin/companies and /admin/company (the platform's review of companies).

export const ADMIN_COMPANIES_PER_PAGE = 20;
const WORDS = 'admin.companies';

export const FIND_MANY_ADMIN_COMPANY_QUERY = graphql(`
  query FindManyAdminCompany($q: String, $status: CompanyVerificationStatus, $possibleDuplicate: Boolean, $country: String, $page: Int, $perPage: Int) {
    findManyAdminCompany(q: $q, status: $status, possibleDuplicate: $possibleDuplicate, country: $country, page: $page, perPage: $perPage) {
      items { id name country website verificationStatus isPossibleDuplicate ownerEmail memberCount reviewActions createdAt deletedAt }
      total page pageCount
    }
  }
`);

export const FIND_ADMIN_COMPANY_QUERY = graphql(`
  query FindAdminCompany($id: ID!) {
    findAdminCompany(id: $id) {
      company {
        id name description country website industry size type logo verificationStatus rejectionReason isPossibleDuplicate
        ownerEmail memberCount reviewActions createdAt updatedAt deletedAt
      }
      duplicates { id name country website verificationStatus ownerEmail memberCount createdAt }
      members { id email displayName roleName isOwner createdAt }
      roles { id name isDefault memberCount permissions { resource read create update delete } }
      permissions { resource limited read create update delete }
    }
  }
`);

export const VERIFY_ONE_COMPANY_MUTATION = graphql(`
  mutation VerifyOneCompany($id: ID!) {
    verifyOneCompany(id: $id) { id verificationStatus }
  }
`);

export const REJECT_ONE_COMPANY_MUTATION = graphql(`
  mutation RejectOneCompany($id: ID!, $reason: String!) {
    rejectOneCompany(id: $id, reason: $reason) { id verificationStatus }
  }
`);

export const DELETE_ONE_COMPANY_MUTATION = graphql(`
  mutation DeleteOneCompany($id: ID!) {
    deleteOneCompany(id: $id) { id verificationStatus }
  }
`);

export const UPDATE_ONE_COMPANY_PERMISSIONS_MUTATION = graphql(`
  mutation UpdateOneCompanyPermissions($companyId: ID!, $permissions: [CompanyPermissionInput!]!) {
    updateOneCompanyPermissions(companyId: $companyId, permissions: $permissions) { resource }
  }
`);

export type AdminCompanyListPage = ResultOf<typeof FIND_MANY_ADMIN_COMPANY_QUERY>['findManyAdminCompany'];
export type AdminCompanyListItem = AdminCompanyListPage['items'][number];
export type AdminCompanyDetail = ResultOf<typeof FIND_ADMIN_COMPANY_QUERY>['findAdminCompany'];
export type AdminCompanyPermissionRow = AdminCompanyDetail['permissions'][number];

/** The status a company shows: a soft-deleted company reads as deleted whatever its column says. */
export const shownStatus = (company: { verificationStatus: string; deletedAt: string | null }) => (company.deletedAt ? 'deleted' : company.verificationStatus);

export type AdminCompanyIntent = CompanyReviewAction | 'permissions';

export function isAdminCompanyIntent(value: unknown): value is AdminCompanyIntent {
  return value === 'verify' || value === 'reject' || value === 'delete' || value === 'permissions';
}

/** The notice each done write shows (notices.admin.*). */
const NOTICES: Record<AdminCompanyIntent, string> = {
  verify: 'notices.admin.companyVerified',
  reject: 'notices.admin.companyRejected',
  delete: 'notices.admin.companyDeleted',
  permissions: 'notices.admin.companyPermissionsSaved',
};

export type AdminCompanyOutcome = ActionOutcome<
  { companyId: string; noticeKey: string },
  {
    intent: AdminCompanyIntent;
    /** The reject form again: the reason as typed and its message. */
    reason: { value: string; error: string | null } | null;
    /** The permission form again, as posted. */
    permissions: AdminCompanyPermissionRow[] | null;
  }
>;

function refused(intent: AdminCompanyIntent, errors: readonly GraphqlError[], t: Translate, extra: Partial<Pick<Extract<AdminCompanyOutcome, { kind: 'refused' }>, 'reason' | 'permissions'>> = {}): AdminCompanyOutcome {
  return { kind: 'refused', intent, ...companyRefusal(errors, t, WORDS, ADMIN_ERRORS), reason: null, permissions: null, ...extra };
}

/**
 * One write of the admin's company pages (intent=verify|reject|delete|permissions, id):
 * the reason and the permission matrix are checked with the API's own rules first.
 */
export async function submitAdminCompanyWrite(intent: AdminCompanyIntent, form: FormData, send: SendGraphql, t: Translate): Promise<AdminCompanyOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', intent, message: t(`${WORDS}.gone`), status: 422, reason: null, permissions: null };
  const done = { kind: 'done' as const, companyId: id, noticeKey: NOTICES[intent] };
  if (intent === 'reject') {
    const typed = typedForm(form, ['reason']).reason;
    const parsed = parseForm(form, rejectCompanySchema);
    const invalid = (errors: FieldErrors): AdminCompanyOutcome => ({
      kind: 'refused',
      intent,
      message: t(`${WORDS}.rejectInvalid`),
      status: 422,
      reason: { value: typed, error: errors.reason ?? null },
      permissions: null,
    });
    if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, ADMIN_ERRORS));
    const answer = await sendDocument(send, REJECT_ONE_COMPANY_MUTATION, { id, reason: parsed.value.reason });
    if (answer.data?.rejectOneCompany && !answer.errors.length) return done;
    const { issues } = answerIssues(answer.errors);
    if (issues.length) return invalid(fieldErrorsOf(issues, t, ADMIN_ERRORS));
    return refused(intent, answer.errors, t, { reason: { value: typed, error: null } });
  }
  if (intent === 'permissions') {
    // The form's rows as ticked: shown again after a refusal, and what the API is sent.
    const posted = postedPermissionRows(form);
    const parsed = parseForm(form, companyPermissionsFormSchema);
    if (!parsed.ok) return { kind: 'refused', intent, message: fieldErrorsOf(parsed.issues, t, COMPANY_ERRORS)[parsed.issues[0]!.path] ?? t(`${WORDS}.failed`), status: 422, reason: null, permissions: posted };
    // The API takes every row with its flag; the form's rows are what was posted.
    const answer = await sendDocument(send, UPDATE_ONE_COMPANY_PERMISSIONS_MUTATION, { companyId: id, permissions: posted });
    if (answer.data?.updateOneCompanyPermissions && !answer.errors.length) return done;
    return refused(intent, answer.errors, t, { permissions: posted });
  }
  const answer =
    intent === 'verify'
      ? await sendDocument(send, VERIFY_ONE_COMPANY_MUTATION, { id })
      : await sendDocument(send, DELETE_ONE_COMPANY_MUTATION, { id });
  if (answer.data && !answer.errors.length) return done;
  return refused(intent, answer.errors, t);
}

/** The most companies one bulk verification takes: a page of the list. */
export const ADMIN_BULK_COMPANY_MAX = ADMIN_COMPANIES_PER_PAGE;

/**
 * The companies table's bulk verification (intent=bulkVerify): the ticked companies, each
 * verified by the one-company operation (bulkWrite), so each keeps its event and its owners
 * are told as for one. Rejection needs its own reason: it stays on the company's page.
 */
export async function submitAdminCompanyBulkVerify(form: FormData, send: SendGraphql, t: Translate): Promise<{ kind: 'done'; noticeKey: string } | { kind: 'refused'; message: string; status: RefusalStatus }> {
  const outcome = await bulkWrite(form, ADMIN_BULK_COMPANY_MAX, async (id) => {
    const answer = await sendDocument(send, VERIFY_ONE_COMPANY_MUTATION, { id });
    return Boolean(answer.data?.verifyOneCompany) && answer.errors.length === 0;
  });
  const words = bulkRefusal(outcome, t, WORDS);
  return words ? { kind: 'refused', ...words } : { kind: 'done', noticeKey: 'notices.admin.companiesVerified' };
}
