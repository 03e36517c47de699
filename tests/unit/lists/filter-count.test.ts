import { describe, expect, it } from 'vitest';
import { activeFieldCount, fieldNamesIn } from '../../../src/lib/lists/filter-count';

describe('filter count: the filters in force on a list', () => {
  const html = `
    <input id="field-q" name="q" type="search" value="react">
    <select name="status" aria-invalid="false"><option value="">All</option></select>
    <input type="hidden" name="sort" value="newest">
    <textarea name="note"></textarea>
    <input type="checkbox" name="remote" value="1"><input type="checkbox" name="remote" value="2">`;

  it("reads the form's field names once each, leaving hidden state out", () => {
    expect(fieldNamesIn(html)).toEqual(['q', 'status', 'note', 'remote']);
  });

  it('counts the fields the address gives a value, blank ones and other parameters not', () => {
    const names = fieldNamesIn(html);
    expect(activeFieldCount(names, new URLSearchParams('q=react&status=&page=3&sort=newest'))).toBe(1);
    expect(activeFieldCount(names, new URLSearchParams('q=%20&status=SENT&remote=1&remote=2'))).toBe(2);
    expect(activeFieldCount(names, new URLSearchParams(''))).toBe(0);
  });
});
