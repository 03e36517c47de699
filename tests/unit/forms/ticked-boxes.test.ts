import { describe, expect, it } from 'vitest';
import { preferenceFieldName, preferencesFromForm } from '../../../src/lib/notifications/notification-preferences';
import { submitCompanyAssignmentForm } from '../../../src/lib/assignments/company-assignment-pages';
import { checkbox, tickedBoxes } from '../../../src/lib/forms/form-values';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { submitJobAdForm } from '../../../src/lib/job-ads/job-ad-pages';
import { submitJobDescriptionForm } from '../../../src/lib/job-descriptions/job-description-pages';
import { submitTalentNoteWrite } from '../../../src/lib/talent-notes/talent-note-pages';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

// The ticked boxes of a posted form are read in one place (tickedBoxes), the
// way the form kit's checkbox schema reads them.

const t = getTranslator();
const ID = '11111111-1111-4111-8111-111111111111';
const nothingSent = () => apiAnswering({ status: 200, body: { data: null } });

describe('ticked boxes of a refused form: one reading (tickedBoxes), the same as the checkbox schema', () => {
  it('reads a posted "on" (or "true") as ticked, a box not posted or blank as unticked', () => {
    const form = formOf({ a: 'on', b: 'true', c: '', d: 'off' });
    expect(tickedBoxes(form, ['a', 'b', 'c', 'd', 'missing'])).toEqual({ a: true, b: true, c: false, d: false, missing: false });
    for (const name of ['a', 'b', 'c', 'd', 'missing']) expect(checkbox.parse(form.get(name)), name).toBe(tickedBoxes(form, [name])[name]);
  });

  it('job ad, job description, company assignment and talent note forms keep their box as ticked when refused', async () => {
    for (const ticked of [true, false]) {
      const box = (name: string) => formOf(ticked ? { [name]: 'on' } : {});
      const api = nothingSent();
      expect(await submitJobAdForm(null, box('isAnonymous'), api.send, t)).toMatchObject({ kind: 'invalid', values: { isAnonymous: ticked } });
      expect(await submitJobDescriptionForm(null, box('openForApplications'), api.send, t)).toMatchObject({ kind: 'invalid', values: { openForApplications: ticked } });
      expect(await submitCompanyAssignmentForm(null, box('clientPricesIsVisibleToTalent'), api.send, t)).toMatchObject({ kind: 'invalid', values: { clientPricesIsVisibleToTalent: ticked } });
      expect(await submitTalentNoteWrite('createNote', ID, box('private'), api.send, t)).toMatchObject({ kind: 'invalid', noteId: null, values: { note: '', private: ticked } });
      expect(api.sent).toEqual([]);
    }
  });

  it('the notification settings read every box the same way: ticked is on, not posted is off', () => {
    const form = formOf({ [preferenceFieldName('billing.create', 'email')]: 'on', [preferenceFieldName('billing.create', 'push')]: 'on' });
    const preferences = preferencesFromForm(form);
    expect(preferences.find((row) => row.type === 'billing.create')).toEqual({ type: 'billing.create', email: true, ui: false, push: true });
    expect(preferences.filter((row) => row.email || row.ui || row.push)).toHaveLength(1);
  });
});
