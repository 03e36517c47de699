/** GraphQL document and answer shape of the applied jobs page. */

export const MY_JOB_APPLICATIONS_QUERY = `query MyJobApplications($page: Int, $perPage: Int, $sort: JobApplicationSort) {
  myJobApplications(page: $page, perPage: $perPage, sort: $sort) {
    total page perPage pageCount
    items { id title jobAdId jobAdIsVisible companyName isAnonymous hiringStep message createdAt }
  }
}`;

export interface JobApplicationItem {
  id: string;
  title: string | null;
  jobAdId: string | null;
  jobAdIsVisible: boolean;
  companyName: string | null;
  isAnonymous: boolean;
  /** The company's hiring step; null while the application is only submitted. */
  hiringStep: string | null;
  message: string | null;
  createdAt: string;
}

export interface JobApplicationsPage {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: JobApplicationItem[];
}
