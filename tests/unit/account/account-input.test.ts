import { describe, expect, it } from 'vitest';
import { accountFormSchema, checkDisplayName, checkPhoneNumber, parseAccountUpdate } from '../../../src/lib/account/account-input';

describe('display name rule: required, trimmed, 1 to 100 characters, one line', () => {
  it('trims and keeps a name', () => {
    expect(checkDisplayName('  Rita Recruiter ')).toEqual({ ok: true, value: 'Rita Recruiter' });
  });

  it('refuses a blank name', () => {
    expect(checkDisplayName('   ')).toEqual({ ok: false, code: 'displayNameRequired' });
  });

  it('allows 100 characters, counted as people see them, and refuses 101', () => {
    expect(checkDisplayName('x'.repeat(100)).ok).toBe(true);
    expect(checkDisplayName('😀'.repeat(100)).ok).toBe(true);
    expect(checkDisplayName(`  ${'x'.repeat(100)}  `).ok).toBe(true);
    expect(checkDisplayName('x'.repeat(101))).toEqual({ ok: false, code: 'displayNameTooLong' });
  });

  it('refuses line breaks and tabs inside the name', () => {
    expect(checkDisplayName('Rita\nRecruiter')).toEqual({ ok: false, code: 'displayNameControl' });
    expect(checkDisplayName('Rita\tRecruiter').ok).toBe(false);
  });
});

describe('phone number rule: international format (E.164)', () => {
  it('stores a number as + and digits, whatever separators were typed', () => {
    expect(checkPhoneNumber('+44 20 7946 0958')).toEqual({ ok: true, value: '+442079460958' });
    expect(checkPhoneNumber('+1 (415) 555-0132')).toEqual({ ok: true, value: '+14155550132' });
    expect(checkPhoneNumber('+351.912.345.678')).toEqual({ ok: true, value: '+351912345678' });
  });

  it('reads a leading 00 as the international prefix', () => {
    expect(checkPhoneNumber('0044 20 7946 0958')).toEqual({ ok: true, value: '+442079460958' });
  });

  it('takes a blank number as none', () => {
    expect(checkPhoneNumber('   ')).toEqual({ ok: true, value: null });
  });

  it('refuses a national number, letters and a country code starting with 0', () => {
    for (const typed of ['020 7946 0958', '+44 20 CALL NOW', '+0 123 456 789', '++44 20 7946 0958', '+44 20 7946 0958 ext 12']) {
      expect(checkPhoneNumber(typed), typed).toEqual({ ok: false, code: 'phoneFormat' });
    }
  });

  it('takes 7 to 15 digits, country code included', () => {
    expect(checkPhoneNumber('+290 1234').ok).toBe(true);
    expect(checkPhoneNumber('+123 456 789 012 345').ok).toBe(true);
    expect(checkPhoneNumber('+290 123')).toEqual({ ok: false, code: 'phoneLength' });
    expect(checkPhoneNumber('+123 456 789 012 3456')).toEqual({ ok: false, code: 'phoneLength' });
  });
});

describe('account update', () => {
  it('leaves out what was not sent', () => {
    expect(parseAccountUpdate({})).toEqual({ ok: true, values: {} });
    expect(parseAccountUpdate({ phoneNumber: null })).toEqual({ ok: true, values: { phoneNumber: null } });
  });

  it('never removes the display name', () => {
    expect(parseAccountUpdate({ displayName: null })).toEqual({ ok: false, errors: [{ path: 'displayName', code: 'displayNameRequired' }] });
  });

  it("keeps the account's language when it is one of the product's, and leaves it as it is when null or left out", () => {
    expect(parseAccountUpdate({ language: ' fr ' })).toEqual({ ok: true, values: { language: 'fr' } });
    expect(parseAccountUpdate({ language: 'de' })).toEqual({ ok: false, errors: [{ path: 'language', code: 'languageUnknown' }] });
    expect(parseAccountUpdate({ language: null })).toEqual({ ok: true, values: {} });
  });

  it('names every field that needs attention', () => {
    const result = parseAccountUpdate({ displayName: '', phoneNumber: '12' });
    expect(result.ok ? [] : result.errors.map((error) => error.path)).toEqual(['displayName', 'phoneNumber']);
  });
});

describe('the /edit-account form schema (the rules the API checks, read from a form post)', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it('reads a valid form into the stored values', () => {
    expect(accountFormSchema.safeParse({ displayName: ' Sam ', phoneNumber: '0044 20 7946 0958', language: 'fr' }).data).toEqual({ displayName: 'Sam', phoneNumber: '+442079460958', language: 'fr' });
    expect(form({ displayName: 'Sam' }).get('phoneNumber')).toBeNull();
  });

  it('gives each field its issue code as the message', () => {
    const result = accountFormSchema.safeParse({ displayName: '', phoneNumber: '12', language: 'de' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['displayName', 'displayNameRequired'],
      ['phoneNumber', 'phoneFormat'],
      ['language', 'languageUnknown'],
    ]);
  });
});
