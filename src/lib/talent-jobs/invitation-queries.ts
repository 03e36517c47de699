import { graphql, type ResultOf } from '../graphql/graphql';
import type { InvitationFilter } from './invitation-status';

/** GraphQL documents of the invitations pages; their types are derived from them. */

// The fields of a list row, which the detail page shows too.
export const INVITATION_LIST_ITEM_FRAGMENT = graphql(`
  fragment InvitationListItem on ReceivedInvitation { id status ignoredAt withdrawnAt createdAt companyName title appliedAt }
`);

export const MY_INVITATIONS_QUERY = graphql(
  `
  query MyInvitations($page: Int, $perPage: Int, $filter: ReceivedInvitationFilter, $sort: ReceivedInvitationSort) {
    myInvitations(page: $page, perPage: $perPage, filter: $filter, sort: $sort) { total page perPage pageCount items { ...InvitationListItem } }
  }
`,
  [INVITATION_LIST_ITEM_FRAGMENT],
);

export const MY_INVITATION_QUERY = graphql(
  `
  query MyInvitation($id: ID!) {
    myInvitation(id: $id) {
      ...InvitationListItem ignored message invitedByName jobAdId jobDescriptionId description location skills
      salary currency salaryRateUnit workMode employmentType assignmentType jobAdIsVisible isOpenForApplications applicationId
    }
  }
`,
  [INVITATION_LIST_ITEM_FRAGMENT],
);

export const IGNORE_INVITATION_MUTATION = graphql(`
  mutation IgnoreInvitation($id: ID!) { ignoreInvitation(id: $id) { id status } }
`);

export const APPLY_TO_INVITATION_MUTATION = graphql(`
  mutation ApplyToInvitation($id: ID!, $message: String) { applyToInvitation(id: $id, message: $message) { id } }
`);

export type InvitationsPage = NonNullable<ResultOf<typeof MY_INVITATIONS_QUERY>['myInvitations']>;
export type InvitationListItem = ResultOf<typeof INVITATION_LIST_ITEM_FRAGMENT>;
export type InvitationStatusValue = InvitationListItem['status'];
export type InvitationDetail = NonNullable<ResultOf<typeof MY_INVITATION_QUERY>['myInvitation']>;

/** The API's filter value for the address's ?filter=. */
export function toApiInvitationFilter(filter: InvitationFilter): 'NEW' | 'IGNORED' | 'ALL' {
  return filter.toUpperCase() as 'NEW' | 'IGNORED' | 'ALL';
}
