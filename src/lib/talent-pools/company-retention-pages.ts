import { graphql, type ResultOf } from '../graphql/graphql';

// The GraphQL of the company's retention section (Edit Profile): the preview of the next run
// of the retention job and the log of what it erased (api/talent-pools/company-retention.ts).

export const COMPANY_RETENTION_QUERY = graphql(`
  query CompanyRetention {
    companyRetention {
      dueTotal
      due { id jobTitle talentName endedAt erasableSince }
      log { at kind entityId jobTitle talentName removedSavedTalents messagesErased interviewsErased }
    }
  }
`);

export type CompanyRetentionView = ResultOf<typeof COMPANY_RETENTION_QUERY>['companyRetention'];
