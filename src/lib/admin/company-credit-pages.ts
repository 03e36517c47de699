import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import { fieldErrorsOf, type FieldErrors } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { changeCreditSchema, endCreditSchema, grantCreditSchema, utcDay } from './company-credit-input';
import { ADMIN_ERRORS } from './company-verification';

// The documents and posts of the credit section of /admin/company: grant a credit, change
// or end a current one (finance admins), each with the reason the company reads.

export const FIND_MANY_ADMIN_COMPANY_CREDIT_QUERY = graphql(`
  query FindManyAdminCompanyCredit($companyId: ID!) {
    findManyAdminCompanyCredit(companyId: $companyId) {
      id amount currency until expired updatedAt updatedBy
      changes { id action amount currency until reason createdAt changedBy }
    }
  }
`);

export const CREATE_ONE_COMPANY_CREDIT_MUTATION = graphql(`
  mutation CreateOneCompanyCredit($companyId: ID!, $data: CompanyCreditInput!) {
    createOneCompanyCredit(companyId: $companyId, data: $data) { id }
  }
`);

export const UPDATE_ONE_COMPANY_CREDIT_MUTATION = graphql(`
  mutation UpdateOneCompanyCredit($id: ID!, $data: CompanyCreditInput!) {
    updateOneCompanyCredit(id: $id, data: $data) { id }
  }
`);

export const END_ONE_COMPANY_CREDIT_MUTATION = graphql(`
  mutation EndOneCompanyCredit($id: ID!, $reason: String!) {
    endOneCompanyCredit(id: $id, reason: $reason) { id }
  }
`);

export type AdminCompanyCredit = ResultOf<typeof FIND_MANY_ADMIN_COMPANY_CREDIT_QUERY>['findManyAdminCompanyCredit'][number];

export const CREDIT_INTENTS = ['creditGrant', 'creditChange', 'creditEnd'] as const;
export type CreditIntent = (typeof CREDIT_INTENTS)[number];

export function isCreditIntent(value: unknown): value is CreditIntent {
  return typeof value === 'string' && (CREDIT_INTENTS as readonly string[]).includes(value);
}

const NOTICES: Record<CreditIntent, string> = {
  creditGrant: 'notices.admin.creditGranted',
  creditChange: 'notices.admin.creditChanged',
  creditEnd: 'notices.admin.creditEnded',
};

export type CreditOutcome =
  | { kind: 'done'; noticeKey: string; target: string }
  /** The form again: what was typed, each field's error, a message above it; `creditId` names the credit's own form (null: the grant form). */
  | { kind: 'invalid'; intent: CreditIntent; creditId: string | null; values: Record<string, string>; errors: FieldErrors; message: string; status: 422 | 409 | 403 };

const typed = (form: FormData, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')]));

/** One post of the credit section: the grant form (companyId), a credit's change or end form (id). */
export async function submitCompanyCreditWrite(intent: CreditIntent, form: FormData, send: SendGraphql, t: Translate, now = new Date()): Promise<CreditOutcome> {
  const creditId = intent === 'creditGrant' ? null : postedId(form);
  const values = typed(form, ['amount', 'currency', 'until', 'reason']);
  const invalid = (errors: FieldErrors, message: string, status: 422 | 409 | 403 = 422): CreditOutcome => ({ kind: 'invalid', intent, creditId, values, errors, message, status });
  const today = utcDay(now);
  let answer;
  if (intent === 'creditGrant') {
    const companyId = postedId(form);
    const parsed = parseForm(form, grantCreditSchema(today), { coerce: false });
    if (!companyId) return invalid({}, t('admin.credit.failed'));
    if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, ADMIN_ERRORS), t('admin.credit.fixFields'));
    const { until, ...rest } = parsed.value;
    answer = await sendDocument(send, CREATE_ONE_COMPANY_CREDIT_MUTATION, { companyId, data: { ...rest, until } });
  } else if (!creditId) {
    return invalid({}, t('admin.credit.gone'));
  } else if (intent === 'creditChange') {
    const parsed = parseForm(form, changeCreditSchema(today), { coerce: false });
    if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, ADMIN_ERRORS), t('admin.credit.fixFields'));
    answer = await sendDocument(send, UPDATE_ONE_COMPANY_CREDIT_MUTATION, { id: creditId, data: parsed.value });
  } else {
    const parsed = parseForm(form, endCreditSchema, { coerce: false });
    if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, ADMIN_ERRORS), t('admin.credit.fixFields'));
    answer = await sendDocument(send, END_ONE_COMPANY_CREDIT_MUTATION, { id: creditId, reason: parsed.value.reason });
  }
  if (answer.data && !answer.errors.length) return { kind: 'done', noticeKey: NOTICES[intent], target: 'credit' };
  const { issues, code } = answerIssues(answer.errors);
  if (code === 'BAD_USER_INPUT' && issues.length) return invalid(fieldErrorsOf(issues, t, ADMIN_ERRORS), t('admin.credit.fixFields'));
  const refusal = companyRefusal(answer.errors, t, 'admin.credit', ADMIN_ERRORS);
  return invalid({}, refusal.message, refusal.status === 409 || refusal.status === 403 ? refusal.status : 422);
}
