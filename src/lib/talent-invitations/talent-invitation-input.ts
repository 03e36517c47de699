import { z } from 'zod';
import { optionalText } from '../forms/field-rules';
import { isUuid } from '../ids';
import { invitationStatus, type InvitationStatus } from '../talent-jobs/invitation-status';

// The rules of a company's invitations to talents (the talentInvitation entity),
// shared by the /company/talent-invite* pages and the API. Every message is an issue code,
// worded in talentInvitations.errors (refusals of one talent in talentInvitations.refusals).

export const TALENT_INVITATION_ERRORS = 'talentInvitations.errors';

export const TALENT_INVITATION_LIMITS = {
  /** Talents invited in one go: a page of search results, and a bound on one transaction. */
  talents: 50,
  message: 2000,
} as const;

/** Why one talent of a batch was not invited; the others still were. */
export const TALENT_INVITATION_REFUSALS = ['alreadyInvited', 'talentUnknown'] as const;
export type TalentInvitationRefusal = (typeof TALENT_INVITATION_REFUSALS)[number];

const talentProfileIds = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((raw, ctx) => {
    const ids = [...new Set((raw === null || raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw).map((id) => id.trim()).filter(Boolean))];
    if (ids.length === 0) ctx.addIssue({ code: 'custom', message: 'talentsRequired' });
    else if (ids.length > TALENT_INVITATION_LIMITS.talents) ctx.addIssue({ code: 'custom', message: 'tooManyTalents' });
    else if (ids.some((id) => !isUuid(id))) ctx.addIssue({ code: 'custom', message: 'talentUnknown' });
    return ids;
  });

const roleId = (unknownCode: string) =>
  z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') return null;
      if (!isUuid(value)) ctx.addIssue({ code: 'custom', message: unknownCode });
      return value;
    });

/** A textarea posts its line breaks as "\r\n" while its maxlength counted each as one character. */
const message = z.preprocess((raw) => (typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n') : raw), optionalText(TALENT_INVITATION_LIMITS.message, true));

/**
 * One invitation batch: the talents, the one role they are invited to (a job ad or a job
 * description, never both, never neither) and an optional message.
 */
export const talentInvitationSchema = z
  .object({
    talentProfileIds,
    jobAdId: roleId('jobAdUnknown'),
    jobDescriptionId: roleId('jobDescriptionUnknown'),
    message,
  })
  .superRefine((values, ctx) => {
    if (values.jobAdId && values.jobDescriptionId) ctx.addIssue({ code: 'custom', path: ['jobAdId'], message: 'oneRole' });
    if (!values.jobAdId && !values.jobDescriptionId) ctx.addIssue({ code: 'custom', path: ['jobAdId'], message: 'roleRequired' });
  });

export type TalentInvitationValues = z.output<typeof talentInvitationSchema>;

/**
 * What an invitation is to, and so what makes a second one "the same": an invitation with
 * a job ad is to that ad, one without is to its job description. This is also what the
 * talent's application must match to answer it (invitation-answer.ts in the API).
 */
export type InvitationRole = { kind: 'jobAd'; id: string } | { kind: 'jobDescription'; id: string };

export function invitationRoleOf(invitation: { jobAdId: string | null; jobDescriptionId: string | null }): InvitationRole | null {
  if (invitation.jobAdId) return { kind: 'jobAd', id: invitation.jobAdId };
  if (invitation.jobDescriptionId) return { kind: 'jobDescription', id: invitation.jobDescriptionId };
  return null;
}

export const sameInvitationRole = (a: InvitationRole | null, b: InvitationRole | null) => a !== null && b !== null && a.kind === b.kind && a.id === b.id;

/**
 * The talent's answer as the company sees it: the talent's own status, "new" being
 * "pending" from this side; WITHDRAWN when the company took it back while it was pending.
 */
export const SENT_INVITATION_ANSWERS = ['PENDING', 'APPLIED', 'IGNORED', 'WITHDRAWN'] as const;
export type SentInvitationAnswer = (typeof SENT_INVITATION_ANSWERS)[number];

const ANSWER_OF_STATUS = { new: 'PENDING', applied: 'APPLIED', ignored: 'IGNORED', withdrawn: 'WITHDRAWN' } as const satisfies Record<InvitationStatus, SentInvitationAnswer>;

export function sentInvitationAnswer(invitation: { ignored: boolean; applied: boolean; withdrawn: boolean }): SentInvitationAnswer {
  return ANSWER_OF_STATUS[invitationStatus(invitation)];
}

/**
 * Why a company may not withdraw an invitation, worded in talentInvitations.errors: only a
 * pending one is withdrawn (an answer is the talent's, and stays as they gave it).
 */
export const WITHDRAWAL_REFUSALS = {
  APPLIED: 'alreadyApplied',
  IGNORED: 'alreadyIgnored',
  WITHDRAWN: 'alreadyWithdrawn',
} as const satisfies Record<Exclude<SentInvitationAnswer, 'PENDING'>, string>;

/** The refusal code of withdrawing an invitation with this answer; null when it may be withdrawn. */
export function withdrawalRefusal(answer: SentInvitationAnswer): (typeof WITHDRAWAL_REFUSALS)[keyof typeof WITHDRAWAL_REFUSALS] | null {
  return answer === 'PENDING' ? null : WITHDRAWAL_REFUSALS[answer];
}
