import { describe, expect, it } from 'vitest';
import { submitPreferencesForm } from '../../../src/lib/account/account-operations';
import { defaultNotificationPreference } from '../../../src/lib/notifications/notification-preferences';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import account from '../../../src/locales/en/common/account.json';
import { apiAnswering } from '../../support/page-handler-fakes';

const t = getTranslator();
const preferences = [defaultNotificationPreference('billing.create')];

describe('site settings form: a refused save is said in the page\'s words, never the API\'s', () => {
  it('sends the whole table as typed and is saved when the API answers the list', async () => {
    const api = apiAnswering({ status: 200, body: { data: { updateMyNotificationPreferences: [{ type: 'billing.create' }] } } });
    expect(await submitPreferencesForm(preferences, api.send, t)).toEqual({ kind: 'done' });
    expect(api.sent).toEqual([{ operationName: 'UpdateMyNotificationPreferences', variables: { data: preferences } }]);
  });

  it('keeps the boxes as ticked and says the failure once above the form, whatever the API wrote', async () => {
    const api = apiAnswering({
      status: 200,
      body: { data: null, errors: [{ message: 'API text', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.0.type', code: 'eventTypeUnknown', params: { type: 'x' }, message: 'API text' }] } }] },
    });
    expect(await submitPreferencesForm(preferences, api.send, t)).toEqual({ kind: 'invalid', values: preferences, fieldErrors: {}, formError: account.siteSettings.failed, status: 422 });
  });
});
