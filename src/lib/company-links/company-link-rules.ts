import { z } from 'zod';
import { emailAddress } from '../forms/field-rules';
import { requiredId } from '../forms/form-values';

// The rules of a company link (the companyOnProviderCompany entity): a client company and
// a provider company that supplies it talents, agreed by both. One company proposes, the
// other accepts or declines; either ends it. Only an accepted link lets one company name the
// other on an assignment (lib/assignments/company-assignment-input.ts). Shared by the
// /company/partners page and the API; every message is an issue code worded in
// `companyLinks.errors.<code>`.

export const COMPANY_LINK_ERRORS = 'companyLinks.errors';

export const COMPANY_LINK_STATUSES = ['proposed', 'accepted', 'declined', 'ended'] as const;
export type CompanyLinkStatus = (typeof COMPANY_LINK_STATUSES)[number];

/**
 * What the other company is to the one that proposes: its provider (the other supplies
 * talents to us) or its client (we supply talents to the other).
 */
export const COMPANY_LINK_RELATIONS = ['PROVIDES_TO_US', 'WE_PROVIDE_TO'] as const;
export type CompanyLinkRelation = (typeof COMPANY_LINK_RELATIONS)[number];

/** The link's two columns from the proposer's side: who is the client, who the provider. */
export function linkColumns(self: string, other: string, relation: CompanyLinkRelation): { companyId: string; providerCompanyId: string } {
  return relation === 'PROVIDES_TO_US' ? { companyId: self, providerCompanyId: other } : { companyId: other, providerCompanyId: self };
}

/** The relation as one side reads it: the other company provides to `self`, or `self` provides to it. */
export function relationFor(self: string, link: { companyId: string }): CompanyLinkRelation {
  return link.companyId === self ? 'PROVIDES_TO_US' : 'WE_PROVIDE_TO';
}

export type CompanyLinkAction = 'accept' | 'decline' | 'end';

export interface LinkState {
  status: CompanyLinkStatus;
  /** The company that made the last proposal. */
  proposedByCompanyId: string | null;
}

/**
 * Who may do what to a link, by its state: a proposal is accepted or declined by the
 * company it was made to, never by the one that made it (nobody agrees with themselves);
 * the proposer takes it back by ending it; an accepted link is ended by either side.
 * Declined and ended links are history: a new proposal starts over.
 */
export function mayAct(link: LinkState, self: string, action: CompanyLinkAction): boolean {
  const proposedBySelf = link.proposedByCompanyId === self;
  switch (action) {
    case 'accept':
    case 'decline':
      return link.status === 'proposed' && !proposedBySelf;
    case 'end':
      return link.status === 'accepted' || (link.status === 'proposed' && proposedBySelf);
  }
}

/** The state an action leaves the link in. */
export const STATUS_AFTER: Readonly<Record<CompanyLinkAction, CompanyLinkStatus>> = { accept: 'accepted', decline: 'declined', end: 'ended' };

/** A new proposal is refused while the pair is proposed or accepted; after a decline or an end it starts over. */
export function mayPropose(existing: Pick<LinkState, 'status'> | null): boolean {
  return existing === null || existing.status === 'declined' || existing.status === 'ended';
}

/** The shortest name fragment the search answers: one letter would list half the platform. */
export const LINK_SEARCH_MIN = 2;
/** At most this many companies per search: a search field, not a directory. */
export const LINK_SEARCH_LIMIT = 10;

const relation = z.enum(COMPANY_LINK_RELATIONS, { message: 'relationRequired' });

export const companyLinkProposalSchema = z.object({
  partnerCompanyId: requiredId({ required: 'companyRequired', unknown: 'companyUnknown' }),
  relation,
});

export const companyLinkInvitationSchema = z.object({
  email: emailAddress,
  relation,
});

export type CompanyLinkProposal = z.output<typeof companyLinkProposalSchema>;
export type CompanyLinkInvitationValues = z.output<typeof companyLinkInvitationSchema>;
