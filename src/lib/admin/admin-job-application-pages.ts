import { HIRING_STEP_GROUPS, type HiringStepGroup } from '../companies/hiring-steps';
import { graphql, type ResultOf } from '../graphql/graphql';

// The documents of /admin/job-applications (the admin's view of applications): every application, read
// only, for support; ?id= opens one.

export const ADMIN_JOB_APPLICATIONS_PER_PAGE = 20;

/** The groups the list filters by: a step's group, or none (its step was deleted). */
export const ADMIN_APPLICATION_GROUPS = [...HIRING_STEP_GROUPS, 'NONE'] as const;
export type AdminApplicationGroup = HiringStepGroup | 'NONE';

export const FIND_MANY_ADMIN_JOB_APPLICATION_QUERY = graphql(`
  query FindManyAdminJobApplication($q: String, $company: String, $job: String, $group: AdminJobApplicationGroup, $page: Int, $perPage: Int) {
    findManyAdminJobApplication(q: $q, company: $company, job: $job, group: $group, page: $page, perPage: $perPage) {
      items {
        id companyName talentEmail
        application { id createdAt talent { profileName } jobAd { id title } jobDescription { id title } hiringStep { stepName group } }
      }
      total page pageCount
    }
  }
`);

export const FIND_ADMIN_JOB_APPLICATION_QUERY = graphql(`
  query FindAdminJobApplication($id: ID!) {
    findAdminJobApplication(id: $id) {
      id companyId companyName talentEmail
      application {
        id message createdAt stepChangedAt isStuck
        talent { id profileName jobTitle location }
        jobAd { id title } jobDescription { id title }
        hiringStep { stepName group } rejectionReason { label kind }
      }
      history { at kind actorName fromStep toStep reason }
    }
  }
`);

export type AdminJobApplicationListItem = ResultOf<typeof FIND_MANY_ADMIN_JOB_APPLICATION_QUERY>['findManyAdminJobApplication']['items'][number];
export type AdminJobApplicationDetail = ResultOf<typeof FIND_ADMIN_JOB_APPLICATION_QUERY>['findAdminJobApplication'];

/** The list's filters, as the address carries them; anything unknown is no filter. */
export interface AdminJobApplicationFilters {
  q: string;
  company: string;
  job: string;
  group: AdminApplicationGroup | null;
}

const text = (url: URL, name: string) => (url.searchParams.get(name) ?? '').trim().slice(0, 200);

export function readAdminJobApplicationFilters(url: URL): AdminJobApplicationFilters {
  const group = url.searchParams.get('group') ?? '';
  return {
    q: text(url, 'q'),
    company: text(url, 'company'),
    job: text(url, 'job'),
    group: (ADMIN_APPLICATION_GROUPS as readonly string[]).includes(group) ? (group as AdminApplicationGroup) : null,
  };
}

export const hasAdminJobApplicationFilters = (filters: AdminJobApplicationFilters) => Boolean(filters.q || filters.company || filters.job || filters.group);
