import { graphql, type ResultOf } from '../graphql/graphql';

// The GraphQL the assignment pages send (through the BFF, as the signed-in talent) and
// the shapes they read back, derived from the documents.

export const ASSIGNMENT_SORTS = { newest: 'START_DATE_DESC', oldest: 'START_DATE_ASC' } as const;
export type AssignmentSortParam = keyof typeof ASSIGNMENT_SORTS;

export const ASSIGNMENT_FILTERS = { all: 'ALL', current: 'CURRENT' } as const;
export type AssignmentFilterParam = keyof typeof ASSIGNMENT_FILTERS;

export const MY_ASSIGNMENTS_QUERY = graphql(`
  query MyJobAssignments($page: Int, $perPage: Int, $sort: TalentAssignmentSort, $filter: TalentAssignmentFilter) {
    myJobAssignments(page: $page, perPage: $perPage, sort: $sort, filter: $filter) {
      total page perPage pageCount
      items { id status startDate endDate currency role { title } clientCompany { name } providerCompany { name } }
    }
  }
`);

export const MY_ASSIGNMENT_QUERY = graphql(`
  query MyJobAssignment($id: ID!) {
    myJobAssignment(id: $id) {
      id status startDate endDate team costCenter talentNote currency clientPricesIsVisibleToTalent
      role { title description location skills }
      clientCompany { name } providerCompany { name } salesCompany { name }
      billings { id year month status amount currency clientAmount }
    }
  }
`);

/** What the edit form needs: the editable fields and enough to name the assignment. */
export const MY_ASSIGNMENT_EDIT_QUERY = graphql(`
  query MyJobAssignmentForEdit($id: ID!) {
    myJobAssignment(id: $id) { id startDate endDate team costCenter talentNote role { title } clientCompany { name } }
  }
`);

export const CLIENT_OPTIONS_QUERY = graphql(`
  query MyAssignmentClientOptions {
    myAssignmentClientOptions { company { id name } currency roles { id title } }
  }
`);

export const CREATE_ASSIGNMENT_MUTATION = graphql(`
  mutation CreateMyJobAssignment($data: CreateMyJobAssignmentInput!) {
    createMyJobAssignment(data: $data) { id }
  }
`);

export const UPDATE_ASSIGNMENT_MUTATION = graphql(`
  mutation UpdateMyJobAssignment($id: ID!, $data: UpdateMyJobAssignmentInput!) {
    updateMyJobAssignment(id: $id, data: $data) { id }
  }
`);

export type AssignmentPage = ResultOf<typeof MY_ASSIGNMENTS_QUERY>['myJobAssignments'];
export type AssignmentListItem = AssignmentPage['items'][number];
export type AssignmentDetail = ResultOf<typeof MY_ASSIGNMENT_QUERY>['myJobAssignment'];
export type AssignmentBillingSummary = AssignmentDetail['billings'][number];
export type AssignmentForEdit = ResultOf<typeof MY_ASSIGNMENT_EDIT_QUERY>['myJobAssignment'];
export type ClientOption = ResultOf<typeof CLIENT_OPTIONS_QUERY>['myAssignmentClientOptions'][number];

