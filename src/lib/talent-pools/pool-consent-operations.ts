import type { Translate } from '../i18n/i18n';
import { dataOf } from '../graphql/answer-data';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type DocumentAnswer, type SendGraphql } from '../graphql/send-document';
import type { ActionOutcome } from '../forms/form-outcome';
import { POOL_CONSENT_ANSWERS, POOL_CONSENT_ERRORS, type PoolConsentAnswer } from './pool-consent';

// The GraphQL of the talent's side of consent for talent pools (her settings' section), and
// the handler of its answer buttons.

/** How many requests the section lists; a talent asked by more companies pages through them. */
export const POOL_CONSENTS_PER_PAGE = 20;

export const MY_TALENT_POOL_CONSENTS_QUERY = graphql(`
  query MyTalentPoolConsents($page: Int, $perPage: Int) {
    myTalentPoolConsents(page: $page, perPage: $perPage) {
      total
      page
      perPage
      items { id companyName status answers requestedAt answeredAt shownText shownLanguage validUntil }
    }
  }
`);

export const ANSWER_MY_TALENT_POOL_CONSENT_MUTATION = graphql(`
  mutation AnswerMyTalentPoolConsent($id: ID!, $answer: TalentPoolConsentAnswer!) {
    answerMyTalentPoolConsent(id: $id, answer: $answer) { id companyName status }
  }
`);

export type PoolConsentsView = ResultOf<typeof MY_TALENT_POOL_CONSENTS_QUERY>['myTalentPoolConsents'];

export function readPoolConsentsAnswer(answer: DocumentAnswer<ResultOf<typeof MY_TALENT_POOL_CONSENTS_QUERY>>): PoolConsentsView {
  return dataOf(answer, 'your talent pool requests').myTalentPoolConsents;
}

const isAnswer = (value: unknown): value is PoolConsentAnswer => (POOL_CONSENT_ANSWERS as readonly unknown[]).includes(value);

/**
 * One answer button of the section (`consent` and `answer` posted): done with the answer,
 * which picks the notice; a refusal of the rule (no longer possible, someone acting as her)
 * or any failure is said in the page's words.
 */
export async function submitPoolConsentAnswer(form: FormData, send: SendGraphql, t: Translate): Promise<ActionOutcome<{ answer: PoolConsentAnswer }>> {
  const id = form.get('consent');
  const answer = form.get('answer');
  if (typeof id !== 'string' || !id || !isAnswer(answer)) return { kind: 'refused', message: t('talentPools.failed'), status: 422 };
  const answered = await sendDocument(send, ANSWER_MY_TALENT_POOL_CONSENT_MUTATION, { id, answer });
  const done = answered.data?.answerMyTalentPoolConsent;
  if (done && !answered.errors.length) return { kind: 'done', answer };
  const error = answered.errors[0]?.extensions;
  if (error?.reason === 'answerNotAllowed') return { kind: 'refused', message: t(`${POOL_CONSENT_ERRORS}.answerNotAllowed`), status: 409 };
  if (error?.reason === 'impersonating') return { kind: 'refused', message: t(`${POOL_CONSENT_ERRORS}.impersonating`), status: 403 };
  if (error?.code === 'NOT_FOUND') return { kind: 'refused', message: t(`${POOL_CONSENT_ERRORS}.answerNotAllowed`), status: 404 };
  return { kind: 'refused', message: t('talentPools.failed'), status: 422 };
}
