import { describe, expect, it } from 'vitest';
import { zodIssues } from '../../../src/lib/forms/zod-issues';
import {
  invitationRoleOf,
  sameInvitationRole,
  sentInvitationAnswer,
  TALENT_INVITATION_LIMITS,
  talentInvitationSchema,
  withdrawalRefusal,
} from '../../../src/lib/talent-invitations/talent-invitation-input';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AD = '11111111-1111-4111-8111-111111111111';
const DESCRIPTION = '22222222-2222-4222-8222-222222222222';

const codes = (data: Record<string, unknown>) => {
  const parsed = talentInvitationSchema.safeParse(data);
  return parsed.success ? [] : zodIssues(parsed.error).map((issue) => `${issue.path}:${issue.code}`);
};

describe('an invitation is to exactly one role: a job ad or a job description', () => {
  it('refuses neither and both, takes either', () => {
    expect(codes({ talentProfileIds: [id(1)] })).toEqual(['jobAdId:roleRequired']);
    expect(codes({ talentProfileIds: [id(1)], jobAdId: AD, jobDescriptionId: DESCRIPTION })).toEqual(['jobAdId:oneRole']);
    expect(talentInvitationSchema.parse({ talentProfileIds: [id(1)], jobAdId: AD })).toMatchObject({ jobAdId: AD, jobDescriptionId: null });
    expect(talentInvitationSchema.parse({ talentProfileIds: [id(1)], jobDescriptionId: ` ${DESCRIPTION} ` })).toMatchObject({ jobAdId: null, jobDescriptionId: DESCRIPTION });
  });

  it('a role id that cannot be one of ours is unknown, in the words of its kind', () => {
    expect(codes({ talentProfileIds: [id(1)], jobAdId: 'ad-1' })).toEqual(['jobAdId:jobAdUnknown']);
    expect(codes({ talentProfileIds: [id(1)], jobDescriptionId: '42' })).toEqual(['jobDescriptionId:jobDescriptionUnknown']);
  });
});

describe('an invitation goes to 1 to 50 talents at once, each once', () => {
  it('needs one, refuses more than a batch, reads each talent once', () => {
    expect(codes({ talentProfileIds: [], jobAdId: AD })).toEqual(['talentProfileIds:talentsRequired']);
    const many = Array.from({ length: TALENT_INVITATION_LIMITS.talents + 1 }, (_, n) => id(n));
    expect(codes({ talentProfileIds: many, jobAdId: AD })).toEqual(['talentProfileIds:tooManyTalents']);
    // 51 entries that are 50 talents: the duplicate is not a 51st talent.
    expect(codes({ talentProfileIds: [...many.slice(0, 50), many[0]!], jobAdId: AD })).toEqual([]);
    expect(talentInvitationSchema.parse({ talentProfileIds: [id(1), id(2), id(1)], jobAdId: AD }).talentProfileIds).toEqual([id(1), id(2)]);
    expect(codes({ talentProfileIds: [id(1), 'robert'], jobAdId: AD })).toEqual(['talentProfileIds:talentUnknown']);
  });
});

describe('the message is optional, at most 2,000 characters, a line break counting once', () => {
  it('stores a blank message as none and counts "\\r\\n" as the textarea did', () => {
    expect(talentInvitationSchema.parse({ talentProfileIds: [id(1)], jobAdId: AD, message: '   ' }).message).toBeNull();
    const lines = `${'a'.repeat(999)}\r\n${'b'.repeat(1000)}`;
    expect(talentInvitationSchema.parse({ talentProfileIds: [id(1)], jobAdId: AD, message: lines }).message).toBe(`${'a'.repeat(999)}\n${'b'.repeat(1000)}`);
    expect(codes({ talentProfileIds: [id(1)], jobAdId: AD, message: 'x'.repeat(2001) })).toEqual(['message:tooLong']);
    expect(codes({ talentProfileIds: [id(1)], jobAdId: AD, message: 'hi\u0007' })).toEqual(['message:controlCharacters']);
  });
});

describe('a talent is invited once to the same role', () => {
  it('an invitation with an ad is to the ad; one without is to its job description', () => {
    expect(invitationRoleOf({ jobAdId: AD, jobDescriptionId: DESCRIPTION })).toEqual({ kind: 'jobAd', id: AD });
    expect(invitationRoleOf({ jobAdId: null, jobDescriptionId: DESCRIPTION })).toEqual({ kind: 'jobDescription', id: DESCRIPTION });
    expect(invitationRoleOf({ jobAdId: null, jobDescriptionId: null })).toBeNull();
  });

  it('an ad made from a description is another role than the description itself', () => {
    const toAd = invitationRoleOf({ jobAdId: AD, jobDescriptionId: DESCRIPTION });
    const toDescription = invitationRoleOf({ jobAdId: null, jobDescriptionId: DESCRIPTION });
    expect(sameInvitationRole(toAd, { kind: 'jobAd', id: AD })).toBe(true);
    expect(sameInvitationRole(toAd, toDescription)).toBe(false);
    expect(sameInvitationRole(toDescription, { kind: 'jobDescription', id: DESCRIPTION })).toBe(true);
    expect(sameInvitationRole(null, null)).toBe(false);
  });
});

describe("the talent's answer as the company sees it", () => {
  const answer = (ignored: boolean, applied: boolean, withdrawn = false) => sentInvitationAnswer({ ignored, applied, withdrawn });

  it('applying answers for good, also after ignoring; otherwise ignored, else pending', () => {
    expect(answer(false, false)).toBe('PENDING');
    expect(answer(true, false)).toBe('IGNORED');
    expect(answer(true, true)).toBe('APPLIED');
    expect(answer(false, true)).toBe('APPLIED');
  });

  it('a withdrawn invitation reads withdrawn, even when the talent applied to the role later (through the public ad)', () => {
    expect(answer(false, false, true)).toBe('WITHDRAWN');
    expect(answer(false, true, true)).toBe('WITHDRAWN');
  });
});

describe('withdrawing an invitation', () => {
  it('is for pending ones only: any answer, or an earlier withdrawal, is refused with its own code', () => {
    expect(withdrawalRefusal('PENDING')).toBeNull();
    expect(withdrawalRefusal('APPLIED')).toBe('alreadyApplied');
    expect(withdrawalRefusal('IGNORED')).toBe('alreadyIgnored');
    expect(withdrawalRefusal('WITHDRAWN')).toBe('alreadyWithdrawn');
  });
});
