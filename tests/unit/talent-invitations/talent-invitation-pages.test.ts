import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { RECRUITER_PERMISSIONS } from '../../../src/lib/companies/company-roles';
import {
  inviteRoleGroups,
  inviteStepHref,
  mayInviteTalents,
  mayWithdraw,
  readInviteSelection,
  readInviteSuccess,
  readSentInvitationFilters,
  submitInviteForm,
  submitWithdrawInvitation,
} from '../../../src/lib/talent-invitations/talent-invitation-pages';
import invitations from '../../../src/locales/en/common/talent-invitations.json';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

const t = getTranslator();
const words = invitations.talentInvitations;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AD = '11111111-1111-4111-8111-111111111111';

/** The invitation form as the page posts it: a hidden field per talent, the role select, the message. */
function inviteForm(talents: string[], role: string, message = ''): FormData {
  const form = new FormData();
  form.set('csrf', 'token');
  for (const talent of talents) form.append('talentProfileId', talent);
  form.set('role', role);
  form.set('message', message);
  return form;
}

const answered = (outcomes: Array<{ talentProfileId: string; refusal: string | null; invitation: { id: string } | null }>) =>
  apiAnswering({ status: 200, body: { data: { createManyTalentInvitation: outcomes } } });

describe('the selection travels in the address', () => {
  it('keeps each well-formed talent id once, in order, and a role the select could have posted', () => {
    const url = new URL(`http://x/company/talent-invite?talentProfileId=${id(2)}&talentProfileId=junk&talentProfileId=${id(1)}&talentProfileId=${id(2)}&role=ad:${AD}`);
    expect(readInviteSelection(url.searchParams)).toEqual({ talentProfileIds: [id(2), id(1)], role: `ad:${AD}`, truncated: false });
    expect(readInviteSelection(new URLSearchParams('role=ad:nope')).role).toBe('');
    expect(readInviteSelection(new URLSearchParams(`role=job:${AD}`)).role).toBe('');
  });

  it('keeps the first 50 of a larger selection and says it did', () => {
    const params = new URLSearchParams(Array.from({ length: 52 }, (_, n) => ['talentProfileId', id(n)]));
    const selection = readInviteSelection(params);
    expect(selection.talentProfileIds).toHaveLength(50);
    expect(selection.truncated).toBe(true);
  });

  it('goes from step to step with the same selection', () => {
    const href = inviteStepHref('companyTalentInviteForm', { talentProfileIds: [id(1), id(2)], role: `description:${AD}` });
    expect(href).toBe(`/company/talent-invite-form?talentProfileId=${id(1)}&talentProfileId=${id(2)}&role=description%3A${AD}`);
    expect(readInviteSelection(new URL(href, 'http://x').searchParams)).toEqual({ talentProfileIds: [id(1), id(2)], role: `description:${AD}`, truncated: false });
  });
});

describe('the invite action shows to members who may go through the whole flow', () => {
  it('needs talentInvitation create and read and talentProfile read (the route table of /company/talent-invite)', () => {
    expect(mayInviteTalents(RECRUITER_PERMISSIONS)).toBe(true);
    expect(mayInviteTalents({ ...RECRUITER_PERMISSIONS, talentInvitation: { read: true, create: false } })).toBe(false);
    expect(mayInviteTalents({ talentInvitation: { read: true, create: true } })).toBe(false);
    expect(mayInviteTalents(null)).toBe(false);
  });
});

describe('the form invites to job ads that are up and to job descriptions', () => {
  it('leaves drafts, scheduled and closed ads out, and empty groups too', () => {
    const ads = [
      { id: 'a1', title: 'Up', status: 'PUBLISHED' },
      { id: 'a2', title: 'Draft', status: 'DRAFT' },
      { id: 'a3', title: 'Closed', status: 'CLOSED' },
    ];
    expect(inviteRoleGroups(t, ads, [{ id: 'd1', title: 'Platform role' }])).toEqual([
      { label: words.roleAds, options: [{ value: 'ad:a1', label: 'Up' }] },
      { label: words.roleDescriptions, options: [{ value: 'description:d1', label: 'Platform role' }] },
    ]);
    expect(inviteRoleGroups(t, [{ id: 'a2', title: 'Draft', status: 'DRAFT' }], [])).toEqual([]);
  });
});

describe('sending the invitation form', () => {
  it('checks with the API rules first: no role is refused at the role select, nothing sent', async () => {
    const api = answered([]);
    const outcome = await submitInviteForm(inviteForm([id(1)], ''), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 422, fieldErrors: { role: words.errors.roleRequired }, values: { talentProfileIds: [id(1)] } });
    expect(api.sent).toEqual([]);
  });

  it('sends the role select as one id; with someone invited, lands on the success page naming who was refused and why', async () => {
    const api = answered([
      { talentProfileId: id(1), refusal: null, invitation: { id: id(11) } },
      { talentProfileId: id(2), refusal: 'alreadyInvited', invitation: null },
    ]);
    const outcome = await submitInviteForm(inviteForm([id(1), id(2)], `ad:${AD}`, 'Hello'), api.send, t);
    expect(api.sent[0]?.variables).toEqual({ data: { talentProfileIds: [id(1), id(2)], jobAdId: AD, jobDescriptionId: null, message: 'Hello' } });
    expect(outcome).toEqual({ kind: 'done', location: `/company/talent-invite/success?invitationId=${id(11)}&refused=${id(2)}%3AalreadyInvited` });
    const success = readInviteSuccess(new URL((outcome as { location: string }).location, 'http://x'));
    expect(success).toEqual({ invitationIds: [id(11)], refusals: [{ talentProfileId: id(2), refusal: 'alreadyInvited' }] });
  });

  it('with nobody invited, keeps the form as typed and says why for each talent (409)', async () => {
    const api = answered([{ talentProfileId: id(1), refusal: 'alreadyInvited', invitation: null }]);
    const outcome = await submitInviteForm(inviteForm([id(1)], `ad:${AD}`, 'Hello again'), api.send, t);
    expect(outcome).toMatchObject({
      kind: 'invalid',
      status: 409,
      formError: words.noneSent,
      refusals: [{ talentProfileId: id(1), refusal: 'alreadyInvited' }],
      values: { role: `ad:${AD}`, message: 'Hello again' },
    });
  });

  it("words the API's field codes (a closed ad) at the role select, never its English text", async () => {
    const api = apiAnswering({
      status: 200,
      body: { data: null, errors: [{ message: 'English', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.jobAdId', code: 'jobAdNotOpen', message: 'English' }] } }] },
    });
    const outcome = await submitInviteForm(inviteForm([id(1)], `ad:${AD}`), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', status: 422, fieldErrors: { role: words.errors.jobAdNotOpen } });
  });

  it('says a refused permission in its own words (403)', async () => {
    const api = apiAnswering({ status: 403, body: { data: null, errors: [{ message: 'English', extensions: { code: 'FORBIDDEN' } }] } });
    expect(await submitInviteForm(inviteForm([id(1)], `ad:${AD}`), api.send, t)).toMatchObject({ kind: 'invalid', status: 403, formError: words.forbidden });
  });
});

describe('the success page and the list read their addresses', () => {
  it('drops malformed and unknown refusals from the success address', () => {
    const url = new URL(`http://x/?invitationId=${id(1)}&invitationId=nope&refused=${id(2)}:alreadyInvited&refused=${id(3)}:bored&refused=oops:talentUnknown`);
    expect(readInviteSuccess(url)).toEqual({ invitationIds: [id(1)], refusals: [{ talentProfileId: id(2), refusal: 'alreadyInvited' }] });
  });

  it('filters the sent invitations by a job ad and an answer spelled in lower case; anything else is no filter', () => {
    expect(readSentInvitationFilters(new URL(`http://x/?jobAdId=${AD}&answer=applied`))).toEqual({ jobAdId: AD, answer: 'APPLIED' });
    expect(readSentInvitationFilters(new URL('http://x/?jobAdId=12&answer=maybe'))).toEqual({ jobAdId: null, answer: null });
  });
});

describe('withdrawing an invitation from the list or its page', () => {
  const refusedWith = (code: string, reason?: string) =>
    apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English', extensions: { code, ...(reason ? { reason } : {}) } }] } });

  it('shows Withdraw on pending invitations only, to roles with talentInvitation delete', () => {
    const owner = { talentInvitation: { read: true, create: true, delete: true } };
    expect(mayWithdraw({ answer: 'PENDING' }, owner)).toBe(true);
    for (const answer of ['APPLIED', 'IGNORED', 'WITHDRAWN'] as const) expect(mayWithdraw({ answer }, owner), answer).toBe(false);
    expect(mayWithdraw({ answer: 'PENDING' }, RECRUITER_PERMISSIONS)).toBe(false);
    expect(mayWithdraw({ answer: 'PENDING' }, null)).toBe(false);
  });

  it('sends the posted id and is done when the API withdrew it', async () => {
    const api = apiAnswering({ status: 200, body: { data: { deleteOneTalentInvitation: { id: id(5), answer: 'WITHDRAWN' } } } });
    expect(await submitWithdrawInvitation(formOf({ intent: 'withdraw', id: id(5) }), api.send, t)).toEqual({ kind: 'done' });
    expect(api.sent).toEqual([{ operationName: 'DeleteOneTalentInvitation', variables: { id: id(5) } }]);
  });

  it('says why an answered or already withdrawn invitation was not withdrawn (409), in its own words', async () => {
    for (const reason of ['alreadyApplied', 'alreadyIgnored', 'alreadyWithdrawn'] as const) {
      const outcome = await submitWithdrawInvitation(formOf({ intent: 'withdraw', id: id(5) }), refusedWith('CONFLICT', reason).send, t);
      expect(outcome, reason).toEqual({ kind: 'refused', id: id(5), status: 409, message: words.errors[reason] });
    }
  });

  it('says a refused permission (403), a gone invitation and a malformed id in its own words; nothing is sent for the latter', async () => {
    expect(await submitWithdrawInvitation(formOf({ id: id(5) }), refusedWith('FORBIDDEN').send, t)).toMatchObject({ status: 403, message: words.withdraw.forbidden });
    expect(await submitWithdrawInvitation(formOf({ id: id(5) }), refusedWith('NOT_FOUND').send, t)).toMatchObject({ status: 422, message: words.withdraw.gone });
    const api = refusedWith('NOT_FOUND');
    expect(await submitWithdrawInvitation(formOf({ id: 'nope' }), api.send, t)).toEqual({ kind: 'refused', id: null, status: 422, message: words.withdraw.gone });
    expect(api.sent).toEqual([]);
  });
});
