import { describe, expect, it } from 'vitest';
import type { GraphqlAnswerLike } from '../../../src/lib/graphql/send-document';
import type { Translate } from '../../../src/lib/i18n/i18n';
import { backToSearchHref, isProfileListIntent, submitProfileListWrite, talentProfileHref } from '../../../src/lib/talent-search/talent-profile-pages';
import { apiByOperation, formOf } from '../../support/page-handler-fakes';

// A talent's profile on the talent search's route (?profile=), and its list
// forms through the saved talents' handler.
const t = ((key: string) => key) as unknown as Translate;
const TALENT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const LIST = '33333333-3333-4333-8333-333333333333';
const ENTRY = '44444444-4444-4444-8444-444444444444';

describe('the address of a talent profile', () => {
  it('is the talent search with ?profile=, keeping the search it was opened from', () => {
    expect(talentProfileHref(TALENT)).toBe(`/company/talent-search?profile=${TALENT}`);
    const search = new URL('http://x/company/talent-search?skillsAny=React&page=2');
    expect(talentProfileHref(TALENT, search)).toBe(`/company/talent-search?skillsAny=React&page=2&profile=${TALENT}`);
  });

  it('leads back to the same results at the talent\'s card, else to the search page', () => {
    expect(backToSearchHref(new URL(`http://x/company/talent-search?skillsAny=React&profile=${TALENT}`))).toBe(`/company/talent-search?skillsAny=React#talent-${TALENT}`);
    expect(backToSearchHref(new URL(`http://x/company/talent-search?profile=${TALENT}`))).toBe('/company/talent-search');
  });
});

describe('the list forms of a profile', () => {
  const profile = { id: TALENT, savedIn: [{ id: ENTRY, list: { id: LIST, label: 'Picks' } }] };

  it('takes save, save to a new list and remove; nothing else', () => {
    expect(['saveTalent', 'saveTalentToNewList', 'removeSavedTalent'].every(isProfileListIntent)).toBe(true);
    expect(isProfileListIntent('deleteList')).toBe(false);
  });

  it('saves the profile\'s talent, whatever talent the form names', async () => {
    const { send, sent } = apiByOperation({ CreateOneCompanySavedTalent: { status: 200, body: { data: { createOneCompanySavedTalent: ENTRY } } } });
    const outcome = await submitProfileListWrite('saveTalent', profile, formOf({ talentProfileId: OTHER, listId: LIST }), send, t);
    expect(outcome).toEqual({ kind: 'done', noticeKey: 'notices.savedTalents.saved', listId: LIST });
    expect(sent[0]?.variables).toEqual({ talentProfileId: TALENT, listId: LIST });
  });

  it('creates the new list, then saves the talent into it', async () => {
    const { send, sent } = apiByOperation({
      CreateOneCompanySavedTalentList: { status: 200, body: { data: { createOneCompanySavedTalentList: { id: LIST } } } },
      CreateOneCompanySavedTalent: { status: 200, body: { data: { createOneCompanySavedTalent: ENTRY } } },
    });
    const outcome = await submitProfileListWrite('saveTalentToNewList', profile, formOf({ label: 'Frontend' }), send, t);
    expect(outcome).toEqual({ kind: 'done', noticeKey: 'notices.savedTalents.savedToNewList', listId: LIST });
    expect(sent.map((call) => [call.operationName, call.variables])).toEqual([
      ['CreateOneCompanySavedTalentList', { label: 'Frontend' }],
      ['CreateOneCompanySavedTalent', { talentProfileId: TALENT, listId: LIST }],
    ]);
  });

  it('says a refused list name at the new list\'s field, as typed, and saves nothing', async () => {
    const refused: GraphqlAnswerLike = { status: 200, body: { data: null, errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'label', code: 'labelTaken', message: 'taken' }] } }] } };
    const { send, sent } = apiByOperation({ CreateOneCompanySavedTalentList: refused });
    const outcome = await submitProfileListWrite('saveTalentToNewList', profile, formOf({ label: 'Picks' }), send, t);
    expect(outcome).toMatchObject({ kind: 'refused', intent: 'saveTalentToNewList', label: 'Picks', message: 'savedTalents.errors.labelTaken' });
    expect(sent).toHaveLength(1);
  });

  it('removes only an entry of the profile\'s own talent', async () => {
    const { send, sent } = apiByOperation({ DeleteOneCompanySavedTalent: { status: 200, body: { data: { deleteOneCompanySavedTalent: true } } } });
    expect(await submitProfileListWrite('removeSavedTalent', profile, formOf({ id: ENTRY }), send, t)).toMatchObject({ kind: 'done', noticeKey: 'notices.savedTalents.removed' });
    expect(await submitProfileListWrite('removeSavedTalent', profile, formOf({ id: OTHER }), send, t)).toMatchObject({ kind: 'refused', message: 'savedTalents.gone' });
    expect(sent).toHaveLength(1);
  });
});
