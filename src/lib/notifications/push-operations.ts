import { graphql } from '../graphql/graphql';

/** GraphQL documents of the site settings' push step (islands/account/push-subscription-element.ts). */

export const SUBSCRIBE_PUSH_MUTATION = graphql(`
  mutation SubscribePush($data: PushSubscriptionInput!) { subscribePush(data: $data) }
`);

export const UNSUBSCRIBE_PUSH_MUTATION = graphql(`
  mutation UnsubscribePush($endpoint: String!) { unsubscribePush(endpoint: $endpoint) }
`);
