import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitAccountForm, submitPreferencesForm } from '../../../../src/lib/account/account-operations';
import { getTranslator } from '../../../../src/lib/i18n/i18n';

const t = getTranslator();
/** The API words an account issue code from the locale files, as the pages do. */
const issue = (field: string, code: string) => ({ field, code, message: t(`account.errors.${code}`) });
import { defaultNotificationPreference, EVENT_TYPES, preferenceFieldName, preferencesFromForm } from '../../../../src/lib/notifications/notification-preferences';
import type { SendGraphql } from '../../../../src/lib/graphql/send-document';
import { eventType, user, userNotificationPreferences } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const MY_ACCOUNT = '{ myAccount { id email displayName phoneNumber } }';
const FIND_ME = '{ findMe { id displayName } }';
const UPDATE_ME = 'mutation UpdateMe($data: UpdateMeInput!) { updateMe(data: $data) { id email displayName phoneNumber } }';
const PREFERENCES = '{ myNotificationPreferences { type email ui push } }';
const UPDATE_PREFERENCES = `mutation UpdatePreferences($data: [NotificationPreferenceInput!]!) {
  updateMyNotificationPreferences(data: $data) { type email ui push }
}`;

interface Account {
  id: string;
  email: string;
  displayName: string | null;
  phoneNumber: string | null;
}
interface Preference {
  type: string;
  email: boolean;
  ui: boolean;
  push: boolean;
}

describeEachDatabase('account and site settings', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness(kind);
  });
  afterAll(() => h.close());

  const myAccount = async (token: string) => (await h.call(MY_ACCOUNT, { token })).body.data?.myAccount as Account;
  const updateMe = (token: string, data: Record<string, unknown>) => h.call(UPDATE_ME, { token, variables: { data } });
  const preferencesOf = async (token: string) => (await h.call(PREFERENCES, { token })).body.data?.myNotificationPreferences as Preference[];
  const updatePreferences = (token: string, data: Preference[]) => h.call(UPDATE_PREFERENCES, { token, variables: { data } });
  const fieldErrorsOf = (body: { errors?: Array<{ extensions?: { fieldErrors?: unknown } }> }) => body.errors?.[0]?.extensions?.fieldErrors;
  const userRow = async (id: string) => (await h.database.db.select().from(user).where(eq(user.id, id)))[0]!;
  const storedPreferences = (userId: string) => h.database.db.select().from(userNotificationPreferences).where(eq(userNotificationPreferences.userId, userId));

  it('keeps the event types equal to the database enum', () => {
    expect(EVENT_TYPES).toEqual(eventType.enumValues);
  });

  describe('updateMe', () => {
    it('shows the account with the read-only e-mail of the token', async () => {
      const token = await h.token('account-read', { email: 'reader@example.test' });
      expect(await myAccount(token)).toMatchObject({ email: 'reader@example.test', displayName: null, phoneNumber: null });
    });

    it('trims the name, stores the phone number in E.164 and findMe answers the new name at once', async () => {
      const token = await h.token('account-update');
      const { status, body } = await updateMe(token, { displayName: '  Rita R. ', phoneNumber: '+44 20 7946-0958' });
      expect(status).toBe(200);
      const updated = body.data?.updateMe as Account;
      expect(updated).toMatchObject({ displayName: 'Rita R.', phoneNumber: '+442079460958' });
      expect(await userRow(updated.id)).toMatchObject({ displayName: 'Rita R.', phoneNumber: '+442079460958' });
      expect((await h.call(FIND_ME, { token })).body.data?.findMe).toEqual({ id: updated.id, displayName: 'Rita R.' });
    });

    it('leaves out what was not sent and removes a blank phone number', async () => {
      const token = await h.token('account-partial');
      await updateMe(token, { displayName: 'First', phoneNumber: '+351 912 345 678' });
      expect(((await updateMe(token, { phoneNumber: '+351 912 000 000' })).body.data?.updateMe as Account).displayName).toBe('First');
      expect((await updateMe(token, { phoneNumber: '  ' })).body.data?.updateMe).toMatchObject({ displayName: 'First', phoneNumber: null });
      expect((await updateMe(token, {})).body.data?.updateMe).toMatchObject({ displayName: 'First', phoneNumber: null });
    });

    it('refuses a blank or too long name and an implausible phone number, with a message on each field, and changes nothing', async () => {
      const token = await h.token('account-invalid');
      const before = await (await updateMe(token, { displayName: 'Kept', phoneNumber: '+4915112345678' })).body.data?.updateMe as Account;
      for (const [data, expected] of [
        [{ displayName: '   ' }, [issue('data.displayName', 'displayNameRequired')]],
        [{ displayName: null }, [issue('data.displayName', 'displayNameRequired')]],
        [{ displayName: 'x'.repeat(101) }, [issue('data.displayName', 'displayNameTooLong')]],
        [{ phoneNumber: '020 7946 0958' }, [issue('data.phoneNumber', 'phoneFormat')]],
        [
          { displayName: 'New name', phoneNumber: '+12' },
          [issue('data.phoneNumber', 'phoneLength')],
        ],
      ] as const) {
        const { body } = await updateMe(token, data);
        expect(body.errors?.[0]?.extensions?.code, JSON.stringify(data)).toBe('BAD_USER_INPUT');
        expect(fieldErrorsOf(body)).toEqual(expected);
      }
      expect(await userRow(before.id)).toMatchObject({ displayName: 'Kept', phoneNumber: '+4915112345678' });
    });

    it("changes only the caller's row: another user's account stays as it was", async () => {
      const alice = await h.token('account-alice');
      const bob = await h.token('account-bob');
      const bobBefore = (await updateMe(bob, { displayName: 'Bob', phoneNumber: '+14155550132' })).body.data?.updateMe as Account;
      const aliceAfter = (await updateMe(alice, { displayName: 'Alice', phoneNumber: '+33612345678' })).body.data?.updateMe as Account;
      expect(aliceAfter.id).not.toBe(bobBefore.id);
      expect(await myAccount(bob)).toEqual(bobBefore);
      expect(await userRow(bobBefore.id)).toMatchObject({ displayName: 'Bob', phoneNumber: '+14155550132' });
      // The input has no id to aim at someone else; an id sent anyway is not part of the input.
      const { body } = await h.call('mutation($data: UpdateMeInput!) { updateMe(data: $data) { id } }', {
        token: alice,
        variables: { data: { id: bobBefore.id, displayName: 'Hacked' } },
      });
      expect(body.errors?.length).toBeGreaterThan(0);
      expect(await userRow(bobBefore.id)).toMatchObject({ displayName: 'Bob' });
    });

    it("keeps the account's language among its preferences, English until one is chosen, and refuses a language the product does not speak", async () => {
      const token = await h.token('account-language');
      const language = async () => ((await h.call('{ myAccount { language } }', { token })).body.data?.myAccount as { language: string }).language;
      expect(await language()).toBe('en');
      const before = await myAccount(token);
      await h.database.db.update(user).set({ preferences: { timeZone: 'Europe/Paris' } }).where(eq(user.id, before.id));
      expect((await updateMe(token, { language: 'fr' })).body.errors).toBeUndefined();
      expect(await language()).toBe('fr');
      // The other preferences stay.
      expect((await userRow(before.id)).preferences).toEqual({ timeZone: 'Europe/Paris', language: 'fr' });
      const refused = await updateMe(token, { language: 'de' });
      expect(fieldErrorsOf(refused.body)).toEqual([issue('data.language', 'languageUnknown')]);
      expect(await language()).toBe('fr');
      // Null, like a field left out, leaves it as it is.
      expect((await updateMe(token, { displayName: 'Lou', language: null })).body.errors).toBeUndefined();
      expect(await language()).toBe('fr');
    });

    it('needs a signed-in user', async () => {
      expect((await h.call(MY_ACCOUNT)).status).toBe(401);
      expect((await h.call(UPDATE_ME, { variables: { data: { displayName: 'Nobody' } } })).status).toBe(401);
    });
  });

  describe('notification preferences', () => {
    it('answers the defaults for every event type before anything is stored', async () => {
      const token = await h.token('prefs-defaults');
      expect(await preferencesOf(token)).toEqual(EVENT_TYPES.map(defaultNotificationPreference));
    });

    it('stores the types given, keeps the others, and reads them back', async () => {
      const token = await h.token('prefs-round-trip');
      const first = await updatePreferences(token, [
        { type: 'jobAd.create', email: true, ui: false, push: true },
        { type: 'billing.update', email: false, ui: false, push: false },
      ]);
      expect(first.status).toBe(200);
      const answered = first.body.data?.updateMyNotificationPreferences as Preference[];
      expect(answered).toEqual(await preferencesOf(token));
      expect(answered.find((p) => p.type === 'jobAd.create')).toEqual({ type: 'jobAd.create', email: true, ui: false, push: true });
      expect(answered.find((p) => p.type === 'billing.update')).toEqual({ type: 'billing.update', email: false, ui: false, push: false });
      expect(answered.find((p) => p.type === 'billing.create')).toEqual(defaultNotificationPreference('billing.create'));

      // Saving again updates the same rows (one per user and type), it never adds more.
      await updatePreferences(token, [{ type: 'jobAd.create', email: false, ui: true, push: false }]);
      const mine = await preferencesOf(token);
      expect(mine.find((p) => p.type === 'jobAd.create')).toEqual({ type: 'jobAd.create', email: false, ui: true, push: false });
      expect(mine.find((p) => p.type === 'billing.update')).toEqual({ type: 'billing.update', email: false, ui: false, push: false });
      const meId = (await myAccount(token)).id;
      expect(await storedPreferences(meId)).toHaveLength(2);
    });

    it('refuses an unknown type and a repeated one with a code on its entry, storing none of the list', async () => {
      const token = await h.token('prefs-invalid');
      const meId = (await myAccount(token)).id;
      const unknown = await updatePreferences(token, [
        { type: 'jobAd.update', email: true, ui: true, push: true },
        { type: 'jobAd.archive', email: true, ui: true, push: true },
      ]);
      expect(unknown.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const unknownParams = { type: 'jobAd.archive' };
      expect(fieldErrorsOf(unknown.body)).toEqual([{ field: 'data.1.type', code: 'eventTypeUnknown', params: unknownParams, message: t(`account.errors.eventTypeUnknown`, unknownParams) }]);

      const twice = await updatePreferences(token, [
        { type: 'invoice.create', email: true, ui: true, push: true },
        { type: 'invoice.create', email: false, ui: false, push: false },
      ]);
      const twiceParams = { type: 'invoice.create' };
      expect(fieldErrorsOf(twice.body)).toEqual([{ field: 'data.1.type', code: 'eventTypeRepeated', params: twiceParams, message: t(`account.errors.eventTypeRepeated`, twiceParams) }]);
      expect(await storedPreferences(meId)).toEqual([]);
    });

    it('refuses more entries than there are event types, with the most it takes', async () => {
      const token = await h.token('prefs-too-many');
      const entries = [...EVENT_TYPES, EVENT_TYPES[0]!].map((type) => ({ type, email: true, ui: true, push: true }));
      const tooMany = await updatePreferences(token, entries);
      const params = { max: EVENT_TYPES.length };
      expect(fieldErrorsOf(tooMany.body)).toEqual([{ field: 'data', code: 'tooManyPreferences', params, message: t(`account.errors.tooManyPreferences`, params) }]);
    });

    it("never shows or changes one user's preferences for another", async () => {
      const alice = await h.token('prefs-alice');
      const bob = await h.token('prefs-bob');
      await updatePreferences(alice, EVENT_TYPES.map((type) => ({ type, email: false, ui: false, push: true })));
      expect(await preferencesOf(bob)).toEqual(EVENT_TYPES.map(defaultNotificationPreference));
      await updatePreferences(bob, [{ type: 'company.update', email: true, ui: true, push: false }]);
      expect((await preferencesOf(alice)).every((p) => !p.email && !p.ui && p.push)).toBe(true);
      const aliceId = (await myAccount(alice)).id;
      expect(await storedPreferences(aliceId)).toHaveLength(EVENT_TYPES.length);
    });

    it('needs a signed-in user', async () => {
      expect((await h.call(PREFERENCES)).status).toBe(401);
      expect((await h.call(UPDATE_PREFERENCES, { variables: { data: [] } })).status).toBe(401);
    });
  });

  describe("the pages' form posts, against this API", () => {
    const sendAs =
      (token: string): SendGraphql =>
      (body) =>
        h.call(body.query, { token, variables: body.variables });

    it('saves the account form, and keeps the typed values with a field message when invalid', async () => {
      const token = await h.token('form-account');
      const valid = new FormData();
      valid.set('displayName', ' Sam ');
      valid.set('phoneNumber', '');
      valid.set('language', 'fr');
      const saved = await submitAccountForm(valid, sendAs(token), t);
      expect(saved).toEqual({ kind: 'done', language: 'fr' });
      expect(await h.call('{ myAccount { displayName phoneNumber language } }', { token }).then((answer) => answer.body.data?.myAccount)).toEqual({ displayName: 'Sam', phoneNumber: null, language: 'fr' });

      const form = new FormData();
      form.set('displayName', 'Samantha');
      form.set('phoneNumber', '07700 900123');
      form.set('language', 'xx');
      const invalid = await submitAccountForm(form, sendAs(token), t);
      expect(invalid).toEqual({
        kind: 'invalid',
        values: { displayName: 'Samantha', phoneNumber: '07700 900123', language: 'xx' },
        fieldErrors: { phoneNumber: t('account.errors.phoneFormat'), language: t('account.errors.languageUnknown') },
        formError: null,
        status: 422,
      });
      expect((await myAccount(token)).displayName).toBe('Sam');
    });

    it('saves the whole settings table, an unchecked box as off', async () => {
      const token = await h.token('form-settings');
      const form = new FormData();
      form.set(preferenceFieldName('talentInvitation.create', 'push'), 'on');
      expect(await submitPreferencesForm(preferencesFromForm(form), sendAs(token), t)).toEqual({ kind: 'done' });
      const mine = await preferencesOf(token);
      expect(mine.find((p) => p.type === 'talentInvitation.create')).toEqual({ type: 'talentInvitation.create', email: false, ui: false, push: true });
      expect(mine.filter((p) => p.email || p.ui || p.push)).toHaveLength(1);
    });
  });
});
