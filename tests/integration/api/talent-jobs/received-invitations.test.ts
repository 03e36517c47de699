import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { generalEventslog, talentInvitation, talentJobApplication, user } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { codeOf, MISSING_ID, startTalentJobsFixture, type TalentJobsFixture } from '../talent-jobs-fixture';

const FIELDS = `id status ignored ignoredAt createdAt message companyName invitedByName jobAdId jobDescriptionId
  title description location skills salary currency salaryRateUnit workMode employmentType jobAdIsVisible isOpenForApplications applicationId appliedAt`;
const LIST = `query($page: Int, $perPage: Int, $filter: ReceivedInvitationFilter, $sort: ReceivedInvitationSort) {
  myInvitations(page: $page, perPage: $perPage, filter: $filter, sort: $sort) { total page perPage pageCount items { ${FIELDS} } }
}`;
const ONE = `query($id: ID!) { myInvitation(id: $id) { ${FIELDS} } }`;
const IGNORE = `mutation($id: ID!) { ignoreInvitation(id: $id) { ${FIELDS} } }`;
const APPLY = 'mutation($id: ID!, $message: String) { applyToInvitation(id: $id, message: $message) { id title jobAdId jobDescriptionId companyName talentStatus message } }';
const APPLICATIONS = 'query { myJobApplications { total items { title } } }';

interface Invitation {
  id: string;
  status: 'NEW' | 'IGNORED' | 'APPLIED';
  ignored: boolean;
  ignoredAt: string | null;
  title: string | null;
  isOpenForApplications: boolean;
  applicationId: string | null;
}
type Page = { total: number; pageCount: number; items: Invitation[] };

describeEachDatabase('invitations received by a talent', (kind) => {
  let f: TalentJobsFixture;
  let ids: { openAd: string; closedAd: string; description: string; ignored: string; spare: string };
  const day = 24 * 60 * 60 * 1000;
  const ignoredAt = new Date(Date.now() - 1 * day);

  beforeAll(async () => {
    f = await startTalentJobsFixture(kind);
    const db = f.h.database.db;
    const [recruiter] = await db.insert(user).values({ externalId: 'recruiter', email: 'rita@acme.test', displayName: 'Rita Recruiter' }).returning();
    const base = { talentProfileId: f.a.profileId, companyId: f.acme.id, invitedByUserId: recruiter!.id };
    const rows = await db
      .insert(talentInvitation)
      .values([
        { ...base, jobAdId: f.ads.open, details: { message: 'Your React work stood out.' }, createdAt: new Date(Date.now() - 5 * day) },
        { ...base, jobAdId: f.ads.closed, createdAt: new Date(Date.now() - 4 * day) },
        { ...base, jobAdId: null, jobDescriptionId: f.description.id, invitedByUserId: null, details: { message: 'An unannounced role.' }, createdAt: new Date(Date.now() - 3 * day) },
        { ...base, jobAdId: f.ads.anonymous, ignored: true, ignoredAt, createdAt: new Date(Date.now() - 2 * day) },
        { ...base, jobAdId: await f.addAd({ title: 'Spare role' }), createdAt: new Date(Date.now() - 1 * day) },
      ])
      .returning({ id: talentInvitation.id });
    const [openAd, closedAd, description, ignored, spare] = rows.map((row) => row.id) as [string, string, string, string, string];
    ids = { openAd, closedAd, description, ignored, spare };
  });
  afterAll(() => f.h.close());

  const invitationRow = (id: string) => f.h.database.db.select().from(talentInvitation).where(eq(talentInvitation.id, id)).then((rows) => rows[0]!);
  const eventsAbout = (id: string) =>
    f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.type, 'talentInvitation.update')).then((rows) => rows.filter((row) => row.eventData.entityId === id));
  const applicationsOf = (profileId: string) => f.h.database.db.select().from(talentJobApplication).where(eq(talentJobApplication.talentProfileId, profileId));

  describe('reading', () => {
    it('lists every invitation newest first with its status', async () => {
      const { body } = await f.h.call(LIST, { token: f.a.token });
      const page = body.data?.myInvitations as Page;
      expect(page.total).toBe(5);
      expect(page.items.map((item) => [item.title, item.status])).toEqual([
        ['Spare role', 'NEW'],
        ['Secret role', 'IGNORED'],
        ['Platform engineer (unannounced)', 'NEW'],
        ['Closed role', 'NEW'],
        ['Frontend developer', 'NEW'],
      ]);
      expect(page.items[1]!.ignoredAt).toBe(ignoredAt.toISOString());
    });

    it('filters New and Ignored, sorts oldest first and pages', async () => {
      const onlyNew = (await f.h.call(LIST, { token: f.a.token, variables: { filter: 'NEW' } })).body.data?.myInvitations as Page;
      expect(onlyNew.total).toBe(4);
      expect(onlyNew.items.every((item) => item.status === 'NEW')).toBe(true);
      const ignored = (await f.h.call(LIST, { token: f.a.token, variables: { filter: 'IGNORED' } })).body.data?.myInvitations as Page;
      expect(ignored.items.map((item) => item.id)).toEqual([ids.ignored]);
      const oldest = (await f.h.call(LIST, { token: f.a.token, variables: { sort: 'OLDEST', perPage: 2, page: 2 } })).body.data?.myInvitations as Page;
      expect(oldest).toMatchObject({ total: 5, pageCount: 3 });
      expect(oldest.items.map((item) => item.title)).toEqual(['Platform engineer (unannounced)', 'Secret role']);
    });

    it('shows one invitation: company, who invited, the role of its job ad and the message', async () => {
      const { body } = await f.h.call(ONE, { token: f.a.token, variables: { id: ids.openAd } });
      expect(body.data?.myInvitation).toMatchObject({
        status: 'NEW',
        companyName: 'Acme',
        invitedByName: 'Rita Recruiter',
        title: 'Frontend developer',
        location: 'Berlin',
        skills: ['React'],
        salary: '70.00',
        currency: 'EUR',
        salaryRateUnit: 'HOUR',
        message: 'Your React work stood out.',
        jobAdIsVisible: true,
        isOpenForApplications: true,
        applicationId: null,
      });
    });

    it("shows a job-description invitation with the description's role", async () => {
      const { body } = await f.h.call(ONE, { token: f.a.token, variables: { id: ids.description } });
      expect(body.data?.myInvitation).toMatchObject({
        jobAdId: null,
        title: 'Platform engineer (unannounced)',
        description: 'Keeps the platform running',
        location: 'Lisbon',
        skills: ['Go', 'Kubernetes'],
        salary: '550.00',
        salaryRateUnit: 'DAY',
        invitedByName: null,
        jobAdIsVisible: false,
        isOpenForApplications: true,
      });
    });

    it('says an invitation to a closed ad is no longer open for applications', async () => {
      const { body } = await f.h.call(ONE, { token: f.a.token, variables: { id: ids.closedAd } });
      expect(body.data?.myInvitation).toMatchObject({ title: 'Closed role', jobAdIsVisible: true, isOpenForApplications: false });
    });

    it('answers NOT_FOUND for unknown and malformed ids', async () => {
      for (const id of [MISSING_ID, 'not-a-uuid']) {
        expect(codeOf((await f.h.call(ONE, { token: f.a.token, variables: { id } })).body), id).toBe('NOT_FOUND');
      }
    });

    it('lists with the same statements for five invitations as for none (no query per row)', async () => {
      await f.callLogged(LIST, { token: f.b.token });
      const none = f.statements.length;
      await f.callLogged(LIST, { token: f.a.token });
      expect(f.statements.length).toBe(none);
    });

    it('checks page arguments', async () => {
      expect(codeOf((await f.h.call(LIST, { token: f.a.token, variables: { perPage: 101 } })).body)).toBe('BAD_USER_INPUT');
    });
  });

  describe('another talent probing the first one’s invitations', () => {
    it('sees none of them and can neither read, ignore nor apply to them', async () => {
      const before = await f.h.database.db.select().from(talentInvitation).where(eq(talentInvitation.talentProfileId, f.a.profileId));
      const logged = await f.h.database.db.select().from(generalEventslog);
      expect((await f.h.call(LIST, { token: f.b.token })).body.data?.myInvitations).toMatchObject({ total: 0, items: [] });
      for (const id of Object.values(ids)) {
        expect(codeOf((await f.h.call(ONE, { token: f.b.token, variables: { id } })).body)).toBe('NOT_FOUND');
        expect(codeOf((await f.h.call(IGNORE, { token: f.b.token, variables: { id } })).body)).toBe('NOT_FOUND');
        expect(codeOf((await f.h.call(APPLY, { token: f.b.token, variables: { id, message: 'mine now' } })).body)).toBe('NOT_FOUND');
      }
      expect(await f.h.database.db.select().from(talentInvitation).where(eq(talentInvitation.talentProfileId, f.a.profileId))).toEqual(before);
      expect(await applicationsOf(f.b.profileId)).toEqual([]);
      expect(await f.h.database.db.select().from(generalEventslog)).toEqual(logged);
    });

    it('a user without a talent profile finds nothing either', async () => {
      const token = await f.h.token('no-profile');
      expect((await f.h.call(LIST, { token })).body.data?.myInvitations).toMatchObject({ total: 0 });
      expect(codeOf((await f.h.call(ONE, { token, variables: { id: ids.openAd } })).body)).toBe('NOT_FOUND');
      expect(codeOf((await f.h.call(IGNORE, { token, variables: { id: ids.openAd } })).body)).toBe('NOT_FOUND');
      expect(codeOf((await f.h.call(APPLY, { token, variables: { id: ids.openAd } })).body)).toBe('NOT_FOUND');
    });

    it('needs sign-in', async () => {
      expect((await f.h.call(LIST)).status).toBe(401);
      expect((await f.h.call(IGNORE, { variables: { id: ids.openAd } })).status).toBe(401);
    });
  });

  describe('ignoring', () => {
    it('records ignored and the time, logs one talentInvitation.update event, and keeps the first time when repeated', async () => {
      const { body } = await f.h.call(IGNORE, { token: f.a.token, variables: { id: ids.spare } });
      const ignored = body.data?.ignoreInvitation as Invitation;
      expect(ignored).toMatchObject({ status: 'IGNORED', ignored: true });
      const first = (await invitationRow(ids.spare)).ignoredAt!;
      expect(ignored.ignoredAt).toBe(first.toISOString());
      expect(Math.abs(first.getTime() - Date.now())).toBeLessThan(60_000);

      const again = await f.h.call(IGNORE, { token: f.a.token, variables: { id: ids.spare } });
      expect((again.body.data?.ignoreInvitation as Invitation).ignoredAt).toBe(first.toISOString());
      expect((await invitationRow(ids.spare)).ignoredAt).toEqual(first);

      const events = await eventsAbout(ids.spare);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ fromId: f.a.userId, toId: f.acme.id, eventData: { companyId: f.acme.id, actorUserId: f.a.userId, after: { ignored: true } } });
    });

    it('answers NOT_FOUND for unknown and malformed ids', async () => {
      for (const id of [MISSING_ID, 'not-a-uuid']) {
        expect(codeOf((await f.h.call(IGNORE, { token: f.a.token, variables: { id } })).body), id).toBe('NOT_FOUND');
      }
    });
  });

  describe('applying', () => {
    it('validates the note before anything else, on its field', async () => {
      const { body } = await f.h.call(APPLY, { token: f.a.token, variables: { id: ids.openAd, message: 'x'.repeat(5001) } });
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      const t = getTranslator(['common', 'jobs']);
      expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([
        { field: 'message', code: 'messageTooLong', params: { max: 5000 }, message: t('jobs:apply.errors.messageTooLong', { max: 5000 }) },
      ]);
      expect(await applicationsOf(f.a.profileId)).toEqual([]);
    });

    it('applies to a job-description invitation without an ad, once', async () => {
      // First: an application to an ad of the same description would answer this invitation too.
      const { body } = await f.h.call(APPLY, { token: f.a.token, variables: { id: ids.description, message: 'Count me in' } });
      expect(body.data?.applyToInvitation).toMatchObject({ title: 'Platform engineer (unannounced)', jobAdId: null, jobDescriptionId: f.description.id, companyName: 'Acme' });
      expect(codeOf((await f.h.call(APPLY, { token: f.a.token, variables: { id: ids.description } })).body)).toBe('CONFLICT');
      const applied = (await f.h.call(APPLICATIONS, { token: f.a.token })).body.data?.myJobApplications as { total: number; items: Array<{ title: string }> };
      expect(applied.items.map((item) => item.title)).toContain('Platform engineer (unannounced)');
    });

    it("applies to the invitation's job ad with the note, in the company's first step, logs the arrival and the answer, and the invitation reads Applied", async () => {
      const { body } = await f.h.call(APPLY, { token: f.a.token, variables: { id: ids.openAd, message: '  Happy to talk.  ' } });
      // It arrives as any application does: in the first hiring step, where the board shows it.
      expect(body.data?.applyToInvitation).toMatchObject({ title: 'Frontend developer', jobAdId: f.ads.open, jobDescriptionId: f.description.id, companyName: 'Acme', talentStatus: 'APPLIED', message: 'Happy to talk.' });
      const invitation = (await f.h.call(ONE, { token: f.a.token, variables: { id: ids.openAd } })).body.data?.myInvitation as Invitation;
      expect(invitation.status).toBe('APPLIED');
      expect(invitation.applicationId).toBe((body.data?.applyToInvitation as { id: string }).id);
      const events = await eventsAbout(ids.openAd);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ fromId: f.a.userId, toId: f.acme.id, eventData: { response: 'applied', applicationId: invitation.applicationId } });
      // The arrival, which the application's history and the pipeline metrics start from.
      const arrivals = (await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.type, 'talentJobApplication.create'))).filter((row) => row.eventData.entityId === invitation.applicationId);
      expect(arrivals).toHaveLength(1);
      expect(arrivals[0]).toMatchObject({ type: 'talentJobApplication.create', fromId: f.a.userId, toId: f.acme.id, eventData: { entityId: invitation.applicationId, companyId: f.acme.id } });
    });

    it('refuses a second application with CONFLICT', async () => {
      const { body } = await f.h.call(APPLY, { token: f.a.token, variables: { id: ids.openAd } });
      expect(codeOf(body)).toBe('CONFLICT');
      expect(body.errors?.[0]).toMatchObject({ message: 'You already applied to this job.', extensions: { code: 'CONFLICT', reason: 'alreadyApplied' } });
      expect((await applicationsOf(f.a.profileId)).filter((row) => row.jobAdId === f.ads.open)).toHaveLength(1);
      expect(codeOf((await f.h.call(IGNORE, { token: f.a.token, variables: { id: ids.openAd } })).body)).toBe('CONFLICT');
    });

    it('applies to an ignored invitation, which then reads Applied and leaves the Ignored filter', async () => {
      const { body } = await f.h.call(APPLY, { token: f.a.token, variables: { id: ids.ignored } });
      expect(body.data?.applyToInvitation).toMatchObject({ title: 'Secret role', companyName: null });
      const invitation = (await f.h.call(ONE, { token: f.a.token, variables: { id: ids.ignored } })).body.data?.myInvitation as Invitation;
      expect(invitation).toMatchObject({ status: 'APPLIED', ignored: true });
      const ignored = (await f.h.call(LIST, { token: f.a.token, variables: { filter: 'IGNORED' } })).body.data?.myInvitations as Page;
      expect(ignored.items.map((item) => item.id)).toEqual([ids.spare]);
    });

    it('refuses a closed ad clearly and creates nothing', async () => {
      const { body } = await f.h.call(APPLY, { token: f.a.token, variables: { id: ids.closedAd } });
      expect(codeOf(body)).toBe('NOT_FOUND');
      expect(body.errors?.[0]?.message).toMatch(/closed/);
      expect((await applicationsOf(f.a.profileId)).filter((row) => row.jobAdId === f.ads.closed)).toEqual([]);
      expect(await eventsAbout(ids.closedAd)).toEqual([]);
    });

    it('answers NOT_FOUND for unknown and malformed ids', async () => {
      for (const id of [MISSING_ID, 'not-a-uuid']) {
        expect(codeOf((await f.h.call(APPLY, { token: f.a.token, variables: { id } })).body), id).toBe('NOT_FOUND');
      }
      expect(await f.h.database.db.select().from(talentJobApplication).where(and(eq(talentJobApplication.talentProfileId, f.b.profileId)))).toEqual([]);
    });
  });
});
