import type { GraphqlAnswerLike } from '../talent/profile-operations';
import type { AssignmentStatus } from './assignment-status';

// The GraphQL the assignment pages send (through the BFF, as the signed-in talent) and
// the shapes they read back.

export const ASSIGNMENT_SORTS = { newest: 'START_DATE_DESC', oldest: 'START_DATE_ASC' } as const;
export type AssignmentSortParam = keyof typeof ASSIGNMENT_SORTS;

export const ASSIGNMENT_FILTERS = { all: 'ALL', current: 'CURRENT' } as const;
export type AssignmentFilterParam = keyof typeof ASSIGNMENT_FILTERS;

export const MY_ASSIGNMENTS_QUERY = `query MyJobAssignments($page: Int, $perPage: Int, $sort: TalentAssignmentSort, $filter: TalentAssignmentFilter) {
  myJobAssignments(page: $page, perPage: $perPage, sort: $sort, filter: $filter) {
    total page perPage pageCount
    items { id status startDate endDate currency role { title } clientCompany { name } providerCompany { name } }
  }
}`;

export const MY_ASSIGNMENT_QUERY = `query MyJobAssignment($id: ID!) {
  myJobAssignment(id: $id) {
    id status startDate endDate team costCenter talentNote currency clientPricesIsVisibleToTalent
    role { title description location skills }
    clientCompany { name } providerCompany { name } salesCompany { name }
    billings { id year month status amount currency clientAmount }
  }
}`;

/** What the edit form needs: the editable fields and enough to name the assignment. */
export const MY_ASSIGNMENT_EDIT_QUERY = `query MyJobAssignmentForEdit($id: ID!) {
  myJobAssignment(id: $id) { id startDate endDate team costCenter talentNote role { title } clientCompany { name } }
}`;

export const CLIENT_OPTIONS_QUERY = `query MyAssignmentClientOptions {
  myAssignmentClientOptions { company { id name } currency roles { id title } }
}`;

export const CREATE_ASSIGNMENT_MUTATION = `mutation CreateMyJobAssignment($data: CreateMyJobAssignmentInput!) {
  createMyJobAssignment(data: $data) { id }
}`;

export const UPDATE_ASSIGNMENT_MUTATION = `mutation UpdateMyJobAssignment($id: ID!, $data: UpdateMyJobAssignmentInput!) {
  updateMyJobAssignment(id: $id, data: $data) { id }
}`;

interface Named {
  name: string;
}

export interface AssignmentListItem {
  id: string;
  status: AssignmentStatus;
  startDate: string | null;
  endDate: string | null;
  currency: string | null;
  role: { title: string } | null;
  clientCompany: Named | null;
  providerCompany: Named | null;
}

export interface AssignmentPage {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: AssignmentListItem[];
}

export interface AssignmentBillingSummary {
  id: string;
  year: number;
  month: number;
  status: string;
  amount: string;
  currency: string;
  clientAmount: string | null;
}

export interface AssignmentDetail extends AssignmentListItem {
  team: string | null;
  costCenter: string | null;
  talentNote: string | null;
  clientPricesIsVisibleToTalent: boolean;
  role: { title: string; description: string | null; location: string | null; skills: string[] } | null;
  salesCompany: Named | null;
  billings: AssignmentBillingSummary[];
}

export type AssignmentForEdit = Pick<AssignmentDetail, 'id' | 'startDate' | 'endDate' | 'team' | 'costCenter' | 'talentNote' | 'clientCompany'> & {
  role: { title: string } | null;
};

export interface ClientOption {
  company: { id: string; name: string };
  currency: string;
  roles: Array<{ id: string; title: string }>;
}

/**
 * The data of a page query, or null when the API said NOT_FOUND (the page then shows the
 * not-found page). Any other failure throws, so the page shows its error page.
 */
export function readPageData<Data>(answer: GraphqlAnswerLike, what: string): Data | null {
  const error = answer.body.errors?.[0];
  if (error?.extensions?.code === 'NOT_FOUND') return null;
  if (error || !answer.body.data) throw new Error(`loading ${what} failed: ${error?.message ?? answer.status}`);
  return answer.body.data as Data;
}
