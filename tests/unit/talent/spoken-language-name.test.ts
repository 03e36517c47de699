import { describe, expect, it } from 'vitest';
import { spokenLanguageName } from '../../../src/lib/talent/spoken-language-name';

describe('spoken language name', () => {
  it("names the catalog's languages in the page's language, capitalised as a name stands alone", () => {
    expect(spokenLanguageName('French', 'fr')).toBe('Français');
    expect(spokenLanguageName('english', 'fr')).toBe('Anglais');
    expect(spokenLanguageName(' Portuguese ', 'fr')).toBe('Portugais');
    expect(spokenLanguageName('Bengali', 'fr')).toBe('Bengali');
    expect(spokenLanguageName('Cantonese', 'fr')).toBe('Cantonais');
  });

  it('leaves an English page, and a name it does not know or typed in another language, as written', () => {
    expect(spokenLanguageName('French', 'en')).toBe('French');
    expect(spokenLanguageName('Breton', 'fr')).toBe('Breton');
    expect(spokenLanguageName('Mandarin Chinese', 'fr')).toBe('Mandarin Chinese');
    expect(spokenLanguageName('Français', 'fr')).toBe('Français');
  });
});
