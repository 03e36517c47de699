import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { type Done, fieldErrorsOf, type FieldIssue, type Invalid, type Refused, type RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import type { SelectGroup } from '../forms/select-options';
import { zodIssues } from '../forms/zod-issues';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid, postedId } from '../ids';
import { can, permitsPage } from '../permissions/effective-permissions';
import type { PermissionSet } from '../permissions/resources';
import { buildRoute } from '../routes/build-route';
import { findRouteByKey } from '../routes/route-table';
import {
  SENT_INVITATION_ANSWERS,
  TALENT_INVITATION_ERRORS,
  TALENT_INVITATION_LIMITS,
  TALENT_INVITATION_REFUSALS,
  talentInvitationSchema,
  type SentInvitationAnswer,
  type TalentInvitationRefusal,
} from './talent-invitation-input';

// The documents and pure handlers of the invitation pages: /company/talent-invite
// (the talents picked), /company/talent-invite-form (the role and the message; sends),
// /company/talent-invite/success, /company/sent-invitations and /company/sent-invitation
// (both of which withdraw a pending invitation).
// Without JavaScript the selection travels in the address: `talentProfileId` once per
// talent, and `role` ("ad:<id>" or "description:<id>", the talent search's reference).

const WORDS = 'talentInvitations';
export const SENT_INVITATIONS_PER_PAGE = 20;

export const CREATE_MANY_TALENT_INVITATION_MUTATION = graphql(`
  mutation CreateManyTalentInvitation($data: CreateManyTalentInvitationInput!) {
    createManyTalentInvitation(data: $data) { talentProfileId refusal invitation { id } }
  }
`);

export const SENT_INVITATION_FRAGMENT = graphql(`
  fragment SentInvitationItem on SentTalentInvitation {
    id createdAt answer ignoredAt appliedAt withdrawnAt invitedByName message
    talent { id profileName jobTitle location }
    jobAd { id title }
    jobDescription { id title }
  }
`);

export const FIND_MANY_TALENT_INVITATION_QUERY = graphql(
  `
  query FindManyTalentInvitation($jobAdId: ID, $answer: SentInvitationAnswer, $ids: [ID!], $page: Int, $perPage: Int) {
    findManyTalentInvitation(jobAdId: $jobAdId, answer: $answer, ids: $ids, page: $page, perPage: $perPage) {
      items { ...SentInvitationItem }
      total page pageCount
    }
  }
`,
  [SENT_INVITATION_FRAGMENT],
);

export const FIND_TALENT_INVITATION_QUERY = graphql(
  `
  query FindTalentInvitation($id: ID!) {
    findTalentInvitation(id: $id) { ...SentInvitationItem applicationId }
  }
`,
  [SENT_INVITATION_FRAGMENT],
);

export const DELETE_ONE_TALENT_INVITATION_MUTATION = graphql(`
  mutation DeleteOneTalentInvitation($id: ID!) { deleteOneTalentInvitation(id: $id) { id answer } }
`);

export type SentInvitationListPage = ResultOf<typeof FIND_MANY_TALENT_INVITATION_QUERY>['findManyTalentInvitation'];
export type SentInvitationItem = ResultOf<typeof SENT_INVITATION_FRAGMENT>;
export type SentInvitationDetail = ResultOf<typeof FIND_TALENT_INVITATION_QUERY>['findTalentInvitation'];

/** The invite action shows where the member may go through the whole flow: the pick page's permissions (route table). */
export function mayInviteTalents(permissions: PermissionSet | null | undefined): boolean {
  return permitsPage(findRouteByKey('companyTalentInvite')?.permissions ?? [['talentInvitation', 'create']], permissions);
}

/** The role an invitation is to, as the select posts it: "ad:<id>" or "description:<id>". */
export function roleIdsOf(choice: string): { jobAdId: string | null; jobDescriptionId: string | null } {
  const [kind, id = ''] = choice.split(':');
  return { jobAdId: kind === 'ad' ? id : null, jobDescriptionId: kind === 'description' ? id : null };
}

const roleChoiceOf = (value: string | null) => {
  const { jobAdId, jobDescriptionId } = roleIdsOf(value ?? '');
  return (jobAdId && isUuid(jobAdId)) || (jobDescriptionId && isUuid(jobDescriptionId)) ? value! : '';
};

export interface InviteSelection {
  talentProfileIds: string[];
  /** The role chosen (or ranked against in the search), "" for none yet. */
  role: string;
  /** More talents than one batch may hold were picked: the first ones are kept, and the page says so. */
  truncated: boolean;
}

/** The selection from the address (or a posted form): known-looking ids once each, at most a batch. */
export function readInviteSelection(params: URLSearchParams | FormData): InviteSelection {
  const ids = [...new Set(params.getAll('talentProfileId').map((value) => String(value).trim()).filter(isUuid))];
  const role = params.get('role');
  return {
    talentProfileIds: ids.slice(0, TALENT_INVITATION_LIMITS.talents),
    role: roleChoiceOf(typeof role === 'string' ? role : null),
    truncated: ids.length > TALENT_INVITATION_LIMITS.talents,
  };
}

/** The address of a step of the flow carrying the selection along. */
export function inviteStepHref(key: 'companyTalentInvite' | 'companyTalentInviteForm', selection: Pick<InviteSelection, 'talentProfileIds' | 'role'>): string {
  return buildRoute(key, { query: { talentProfileId: selection.talentProfileIds, role: selection.role } });
}

/**
 * The roles the form offers: the company's job ads that are up now (an invitation asks the
 * talent to apply, so drafts, scheduled and closed ads are left out) and its job descriptions.
 */
export function inviteRoleGroups(t: Translate, ads: readonly { id: string; title: string; status: string }[], descriptions: readonly { id: string; title: string }[]): SelectGroup[] {
  return [
    { label: t(`${WORDS}.roleAds`), options: ads.filter((ad) => ad.status === 'PUBLISHED').map((ad) => ({ value: `ad:${ad.id}`, label: ad.title })) },
    { label: t(`${WORDS}.roleDescriptions`), options: descriptions.map((description) => ({ value: `description:${description.id}`, label: description.title })) },
  ].filter((group) => group.options.length > 0);
}

export interface InviteFormValues {
  talentProfileIds: string[];
  role: string;
  message: string;
}

export interface InviteRefusal {
  talentProfileId: string;
  refusal: TalentInvitationRefusal;
}

/** Done: some were invited; the success page's address says which, and who was refused and why. */
export type InviteFormOutcome = Done<{ location: string }> | (Invalid<InviteFormValues> & { refusals: InviteRefusal[] });

/** The form's field of an issue: the role select stands for both ids. */
const fieldOf = (issue: FieldIssue): FieldIssue => (issue.path === 'jobAdId' || issue.path === 'jobDescriptionId' ? { ...issue, path: 'role' } : issue);

/**
 * The invitation form: checked with the API's own rules first, then sent. When nobody
 * could be invited (all already invited, say) the form stays, saying why for each
 * talent; otherwise Post/Redirect/Get to the success page.
 */
export async function submitInviteForm(form: FormData, send: SendGraphql, t: Translate): Promise<InviteFormOutcome> {
  const selection = readInviteSelection(form);
  const values: InviteFormValues = { talentProfileIds: selection.talentProfileIds, ...typedForm(form, ['role', 'message']) };
  const invalid = (issues: readonly FieldIssue[], formError: string, status: RefusalStatus = 422, refusals: InviteRefusal[] = []): InviteFormOutcome => {
    const fieldErrors = fieldErrorsOf(issues.map(fieldOf), t, TALENT_INVITATION_ERRORS);
    return { kind: 'invalid', values, fieldErrors, formError: fieldErrors.talentProfileIds ?? formError, refusals, status };
  };
  const parsed = talentInvitationSchema.safeParse({ talentProfileIds: selection.talentProfileIds, ...roleIdsOf(values.role), message: values.message });
  if (!parsed.success) return invalid(zodIssues(parsed.error), t(`${WORDS}.invalid`));
  const { talentProfileIds, jobAdId, jobDescriptionId, message } = parsed.data;
  const answer = await sendDocument(send, CREATE_MANY_TALENT_INVITATION_MUTATION, { data: { talentProfileIds, jobAdId, jobDescriptionId, message: message ?? null } });
  const outcomes = answer.data?.createManyTalentInvitation;
  if (!outcomes || answer.errors.length) {
    const { issues } = answerIssues(answer.errors);
    if (issues.length) return invalid(issues, t(`${WORDS}.invalid`));
    const refusal = companyRefusal(answer.errors, t, WORDS);
    return invalid([], refusal.message, refusal.status);
  }
  const invitationIds = outcomes.flatMap((outcome) => (outcome.invitation ? [outcome.invitation.id] : []));
  const refusals = outcomes.flatMap((outcome) => (outcome.refusal ? [{ talentProfileId: outcome.talentProfileId, refusal: outcome.refusal }] : []));
  if (invitationIds.length === 0) return invalid([], t(`${WORDS}.noneSent`), 409, refusals);
  return { kind: 'done', location: buildRoute('companyTalentInviteSuccess', { query: { invitationId: invitationIds, refused: refusals.map(refusedParam) } }) };
}

const refusedParam = (refusal: InviteRefusal) => `${refusal.talentProfileId}:${refusal.refusal}`;

/** What the success page's address says was sent and refused; anything malformed is left out. */
export function readInviteSuccess(url: URL): { invitationIds: string[]; refusals: InviteRefusal[] } {
  const invitationIds = [...new Set(url.searchParams.getAll('invitationId'))].filter(isUuid).slice(0, TALENT_INVITATION_LIMITS.talents);
  const refusals = url.searchParams
    .getAll('refused')
    .map((value) => value.split(':'))
    .filter((parts): parts is [string, TalentInvitationRefusal] => parts.length === 2 && isUuid(parts[0]!) && (TALENT_INVITATION_REFUSALS as readonly string[]).includes(parts[1]!))
    .slice(0, TALENT_INVITATION_LIMITS.talents)
    .map(([talentProfileId, refusal]) => ({ talentProfileId, refusal }));
  return { invitationIds, refusals };
}

/** The answers the list filters by, as the address spells them (?answer=pending). */
export const ANSWER_FILTERS = SENT_INVITATION_ANSWERS.map((answer) => answer.toLowerCase() as Lowercase<SentInvitationAnswer>);

export interface SentInvitationFilters {
  jobAdId: string | null;
  answer: SentInvitationAnswer | null;
}

/** The list's filters from the address; anything unknown reads as no filter. */
export function readSentInvitationFilters(url: URL): SentInvitationFilters {
  const jobAdId = (url.searchParams.get('jobAdId') ?? '').trim();
  const answer = (url.searchParams.get('answer') ?? '').trim().toUpperCase();
  return {
    jobAdId: isUuid(jobAdId) ? jobAdId : null,
    answer: (SENT_INVITATION_ANSWERS as readonly string[]).includes(answer) ? (answer as SentInvitationAnswer) : null,
  };
}

export const hasSentInvitationFilters = (filters: SentInvitationFilters) => Boolean(filters.jobAdId || filters.answer);

/** The role of an invitation in words: its job ad, else its job description. */
export function invitationRoleTitle(invitation: Pick<SentInvitationItem, 'jobAd' | 'jobDescription'>, t: Translate): string {
  if (invitation.jobAd) return invitation.jobAd.title;
  if (invitation.jobDescription) return t(`${WORDS}.descriptionRole`, { title: invitation.jobDescription.title });
  return t(`${WORDS}.roleGone`);
}

/** The Withdraw action shows on pending invitations, for members whose role may delete invitations. */
export function mayWithdraw(invitation: Pick<SentInvitationItem, 'answer'>, permissions: PermissionSet | null | undefined): boolean {
  return invitation.answer === 'PENDING' && can(permissions, 'talentInvitation', 'delete');
}

/** A withdrawal: done, or refused with the reason in words, beside the invitation it names (`id`). */
export type WithdrawOutcome = Done | Refused<{ id: string | null }>;

/**
 * Withdraws the posted invitation (`id`, only shape-checked here: the API resolves it inside
 * the selected company). A refusal says why: answered meanwhile (applied, ignored), already
 * withdrawn (another tab, another member), or gone.
 */
export async function submitWithdrawInvitation(form: FormData, send: SendGraphql, t: Translate): Promise<WithdrawOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', id: null, message: t(`${WORDS}.withdraw.gone`), status: 422 };
  const answer = await sendDocument(send, DELETE_ONE_TALENT_INVITATION_MUTATION, { id });
  if (answer.data?.deleteOneTalentInvitation && !answer.errors.length) return { kind: 'done' };
  return { kind: 'refused', id, ...companyRefusal(answer.errors, t, `${WORDS}.withdraw`, TALENT_INVITATION_ERRORS) };
}
