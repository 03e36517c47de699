import { graphql, type ResultOf } from '../graphql/graphql';

// The operations of "A profile from a CV" (/talent/profile-import).

export const SUGGEST_FROM_CV_MUTATION = graphql(`
  mutation SuggestTalentProfileFromCv($file: File!) {
    suggestTalentProfileFromCv(file: $file) {
      profileName jobTitle description location email phone skills format truncated
      links { label url }
      languages { language level }
      experience { company title location description startDate endDate current }
      education { school degree field startDate endDate }
    }
  }
`);

/** The save of a review: the score comes back to say whether it went up. */
export const SAVE_REVIEW_MUTATION = graphql(`
  mutation SaveCvReview($data: UpdateTalentProfileInput!) {
    updateOneTalentProfile(data: $data) { id profileScore }
  }
`);

/** A suggestion as the API answers it. */
export type SuggestionAnswer = NonNullable<ResultOf<typeof SUGGEST_FROM_CV_MUTATION>['suggestTalentProfileFromCv']>;
