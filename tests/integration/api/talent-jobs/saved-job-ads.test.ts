import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql } from '../../../../src/lib/graphql/graphql';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { MY_SAVED_JOB_AD_IDS_QUERY as FLAGS, MY_SAVED_JOB_ADS_QUERY as LIST, REMOVE_SAVED_JOB_AD_MUTATION as REMOVE } from '../../../../src/lib/talent-jobs/saved-job-queries';
import { jobAd, savedJobAd } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { codeOf, MISSING_ID, startTalentJobsFixture, type TalentJobsFixture } from '../talent-jobs-fixture';

const t = getTranslator();
/** The one field error of an answer: its field, code, params and message. */
const fieldErrorOf = (body: { errors?: Array<{ extensions?: { fieldErrors?: unknown } }> }) => (body.errors?.[0]?.extensions?.fieldErrors as unknown[] | undefined)?.[0];

// The saved jobs page's own documents (list, flags, remove); saving asks for more of the row
// than the page's toggle does.
const SAVE = graphql('mutation($jobAdId: ID!) { saveJobAd(jobAdId: $jobAdId) { id jobAdId title companyName isAnonymous isOpen isVisible savedAt } }');

describeEachDatabase('saved job ads', (kind) => {
  let f: TalentJobsFixture;
  beforeAll(async () => {
    f = await startTalentJobsFixture(kind);
  });
  afterAll(() => f.h.close());

  const savedRows = (userId: string) => f.h.database.db.select().from(savedJobAd).where(eq(savedJobAd.userId, userId));

  it('saves an open ad once: saving it again answers the same row', async () => {
    const first = await f.h.call(SAVE, { token: f.a.token, variables: { jobAdId: f.ads.open } });
    expect(first.body.data?.saveJobAd).toMatchObject({ jobAdId: f.ads.open, title: 'Frontend developer', companyName: 'Acme', isOpen: true, isVisible: true });
    const again = await f.h.call(SAVE, { token: f.a.token, variables: { jobAdId: f.ads.open } });
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data?.saveJobAd.id).toBe(first.body.data?.saveJobAd.id);
    expect(await savedRows(f.a.userId)).toHaveLength(1);
  });

  it('hides the company of an anonymous ad', async () => {
    const { body } = await f.h.call(SAVE, { token: f.a.token, variables: { jobAdId: f.ads.anonymous } });
    expect(body.data?.saveJobAd).toMatchObject({ title: 'Secret role', companyName: null, isAnonymous: true });
  });

  it('refuses closed, unpublished, removed, unknown and malformed ads as NOT_FOUND', async () => {
    const before = (await savedRows(f.a.userId)).length;
    for (const jobAdId of [f.ads.closed, f.ads.draft, f.ads.deleted, f.ads.hiddenCompany, MISSING_ID, 'not-a-uuid']) {
      const { body } = await f.h.call(SAVE, { token: f.a.token, variables: { jobAdId } });
      expect(codeOf(body), jobAdId).toBe('NOT_FOUND');
    }
    expect(await savedRows(f.a.userId)).toHaveLength(before);
  });

  it('lists the saved ads newest or oldest first, paginated, marking one that closed since', async () => {
    const extra = await f.addAd({ title: 'Closes soon' });
    await f.h.call(SAVE, { token: f.a.token, variables: { jobAdId: extra } });
    // Saved while open, then its deadline passed.
    await f.h.database.db.update(jobAd).set({ publishedUntil: new Date(Date.now() - 1000) }).where(eq(jobAd.id, extra));
    const newest = await f.h.call(LIST, { token: f.a.token, variables: { perPage: 2 } });
    const page = newest.body.data?.mySavedJobAds;
    expect(page).toMatchObject({ total: 3, pageCount: 2, page: 1, perPage: 2 });
    expect(page?.items.map((item) => item.title)).toEqual(['Closes soon', 'Secret role']);
    expect(page?.items[0]).toMatchObject({ isOpen: false, isVisible: true });

    const oldest = await f.h.call(LIST, { token: f.a.token, variables: { sort: 'OLDEST', page: 1, perPage: 2 } });
    expect(oldest.body.data?.mySavedJobAds?.items.map((item) => item.title)).toEqual(['Frontend developer', 'Secret role']);
    const last = await f.h.call(LIST, { token: f.a.token, variables: { sort: 'OLDEST', page: 2, perPage: 2 } });
    expect(last.body.data?.mySavedJobAds?.items.map((item) => item.title)).toEqual(['Closes soon']);
  });

  it('keeps listing an ad removed after it was saved, as not visible', async () => {
    const later = await f.addAd({ title: 'Withdrawn role' });
    await f.h.call(SAVE, { token: f.a.token, variables: { jobAdId: later } });
    await f.h.database.db.update(jobAd).set({ deletedAt: new Date() }).where(eq(jobAd.id, later));
    const { body } = await f.h.call(LIST, { token: f.a.token, variables: { perPage: 1 } });
    expect(body.data?.mySavedJobAds?.items[0]).toMatchObject({ title: 'Withdrawn role', isVisible: false, isOpen: false });
    expect((await f.h.call(REMOVE, { token: f.a.token, variables: { jobAdId: later } })).body.data?.removeSavedJobAd).toBe(later);
  });

  it('checks page arguments, naming the argument with a code and the values its words name', async () => {
    const perPageRange = { min: 1, max: 100 };
    const expected = [
      { variables: { page: 0 }, field: 'page', code: 'pageOutOfRange', params: { min: 1 } },
      { variables: { perPage: 0 }, field: 'perPage', code: 'perPageOutOfRange', params: perPageRange },
      { variables: { perPage: 101 }, field: 'perPage', code: 'perPageOutOfRange', params: perPageRange },
    ];
    for (const { variables, field, code, params } of expected) {
      const { body } = await f.h.call(LIST, { token: f.a.token, variables });
      expect(codeOf(body), JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      expect(fieldErrorOf(body), JSON.stringify(variables)).toEqual({ field, code, params, message: t(`pagination.errors.${code}`, params) });
    }
  });

  it('answers the saved flags of a result page in one query, ignoring ids that are not ads', async () => {
    const ids = [f.ads.open, f.ads.closed, f.ads.anonymous, MISSING_ID, 'not-a-uuid'];
    const { body } = await f.callLogged(FLAGS, { token: f.a.token, variables: { jobAdIds: ids } });
    expect(new Set(body.data?.mySavedJobAdIds)).toEqual(new Set([f.ads.open, f.ads.anonymous]));
    expect(f.statements.filter((statement) => statement.includes('"saved_job_ad"'))).toHaveLength(1);
    const tooMany = await f.h.call(FLAGS, { token: f.a.token, variables: { jobAdIds: Array.from({ length: 101 }, () => MISSING_ID) } });
    expect(codeOf(tooMany.body)).toBe('BAD_USER_INPUT');
    expect(fieldErrorOf(tooMany.body)).toEqual({ field: 'jobAdIds', code: 'tooManyJobAdIds', params: { max: 100 }, message: t('savedJobs.errors.tooManyJobAdIds', { max: 100 }) });
  });

  it('lists with the same number of statements however many rows there are (no query per row)', async () => {
    await f.callLogged(LIST, { token: f.b.token, variables: {} });
    const empty = f.statements.length;
    await f.callLogged(LIST, { token: f.a.token, variables: {} });
    expect(f.statements.length).toBe(empty);
  });

  it("never shows, flags or removes another user's saved ads", async () => {
    const before = await savedRows(f.a.userId);
    const list = await f.h.call(LIST, { token: f.b.token, variables: {} });
    expect(list.body.data?.mySavedJobAds).toMatchObject({ total: 0, items: [] });
    const flags = await f.h.call(FLAGS, { token: f.b.token, variables: { jobAdIds: before.map((row) => row.jobAdId) } });
    expect(flags.body.data?.mySavedJobAdIds).toEqual([]);
    for (const row of before) {
      // Both the job ad id the API takes and the saved row's own id.
      for (const jobAdId of [row.jobAdId, row.id]) {
        const { body } = await f.h.call(REMOVE, { token: f.b.token, variables: { jobAdId } });
        expect(codeOf(body)).toBe('NOT_FOUND');
      }
    }
    expect(await savedRows(f.a.userId)).toEqual(before);
  });

  it('removes a saved ad, then says it is not saved; unknown and malformed ids are NOT_FOUND', async () => {
    const { body } = await f.h.call(REMOVE, { token: f.a.token, variables: { jobAdId: f.ads.anonymous } });
    expect(body.data?.removeSavedJobAd).toBe(f.ads.anonymous);
    expect(await f.h.database.db.select().from(savedJobAd).where(and(eq(savedJobAd.userId, f.a.userId), eq(savedJobAd.jobAdId, f.ads.anonymous)))).toEqual([]);
    for (const jobAdId of [f.ads.anonymous, MISSING_ID, 'not-a-uuid']) {
      expect(codeOf((await f.h.call(REMOVE, { token: f.a.token, variables: { jobAdId } })).body), jobAdId).toBe('NOT_FOUND');
    }
  });

  it('needs a signed-in user, but no talent profile', async () => {
    expect((await f.h.call(LIST)).status).toBe(401);
    expect((await f.h.call(SAVE, { variables: { jobAdId: f.ads.open } })).status).toBe(401);
    const noProfile = await f.h.token('no-profile');
    const saved = await f.h.call(SAVE, { token: noProfile, variables: { jobAdId: f.ads.open } });
    expect(saved.body.data?.saveJobAd).toMatchObject({ jobAdId: f.ads.open });
  });
});
