import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerIssues } from '../../../src/lib/forms/answer-issues';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { describeEachDatabase } from '../../support/test-database';

// The guard refuses a control character in any text input before anything runs (probe
// item 2). Its field errors are the features' own: code controlCharacters, worded from the
// locale files, so a page words them like any other issue and never matches English.

const t = getTranslator();
const SUGGESTIONS = 'query($q: String!) { jobAdSuggestions(q: $q) { id } }';
const UPDATE_ME = 'mutation($data: UpdateMeInput!) { updateMe(data: $data) { id } }';
const guarded = (field: string) => ({ field, code: 'controlCharacters', message: t('forms.errors.controlCharacters') });

describeEachDatabase('control character guard', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness(kind);
  });
  afterAll(() => h?.close());

  it('names a variable holding one with the code and the locale text', async () => {
    const { body } = await h.call(SUGGESTIONS, { variables: { q: 'de\u0000v' } });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([guarded('q')]);
  });

  it('names an inline literal holding one by its argument', async () => {
    const { body } = await h.call('{ jobAdSuggestions(q: "de\\u0007v") { id } }');
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([guarded('q')]);
  });

  it('names each field of an input object, which a page reads as its own issue code', async () => {
    const token = await h.token('guard-user');
    const { body } = await h.call(UPDATE_ME, { token, variables: { data: { displayName: 'a\u0000b', phoneNumber: '+44\u0007' } } });
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([guarded('data.displayName'), guarded('data.phoneNumber')]);
    const { issues } = answerIssues(body.errors ?? []);
    expect(issues).toEqual([
      { path: 'displayName', code: 'controlCharacters' },
      { path: 'phoneNumber', code: 'controlCharacters' },
    ]);
  });
});
