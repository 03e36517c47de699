import { describe, expect, it } from 'vitest';
import { initialReview, REVIEW_LISTS, REVIEW_SECTIONS, type ReviewedProfile, type ReviewValues } from '../../../src/lib/cv-import/cv-review';
import { CONTACT_FIELDS, includeFieldName, NOTHING_USED, readReviewForm, reviewUpdate, SKILLS_FIELD, useFieldName } from '../../../src/lib/cv-import/cv-review-form';

const emptyProfile: ReviewedProfile = { profileName: null, jobTitle: null, location: null, description: null, skills: [], languages: [], links: [], experience: [], education: [] };

const review = (): ReviewValues =>
  initialReview(
    {
      profileName: 'Hugo Lambert',
      jobTitle: 'Chef de projet',
      description: null,
      location: 'Nantes',
      email: null,
      phone: null,
      skills: ['Scrum', 'Jira'],
      links: [],
      languages: [{ language: 'French', level: 'NATIVE' }],
      experience: [
        { company: 'Atlantique Soft', title: 'Chef de projet', location: null, description: null, startDate: '2019-01-01', endDate: null, current: true },
        { company: 'Nantes Digital', title: 'Développeur', location: null, description: null, startDate: '2015-01-01', endDate: '2018-12-01', current: false },
      ],
      education: [],
    },
    emptyProfile,
  );

/** The review's form as the page draws it: every value in a field of its own name. */
function formOf(values: ReviewValues): FormData {
  const form = new FormData();
  form.set('csrf', 'token');
  for (const section of REVIEW_SECTIONS) if (values.use[section]) form.set(useFieldName(section), 'on');
  for (const [name, value] of Object.entries(values.basics)) form.set(name, value);
  form.set(SKILLS_FIELD, values.skills);
  for (const list of REVIEW_LISTS) {
    values.lists[list].forEach((row, index) => {
      if (row.include) form.set(includeFieldName(list, index), 'on');
      // A box left unticked is not posted, as browsers do.
      for (const [name, value] of Object.entries(row.fields)) if (!(name === 'current' && value === '')) form.set(`${list}[${index}].${name}`, value);
    });
  }
  form.set(CONTACT_FIELDS.email, values.contact.email);
  form.set(CONTACT_FIELDS.phone, values.contact.phone);
  return form;
}

describe('the review form', () => {
  it('round-trips every value through its fields: nothing is kept in server memory', () => {
    const values = review();
    values.lists.experience[1]!.include = false;
    values.use.languages = false;
    expect(readReviewForm(formOf(values), { useAll: false })).toEqual(values);
  });

  it('reads a day typed the en-GB way as the date input takes it', () => {
    const form = formOf(review());
    form.set('experience[1].endDate', '1/12/2018');
    expect(readReviewForm(form, { useAll: false }).lists.experience[1]!.fields.endDate).toBe('2018-12-01');
  });

  it('Accept all uses every section; the entries left out stay out', () => {
    const values = review();
    values.use = { basics: false, skills: false, languages: false, links: false, experience: false, education: false };
    values.lists.experience[0]!.include = false;
    const read = readReviewForm(formOf(values), { useAll: true });
    expect(Object.values(read.use).every(Boolean)).toBe(true);
    const update = reviewUpdate(read, emptyProfile);
    expect(update.ok && (update.data.experience as Array<{ company: string }>).map((entry) => entry.company)).toEqual(['Nantes Digital']);
  });

  it('builds the update of the ticked sections only, lists appended to the profile as it is now', () => {
    const values = review();
    values.use.basics = false;
    const profile: ReviewedProfile = { ...emptyProfile, jobTitle: 'Kept', skills: [{ name: 'Jira', level: 'EXPERT' }], experience: [{ company: 'Atlantique Soft', startDate: '2019-01', current: true, extra: 'dropped' }] };
    const update = reviewUpdate(values, profile);
    expect(update).toEqual({
      ok: true,
      data: {
        skills: [{ name: 'Jira', level: 'EXPERT' }, { name: 'Scrum' }],
        languages: [{ language: 'French', level: 'NATIVE' }],
        experience: [
          { company: 'Atlantique Soft', startDate: '2019-01', current: true },
          { company: 'Nantes Digital', title: 'Développeur', startDate: '2015-01-01', endDate: '2018-12-01', current: false },
        ],
      },
    });
  });

  it("puts an entry's issue on its field in the review, counting the entries left out", () => {
    const values = review();
    values.lists.experience[0]!.include = false;
    values.lists.experience[1]!.fields.endDate = '2010-01-01';
    values.basics.jobTitle = 'x'.repeat(200);
    const update = reviewUpdate(values, emptyProfile);
    expect(update.ok).toBe(false);
    expect(!update.ok && update.issues).toEqual([
      { path: 'jobTitle', code: 'tooLong', params: { max: 120 } },
      { path: 'experience[1].endDate', code: 'endBeforeStart' },
    ]);
  });

  it('refuses a list that would pass its limit as a whole, and a save with no section ticked', () => {
    const values = review();
    const full: ReviewedProfile = { ...emptyProfile, languages: Array.from({ length: 20 }, (_, index) => ({ language: `Language ${index}` })) };
    const update = reviewUpdate(values, full);
    expect(!update.ok && update.issues).toEqual([{ path: 'languages', code: 'tooMany', params: { max: 20 } }]);
    values.use = { basics: false, skills: false, languages: false, links: false, experience: false, education: false };
    expect(reviewUpdate(values, emptyProfile)).toEqual({ ok: false, issues: [{ path: '', code: NOTHING_USED }] });
  });
});
