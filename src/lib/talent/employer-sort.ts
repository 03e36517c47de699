/**
 * The sorts of the employers list as they appear in its address (?sort=...), and the
 * API's TalentEmployerSort value each stands for. Name first: people look an employer up
 * by name more often than by when they joined its roster.
 */
export const EMPLOYER_SORTS = ['name-asc', 'name-desc', 'since-desc', 'since-asc'] as const;
export type EmployerSort = (typeof EMPLOYER_SORTS)[number];
export const DEFAULT_EMPLOYER_SORT: EmployerSort = 'name-asc';

export type EmployerSortArgument = 'NAME_ASC' | 'NAME_DESC' | 'SINCE_DESC' | 'SINCE_ASC';

export function employerSortArgument(sort: EmployerSort): EmployerSortArgument {
  return sort.toUpperCase().replace('-', '_') as EmployerSortArgument;
}
