import { describe, expect, it } from 'vitest';
import { draftFieldName, draftFormsOf, sameSectionValues, sectionFormEntries } from '../../../src/lib/talent/profile-drafts';
import { readIntent } from '../../../src/lib/talent/profile-form';
import { sectionSpec } from '../../../src/lib/talent/profile-sections';

describe('profile drafts: one section edited at a time, nothing typed lost', () => {
  it('a draft travels as hidden fields named drafts.<section>.<form name>, unticked boxes left out as a browser leaves them', () => {
    const experience = sectionSpec('experience')!;
    const entries = sectionFormEntries(experience, { fields: {}, rows: [{ company: 'Acme', title: '', location: '', startDate: '2021-06-01', endDate: '', current: '', description: 'Half' }] });
    expect(entries).toContainEqual(['experience[0].company', 'Acme']);
    expect(entries).toContainEqual(['experience[0].description', 'Half']);
    expect(entries.map(([name]) => name)).not.toContain('experience[0].current');
    expect(draftFieldName('experience', 'experience[0].company')).toBe('drafts.experience.experience[0].company');
  });

  it('a post is split into one form per carried section, never the open one, never an unknown one', () => {
    const form = new FormData();
    form.append('section', 'skills');
    form.append('drafts.basics.description', 'Half typed');
    form.append('drafts.experience.experience[0].company', 'Acme');
    form.append('drafts.skills.skills[0].name', 'ignored');
    form.append('drafts.unknown.x', 'ignored');
    const drafts = draftFormsOf(form, 'skills');
    expect([...drafts.keys()]).toEqual(['basics', 'experience']);
    expect(drafts.get('basics')!.get('description')).toBe('Half typed');
    expect(drafts.get('experience')!.get('experience[0].company')).toBe('Acme');
  });

  it('a draft equal to what is saved is no draft', () => {
    const saved = { fields: { description: 'A', jobTitle: '' }, rows: [] };
    expect(sameSectionValues(saved, { fields: { jobTitle: '', description: 'A' }, rows: [] })).toBe(true);
    expect(sameSectionValues(saved, { fields: { jobTitle: '', description: 'A b' }, rows: [] })).toBe(false);
    expect(sameSectionValues({ fields: {}, rows: [{ name: 'Go' }] }, { fields: {}, rows: [{ name: 'Go' }, { name: '' }] })).toBe(false);
  });

  it('Edit of another section, and Cancel, are intents of the open form; an unknown section is a save', () => {
    expect(readIntent('edit:skills')).toEqual({ kind: 'open', section: 'skills' });
    expect(readIntent('cancel')).toEqual({ kind: 'cancel' });
    expect(readIntent('edit:nothing')).toEqual({ kind: 'save' });
  });
});
