import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countryCode, currencyCode, emailAddress, optionalText, requiredName } from '../../../src/lib/forms/field-rules';
import { zodIssues } from '../../../src/lib/forms/zod-issues';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : zodIssues(result.error).map(({ code, params }) => ({ code, params }));
};

describe('the shared field rules', () => {
  it('optional text: trimmed, blank empties it, left out leaves it alone, too long names its limit', () => {
    expect(optionalText(5).parse('  hi ')).toBe('hi');
    expect(optionalText(5).parse('  ')).toBeNull();
    expect(optionalText(5).parse(null)).toBeNull();
    expect(optionalText(5).parse(undefined)).toBeUndefined();
    expect(issuesOf(optionalText(5), 'abcdef')).toEqual([{ code: 'tooLong', params: { max: 5 } }]);
    expect(issuesOf(optionalText(50), 'two\nlines')).toEqual([{ code: 'controlCharacters', params: undefined }]);
    expect(optionalText(50, true).parse('two\nlines')).toBe('two\nlines');
  });

  it("a required name answers the caller's codes for blank and too long", () => {
    const name = requiredName(4, { required: 'nameRequired', tooLong: 'nameTooLong' });
    expect(name.parse(' Acme ')).toBe('Acme');
    for (const blank of [undefined, null, '  ']) expect(issuesOf(name, blank).map((issue) => issue.code)).toEqual(['nameRequired']);
    expect(issuesOf(name, 'Acme!').map((issue) => issue.code)).toEqual(['nameTooLong']);
  });

  it('an e-mail address: trimmed, the shape browsers check, at most 254 characters', () => {
    expect(emailAddress.parse(' ana@example.com ')).toBe('ana@example.com');
    expect(issuesOf(emailAddress, 'ana@example').map((issue) => issue.code)).toEqual(['emailInvalid']);
    expect(issuesOf(emailAddress, undefined).map((issue) => issue.code)).toEqual(['emailInvalid']);
    expect(issuesOf(emailAddress, `${'a'.repeat(250)}@example.com`).map((issue) => issue.code)).toEqual(['emailInvalid']);
  });

  it('country and currency codes in any case; blank removes them; unknown ones are named', () => {
    expect(countryCode.parse(' pt ')).toBe('PT');
    expect(countryCode.parse('')).toBeNull();
    expect(issuesOf(countryCode, 'XX').map((issue) => issue.code)).toEqual(['countryUnknown']);
    expect(currencyCode.parse(' eur ')).toBe('EUR');
    expect(currencyCode.parse(undefined)).toBeUndefined();
    expect(issuesOf(currencyCode, 'EURO').map((issue) => issue.code)).toEqual(['currencyUnknown']);
  });
});
