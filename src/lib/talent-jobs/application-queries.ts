import { graphql, type ResultOf } from '../graphql/graphql';

/** GraphQL documents of the applied jobs page and the apply form; their types are derived from them. */

export const MY_JOB_APPLICATIONS_QUERY = graphql(`
  query MyJobApplications($page: Int, $perPage: Int, $sort: JobApplicationSort) {
    myJobApplications(page: $page, perPage: $perPage, sort: $sort) {
      total page perPage pageCount
      items {
        id title jobAdId jobAdIsVisible jobAdIsOpen companyName isAnonymous talentStatus rejectionReason message createdAt documentsErased retentionErasedAt
        timeline { status reason at } withdrawalReasons { id label } interviews { id status startsAt }
      }
    }
  }
`);

export type JobApplicationsPage = NonNullable<ResultOf<typeof MY_JOB_APPLICATIONS_QUERY>['myJobApplications']>;

/** One application, with the status and timeline its talent is shown. */
export type JobApplicationItem = JobApplicationsPage['items'][number];

/** The talent's application to one job ad, if any (the apply form shows it instead). */
export const MY_JOB_APPLICATION_QUERY = graphql(`
  query MyJobApplication($jobAdId: ID!) { myJobApplication(jobAdId: $jobAdId) { id createdAt } }
`);

export const APPLY_TO_JOB_AD_MUTATION = graphql(`
  mutation ApplyToJobAd($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }
`);
