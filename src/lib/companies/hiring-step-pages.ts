import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, type FieldErrors, fieldErrorsOf } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type GraphqlError, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { COMPANY_ERRORS, companyRefusal } from '../forms/company-refusals';
import { hiringStepCreateSchema } from './hiring-steps';

// The documents and pure handler of the hiring steps section of the company profile page:
// the pipeline in order, add a step, edit one, move it up or down, delete it.

const SECTION = 'companies.hiringSteps';

export const COMPANY_HIRING_STEPS_QUERY = graphql(`
  query CompanyHiringSteps {
    findManyCompanyHiringStep { id stepName stepDescription group talentStatus order }
  }
`);

export const CREATE_ONE_COMPANY_HIRING_STEP_MUTATION = graphql(`
  mutation CreateOneCompanyHiringStep($data: CreateOneCompanyHiringStepInput!) {
    createOneCompanyHiringStep(data: $data) { id }
  }
`);

export const UPDATE_ONE_COMPANY_HIRING_STEP_MUTATION = graphql(`
  mutation UpdateOneCompanyHiringStep($id: ID!, $data: UpdateOneCompanyHiringStepInput!) {
    updateOneCompanyHiringStep(id: $id, data: $data) { id }
  }
`);

export const MOVE_COMPANY_HIRING_STEP_MUTATION = graphql(`
  mutation MoveCompanyHiringStep($id: ID!, $direction: MoveDirection!) {
    moveCompanyHiringStep(id: $id, direction: $direction) { id order }
  }
`);

export const DELETE_ONE_COMPANY_HIRING_STEP_MUTATION = graphql(`
  mutation DeleteOneCompanyHiringStep($id: ID!) {
    deleteOneCompanyHiringStep(id: $id)
  }
`);

export type CompanyHiringStep = ResultOf<typeof COMPANY_HIRING_STEPS_QUERY>['findManyCompanyHiringStep'][number];

export const HIRING_STEP_INTENTS = ['addStep', 'editStep', 'moveStepUp', 'moveStepDown', 'deleteStep'] as const;
export type HiringStepIntent = (typeof HIRING_STEP_INTENTS)[number];

export function isHiringStepIntent(value: unknown): value is HiringStepIntent {
  return typeof value === 'string' && (HIRING_STEP_INTENTS as readonly string[]).includes(value);
}

export interface HiringStepFormValues {
  stepName: string;
  stepDescription: string;
  group: string;
  talentStatus: string;
}

export type HiringStepOutcome = ActionOutcome<
  { noticeKey: string; target: string | null },
  {
    intent: HiringStepIntent;
    /** The step the refusal is about; null for the add form. */
    stepId: string | null;
    /** For add and edit: the values as typed and a message per field. */
    values: HiringStepFormValues | null;
    fieldErrors: FieldErrors;
  }
>;

const HIRING_STEP_FIELDS = ['stepName', 'stepDescription', 'group', 'talentStatus'] as const;

/**
 * One post of the hiring steps section. Add and edit check the step rules first (a
 * mistake is shown without a round trip); an edit sends every field, so a blank
 * description empties it. Ids are shape-checked only: the API resolves them inside the
 * selected company.
 */
export async function submitHiringStepForm(intent: HiringStepIntent, form: FormData, send: SendGraphql, t: Translate): Promise<HiringStepOutcome> {
  const stepId = intent === 'addStep' ? null : postedId(form);
  const editing = intent === 'addStep' || intent === 'editStep';
  const values: HiringStepFormValues | null = editing ? typedForm(form, HIRING_STEP_FIELDS) : null;
  const refused = (errors: readonly GraphqlError[], fieldErrors: FieldErrors = {}, message?: string): HiringStepOutcome => {
    const refusal = companyRefusal(errors, t, SECTION);
    return { kind: 'refused', intent, stepId, message: message ?? refusal.message, status: refusal.status, values, fieldErrors };
  };
  if (intent !== 'addStep' && !stepId) return refused([], {}, t(`${SECTION}.gone`));

  if (editing) {
    const parsed = parseForm(form, hiringStepCreateSchema);
    if (!parsed.ok) return refused([], fieldErrorsOf(parsed.issues, t, COMPANY_ERRORS), t(`${SECTION}.invalid`));
    const data = { stepName: parsed.value.stepName, stepDescription: parsed.value.stepDescription ?? null, group: parsed.value.group, talentStatus: parsed.value.talentStatus ?? null };
    const answer = intent === 'addStep'
      ? await sendDocument(send, CREATE_ONE_COMPANY_HIRING_STEP_MUTATION, { data })
      : await sendDocument(send, UPDATE_ONE_COMPANY_HIRING_STEP_MUTATION, { id: stepId!, data });
    const saved = answer.data && ('createOneCompanyHiringStep' in answer.data ? answer.data.createOneCompanyHiringStep : answer.data.updateOneCompanyHiringStep);
    if (saved && !answer.errors.length) return { kind: 'done', noticeKey: intent === 'addStep' ? 'notices.companies.stepAdded' : 'notices.companies.stepSaved', target: `step-${saved.id}` };
    const fieldErrors = fieldErrorsOf(answerIssues(answer.errors).issues, t, COMPANY_ERRORS);
    return refused(answer.errors, fieldErrors, Object.keys(fieldErrors).length ? t(`${SECTION}.invalid`) : undefined);
  }
  if (intent === 'deleteStep') {
    const answer = await sendDocument(send, DELETE_ONE_COMPANY_HIRING_STEP_MUTATION, { id: stepId! });
    return answer.data?.deleteOneCompanyHiringStep && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.companies.stepDeleted', target: null } : refused(answer.errors);
  }
  const answer = await sendDocument(send, MOVE_COMPANY_HIRING_STEP_MUTATION, { id: stepId!, direction: intent === 'moveStepUp' ? 'UP' : 'DOWN' });
  return answer.data?.moveCompanyHiringStep && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.companies.stepMoved', target: `step-${stepId}` } : refused(answer.errors);
}
