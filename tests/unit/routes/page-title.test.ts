import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../../src/lib/routes/page-title';

describe('page titles', () => {
  it('puts the page name before the product name', () => {
    expect(pageTitle('Job search', 'Talentplace')).toBe('Job search | Talentplace');
  });

  it('shows only the product name on the home page (no page name)', () => {
    expect(pageTitle(null, 'Talentplace')).toBe('Talentplace');
    expect(pageTitle(undefined, 'Talentplace')).toBe('Talentplace');
    expect(pageTitle('', 'Talentplace')).toBe('Talentplace');
    expect(pageTitle('   ', 'Talentplace')).toBe('Talentplace');
  });
});
