import { readListParams } from '../lists/list-params';
import { ASSIGNMENT_FILTERS, ASSIGNMENT_SORTS, type AssignmentFilterParam, type AssignmentSortParam } from './assignment-operations';

/** Assignments per page of /talent/assignments. */
export const ASSIGNMENTS_PER_PAGE = 10;

export interface AssignmentListParams {
  page: number;
  sort: AssignmentSortParam;
  filter: AssignmentFilterParam;
}

const SORTS = Object.keys(ASSIGNMENT_SORTS) as AssignmentSortParam[];

/**
 * The list's address state: ?page, ?sort=newest|oldest (start date), ?filter=all|current.
 * Unknown values fall back to the defaults, so a stale link still shows the list.
 */
export function readAssignmentListParams(url: URL): AssignmentListParams {
  const { page, sort } = readListParams(url, SORTS, 'newest');
  const filter = url.searchParams.get('filter') === 'current' ? 'current' : 'all';
  return { page, sort, filter };
}

/** The API's variables for the list's address state. */
export function assignmentListVariables(params: AssignmentListParams) {
  return { page: params.page, perPage: ASSIGNMENTS_PER_PAGE, sort: ASSIGNMENT_SORTS[params.sort], filter: ASSIGNMENT_FILTERS[params.filter] };
}
