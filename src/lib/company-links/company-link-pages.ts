import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import { fieldErrorsOf, type ActionOutcome, type Invalid } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import type { PagePermission } from '../routes/route-table';
import type { SelectOption } from '../forms/select-options';
import type { Tone } from '../theme/tones';
import { COMPANY_LINK_ERRORS, companyLinkInvitationSchema, companyLinkProposalSchema, type CompanyLinkRelation } from './company-link-rules';

// The documents and pure handlers of /company/partners: the selected company's links, the
// search for a verified company to propose one to, its invitations by e-mail, and the
// writes (propose, invite, accept, decline, end, withdraw an invitation, answer one received).

const SECTION = 'companyLinks';

export const FIND_MANY_COMPANY_LINK_QUERY = graphql(`
  query FindManyCompanyLink {
    findManyCompanyLink { id partnerCompanyId partnerName relation status proposedByUs updatedAt }
  }
`);

export const FIND_MANY_LINKABLE_COMPANY_QUERY = graphql(`
  query FindManyLinkableCompany($name: String!) {
    findManyLinkableCompany(name: $name) { id name country }
  }
`);

export const FIND_MANY_COMPANY_LINK_INVITATION_QUERY = graphql(`
  query FindManyCompanyLinkInvitation {
    findManyCompanyLinkInvitation { id email relation createdAt }
  }
`);

export const FIND_COMPANY_LINK_INVITATION_BY_TOKEN_QUERY = graphql(`
  query FindCompanyLinkInvitationByToken($token: String!) {
    findCompanyLinkInvitationByToken(token: $token) { id email relation companyId companyName inviterName createdAt }
  }
`);

export const CREATE_ONE_COMPANY_LINK_MUTATION = graphql(`
  mutation CreateOneCompanyLink($data: CreateOneCompanyLinkInput!) {
    createOneCompanyLink(data: $data) { id status }
  }
`);

export const ACCEPT_COMPANY_LINK_MUTATION = graphql(`
  mutation AcceptCompanyLink($id: ID!) {
    acceptCompanyLink(id: $id) { id status }
  }
`);

export const DECLINE_COMPANY_LINK_MUTATION = graphql(`
  mutation DeclineCompanyLink($id: ID!) {
    declineCompanyLink(id: $id) { id status }
  }
`);

export const END_COMPANY_LINK_MUTATION = graphql(`
  mutation EndCompanyLink($id: ID!) {
    endCompanyLink(id: $id) { id status }
  }
`);

export const CREATE_ONE_COMPANY_LINK_INVITATION_MUTATION = graphql(`
  mutation CreateOneCompanyLinkInvitation($data: CreateOneCompanyLinkInvitationInput!) {
    createOneCompanyLinkInvitation(data: $data) { id }
  }
`);

export const DELETE_ONE_COMPANY_LINK_INVITATION_MUTATION = graphql(`
  mutation DeleteOneCompanyLinkInvitation($id: ID!) {
    deleteOneCompanyLinkInvitation(id: $id)
  }
`);

export const ACCEPT_COMPANY_LINK_INVITATION_MUTATION = graphql(`
  mutation AcceptCompanyLinkInvitation($token: String!) {
    acceptCompanyLinkInvitation(token: $token) { id status }
  }
`);

export const DECLINE_COMPANY_LINK_INVITATION_MUTATION = graphql(`
  mutation DeclineCompanyLinkInvitation($token: String!) {
    declineCompanyLinkInvitation(token: $token)
  }
`);

export type CompanyLinkRow = ResultOf<typeof FIND_MANY_COMPANY_LINK_QUERY>['findManyCompanyLink'][number];
export type LinkableCompanyRow = ResultOf<typeof FIND_MANY_LINKABLE_COMPANY_QUERY>['findManyLinkableCompany'][number];
export type CompanyLinkInvitationRow = ResultOf<typeof FIND_MANY_COMPANY_LINK_INVITATION_QUERY>['findManyCompanyLinkInvitation'][number];
export type ReceivedCompanyLinkInvitation = NonNullable<ResultOf<typeof FIND_COMPANY_LINK_INVITATION_BY_TOKEN_QUERY>['findCompanyLinkInvitationByToken']>;

export type CompanyLinkIntent = 'propose' | 'invite' | 'accept' | 'decline' | 'end' | 'withdrawInvitation' | 'acceptInvitation' | 'declineInvitation';

/** The permission each write needs (as the API checks it), checked by the page first. */
export const COMPANY_LINK_WRITE_PERMISSIONS: Readonly<Record<CompanyLinkIntent, PagePermission>> = {
  propose: ['companyLink', 'create'],
  invite: ['companyLink', 'create'],
  accept: ['companyLink', 'update'],
  decline: ['companyLink', 'update'],
  end: ['companyLink', 'delete'],
  withdrawInvitation: ['companyLink', 'delete'],
  acceptInvitation: ['companyLink', 'update'],
  declineInvitation: ['companyLink', 'read'],
};

/** The state a list row shows, in words the page has: a proposal says whose answer it waits for. */
export type LinkStateKey = 'proposedToUs' | 'proposedByUs' | 'accepted' | 'declined' | 'ended';

export function linkStateKey(link: Pick<CompanyLinkRow, 'status' | 'proposedByUs'>): LinkStateKey {
  if (link.status === 'PROPOSED') return link.proposedByUs ? 'proposedByUs' : 'proposedToUs';
  return link.status.toLowerCase() as LinkStateKey;
}

/** Links waiting for this company's answer first, then partners, then the rest; by name within each. */
export function linksInOrder<T extends Pick<CompanyLinkRow, 'status' | 'proposedByUs' | 'partnerName'>>(links: readonly T[]): T[] {
  const rank: Record<LinkStateKey, number> = { proposedToUs: 0, accepted: 1, proposedByUs: 2, declined: 3, ended: 4 };
  return [...links].sort((a, b) => rank[linkStateKey(a)] - rank[linkStateKey(b)] || a.partnerName.localeCompare(b.partnerName));
}

export interface InviteFormValues {
  email: string;
  relation: string;
}

export type CompanyLinkOutcome = ActionOutcome<
  { noticeKey: string; target: string | null },
  {
    intent: CompanyLinkIntent;
    /** The row the refusal is about: a link, an invitation, or the company a proposal was for. */
    rowId: string | null;
    invite: Invalid<InviteFormValues> | null;
  }
>;

const RELATIONS: readonly string[] = ['PROVIDES_TO_US', 'WE_PROVIDE_TO'];

async function submitInvite(form: FormData, send: SendGraphql, t: Translate): Promise<CompanyLinkOutcome> {
  const values: InviteFormValues = typedForm(form, ['email', 'relation']);
  const invalid = (fieldErrors: Record<string, string | undefined>, formError: string | null, errors: readonly GraphqlError[] = []): CompanyLinkOutcome => ({
    kind: 'refused',
    intent: 'invite',
    rowId: null,
    message: formError ?? companyRefusal(errors, t, SECTION, `${SECTION}.errors`).message,
    status: errors.length ? companyRefusal(errors, t, SECTION, `${SECTION}.errors`).status : 422,
    invite: { kind: 'invalid', values, fieldErrors, formError, status: 422 },
  });
  const parsed = parseForm(form, companyLinkInvitationSchema);
  if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, COMPANY_LINK_ERRORS), null);
  const answer = await sendDocument(send, CREATE_ONE_COMPANY_LINK_INVITATION_MUTATION, { data: parsed.value });
  const created = answer.data?.createOneCompanyLinkInvitation;
  if (created && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.companyLinks.invited', target: `link-invitation-${created.id}` };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return invalid(fieldErrorsOf(issues, t, COMPANY_LINK_ERRORS), null, answer.errors);
  return invalid({}, companyRefusal(answer.errors, t, SECTION, `${SECTION}.errors`).message, answer.errors);
}

/**
 * One form post of /company/partners, by its intent. Ids come from the form and are only
 * shape-checked here: the API resolves each inside the selected company.
 */
export async function submitCompanyLinkForm(intent: CompanyLinkIntent, form: FormData, send: SendGraphql, t: Translate): Promise<CompanyLinkOutcome> {
  if (intent === 'invite') return submitInvite(form, send, t);
  const rowId = intent === 'propose' ? postedId(form, 'partnerCompanyId') : postedId(form);
  const refused = (errors: readonly GraphqlError[], message?: string): CompanyLinkOutcome => {
    const refusal = companyRefusal(errors, t, SECTION, `${SECTION}.errors`);
    const { issues } = answerIssues(errors);
    const worded = issues[0] ? t(`${COMPANY_LINK_ERRORS}.${issues[0].code}`, { defaultValue: refusal.message }) : refusal.message;
    return { kind: 'refused', intent, rowId, message: message ?? worded, status: refusal.status, invite: null };
  };
  const done = (noticeKey: string, target: string | null): CompanyLinkOutcome => ({ kind: 'done', noticeKey, target });
  if (intent === 'acceptInvitation' || intent === 'declineInvitation') {
    const token = typedForm(form, ['token']).token;
    if (intent === 'acceptInvitation') {
      const answer = await sendDocument(send, ACCEPT_COMPANY_LINK_INVITATION_MUTATION, { token });
      const link = answer.data?.acceptCompanyLinkInvitation;
      return link && !answer.errors.length ? done('notices.companyLinks.accepted', `link-${link.id}`) : refused(answer.errors);
    }
    const answer = await sendDocument(send, DECLINE_COMPANY_LINK_INVITATION_MUTATION, { token });
    return answer.data?.declineCompanyLinkInvitation && !answer.errors.length ? done('notices.companyLinks.invitationDeclined', null) : refused(answer.errors);
  }
  if (intent === 'propose') {
    const parsed = parseForm(form, companyLinkProposalSchema);
    if (!parsed.ok) return refused([], fieldErrorsOf(parsed.issues, t, COMPANY_LINK_ERRORS)[parsed.issues[0]?.path ?? ''] ?? t(`${COMPANY_LINK_ERRORS}.relationRequired`));
    const relation = parsed.value.relation as CompanyLinkRelation;
    if (!RELATIONS.includes(relation)) return refused([], t(`${COMPANY_LINK_ERRORS}.relationRequired`));
    const answer = await sendDocument(send, CREATE_ONE_COMPANY_LINK_MUTATION, { data: { partnerCompanyId: parsed.value.partnerCompanyId, relation } });
    const link = answer.data?.createOneCompanyLink;
    return link && !answer.errors.length ? done('notices.companyLinks.proposed', `link-${link.id}`) : refused(answer.errors);
  }
  if (!rowId) return refused([], t(`${SECTION}.gone`));
  if (intent === 'withdrawInvitation') {
    const answer = await sendDocument(send, DELETE_ONE_COMPANY_LINK_INVITATION_MUTATION, { id: rowId });
    return answer.data?.deleteOneCompanyLinkInvitation && !answer.errors.length ? done('notices.companyLinks.invitationWithdrawn', null) : refused(answer.errors);
  }
  const answered = async (): Promise<{ link: { id: string } | undefined; errors: readonly GraphqlError[] }> => {
    if (intent === 'accept') {
      const answer = await sendDocument(send, ACCEPT_COMPANY_LINK_MUTATION, { id: rowId });
      return { link: answer.data?.acceptCompanyLink, errors: answer.errors };
    }
    if (intent === 'decline') {
      const answer = await sendDocument(send, DECLINE_COMPANY_LINK_MUTATION, { id: rowId });
      return { link: answer.data?.declineCompanyLink, errors: answer.errors };
    }
    const answer = await sendDocument(send, END_COMPANY_LINK_MUTATION, { id: rowId });
    return { link: answer.data?.endCompanyLink, errors: answer.errors };
  };
  const { link, errors } = await answered();
  if (!link || errors.length) return refused(errors);
  // Ending a proposal one made takes it back: said so, not "ended".
  const noticeKey = intent === 'end' && form.get('proposal') === 'true' ? 'notices.companyLinks.withdrawn' : `notices.companyLinks.${intent === 'accept' ? 'accepted' : intent === 'decline' ? 'declined' : 'ended'}`;
  return done(noticeKey, `link-${link.id}`);
}

/** The pill tone of each state: waiting for us stands out, a partner is good news, a decline bad. */
export const LINK_STATE_TONE: Readonly<Record<LinkStateKey, Tone>> = { proposedToUs: 'pending', proposedByUs: 'primary', accepted: 'success', declined: 'danger', ended: 'neutral' };

/** The relation radios, as the forms offer them. */
export function relationOptions(t: Translate, key = 'companyLinks.relationOf'): SelectOption[] {
  return RELATIONS.map((value) => ({ value, label: t(`${key}.${value}`) }));
}
