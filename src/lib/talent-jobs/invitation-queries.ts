import type { InvitationFilter } from './invitation-status';

/** GraphQL documents and answer shapes of the invitations pages. */

const LIST_FIELDS = 'id status ignoredAt createdAt companyName title appliedAt';

export const MY_INVITATIONS_QUERY = `query MyInvitations($page: Int, $perPage: Int, $filter: ReceivedInvitationFilter, $sort: ReceivedInvitationSort) {
  myInvitations(page: $page, perPage: $perPage, filter: $filter, sort: $sort) { total page perPage pageCount items { ${LIST_FIELDS} } }
}`;

export const MY_INVITATION_QUERY = `query MyInvitation($id: ID!) {
  myInvitation(id: $id) {
    ${LIST_FIELDS} ignored message invitedByName jobAdId jobDescriptionId description location skills
    salary currency salaryRateUnit workMode employmentType assignmentType jobAdIsVisible isOpenForApplications applicationId
  }
}`;

export const IGNORE_INVITATION_MUTATION = `mutation IgnoreInvitation($id: ID!) { ignoreInvitation(id: $id) { id status } }`;

export const APPLY_TO_INVITATION_MUTATION = `mutation ApplyToInvitation($id: ID!, $message: String) { applyToInvitation(id: $id, message: $message) { id } }`;

export type InvitationStatusValue = 'NEW' | 'IGNORED' | 'APPLIED';

export interface InvitationListItem {
  id: string;
  status: InvitationStatusValue;
  ignoredAt: string | null;
  createdAt: string;
  companyName: string;
  title: string | null;
  appliedAt: string | null;
}

export interface InvitationsPage {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: InvitationListItem[];
}

export interface InvitationDetail extends InvitationListItem {
  ignored: boolean;
  message: string | null;
  invitedByName: string | null;
  jobAdId: string | null;
  jobDescriptionId: string | null;
  description: string | null;
  location: string | null;
  skills: string[];
  salary: string | null;
  currency: string | null;
  salaryRateUnit: 'HOUR' | 'DAY' | 'MONTH' | null;
  workMode: string | null;
  employmentType: string | null;
  assignmentType: string | null;
  jobAdIsVisible: boolean;
  isOpenForApplications: boolean;
  applicationId: string | null;
}

/** The API's filter value for the address's ?filter=. */
export function toApiInvitationFilter(filter: InvitationFilter): 'NEW' | 'IGNORED' | 'ALL' {
  return filter.toUpperCase() as 'NEW' | 'IGNORED' | 'ALL';
}
