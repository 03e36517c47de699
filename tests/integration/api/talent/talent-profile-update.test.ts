import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitCreateProfile } from '../../../../src/lib/talent/create-profile';
import type { SendGraphql } from '../../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { submitProfileSection } from '../../../../src/lib/talent/profile-submission';
import { generalEventslog, talentProfile, user } from '../../../../src/server/db/schema';
import { startApiHarness, startImpersonating, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const CREATE = 'mutation CreateOneTalentProfile($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const UPDATE = `mutation UpdateOneTalentProfile($data: UpdateTalentProfileInput!) {
  updateOneTalentProfile(data: $data) { id jobTitle hourlyRate rateCurrency skills experience profileScore scoreItems { rate skills descriptionLong } }
}`;
const FIND_MINE = '{ findMyTalentProfile { id jobTitle description totalExperience profileScore } }';

const LONG_DESCRIPTION = 'Frontend developer building accessible shops and design systems in React and TypeScript for busy product teams.';
const SIX_SKILLS = ['React', 'TypeScript', 'CSS', 'Node.js', 'GraphQL', 'Testing'].map((name) => ({ name }));

/** Everything but the picture: 100 - 5 points (the profile score points). */
const FULL_UPDATE = {
  jobTitle: 'Frontend Developer',
  totalExperience: 5,
  description: LONG_DESCRIPTION,
  location: 'Lisbon',
  hourlyRate: '55',
  rateCurrency: 'EUR',
  skills: SIX_SKILLS,
  languages: [{ language: 'Portuguese', level: 'NATIVE' }],
  experience: [{ company: 'Atlantic Web Studio', title: 'Developer', startDate: '2019-03-01', endDate: '2023-06-30', current: false }],
  education: [{ school: 'University of Lisbon', degree: 'BSc', startDate: '2014-09-01', endDate: '2018-07-15' }],
};

interface UpdatedProfile {
  id: string;
  jobTitle: string | null;
  hourlyRate: string | null;
  rateCurrency: string | null;
  skills: Array<Record<string, unknown>>;
  experience: Array<Record<string, unknown>>;
  profileScore: number;
  scoreItems: { rate: boolean; skills: boolean; descriptionLong: boolean };
}

describeEachDatabase('updateOneTalentProfile', (kind) => {
  let h: ApiHarness;

  /** A user with a fresh profile named `name` (1 point: the profile name). */
  async function talentWithProfile(subject: string, name = 'Ada Lovelace') {
    const token = await h.token(subject);
    const { body } = await h.call(CREATE, { token, variables: { data: { email: `${subject}@example.test`, profileName: name } } });
    const profileId = (body.data?.createOneTalentProfile as { id: string }).id;
    return { token, profileId };
  }

  const update = (token: string, data: Record<string, unknown>, headers?: Record<string, string>) =>
    h.call(UPDATE, { token, variables: { data }, headers });

  const profileRow = async (id: string) => (await h.database.db.select().from(talentProfile).where(eq(talentProfile.id, id)))[0]!;
  const eventsOf = (profileId: string) => h.database.db.select().from(generalEventslog).where(eq(generalEventslog.toId, profileId)).orderBy(asc(generalEventslog.createdAt), asc(generalEventslog.id));
  /** The profile's events after the one its creation wrote (which has a test of its own). */
  const eventsFor = async (profileId: string) => (await eventsOf(profileId)).slice(1);

  beforeAll(async () => {
    h = await startApiHarness(kind);
  });
  afterAll(() => h.close());

  describe('updates', () => {
    it('persists every field it is given and the score follows the profile score points', async () => {
      const { token, profileId } = await talentWithProfile('update-1');
      const { status, body } = await update(token, FULL_UPDATE);
      expect(status).toBe(200);
      const updated = body.data?.updateOneTalentProfile as UpdatedProfile;
      expect(updated).toMatchObject({ id: profileId, jobTitle: 'Frontend Developer', hourlyRate: '55.00', rateCurrency: 'EUR', profileScore: 95 });
      expect(updated.scoreItems).toEqual({ rate: true, skills: true, descriptionLong: true });
      // Entries keep only what was given.
      expect(updated.skills).toEqual(SIX_SKILLS);
      expect(updated.experience).toEqual([{ company: 'Atlantic Web Studio', title: 'Developer', startDate: '2019-03-01', endDate: '2023-06-30', current: false }]);

      const row = await profileRow(profileId);
      expect(row).toMatchObject({ location: 'Lisbon', totalExperience: 5, hourlyRate: '55.00', languages: [{ language: 'Portuguese', level: 'NATIVE' }] });
      const mine = await h.call(FIND_MINE, { token });
      expect(mine.body.data?.findMyTalentProfile).toMatchObject({ id: profileId, description: LONG_DESCRIPTION, profileScore: 95 });
    });

    it('leaves out fields alone, clears a field sent as null or blank, and rescores', async () => {
      const { token, profileId } = await talentWithProfile('update-2');
      await update(token, FULL_UPDATE);
      const { body } = await update(token, { description: 'Short and sweet', totalExperience: null, jobTitle: '  ' });
      // 95 - 10 (long description) + 5 (short description) - 3 (total experience) - 1 (job title)
      expect(body.data?.updateOneTalentProfile).toMatchObject({ profileScore: 86, jobTitle: null, scoreItems: { descriptionLong: false } });
      const row = await profileRow(profileId);
      expect(row).toMatchObject({ location: 'Lisbon', rateCurrency: 'EUR', totalExperience: null, jobTitle: null, description: 'Short and sweet' });
      expect(row.skills).toHaveLength(6);
    });

    it('replaces a list as a whole; five skills earn 25 points', async () => {
      const { token } = await talentWithProfile('update-3');
      const { body } = await update(token, { skills: SIX_SKILLS.slice(0, 5) });
      expect((body.data?.updateOneTalentProfile as UpdatedProfile).profileScore).toBe(1 + 25);
      const again = await update(token, { skills: [] });
      expect((again.body.data?.updateOneTalentProfile as UpdatedProfile).profileScore).toBe(1);
    });

    it("only ever changes the caller's own profile: the input has no id", async () => {
      const { profileId: othersId } = await talentWithProfile('update-other', 'Grace Hopper');
      const { token, profileId } = await talentWithProfile('update-own');
      const { status, body } = await h.call(UPDATE, { token, variables: { data: { id: othersId, jobTitle: 'Hijacked' } } });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.message).toMatch(/"id" is not defined/);
      await update(token, { jobTitle: 'Mine' });
      expect((await profileRow(othersId)).jobTitle).toBeNull();
      expect((await profileRow(profileId)).jobTitle).toBe('Mine');
    });
  });

  describe('bad input', () => {
    it('answers every failing field with its code and message and changes nothing', async () => {
      const { token, profileId } = await talentWithProfile('bad-1');
      await update(token, { jobTitle: 'Before' });
      const before = await profileRow(profileId);
      const eventsBefore = await eventsFor(profileId);
      const { status, body } = await update(token, {
        jobTitle: 'After',
        totalExperience: 120,
        workMode: 'moon',
        hourlyRate: '12,50',
        rateCurrency: 'euro',
        links: [{ url: 'javascript:alert(1)' }],
        skills: [{ name: 'React' }, { name: 'react' }],
        experience: [{ company: 'Acme', startDate: '2020-05-01', endDate: '2019-01-01' }],
        certification: [{ name: 'AWS', issuedAt: '1899-12-31' }],
        education: [{ school: '', startDate: '2021-02-30' }],
      });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const fieldErrors = body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; message: string }>;
      expect(Object.fromEntries(fieldErrors.map((error) => [error.field, error.message]))).toEqual({
        'data.totalExperience': 'Enter a whole number of years from 0 to 70',
        'data.workMode': 'Choose remote, hybrid or onsite',
        'data.hourlyRate': 'Enter an amount such as 55.00, with at most two decimals',
        'data.rateCurrency': 'Use a three-letter ISO 4217 code, such as EUR',
        'data.links.0.url': 'Use a web address starting with http:// or https://',
        'data.skills.1.name': 'This skill is already listed',
        'data.experience.0.endDate': 'The end date cannot be before the start date',
        'data.certification.0.issuedAt': 'Enter a date between 01/01/1900 and 31/12/2099',
        'data.education.0.school': 'Fill in this field',
        'data.education.0.startDate': 'Enter a date between 01/01/1900 and 31/12/2099',
      });
      expect(fieldErrors.find((error) => error.field === 'data.skills.1.name')).toMatchObject({ code: 'duplicateSkill' });
      expect(await profileRow(profileId)).toEqual(before);
      expect(await eventsFor(profileId)).toHaveLength(eventsBefore.length);
    });

    it('asks for the currency when a rate is set without one', async () => {
      const { token, profileId } = await talentWithProfile('bad-2');
      const { status, body } = await update(token, { hourlyRate: '40' });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'data.rateCurrency', code: 'currencyNeeded', message: 'Choose the currency of your rates' }]);
      expect((await profileRow(profileId)).hourlyRate).toBeNull();
    });

    it('refuses too long text with the limit in the message', async () => {
      const { token } = await talentWithProfile('bad-3');
      const { body } = await update(token, { jobTitle: 'x'.repeat(121) });
      expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'data.jobTitle', code: 'tooLong', params: { max: 120 }, message: 'Use at most 120 characters' }]);
    });
  });

  describe('event log (talentProfile.update)', () => {
    it('writes one row for the creation, naming the fields it sets, never their values', async () => {
      const { profileId } = await talentWithProfile('event-0');
      const [event, ...more] = await eventsOf(profileId);
      expect(more).toHaveLength(0);
      const [owner] = await h.database.db.select().from(talentProfile).where(eq(talentProfile.id, profileId));
      expect(event).toMatchObject({ type: 'talentProfile.update', fromId: owner!.userId, toId: profileId });
      expect(event!.eventData).toEqual({ entityId: profileId, actorUserId: owner!.userId, changedFields: ['email', 'profileName'] });
    });

    it('writes one row naming the changed fields, from the user to the profile', async () => {
      const { token, profileId } = await talentWithProfile('event-1');
      await update(token, { jobTitle: 'Designer', location: 'Porto', profileName: 'Ada Lovelace' });
      const [event, ...more] = await eventsFor(profileId);
      expect(more).toHaveLength(0);
      const [owner] = await h.database.db.select().from(talentProfile).where(eq(talentProfile.id, profileId));
      expect(event).toMatchObject({ type: 'talentProfile.update', fromId: owner!.userId, toId: profileId, read: false });
      // The unchanged profile name is not listed.
      expect(event!.eventData).toEqual({ entityId: profileId, actorUserId: owner!.userId, changedFields: ['jobTitle', 'location'] });
    });

    it('writes nothing when nothing changed', async () => {
      const { token, profileId } = await talentWithProfile('event-2');
      await update(token, { jobTitle: 'Same' });
      const { body } = await update(token, { jobTitle: 'Same', skills: [] });
      expect(body.errors).toBeUndefined();
      expect(await eventsFor(profileId)).toHaveLength(1);
    });

    it('is written in the same transaction: when the log refuses the row, the profile keeps its values', async () => {
      const { token, profileId } = await talentWithProfile('event-3');
      await update(token, { jobTitle: 'Kept' });
      const { db } = h.database;
      await db.execute(sql.raw(`create function refuse_events() returns trigger language plpgsql as $$ begin raise exception 'event log refused'; end $$`));
      await db.execute(sql.raw('create trigger refuse_events before insert on general_eventslog for each row execute function refuse_events()'));
      try {
        const { body } = await update(token, { jobTitle: 'Lost' });
        expect(body.errors?.length).toBe(1);
        expect(body.data?.updateOneTalentProfile ?? null).toBeNull();
      } finally {
        await db.execute(sql.raw('drop trigger refuse_events on general_eventslog'));
        await db.execute(sql.raw('drop function refuse_events()'));
      }
      expect((await profileRow(profileId)).jobTitle).toBe('Kept');
      expect(await eventsFor(profileId)).toHaveLength(1);
    });

    it('records the impersonating actor when support acts as the talent', async () => {
      const { profileId } = await talentWithProfile('event-target');
      const supportToken = await h.token('event-support', { roles: ['super:impersonate'] });
      const impersonationId = await startImpersonating(h, supportToken, 'event-target');
      const { body } = await update(supportToken, { jobTitle: 'Set by support' }, { 'x-impersonate-as': 'event-target' });
      expect(body.errors).toBeUndefined();
      const [target] = await h.database.db.select().from(user).where(eq(user.externalId, 'event-target'));
      const [support] = await h.database.db.select().from(user).where(eq(user.externalId, 'event-support'));
      const [event] = await eventsFor(profileId);
      expect(event).toMatchObject({ fromId: target!.id, toId: profileId });
      expect(event!.eventData).toEqual({
        entityId: profileId,
        actorUserId: support!.id,
        changedFields: ['jobTitle'],
        impersonatorUserId: support!.id,
        impersonatorExternalId: 'event-support',
        impersonationId,
      });
    });
  });

  describe("the profile page's form posts, against this API", () => {
    const sendAs =
      (token: string): SendGraphql =>
      (body) =>
        h.call(body.query, { token, variables: body.variables });
    const formOf = (entries: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(entries)) form.append(name, value);
      return form;
    };
    const translate = getTranslator(['common', 'profile']);
    const ratesPost = (hourlyRate: string, rateCurrency: string) =>
      formOf({ section: 'rates', hourlyRate, monthlyRate: '', targetHourlyRate: '', targetMonthlyRate: '', rateCurrency });

    it('saves a section and rescores', async () => {
      const { token, profileId } = await talentWithProfile('form-1');
      const outcome = await submitProfileSection(ratesPost('60', 'EUR'), sendAs(token), translate);
      expect(outcome).toEqual({ kind: 'done', section: 'rates' });
      expect(await profileRow(profileId)).toMatchObject({ hourlyRate: '60.00', monthlyRate: null, rateCurrency: 'EUR' });
    });

    it('keeps the typed values and puts each message on its field', async () => {
      const { token, profileId } = await talentWithProfile('form-2');
      const typed = { section: 'rates', hourlyRate: '12,50', monthlyRate: '4000', targetHourlyRate: '', targetMonthlyRate: '', rateCurrency: 'euro' };
      const outcome = await submitProfileSection(formOf(typed), sendAs(token), translate);
      expect(outcome).toEqual({
        kind: 'invalid',
        section: 'rates',
        values: { fields: { hourlyRate: '12,50', monthlyRate: '4000', targetHourlyRate: '', targetMonthlyRate: '', rateCurrency: 'euro' }, rows: [] },
        fieldErrors: {
          hourlyRate: 'Enter an amount such as 55.00, with at most two decimals',
          rateCurrency: 'Use a three-letter ISO 4217 code, such as EUR',
        },
        formError: null,
        status: 422,
        drafts: {},
      });
      expect((await profileRow(profileId)).monthlyRate).toBeNull();
    });

    it("words the API's own refusal on its field: a rate without a currency", async () => {
      const { token, profileId } = await talentWithProfile('form-6');
      const outcome = await submitProfileSection(ratesPost('60', ''), sendAs(token), translate);
      expect(outcome).toMatchObject({ kind: 'invalid', fieldErrors: { rateCurrency: 'Choose the currency of your rates' }, formError: null });
      expect((await profileRow(profileId)).hourlyRate).toBeNull();
    });

    it('places list errors on the entry as shown, after dropping blank entries', async () => {
      const { token } = await talentWithProfile('form-3');
      const outcome = await submitProfileSection(
        formOf({
          section: 'experience',
          'experience[0].company': '',
          'experience[0].title': '',
          'experience[1].company': 'Acme',
          'experience[1].startDate': '01/06/2021',
          'experience[1].endDate': '2020-01-01',
        }),
        sendAs(token),
        translate,
      );
      expect(outcome).toMatchObject({ kind: 'invalid', fieldErrors: { 'experience[0].endDate': 'The end date cannot be before the start date' } });
      expect(outcome?.kind === 'invalid' && outcome.values.rows.map((row) => [row.company, row.startDate])).toEqual([['Acme', '2021-06-01']]);
    });

    it('adds and removes entries without saving anything', async () => {
      const { token, profileId } = await talentWithProfile('form-4');
      const added = await submitProfileSection(formOf({ section: 'skills', intent: 'add', 'skills[0].name': 'React' }), sendAs(token), translate);
      expect(added).toMatchObject({ kind: 'edited', values: { rows: [{ name: 'React' }, { name: '' }] } });
      const removed = await submitProfileSection(formOf({ section: 'skills', intent: 'remove:0', 'skills[0].name': 'React' }), sendAs(token), translate);
      expect(removed).toMatchObject({ kind: 'edited', values: { rows: [] } });
      expect((await profileRow(profileId)).skills).toEqual([]);
    });

    it('creates a profile from the dashboard form, and sends an existing one to it too', async () => {
      const token = await h.token('form-5');
      const bad = await submitCreateProfile(formOf({ email: 'nope', profileName: 'Nora' }), sendAs(token), translate);
      expect(bad).toEqual({ kind: 'invalid', values: { email: 'nope', profileName: 'Nora' }, fieldErrors: { email: 'Enter a valid email address' }, formError: null, status: 422 });
      expect(await submitCreateProfile(formOf({ email: 'nora@example.test', profileName: 'Nora' }), sendAs(token), translate)).toEqual({ kind: 'done' });
      expect(await submitCreateProfile(formOf({ email: 'nora@example.test', profileName: 'Nora' }), sendAs(token), translate)).toEqual({ kind: 'done' });
    });
  });

  describe('access', () => {
    it('answers NOT_FOUND to a user without a profile', async () => {
      const { status, body } = await update(await h.token('no-profile'), { jobTitle: 'Ghost' });
      expect(status).toBe(200);
      expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const mine = await h.call(FIND_MINE, { token: await h.token('no-profile') });
      expect(mine.body.data?.findMyTalentProfile).toBeNull();
    });

    it('needs a signed-in user (401 without a token)', async () => {
      const { status, body } = await h.call(UPDATE, { variables: { data: { jobTitle: 'Anyone' } } });
      expect(status).toBe(401);
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await h.call(FIND_MINE)).status).toBe(401);
    });
  });
});
