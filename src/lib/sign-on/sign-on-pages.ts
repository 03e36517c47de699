import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import { fieldErrorsOf, type Done, type FieldErrors, type RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf, type VariablesOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import type { PermissionAction, PermissionResource } from '../permissions/resources';
import { companyDomainSchema } from './company-domains';
import { SIGN_ON_ERRORS, breakGlassIssue, idpSchema, missingSecretIssue } from './sign-on-rules';

// The documents and the pure form handler of /company/sign-on: the selected company's
// identity providers, added, edited and removed with the idp permission. The form is read
// with the API's own rules (sign-on-rules.ts) first, so a mistake is said beside its field
// without a round trip, and the API's answer is worded the same way when it refuses.

const SECTION = 'signOn';

export const FIND_MANY_IDP_QUERY = graphql(`
  query FindManyIdp {
    findManyIdp {
      id slug protocol issuer discoveryUrl clientId clientSecretSet entityId ssoUrl metadataXml certificateFingerprints wantAssertionsSigned joinRoleId enforced breakGlassUserId updatedAt
    }
    findManyIdpJoinRole { id name }
    findManyIdpOwner { id name email }
  }
`);

export const FIND_MANY_IDP_CHANGE_QUERY = graphql(`
  query FindManyIdpChange {
    findManyIdpChange { id action slug changed changedBy createdAt }
  }
`);

export const FIND_MANY_COMPANY_DOMAIN_QUERY = graphql(`
  query FindManyCompanyDomain {
    findManyCompanyDomain { id domain record verifiedAt lastCheckedAt lastCheckIssue }
  }
`);

export const CREATE_ONE_COMPANY_DOMAIN_MUTATION = graphql(`
  mutation CreateOneCompanyDomain($domain: String!) {
    createOneCompanyDomain(domain: $domain) { id }
  }
`);

export const CHECK_ONE_COMPANY_DOMAIN_MUTATION = graphql(`
  mutation CheckOneCompanyDomain($id: ID!) {
    checkOneCompanyDomain(id: $id) { id verifiedAt lastCheckIssue }
  }
`);

export const DELETE_ONE_COMPANY_DOMAIN_MUTATION = graphql(`
  mutation DeleteOneCompanyDomain($id: ID!) {
    deleteOneCompanyDomain(id: $id) { id }
  }
`);

export const CREATE_ONE_IDP_MUTATION = graphql(`
  mutation CreateOneIdp($data: IdpInput!) {
    createOneIdp(data: $data) { id slug }
  }
`);

export const UPDATE_ONE_IDP_MUTATION = graphql(`
  mutation UpdateOneIdp($id: ID!, $data: IdpInput!) {
    updateOneIdp(id: $id, data: $data) { id slug }
  }
`);

export const DELETE_ONE_IDP_MUTATION = graphql(`
  mutation DeleteOneIdp($id: ID!) {
    deleteOneIdp(id: $id) { id }
  }
`);

export type IdpListItem = ResultOf<typeof FIND_MANY_IDP_QUERY>['findManyIdp'][number];
export type CompanyDomainItem = ResultOf<typeof FIND_MANY_COMPANY_DOMAIN_QUERY>['findManyCompanyDomain'][number];
export type IdpOwnerItem = ResultOf<typeof FIND_MANY_IDP_QUERY>['findManyIdpOwner'][number];
export type IdpJoinRoleItem = ResultOf<typeof FIND_MANY_IDP_QUERY>['findManyIdpJoinRole'][number];
export type IdpChangeItem = ResultOf<typeof FIND_MANY_IDP_CHANGE_QUERY>['findManyIdpChange'][number];

/** The page's intents, each behind the permission its operation checks. */
export const SIGN_ON_WRITE_PERMISSIONS = {
  create: ['idp', 'create'],
  update: ['idp', 'update'],
  delete: ['idp', 'delete'],
  claimDomain: ['idp', 'create'],
  checkDomain: ['idp', 'update'],
  deleteDomain: ['idp', 'delete'],
} as const satisfies Record<string, readonly [PermissionResource, PermissionAction]>;
export type SignOnIntent = keyof typeof SIGN_ON_WRITE_PERMISSIONS;

const FIELDS = ['protocol', 'slug', 'issuer', 'clientId', 'clientSecret', 'metadataXml', 'joinRoleId', 'enforced', 'breakGlassUserId'] as const;
export type IdpFormValues = Record<(typeof FIELDS)[number], string>;

/** The form for a new provider, or for one as saved (its secret never: the field starts empty). */
export function idpFormValues(saved: IdpListItem | null): IdpFormValues {
  return {
    protocol: saved ? saved.protocol.toLowerCase() : '',
    slug: saved?.slug ?? '',
    issuer: saved?.issuer ?? '',
    clientId: saved?.clientId ?? '',
    clientSecret: '',
    metadataXml: saved?.metadataXml ?? '',
    joinRoleId: saved?.joinRoleId ?? '',
    enforced: saved?.enforced ? 'on' : '',
    breakGlassUserId: saved?.breakGlassUserId ?? '',
  };
}

export type SignOnOutcome =
  | Done<{ noticeKey: string; target: string | null }>
  | { kind: 'invalid'; intent: 'claimDomain'; domain: string; error: string; status: RefusalStatus }
  | { kind: 'invalid'; intent: 'create' | 'update'; id: string | null; values: IdpFormValues; fieldErrors: FieldErrors; formError: string | null; status: RefusalStatus }
  | { kind: 'refused'; intent: SignOnIntent; id: string | null; message: string; status: RefusalStatus };

/**
 * One post of the page: intent=create or update (the provider's fields, the provider's `id`
 * for an edit) or delete (`id`). What was typed comes back with each field's message when it
 * is refused, the secret excepted: it is never echoed into the page.
 */
export async function submitSignOnForm(intent: SignOnIntent, form: FormData, send: SendGraphql, t: Translate): Promise<SignOnOutcome> {
  if (intent === 'claimDomain' || intent === 'checkDomain' || intent === 'deleteDomain') return submitDomainForm(intent, form, send, t);
  const id = postedId(form);
  if (intent === 'delete') {
    if (!id) return { kind: 'refused', intent, id: null, message: t(`${SECTION}.gone`), status: 404 };
    const answer = await sendDocument(send, DELETE_ONE_IDP_MUTATION, { id });
    if (answer.data?.deleteOneIdp && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.signOn.deleted', target: null };
    return { kind: 'refused', intent, id, ...companyRefusal(answer.errors, t, SECTION) };
  }
  if (intent === 'update' && !id) return { kind: 'refused', intent, id: null, message: t(`${SECTION}.gone`), status: 404 };
  const values: IdpFormValues = { ...typedForm(form, FIELDS), clientSecret: '' };
  const invalid = (fieldErrors: FieldErrors, formError: string | null = null): SignOnOutcome => ({ kind: 'invalid', intent, id, values, fieldErrors, formError, status: 422 });
  const parsed = parseForm(form, idpSchema, { coerce: false });
  // A new OIDC provider's missing secret is said with the other mistakes, not after them.
  const typed = typedForm(form, ['protocol', 'clientSecret']);
  const secretMissing = intent === 'create' && typed.protocol === 'oidc' && typed.clientSecret.trim() === '' ? [{ path: 'clientSecret', code: 'clientSecretRequired' }] : [];
  if (!parsed.ok) return invalid(fieldErrorsOf([...parsed.issues, ...secretMissing], t, SIGN_ON_ERRORS));
  const missing = [missingSecretIssue(parsed.value, intent === 'create'), breakGlassIssue(parsed.value)].filter((issue) => issue !== null);
  if (missing.length) return invalid(fieldErrorsOf(missing, t, SIGN_ON_ERRORS));
  const data =
    parsed.value.protocol === 'oidc'
      ? { protocol: 'OIDC' as const, slug: parsed.value.slug, issuer: parsed.value.issuer, clientId: parsed.value.clientId, clientSecret: parsed.value.clientSecret }
      : { protocol: 'SAML' as const, slug: parsed.value.slug, metadataXml: parsed.value.metadataXml };
  const shared = { joinRoleId: parsed.value.joinRoleId, enforced: parsed.value.enforced, breakGlassUserId: parsed.value.breakGlassUserId };
  const { errors, savedId } = await saveIdp(send, intent, id, { ...data, ...shared });
  if (savedId && !errors.length) return { kind: 'done', noticeKey: intent === 'create' ? 'notices.signOn.created' : 'notices.signOn.updated', target: `idp-${savedId}` };
  const { issues } = answerIssues(errors);
  if (issues.length) return invalid(fieldErrorsOf(issues.map((issue) => ({ ...issue, path: issue.path.replace(/^data\./, '') })), t, SIGN_ON_ERRORS));
  const refusal = companyRefusal(errors, t, SECTION);
  if (refusal.status === 403 || errors[0]?.extensions?.code === 'NOT_FOUND') return { kind: 'refused', intent, id, ...refusal };
  return invalid({}, refusal.message);
}

/** Sends the add or the edit; answers the saved provider's id, or the API's errors. */
async function saveIdp(send: SendGraphql, intent: 'create' | 'update', id: string | null, data: VariablesOf<typeof CREATE_ONE_IDP_MUTATION>['data']): Promise<{ errors: readonly GraphqlError[]; savedId: string | null }> {
  if (intent === 'create') {
    const answer = await sendDocument(send, CREATE_ONE_IDP_MUTATION, { data });
    return { errors: answer.errors, savedId: answer.data?.createOneIdp.id ?? null };
  }
  const answer = await sendDocument(send, UPDATE_ONE_IDP_MUTATION, { id: id!, data });
  return { errors: answer.errors, savedId: answer.data?.updateOneIdp.id ?? null };
}

/**
 * The e-mail domains' posts: claimDomain (`domain`, checked with the API's rule first),
 * checkDomain and deleteDomain (`id`). A check that does not prove the domain is no
 * refusal: the row says why, from the answer.
 */
async function submitDomainForm(intent: 'claimDomain' | 'checkDomain' | 'deleteDomain', form: FormData, send: SendGraphql, t: Translate): Promise<SignOnOutcome> {
  if (intent === 'claimDomain') {
    const { domain } = typedForm(form, ['domain']);
    const invalid = (code: string): SignOnOutcome => ({ kind: 'invalid', intent, domain, error: t(`${SIGN_ON_ERRORS}.${code}`), status: 422 });
    const parsed = parseForm(form, companyDomainSchema, { coerce: false });
    if (!parsed.ok) return invalid(parsed.issues[0]!.code);
    const answer = await sendDocument(send, CREATE_ONE_COMPANY_DOMAIN_MUTATION, { domain: parsed.value.domain });
    const claimed = answer.data?.createOneCompanyDomain;
    if (claimed && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.signOn.domainClaimed', target: `domain-${claimed.id}` };
    const issue = answerIssues(answer.errors).issues[0];
    if (issue) return invalid(issue.code);
    return { kind: 'refused', intent, id: null, ...companyRefusal(answer.errors, t, SECTION) };
  }
  const id = postedId(form);
  if (!id) return { kind: 'refused', intent, id: null, message: t(`${SECTION}.domainGone`), status: 404 };
  if (intent === 'deleteDomain') {
    const answer = await sendDocument(send, DELETE_ONE_COMPANY_DOMAIN_MUTATION, { id });
    if (answer.data?.deleteOneCompanyDomain && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.signOn.domainDeleted', target: null };
    return { kind: 'refused', intent, id, ...companyRefusal(answer.errors, t, SECTION) };
  }
  const answer = await sendDocument(send, CHECK_ONE_COMPANY_DOMAIN_MUTATION, { id });
  const checked = answer.data?.checkOneCompanyDomain;
  if (checked && !answer.errors.length) return { kind: 'done', noticeKey: checked.verifiedAt ? 'notices.signOn.domainProven' : 'notices.signOn.domainNotProven', target: `domain-${id}` };
  const issue = answerIssues(answer.errors).issues[0];
  return { kind: 'refused', intent, id, ...(issue ? { message: t(`${SIGN_ON_ERRORS}.${issue.code}`), status: 409 as const } : companyRefusal(answer.errors, t, SECTION)) };
}
