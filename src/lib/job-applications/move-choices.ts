import type { SelectGroup, SelectOption } from '../forms/select-options';
import type { Translate } from '../i18n/i18n';
import { REJECTION_KINDS } from './rejection-reasons';

/** The choices of a "Move to" form: the steps in pipeline order, and the reasons grouped by who ended it. */
export function moveChoices(
  t: Translate,
  steps: readonly { id: string; stepName: string }[],
  reasons: readonly { id: string; kind: string; label: string }[],
): { steps: SelectOption[]; reasonEmpty: SelectOption[]; reasonGroups: SelectGroup[] } {
  return {
    steps: [{ value: '', label: t('jobApplications.chooseStep') }, ...steps.map((step) => ({ value: step.id, label: step.stepName }))],
    reasonEmpty: [{ value: '', label: t('jobApplications.chooseReason') }],
    reasonGroups: REJECTION_KINDS.map((kind) => ({
      label: t(`jobApplications.reasonGroups.${kind}`),
      options: reasons.filter((reason) => reason.kind === kind).map((reason) => ({ value: reason.id, label: reason.label })),
    })).filter((group) => group.options.length > 0),
  };
}
