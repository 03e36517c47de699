import type { CurrentUser } from '../account/current-user';
import { countryName } from '../places/country-name';
import { INTL_LOCALES } from '../format/locale';
import { isSelectable } from './selected-company';
import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, fieldErrorsOf, type FormOutcome, type Invalid } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { typedForm } from '../forms/form-values';
import type { SelectOption } from '../forms/select-options';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { companyCreateSchema, companyProfileFormSchema, type CompanyCreateValues } from './company-input';
import { COMPANY_ERRORS } from '../forms/company-refusals';
import type { GraphqlError } from '../graphql/send-document';
import { postedId } from '../ids';
import { COUNTRY_CODES } from '../places/country-codes';

// The documents and pure handlers of the pages /company/create, /company/my-companies and
// /company/profile/{companyId}.

export const CREATE_ONE_COMPANY_MUTATION = graphql(`
  mutation CreateOneCompany($data: CreateOneCompanyInput!) {
    createOneCompany(data: $data) { id name verificationStatus }
  }
`);

export const FIND_COMPANY_QUERY = graphql(`
  query FindCompany {
    findCompany {
      id name description country website industry size type accountingCurrency stuckAfterDays talentStatusDelayMinutes refusedApplicationMonths poolConsentMonths logo verificationStatus
      address { street postalCode city region }
    }
  }
`);

export const UPDATE_ONE_COMPANY_MUTATION = graphql(`
  mutation UpdateOneCompany($data: UpdateOneCompanyInput!) {
    updateOneCompany(data: $data) { id name }
  }
`);

export type CompanyProfile = ResultOf<typeof FIND_COMPANY_QUERY>['findCompany'];

export const LEAVE_COMPANY_MUTATION = graphql(`
  mutation LeaveCompany($companyId: ID!) {
    leaveCompany(companyId: $companyId)
  }
`);

/**
 * The create form's field names, which are also the API input's paths (`address.street`
 * is read by parseForm into `address: { street }`), so an issue's path names its field.
 */
export const COMPANY_FORM_FIELDS = [
  'name',
  'description',
  'address.street',
  'address.postalCode',
  'address.city',
  'address.region',
  'country',
  'website',
  'industry',
  'size',
  'type',
  'accountingCurrency',
] as const;

export type CompanyFormField = (typeof COMPANY_FORM_FIELDS)[number];
export type CompanyFormValues = Record<CompanyFormField, string>;

/**
 * The Edit Profile form asks for the stuck threshold too (a setting of a running company's
 * pipeline, so the create form leaves it at its default).
 */
export const COMPANY_PROFILE_FORM_FIELDS = [...COMPANY_FORM_FIELDS, 'stuckAfterDays', 'talentStatusDelayMinutes', 'refusedApplicationMonths', 'poolConsentMonths'] as const;

export type CompanyProfileFormValues = Record<(typeof COMPANY_PROFILE_FORM_FIELDS)[number], string>;

export const EMPTY_COMPANY_FORM: CompanyFormValues = Object.fromEntries(COMPANY_FORM_FIELDS.map((field) => [field, ''])) as CompanyFormValues;

/** The create form as typed. */
export function typedCompanyForm(form: FormData): CompanyFormValues {
  return typedForm(form, COMPANY_FORM_FIELDS);
}

/**
 * The country choices: every assigned ISO code with its name in the language, sorted by that name,
 * after an empty choice (the country is optional). The value posted is the code, which the
 * company rules check against the same list.
 */
export function countryOptions(emptyLabel: string, language: Language): SelectOption[] {
  const named = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, language) }));
  named.sort((a, b) => a.label.localeCompare(b.label, INTL_LOCALES[language]));
  return [{ value: '', label: emptyLabel }, ...named];
}

export type CreateCompanyOutcome = FormOutcome<CompanyFormValues, { companyId: string }>;

/**
 * The /company/create form: checked with the rules the API uses (a mistake is shown
 * without a round trip), then sent as createOneCompany; what the API still refuses is
 * worded from its issue codes (`companies.errors.<code>`).
 */
export async function submitCreateCompanyForm(form: FormData, send: SendGraphql, t: Translate): Promise<CreateCompanyOutcome> {
  const values = typedCompanyForm(form);
  const parsed = parseForm(form, companyCreateSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, COMPANY_ERRORS), formError: null, status: 422 };
  const answer = await sendDocument(send, CREATE_ONE_COMPANY_MUTATION, { data: parsed.value });
  const created = answer.data?.createOneCompany;
  if (created && !answer.errors.length) return { kind: 'done', companyId: created.id };
  return refusedCompanyForm(values, answer.errors, t, t('companies.create.failed'));
}

/** What the API refused, worded from its issue codes; an issue naming no field of the form (or none at all) is said above it. */
function refusedCompanyForm<Values extends Record<string, string>>(values: Values, errors: readonly GraphqlError[], t: Translate, failed: string): Invalid<Values> {
  const { issues } = answerIssues(errors);
  const fieldErrors = fieldErrorsOf(issues, t, COMPANY_ERRORS);
  const named = Object.keys(fieldErrors).some((path) => Object.keys(values).includes(path));
  return { kind: 'invalid', values, fieldErrors, formError: named ? null : failed, status: 422 };
}

/** The profile form filled from the stored company (empty strings for what is not set). */
export function companyFormValuesOf(company: CompanyProfile): CompanyProfileFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: company.name,
    description: text(company.description),
    'address.street': text(company.address?.street),
    'address.postalCode': text(company.address?.postalCode),
    'address.city': text(company.address?.city),
    'address.region': text(company.address?.region),
    country: text(company.country),
    website: text(company.website),
    industry: text(company.industry),
    size: text(company.size),
    type: text(company.type),
    accountingCurrency: text(company.accountingCurrency),
    stuckAfterDays: String(company.stuckAfterDays),
    talentStatusDelayMinutes: String(company.talentStatusDelayMinutes),
    refusedApplicationMonths: String(company.refusedApplicationMonths),
    poolConsentMonths: String(company.poolConsentMonths),
  };
}

/**
 * The whole profile as an edit: the form shows every field, so a field left blank is
 * emptied (null), where the API's partial input would read an absent field as "unchanged".
 */
function fullCompanyEdit(value: CompanyCreateValues & { stuckAfterDays: number; talentStatusDelayMinutes: number; refusedApplicationMonths: number; poolConsentMonths: number }) {
  return {
    name: value.name,
    description: value.description ?? null,
    address: {
      street: value.address?.street ?? null,
      postalCode: value.address?.postalCode ?? null,
      city: value.address?.city ?? null,
      region: value.address?.region ?? null,
    },
    country: value.country ?? null,
    website: value.website ?? null,
    industry: value.industry ?? null,
    size: value.size ?? null,
    type: value.type ?? null,
    accountingCurrency: value.accountingCurrency ?? null,
    stuckAfterDays: value.stuckAfterDays,
    talentStatusDelayMinutes: value.talentStatusDelayMinutes,
    refusedApplicationMonths: value.refusedApplicationMonths,
    poolConsentMonths: value.poolConsentMonths,
  };
}

/** The /company/profile form: the create rules (a name is required) and the stuck threshold, then updateOneCompany with every field. */
export async function submitUpdateCompanyForm(form: FormData, send: SendGraphql, t: Translate): Promise<FormOutcome<CompanyProfileFormValues>> {
  const values = typedForm(form, COMPANY_PROFILE_FORM_FIELDS);
  const parsed = parseForm(form, companyProfileFormSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, COMPANY_ERRORS), formError: null, status: 422 };
  const answer = await sendDocument(send, UPDATE_ONE_COMPANY_MUTATION, { data: fullCompanyEdit(parsed.value) });
  if (answer.data?.updateOneCompany && !answer.errors.length) return { kind: 'done' };
  return refusedCompanyForm(values, answer.errors, t, t('companies.profile.failed'));
}

/** lastOwner: the API's CONFLICT; failed: anything else (an unknown company, a transport error). */
export type LeaveCompanyOutcome = ActionOutcome<object, { reason: 'lastOwner' | 'failed' }>;

/**
 * A Leave form of /company/my-companies. The API refuses the last owner with CONFLICT
 * reason lastOwner, worded from `companies.errors.lastOwner`; any other failure gets the
 * page's general message, never the API's English text.
 */
export async function submitLeaveCompanyForm(form: FormData, send: SendGraphql, t: Translate): Promise<LeaveCompanyOutcome> {
  const companyId = postedId(form, 'companyId');
  if (companyId === null) return { kind: 'refused', reason: 'failed', message: t('companies.myCompanies.leaveFailed'), status: 400 };
  const answer = await sendDocument(send, LEAVE_COMPANY_MUTATION, { companyId });
  if (answer.data?.leaveCompany && !answer.errors.length) return { kind: 'done' };
  if (answer.errors[0]?.extensions?.reason === 'lastOwner') return { kind: 'refused', reason: 'lastOwner', message: t(`${COMPANY_ERRORS}.lastOwner`), status: 409 };
  return { kind: 'refused', reason: 'failed', message: t('companies.myCompanies.leaveFailed'), status: 422 };
}

export const MY_COMPANY_REJECTIONS_QUERY = graphql(`
  query MyCompanyRejections {
    findMe(where: { activeCompaniesOnly: true }) {
      companies { company { id rejectionReason } }
    }
  }
`);

/**
 * Why the platform rejected the user's rejected companies, by company id: what
 * My Companies shows under each. Asked only when a row is rejected; a failed answer shows none.
 */
export async function companyRejectionReasons(send: SendGraphql, rows: readonly MyCompanyRow[]): Promise<Map<string, string>> {
  if (!rows.some((row) => row.status === 'rejected')) return new Map();
  const answer = await sendDocument(send, MY_COMPANY_REJECTIONS_QUERY);
  const reasons = (answer.data?.findMe.companies ?? []).flatMap(({ company }) => (company.rejectionReason ? [[company.id, company.rejectionReason] as const] : []));
  return new Map(reasons);
}

export interface MyCompanyRow {
  id: string;
  name: string;
  logo: string | null;
  role: string | null;
  /** verified, pending, rejected, or deleted once the company is removed (the verification status). */
  status: string;
  /** Only verified companies that are not deleted may be selected. */
  selectable: boolean;
}

/** Every membership of the user, as My Companies lists it (the API's order: by name). */
export function myCompanyRows(user: CurrentUser | null): MyCompanyRow[] {
  return (user?.companies ?? []).map((company) => ({
    id: company.id,
    name: company.name,
    logo: company.logo,
    role: company.role,
    status: company.deletedAt ? 'deleted' : company.verificationStatus,
    selectable: isSelectable(company),
  }));
}
