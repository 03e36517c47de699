import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Branding } from '../../../src/server/idp/page-branding';
import { renderLoginPage, renderLogoutPage, renderMessagePage, renderNewPasswordPage, renderPasswordResetRequestPage, renderSignUpPage } from '../../../src/server/idp/pages';
import { validateSignUp, type SignUpIssue } from '../../../src/server/idp/sign-up-validation';
import identity from '../../../src/locales/en/common/identity.json';

// The provider's pages render with a translator that answers each key as ⟦key⟧, in every
// language: whatever words are left once the marks are gone were written in code, not in
// the locale files.
vi.mock('../../../src/lib/i18n/i18n', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/lib/i18n/i18n')>();
  const marking = ((key: string) => `⟦${key}⟧`) as unknown as ReturnType<typeof original.getTranslator>;
  return { ...original, getTranslator: () => marking };
});

/** Everything a reader sees or hears: text, and the attributes read out, without the marked texts. */
function wordsNotFromLocaleFiles(html: string): string[] {
  const withoutCode = html.replace(/<style>[\s\S]*?<\/style>|<script>[\s\S]*?<\/script>|<!DOCTYPE html>/g, ' ');
  const spoken = [...withoutCode.matchAll(/\s(?:title|alt|placeholder|aria-label)="([^"]*)"/g)].map((match) => match[1]!);
  const text = withoutCode.replace(/<[^>]*>/g, ' ');
  return [text, ...spoken]
    .join(' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, ' ')
    .replace(/⟦[^⟧]*⟧/g, ' ')
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
}

const branding: Branding = { productName: '⟦productName⟧', homeUrl: 'https://talentplace.test/', signInUrl: 'https://talentplace.test/sign-in', language: 'en' };
const links = { submit: '/oidc/interaction/abc/login', switchTo: '/oidc/interaction/abc?screen=signup', abort: '/oidc/interaction/abc/abort', passwordReset: '/oidc/password-reset' };
const logoutForm = '<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"><input type="hidden" name="xsrf" value="token"></form>';

describe('the identity provider pages take every text from the locale files', () => {
  it('finds words written in code (the check itself)', () => {
    expect(wordsNotFromLocaleFiles('<p>⟦a.b⟧ Cancel</p><button aria-label="Close">⟦c⟧</button>')).toEqual(['Cancel', 'Close']);
  });

  it('the sign-in page, with and without its error', () => {
    expect(wordsNotFromLocaleFiles(renderLoginPage(branding, { links }))).toEqual([]);
    expect(wordsNotFromLocaleFiles(renderLoginPage(branding, { links, email: '⟦typed⟧', error: '⟦error⟧' }))).toEqual([]);
  });

  it('the sign-up page, with and without its field errors', () => {
    expect(wordsNotFromLocaleFiles(renderSignUpPage(branding, { links }))).toEqual([]);
    const fieldErrors = { name: '⟦name⟧', email: '⟦email⟧', password: '⟦password⟧' };
    expect(wordsNotFromLocaleFiles(renderSignUpPage(branding, { links, name: '⟦typed⟧', email: '⟦typed⟧', fieldErrors }))).toEqual([]);
  });

  it('the password reset pages: the request and the new password, with and without their errors', () => {
    expect(wordsNotFromLocaleFiles(renderPasswordResetRequestPage(branding, { action: '/oidc/password-reset' }))).toEqual([]);
    expect(wordsNotFromLocaleFiles(renderPasswordResetRequestPage(branding, { action: '/oidc/password-reset', email: '⟦typed⟧', error: '⟦error⟧' }))).toEqual([]);
    expect(wordsNotFromLocaleFiles(renderNewPasswordPage(branding, { action: '/oidc/password-reset', token: 'abc.def' }))).toEqual([]);
    expect(wordsNotFromLocaleFiles(renderNewPasswordPage(branding, { action: '/oidc/password-reset', token: 'abc.def', error: '⟦error⟧' }))).toEqual([]);
  });

  it('the message page, with its detail and link', () => {
    const page = renderMessagePage(branding, { title: '⟦title⟧', message: '⟦message⟧', detail: '⟦detail⟧', link: { href: '/sign-in', text: '⟦link⟧' } });
    expect(wordsNotFromLocaleFiles(page)).toEqual([]);
  });

  it('the sign-out page, asking and confirmed', () => {
    expect(wordsNotFromLocaleFiles(renderLogoutPage(branding, logoutForm))).toEqual([]);
    expect(wordsNotFromLocaleFiles(renderLogoutPage(branding, logoutForm, { confirmed: true }))).toEqual([]);
  });

  it('a page declares the language it is written in', () => {
    expect(renderLoginPage(branding, { links })).toContain('<html lang="en">');
    expect(renderLoginPage({ ...branding, language: 'fr' }, { links })).toContain('<html lang="fr">');
  });
});

describe('the identity provider hands its pages and mails only translated text', () => {
  it('passes no English written in code as a title, message, error, link or mail text', () => {
    const dir = path.resolve('src/server/idp');
    const written: string[] = [];
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts'))) {
      const source = readFileSync(path.join(dir, name), 'utf8');
      // A value with a space is words (protocol codes such as access_denied have none).
      const literals = /\b(?:title|message|text|error|detail|subject)\s*:\s*(['`])([^'`]* [^'`]*)\1|sendMessage\([^,]+,(?:[^,]+,)?[^,]+,\s*(['`])/g;
      for (const match of source.matchAll(literals)) written.push(`${name}: ${match[0]}`);
    }
    expect(written).toEqual([]);
  });
});

describe('sign-up rules answer codes the sign-up page words', () => {
  const words = identity.identity.pages.signUp.errors as Record<string, string>;
  const codesOf = (input: { name: string; email: string; password: string }): SignUpIssue[] => {
    const result = validateSignUp(input);
    return result.ok ? [] : result.issues;
  };

  it('refuses a missing name, an invalid e-mail and a short password, one code per field', () => {
    expect(codesOf({ name: ' ', email: 'not-an-email', password: 'short' })).toEqual([
      { path: 'name', code: 'nameMissing' },
      { path: 'email', code: 'emailInvalid' },
      { path: 'password', code: 'passwordTooShort', params: { min: 10 } },
    ]);
  });

  it('refuses control characters, a long name and a long password, naming the limit', () => {
    expect(codesOf({ name: 'a\u0000b', email: 'x\u0007@example.test', password: 'p'.repeat(257) })).toEqual([
      { path: 'name', code: 'controlCharacters' },
      { path: 'email', code: 'controlCharacters' },
      { path: 'password', code: 'passwordTooLong', params: { max: 256 } },
    ]);
    expect(codesOf({ name: 'n'.repeat(101), email: 'ada@example.test', password: 'long enough password' })).toEqual([{ path: 'name', code: 'nameTooLong', params: { max: 100 } }]);
  });

  it('accepts a valid sign-up, trimmed and with the e-mail lower-cased', () => {
    expect(validateSignUp({ name: ' Ada ', email: ' Ada@Example.TEST ', password: 'long enough password' })).toEqual({
      ok: true,
      value: { name: 'Ada', email: 'ada@example.test', password: 'long enough password' },
    });
  });

  it('every code has its words, naming the limit', async () => {
    const { getTranslator } = await vi.importActual<typeof import('../../../src/lib/i18n/i18n')>('../../../src/lib/i18n/i18n');
    const t = getTranslator(['common']);
    const codes = ['nameMissing', 'nameTooLong', 'emailInvalid', 'passwordTooShort', 'passwordTooLong', 'controlCharacters'];
    expect(Object.keys(words).sort()).toEqual([...codes].sort());
    expect(t('identity.pages.signUp.errors.nameTooLong', { max: 100 })).toBe('Name must be at most 100 characters.');
    expect(t('identity.pages.signUp.errors.passwordTooShort', { min: 10 })).toBe('Password must be at least 10 characters.');
  });
});
