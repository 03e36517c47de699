import type { ActionOutcome } from '../forms/form-outcome';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { buildRoute } from '../routes/build-route';
import { companyRefusal } from '../forms/company-refusals';

// The documents and pure handlers of /join-company: a company member invitation, opened
// from its mail's single-use link (?token=) or from the list of one's own invitations, and
// the two answers, accept and decline. Joining is the invited person's own act: the API
// checks that the signed-in user holds the invited, confirmed address.

const SECTION = 'companies.joinCompany';

export const MEMBER_INVITATION_BY_TOKEN_QUERY = graphql(`
  query MemberInvitationByToken($token: String!) {
    findMemberInvitationByToken(token: $token) { id email companyId companyName roleName inviterName createdAt }
  }
`);

export const MY_MEMBER_INVITATIONS_QUERY = graphql(`
  query MyMemberInvitations {
    findMyMemberInvitations { id email companyId companyName roleName inviterName createdAt }
  }
`);

export const ACCEPT_MEMBER_INVITATION_MUTATION = graphql(`
  mutation AcceptMemberInvitation($token: String, $id: ID) {
    acceptMemberInvitation(token: $token, id: $id) { companyId companyName verified }
  }
`);

export const DECLINE_MEMBER_INVITATION_MUTATION = graphql(`
  mutation DeclineMemberInvitation($token: String, $id: ID) {
    declineMemberInvitation(token: $token, id: $id)
  }
`);

export type ReceivedMemberInvitation = NonNullable<ResultOf<typeof MEMBER_INVITATION_BY_TOKEN_QUERY>['findMemberInvitationByToken']>;

/** A link's token as the address carries it; anything longer names no invitation. */
export function invitationTokenOf(url: URL): string | null {
  const token = url.searchParams.get('token')?.trim() ?? '';
  return token && token.length <= 100 ? token : null;
}

export type JoinCompanyIntent = 'accept' | 'decline';

export function joinCompanyIntentOf(form: FormData): JoinCompanyIntent | null {
  const intent = form.get('intent');
  return intent === 'accept' || intent === 'decline' ? intent : null;
}

/**
 * Where an answer leads: the company joined (its dashboard, with `select` the company the
 * page selects first; My Companies while it awaits verification), or back to one's invitations.
 */
export type JoinCompanyOutcome = ActionOutcome<{ location: string; noticeKey: string; select: string | null }>;

/** Accepts or declines the invitation the form names (the link's token, else an id among one's own invitations). */
export async function submitJoinCompany(intent: JoinCompanyIntent, form: FormData, send: SendGraphql, t: Translate): Promise<JoinCompanyOutcome> {
  const token = typeof form.get('token') === 'string' && form.get('token') !== '' ? String(form.get('token')) : null;
  const id = token ? null : postedId(form);
  if (!token && !id) return { kind: 'refused', message: t(`${SECTION}.gone`), status: 404 };
  const variables = { token, id };
  if (intent === 'accept') {
    const answer = await sendDocument(send, ACCEPT_MEMBER_INVITATION_MUTATION, variables);
    const joined = answer.data?.acceptMemberInvitation;
    if (joined && !answer.errors.length) {
      return joined.verified
        ? { kind: 'done', location: buildRoute('companyDashboard'), noticeKey: 'notices.companies.joined', select: joined.companyId }
        : { kind: 'done', location: buildRoute('companyMyCompanies'), noticeKey: 'notices.companies.joined', select: null };
    }
    return refusedBy(answer.errors, t);
  }
  const answer = await sendDocument(send, DECLINE_MEMBER_INVITATION_MUTATION, variables);
  if (answer.data?.declineMemberInvitation && !answer.errors.length) return { kind: 'done', location: buildRoute('joinCompany'), noticeKey: 'notices.companies.invitationDeclined', select: null };
  return refusedBy(answer.errors, t);
}

/** The API's refusal in the user's words: its reason (wrongAddress, addressUnconfirmed, impersonating, alreadyMember), else gone or failed. */
function refusedBy(errors: readonly GraphqlError[], t: Translate): JoinCompanyOutcome {
  const refusal = companyRefusal(errors, t, SECTION, `${SECTION}.refused`);
  return { kind: 'refused', message: refusal.message, status: errors[0]?.extensions?.code === 'NOT_FOUND' ? 404 : refusal.status };
}
