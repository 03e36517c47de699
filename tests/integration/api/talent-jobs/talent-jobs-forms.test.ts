import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { savedJobAd, talentInvitation } from '../../../../src/server/db/schema';
import type { SendGraphql } from '../../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { submitInvitationForm } from '../../../../src/lib/talent-jobs/invitation-form';
import { submitSavedJobForm } from '../../../../src/lib/talent-jobs/saved-job-form';
import { describeEachDatabase } from '../../../support/test-database';
import { MISSING_ID, startTalentJobsFixture, type TalentJobsFixture } from '../talent-jobs-fixture';

// The page-side handlers of the save / remove and apply / ignore forms, against the real
// API in-process (what the BFF would send as the signed-in talent).

const t = getTranslator(['common', 'jobs']);

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describeEachDatabase('talent jobs page forms', (kind) => {
  let f: TalentJobsFixture;
  let sendAsA: SendGraphql;
  let invitationId: string;
  beforeAll(async () => {
    f = await startTalentJobsFixture(kind);
    sendAsA = (body) => f.h.call(body.query, { token: f.a.token, variables: body.variables });
    const [row] = await f.h.database.db
      .insert(talentInvitation)
      .values({ talentProfileId: f.a.profileId, companyId: f.acme.id, jobAdId: f.ads.open })
      .returning({ id: talentInvitation.id });
    invitationId = row!.id;
  });
  afterAll(() => f.h.close());

  const isSaved = async (jobAdId: string) =>
    (await f.h.database.db.select().from(savedJobAd).where(and(eq(savedJobAd.userId, f.a.userId), eq(savedJobAd.jobAdId, jobAdId)))).length === 1;

  it('saves and goes back to the page it came from, the card anchor included', async () => {
    const outcome = await submitSavedJobForm(form({ intent: 'save', jobAdId: f.ads.open, returnTo: `/jobs?q=react&page=2#job-${f.ads.open}` }), sendAsA, t);
    expect(outcome).toEqual({ kind: 'done', location: `/jobs?q=react&page=2#job-${f.ads.open}`, noticeKey: 'notices.talentJobs.jobSaved' });
    expect(await isSaved(f.ads.open)).toBe(true);
  });

  it('never sends anyone off the site: another origin falls back to the saved jobs list', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example', '/\\evil.example', '']) {
      const outcome = await submitSavedJobForm(form({ intent: 'save', jobAdId: f.ads.open, returnTo }), sendAsA, t);
      expect(outcome, returnTo).toMatchObject({ kind: 'done', location: '/talent/saved-jobs' });
    }
  });

  it('says a closed ad cannot be saved, and refuses a form that is not ours', async () => {
    expect(await submitSavedJobForm(form({ intent: 'save', jobAdId: f.ads.closed }), sendAsA, t)).toEqual({ kind: 'refused', message: t('savedJobs.errors.closed'), status: 409 });
    expect(await isSaved(f.ads.closed)).toBe(false);
    expect(await submitSavedJobForm(form({ intent: 'delete-all', jobAdId: f.ads.open }), sendAsA, t)).toEqual({ kind: 'refused', message: t('savedJobs.errors.invalid'), status: 400 });
    expect(await submitSavedJobForm(form({ intent: 'save', jobAdId: 'nope' }), sendAsA, t)).toEqual({ kind: 'refused', message: t('savedJobs.errors.invalid'), status: 400 });
  });

  it('removes, and a second remove (another tab) still ends as removed', async () => {
    const done = { kind: 'done', location: '/talent/saved-jobs?sort=oldest', noticeKey: 'notices.talentJobs.jobRemoved' };
    expect(await submitSavedJobForm(form({ intent: 'remove', jobAdId: f.ads.open, returnTo: '/talent/saved-jobs?sort=oldest' }), sendAsA, t)).toEqual(done);
    expect(await isSaved(f.ads.open)).toBe(false);
    expect(await submitSavedJobForm(form({ intent: 'remove', jobAdId: f.ads.open, returnTo: '/talent/saved-jobs?sort=oldest' }), sendAsA, t)).toEqual(done);
  });

  it("maps the apply answers to what the invitation page says, keeping the typed note", async () => {
    const tooLong = await submitInvitationForm(invitationId, form({ intent: 'apply', message: 'x'.repeat(5001) }), sendAsA, t);
    expect(tooLong).toMatchObject({ kind: 'invalid', status: 422, reason: 'messageInvalid', values: { message: 'x'.repeat(5001) }, fieldErrors: { message: t('jobs:apply.errors.messageTooLong', { max: 5000 }) } });
    expect(await submitInvitationForm(invitationId, form({ intent: 'apply', message: 'Hello' }), sendAsA, t)).toEqual({ kind: 'done', noticeKey: 'notices.talentJobs.applicationSent' });
    expect(await submitInvitationForm(invitationId, form({ intent: 'apply', message: 'Again' }), sendAsA, t)).toMatchObject({ kind: 'invalid', status: 409, reason: 'alreadyApplied', values: { message: 'Again' } });
    expect(await submitInvitationForm(invitationId, form({ intent: 'ignore' }), sendAsA, t)).toMatchObject({ kind: 'invalid', reason: 'alreadyApplied' });
  });

  it("answers 'unavailable' for an id that is not the talent's, and 'invalid' for a form that is not ours", async () => {
    const sendAsB: SendGraphql = (body) => f.h.call(body.query, { token: f.b.token, variables: body.variables });
    expect(await submitInvitationForm(invitationId, form({ intent: 'ignore' }), sendAsB, t)).toMatchObject({ kind: 'invalid', reason: 'unavailable' });
    expect(await submitInvitationForm(MISSING_ID, form({ intent: 'apply' }), sendAsA, t)).toMatchObject({ kind: 'invalid', reason: 'unavailable' });
    expect(await submitInvitationForm(invitationId, form({ intent: 'accept' }), sendAsA, t)).toMatchObject({ kind: 'invalid', status: 400, reason: 'invalid' });
  });

  it('ignores an invitation', async () => {
    const [other] = await f.h.database.db
      .insert(talentInvitation)
      .values({ talentProfileId: f.a.profileId, companyId: f.acme.id, jobAdId: f.ads.anonymous })
      .returning({ id: talentInvitation.id });
    expect(await submitInvitationForm(other!.id, form({ intent: 'ignore' }), sendAsA, t)).toEqual({ kind: 'done', noticeKey: 'notices.talentJobs.invitationIgnored' });
  });
});
