import { describe, expect, it } from 'vitest';
import { dataOf, dataOrNotFound } from '../../../src/lib/graphql/answer-data';
import { textOf } from '../../../src/lib/forms/form-values';

const list = { myThings: { items: ['a'] } };

describe("reading a page query's answer", () => {
  it('a page renders only data the API answered without errors; any failure throws, naming what was loaded', () => {
    expect(dataOf({ status: 200, data: list, errors: [] }, 'the things')).toBe(list);
    expect(() => dataOf({ status: 200, data: null, errors: [{ message: 'Pages are numbered from 1' }] }, 'the things')).toThrow('loading the things failed: Pages are numbered from 1');
    // Data beside an error is not trusted: a partial answer is a failure, not an empty page.
    expect(() => dataOf({ status: 200, data: list, errors: [{ message: 'boom' }] }, 'the things')).toThrow('boom');
    expect(() => dataOf({ status: 502, data: null, errors: [] }, 'the things')).toThrow('status 502');
  });

  it('an addressed record the API says NOT_FOUND is null (the not-found page); any other failure still throws', () => {
    expect(dataOrNotFound({ status: 200, data: null, errors: [{ message: 'not found', extensions: { code: 'NOT_FOUND' } }] }, 'the thing')).toBeNull();
    expect(dataOrNotFound({ status: 200, data: list, errors: [] }, 'the thing')).toBe(list);
    expect(() => dataOrNotFound({ status: 200, data: null, errors: [{ message: 'no', extensions: { code: 'FORBIDDEN' } }] }, 'the thing')).toThrow('loading the thing failed: no');
  });
});

describe('posted values as text', () => {
  it('a field shows posted text as typed, and anything else (a file, a missing field) as blank', () => {
    expect(textOf(' Ada ')).toBe(' Ada ');
    expect(textOf(null)).toBe('');
    expect(textOf(undefined)).toBe('');
    expect(textOf(new Blob(['x']))).toBe('');
  });
});
