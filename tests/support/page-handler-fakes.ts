import type { GraphqlAnswerLike, SendGraphql } from '../../src/lib/graphql/send-document';

// Inputs for the pure page handlers of src/lib (submitXForm): a posted form, and an API
// that records what was sent and answers as told.

export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set('csrf', 'token');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export function apiAnswering(answer: GraphqlAnswerLike) {
  const sent: Array<{ operationName?: string; variables?: Record<string, unknown> }> = [];
  const send: SendGraphql = async (body) => {
    sent.push({ operationName: body.operationName, variables: body.variables });
    return answer;
  };
  return { send, sent };
}

/** An API answering each operation by name (a 500 for any other), recording what it was sent. */
export function apiByOperation(answers: Record<string, GraphqlAnswerLike>) {
  const sent: Array<{ operationName?: string; variables?: Record<string, unknown> }> = [];
  const send: SendGraphql = async (body) => {
    sent.push({ operationName: body.operationName, variables: body.variables });
    return answers[body.operationName ?? ''] ?? { status: 500, body: { data: null, errors: [{ message: 'unexpected' }] } };
  };
  return { send, sent };
}
