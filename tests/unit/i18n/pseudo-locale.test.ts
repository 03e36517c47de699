import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { pseudoTranslator, unmarkedText } from '../../../src/lib/i18n/pseudo-locale';
import { theirs, theirsOr } from '../../../src/lib/text/facts';

describe('the pseudo-locale', () => {
  const t = pseudoTranslator(getTranslator(['common'], 'en'));

  it('marks every text of the locale files, values filled in, and each text of a list it gives', () => {
    expect(t('forms.labelled', { label: 'Move', value: 'Tara Talent' })).toBe('⟦Move: Tara Talent⟧');
    const listed = t('titles', { returnObjects: true }) as unknown as Record<string, string>;
    expect(Object.values(listed).every((text) => text.startsWith('⟦') && text.endsWith('⟧'))).toBe(true);
  });

  it('leaves outside the marks only what came from no locale file, nested marks and split translations included', () => {
    expect(unmarkedText('⟦Status: ⟦Applied⟧⟧ · Previous').replace(/\s+/g, ' ').trim()).toBe('· Previous');
    expect(unmarkedText('⟦Reason: ').trim()).toBe('');
    expect(unmarkedText(' the reason you choose.⟧').trim()).toBe('');
    expect(unmarkedText('Tara Talent').trim()).toBe('Tara Talent');
  });
});

describe("people's words as facts", () => {
  it('marks a value as theirs, and falls back to the page\'s words when there is none', () => {
    expect(theirs('Northwind Labs')).toEqual({ theirs: 'Northwind Labs' });
    expect(theirs(null)).toBeNull();
    expect(theirsOr('', 'Not set')).toBe('Not set');
    expect(theirsOr('Lisbon', 'Not set')).toEqual({ theirs: 'Lisbon' });
  });
});
