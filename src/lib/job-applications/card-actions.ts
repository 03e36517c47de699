import type { HiringStepGroup } from '../companies/hiring-steps';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { notificationMail, type NotificationMailText } from '../notifications/notification-text';

// The one control of a received application's card (move, reject, note) and where a post
// from it lands: the pieces that are rules rather than markup.

interface StepChoice {
  id: string;
  stepName: string;
  group: string | null;
}

/**
 * What the card's small form offers. "Move" lists the steps a move needs no reason for
 * (in progress and hired), without the one the application is in; "Reject" goes to the
 * company's first REJECTED step with a reason of that kind, unless the application has ended
 * already (rejected or withdrawn): it cannot be rejected again. Withdrawn (the candidate's own
 * end) stays on the application page's full "Move to" form, where every step is listed.
 */
export function cardMoveChoices<Step extends StepChoice>(steps: readonly Step[], currentStepId: string | null): { moveTo: Step[]; rejectStep: Step | null } {
  const closing = (group: string | null) => group === ('REJECTED' satisfies HiringStepGroup) || group === ('WITHDRAWN' satisfies HiringStepGroup);
  return {
    moveTo: steps.filter((step) => !closing(step.group) && step.id !== currentStepId),
    rejectStep: closing(steps.find((step) => step.id === currentStepId)?.group ?? null) ? null : (steps.find((step) => step.group === 'REJECTED') ?? null),
  };
}

/** Stands for the reason in a preview written before one is chosen; the page's script puts the chosen label there. */
export const REASON_PLACEHOLDER = '\u2063reason\u2063';

/**
 * The mail the talent gets when the rejection reaches her (Not selected, once the company's
 * delay is over), as the product sends it (notificationMail over the event then recorded):
 * shown beside Reject so nobody rejects without reading what goes out. `reason` null leaves
 * REASON_PLACEHOLDER in its place.
 */
export function rejectionMailPreview(
  t: Translate,
  application: { id: string; title: string | null },
  company: { id: string; name: string },
  reason: string | null,
  site: { origin: string; productName: string },
  language: Language,
): NotificationMailText {
  return notificationMail(
    {
      type: 'talentJobApplicationStatus.create',
      entityId: application.id,
      companyId: company.id,
      companyName: company.name,
      title: application.title,
      step: null,
      stepGroup: null,
      talentStatus: 'NOT_SELECTED',
      reason: reason ?? REASON_PLACEHOLDER,
      status: null,
      billingPeriod: null,
      invoiceNumber: null,
      document: null,
    },
    t,
    site,
    language,
  );
}

/**
 * The preview cut around its reason line, so that the page can hide that line when the
 * reason is not shared (ShareReasonField) and write the chosen reason into it.
 */
export function previewAroundReason(t: Translate, text: string): { before: string; reasonBefore: string; reasonAfter: string; after: string } {
  const line = t('notifications.reason', { reason: REASON_PLACEHOLDER });
  const [before = '', after = ''] = text.split(line);
  const [reasonBefore = '', reasonAfter = ''] = line.split(REASON_PLACEHOLDER);
  return { before, reasonBefore, reasonAfter, after };
}

/** The id of a card on the board and in the list: the fragment a post returns to and the notice's target. */
export const applicationCardId = (applicationId: string) => `application-${applicationId}`;

/**
 * Where a post from a card lands: the same address (filters, view) at the card acted on,
 * so the page scrolls to it without JavaScript and the shell moves focus to it with it.
 */
export function returnToCard(here: string, applicationId: string | null): string {
  const base = here.split('#')[0]!;
  return applicationId ? `${base}#${applicationCardId(applicationId)}` : base;
}

/** The card's forms, by what they post: a refusal opens the card again at the form it came from. */
export type CardIntent = 'move' | 'reject' | 'note';
