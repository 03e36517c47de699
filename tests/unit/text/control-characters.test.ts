import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasForbiddenControls, stripControlCharacters } from '../../../src/lib/text/control-characters';

describe('control characters in user text', () => {
  it('finds NUL, the other C0 controls and DEL', () => {
    for (const code of [0, 1, 7, 8, 11, 12, 14, 27, 31, 127]) expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), String(code)).toBe(true);
  });

  it('leaves tab, line feed and carriage return (textareas send them) and ordinary text alone', () => {
    expect(hasControlCharacters('line one\r\n\tline two')).toBe(false);
    expect(hasControlCharacters('Zoë & Søren – 50 % «ok» 🙂')).toBe(false);
  });

  it('keeps tabs and line breaks in multi-line fields only, and C1 controls out of one-line ones', () => {
    expect(hasForbiddenControls('line one\n\tline two', true)).toBe(false);
    expect(hasForbiddenControls('line one\nline two')).toBe(true);
    expect(hasForbiddenControls('Acme\u0085GmbH')).toBe(true);
    expect(hasForbiddenControls('a\u0000b', true)).toBe(true);
    expect(hasForbiddenControls('Zoë & Søren')).toBe(false);
  });

  it('strips them for search boxes', () => {
    expect(stripControlCharacters('de\u0000vel\u007foper\n')).toBe('developer\n');
  });
});
