import { describe, expect, it } from 'vitest';
import { inputKindFor } from '../../../src/lib/forms/typed-value';

describe('a refused value is kept as typed: a typed field that cannot hold it is a text field', () => {
  it('keeps the field type for values it can hold, and for an empty field', () => {
    expect(inputKindFor('url', 'https://example.com')).toEqual({ type: 'url' });
    expect(inputKindFor('email', 'ana@example.test')).toEqual({ type: 'email' });
    expect(inputKindFor('number', '12.5')).toEqual({ type: 'number' });
    expect(inputKindFor('date', '2026-11-28')).toEqual({ type: 'date' });
    expect(inputKindFor('month', '2026-11')).toEqual({ type: 'month' });
    expect(inputKindFor('date', '')).toEqual({ type: 'date' });
    expect(inputKindFor('text', 'anything')).toEqual({ type: 'text' });
  });

  it('falls back to text, with the type keyboard, for what the type cannot hold', () => {
    expect(inputKindFor('url', 'not a site')).toEqual({ type: 'text', inputMode: 'url' });
    expect(inputKindFor('email', 'ana@')).toEqual({ type: 'text', inputMode: 'email' });
    expect(inputKindFor('number', '12,5')).toEqual({ type: 'text', inputMode: 'decimal' });
    expect(inputKindFor('date', '28/11/2026')).toEqual({ type: 'text', inputMode: 'numeric' });
  });
});
