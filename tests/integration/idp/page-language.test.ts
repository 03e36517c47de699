import type * as oidc from 'openid-client';
import { expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import french from '../../../src/locales/fr/common/identity.json';
import { newTotpSecret } from '../../../src/server/idp/second-factor';
import { seedIdentityAccount, type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase } from '../../support/test-database';
import { linkIn, waitForMail } from '../../support/outbox';
import { Browser, parsePage, type PageResponse } from './browser';
import { buildAuthorization, isCallback, submitForm, withProvider } from './relying-party';

// The provider's pages and mails in the language of the person (the provider's page
// language rule, src/server/idp/page-language.ts): the product asks with ui_locales, the
// remembered choice (cookie tp-language) answers when nothing asks, English otherwise;
// links that leave the sign-in keep the language, down to the mail and the page it opens.

const fr = french.identity;
/** A French text with its placeholders filled, as the pages write it. */
const filled = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const titled = (title: string) => `${title} | Talentplace`;
/** As parsePage reads a text: white space, the no-break spaces of French typography too, as one space. */
const read = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A browser that has chosen French on the product's pages: the product's cookie, for its whole origin. */
function browserRemembering(language: string): Browser {
  const browser = new Browser();
  browser.jar.store(new URL('http://127.0.0.1/'), { headers: { getSetCookie: () => [`tp-language=${language}; Path=/`] } } as unknown as Response);
  return browser;
}

describeEachDatabase("built-in identity provider: the person's language", (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;

  withProvider(kind, (started) => ({ database, server, config } = started));

  async function openPage(parameters: Record<string, string>, browser = new Browser()): Promise<{ browser: Browser; page: PageResponse }> {
    const request = await buildAuthorization(config, server, parameters);
    const page = await browser.follow(request.url, isCallback(server));
    expect(page.status).toBe(200);
    return { browser, page };
  }

  it('says which languages its pages are written in (discovery)', async () => {
    const discovery = (await (await fetch(`${server.issuer}/.well-known/openid-configuration`)).json()) as { ui_locales_supported?: string[] };
    expect(discovery.ui_locales_supported).toEqual(['en', 'fr']);
  });

  it('shows the French sign-in page for ui_locales=fr: the address, the password step and its error in French', async () => {
    const account = await seedIdentityAccount(database.db, { email: 'camille@talentplace.test', password: 'le bon mot de passe', roles: [] });
    const { browser, page } = await openPage({ ui_locales: 'fr' });
    const first = parsePage(page.html);
    expect(first.lang).toBe('fr');
    expect(first.title).toBe(titled(fr.pages.signIn.title));
    expect(page.html).toContain(`<h1>${fr.pages.signIn.heading}</h1>`);
    expect(first.fields.map((field) => [field.label, field.descriptions])).toEqual([[fr.pages.email, [fr.pages.signIn.emailHint]]]);
    expect(first.buttons).toEqual([fr.pages.signIn.continue, fr.pages.cancel]);

    const passwordStep = await submitForm(browser, server, page, { email: account.email });
    expect(passwordStep.status).toBe(200);
    const second = parsePage(passwordStep.html);
    expect(second.lang).toBe('fr');
    expect(second.fields.map((field) => field.label)).toEqual([fr.pages.email, fr.pages.password]);
    expect(second.buttons).toEqual([fr.pages.signIn.submit, fr.pages.cancel]);
    expect(second.links.map((link) => link.text)).toEqual([fr.pages.signIn.forgotPassword, fr.pages.signIn.switchLink].map(read));
    // Every link and form of the page names its language, whichever way the page learnt it.
    expect(second.links.map((link) => link.href)).toEqual(['/oidc/password-reset?ui_locales=fr', expect.stringMatching(/^\/oidc\/interaction\/[\w-]+\?screen=signup&ui_locales=fr$/)]);
    expect(second.forms[0]?.action).toMatch(/^\/oidc\/interaction\/[\w-]+\/login\?ui_locales=fr$/);

    const refused = await submitForm(browser, server, passwordStep, { email: account.email, password: 'pas le bon' });
    expect(refused.status).toBe(400);
    expect(parsePage(refused.html).lang).toBe('fr');
    expect(parsePage(refused.html).alerts).toEqual([fr.pages.signIn.errors.wrongCredentials]);
  });

  it('asks for the second factor in French after a right password', async () => {
    const account = await seedIdentityAccount(database.db, { email: 'alix@talentplace.test', password: 'le bon mot de passe', roles: [], totpSecret: newTotpSecret() });
    const { browser, page } = await openPage({ ui_locales: 'fr', login_hint: account.email });
    const codeStep = await submitForm(browser, server, page, { email: account.email, password: account.password });
    expect(codeStep.status).toBe(200);
    const parsed = parsePage(codeStep.html);
    expect(parsed.lang).toBe('fr');
    expect(parsed.title).toBe(titled(fr.pages.secondFactor.code.title));
    expect(parsed.buttons).toEqual([fr.pages.secondFactor.code.submit, fr.pages.cancel]);
    expect(parsed.forms[0]?.action).toMatch(/\/second-factor\?ui_locales=fr$/);
    const wrong = await submitForm(browser, server, codeStep, { ...parsed.forms[0]!.hidden, code: '000000' });
    expect(parsePage(wrong.html).alerts).toEqual([fr.pages.secondFactor.errors.wrong].map(read));
  });

  it('keeps French from the sign-in page to the reset page, its mail, the new password and the way back', async () => {
    const account = await seedIdentityAccount(database.db, { email: 'dominique@talentplace.test', name: 'Dominique', password: 'un ancien mot de passe', roles: [] });
    const { browser, page } = await openPage({ ui_locales: 'fr', login_hint: account.email });
    const forgot = parsePage(page.html).links.find((link) => link.text === read(fr.pages.signIn.forgotPassword));
    expect(forgot?.href).toBe('/oidc/password-reset?ui_locales=fr');

    const request = await browser.request(new URL(forgot!.href, page.url));
    expect(request.status).toBe(200);
    const requestPage = parsePage(request.html);
    expect(requestPage.lang).toBe('fr');
    expect(requestPage.title).toBe(titled(fr.pages.passwordReset.request.title));
    expect(requestPage.forms[0]?.action).toBe('/oidc/password-reset?ui_locales=fr');
    expect(requestPage.links.find((link) => link.text === fr.pages.signUp.switchLink)?.href).toBe(`${server.origin}/fr/sign-in`);

    const sent = await submitForm(browser, server, request, { email: account.email });
    expect(sent.status).toBe(200);
    expect(parsePage(sent.html).title).toBe(titled(fr.pages.passwordReset.sent.title));

    const subject = filled(fr.mail.passwordReset.subject, { productName: 'Talentplace' });
    const mail = await waitForMail(server.outboxDir, account.email, { subject: new RegExp(`^${subject}$`) });
    expect(mail.text).toContain('Bonjour Dominique,');
    expect(mail.text).toContain("L'équipe Talentplace");
    const link = new URL(linkIn(mail, server.issuer));
    expect(link.pathname).toBe('/oidc/password-reset');
    expect(link.searchParams.get('ui_locales')).toBe('fr');

    // Opened anywhere (another browser, nothing remembered): the link says the language.
    const elsewhere = new Browser();
    const choose = await elsewhere.request(link);
    expect(choose.status).toBe(200);
    const choosePage = parsePage(choose.html);
    expect(choosePage.lang).toBe('fr');
    expect(choosePage.title).toBe(titled(fr.pages.passwordReset.choose.title));
    expect(choosePage.forms[0]?.action).toBe('/oidc/password-reset?ui_locales=fr');
    const tooShort = await submitForm(elsewhere, server, choose, { ...choosePage.forms[0]!.hidden, password: 'court' });
    expect(tooShort.status).toBe(400);
    expect(parsePage(tooShort.html).fields[0]?.descriptions).toContain(filled(fr.pages.signUp.errors.passwordTooShort, { min: 10 }));

    const done = await submitForm(elsewhere, server, tooShort, { ...parsePage(tooShort.html).forms[0]!.hidden, password: 'un nouveau mot de passe' });
    expect(done.status).toBe(200);
    const donePage = parsePage(done.html);
    expect(donePage.lang).toBe('fr');
    expect(donePage.title).toBe(titled(fr.pages.passwordReset.done.title));
    expect(donePage.links.find((item) => item.text === fr.pages.signIn.submit)?.href).toBe(`${server.origin}/fr/sign-in`);
    expect(donePage.links.find((item) => item.text === filled(fr.pages.backTo, { productName: 'Talentplace' }))?.href).toBe(`${server.origin}/fr`);
  });

  it('writes the sign-up mails in French for a French sign-up: the confirmation, and the note to an existing account', async () => {
    const { browser, page } = await openPage({ ui_locales: 'fr', prompt: 'create' });
    expect(parsePage(page.html).title).toBe(titled(fr.pages.signUp.title));
    const checkEmail = await submitForm(browser, server, page, { name: 'Lou', email: 'lou@talentplace.test', password: 'un mot de passe assez long' });
    expect(checkEmail.status).toBe(200);
    expect(parsePage(checkEmail.html).title).toBe(titled(fr.checkEmail.title));

    const confirm = await waitForMail(server.outboxDir, 'lou@talentplace.test', { subject: new RegExp(`^${filled(fr.mail.confirm.subject, { productName: 'Talentplace' })}$`) });
    expect(confirm.text).toContain('Bonjour Lou,');
    const link = new URL(linkIn(confirm, server.issuer));
    expect(link.searchParams.get('ui_locales')).toBe('fr');
    // In another browser the link confirms the address and says so, in French.
    const confirmed = await new Browser().request(link);
    expect(confirmed.status).toBe(200);
    expect(parsePage(confirmed.html).lang).toBe('fr');
    expect(parsePage(confirmed.html).title).toBe(titled(fr.confirmed.title));

    const existing = await seedIdentityAccount(database.db, { email: 'deja@talentplace.test', name: 'Sacha', roles: [] });
    const again = await openPage({ ui_locales: 'fr', prompt: 'create' });
    await submitForm(again.browser, server, again.page, { name: 'Quelqu’un', email: existing.email, password: 'un mot de passe assez long' });
    const note = await waitForMail(server.outboxDir, existing.email);
    expect(note.subject).toBe(filled(fr.mail.alreadyRegistered.subject, { productName: 'Talentplace' }));
    expect(note.text).toContain('Bonjour Sacha,');
    expect(note.text).toContain(`${server.origin}/fr/sign-in`);
  });

  it('shows the French page without ui_locales when the product remembers French (cookie tp-language), and English with neither', async () => {
    const remembered = await openPage({}, browserRemembering('fr'));
    expect(parsePage(remembered.page.html).lang).toBe('fr');
    expect(parsePage(remembered.page.html).title).toBe(titled(fr.pages.signIn.title));

    // The page a sign-in starts from names its language: it wins over what was remembered.
    const asked = await openPage({ ui_locales: 'en' }, browserRemembering('fr'));
    expect(parsePage(asked.page.html).lang).toBe('en');

    const neither = await openPage({});
    expect(parsePage(neither.page.html).lang).toBe('en');
    expect(parsePage(neither.page.html).title).toBe('Sign in | Talentplace');
    expect(parsePage(neither.page.html).links.find((link) => link.text === 'Forgot your password?')?.href).toBe('/oidc/password-reset');
  });

  it("answers oidc-provider's own error page in the language the authorization request asked for", async () => {
    const request = await buildAuthorization(config, server, { ui_locales: 'fr', redirect_uri: 'https://elsewhere.test/callback' });
    const page = await new Browser().request(request.url);
    expect(page.status).toBe(400);
    expect(parsePage(page.html).lang).toBe('fr');
    expect(parsePage(page.html).title).toBe(titled(fr.pages.failed.title));
  });
});
