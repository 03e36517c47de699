import { describe, expect, it } from 'vitest';
import { searchImpersonationCandidates } from '../../../src/lib/impersonation/impersonation-operations';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import impersonation from '../../../src/locales/en/common/impersonation.json';
import { apiAnswering } from '../../support/page-handler-fakes';

const t = getTranslator();
const refusal = (fieldErrors: unknown[]) => ({ status: 200, body: { data: null, errors: [{ message: 'API text', extensions: { code: 'BAD_USER_INPUT', fieldErrors } }] } });

describe("impersonation search: a refused search is said in the page's words, from the API's code", () => {
  it('words the code on the search field with its values, never the API message', async () => {
    const api = apiAnswering(refusal([{ field: 'search', code: 'searchTooShort', params: { min: 3 }, message: 'API text' }]));
    expect(await searchImpersonationCandidates(api.send, 'al', t)).toEqual({ kind: 'invalid', message: t('impersonation.errors.searchTooShort', { min: 3 }) });
  });

  it('says the search failed when the API names no field', async () => {
    const api = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'API text', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } });
    expect(await searchImpersonationCandidates(api.send, 'alice', t)).toEqual({ kind: 'invalid', message: impersonation.impersonation.errors.searchFailed });
  });

  it('asks nothing for an empty search', async () => {
    const api = apiAnswering(refusal([]));
    expect(await searchImpersonationCandidates(api.send, '  ', t)).toEqual({ kind: 'none' });
    expect(api.sent).toEqual([]);
  });
});
