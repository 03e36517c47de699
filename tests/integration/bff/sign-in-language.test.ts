import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import french from '../../../src/locales/fr/common/identity.json';
import frenchAccount from '../../../src/locales/fr/common/account.json';
import englishAccount from '../../../src/locales/en/common/account.json';
import { cookieValue, startBffHarness, type BffHarness } from '../../support/bff-harness';
import { Browser, parsePage } from '../idp/browser';
import { isCallback } from '../idp/relying-party';

// The product asks the provider for the language of the page a sign-in or a sign-up starts
// from (OIDC's ui_locales), and the provider's pages answer in it.
describe('BFF: the sign-in asks for the language of the page it starts from', () => {
  let h: BffHarness;
  beforeAll(async () => {
    h = await startBffHarness();
  });
  afterAll(() => h?.close());

  const open = async (location: string) => parsePage((await new Browser().follow(location, isCallback(h.idp))).html);

  it('names the language in the authorization request (ui_locales), and the sign-in page is in it', async () => {
    const inFrench = await h.bff.startLogin('/talent/dashboard', false, 'fr');
    expect(new URL(inFrench.location).searchParams.get('ui_locales')).toBe('fr');
    const frenchPage = await open(inFrench.location);
    expect(frenchPage.lang).toBe('fr');
    expect(frenchPage.title).toBe(`${french.identity.pages.signIn.title} | Talentplace`);

    const inEnglish = await h.bff.startLogin('/talent/dashboard', false, 'en');
    expect(new URL(inEnglish.location).searchParams.get('ui_locales')).toBe('en');
    expect((await open(inEnglish.location)).lang).toBe('en');
  });

  it('ends in the language it started in (the page a sign-in returns to keeps its language), a failure too', async () => {
    expect((await h.signIn('/talent/dashboard', undefined, 'fr')).location).toBe('/fr/talent/dashboard');
    expect((await h.signIn('/talent/dashboard', undefined, 'en')).location).toBe('/talent/dashboard');
    const start = await h.bff.startLogin('/talent/dashboard', false, 'fr');
    const callback = new URL(h.idp.client.redirectUri);
    callback.search = new URLSearchParams({ error: 'access_denied', state: new URL(start.location).searchParams.get('state')! }).toString();
    expect((await h.bff.completeLogin(callback, cookieValue(start.setCookies, 'tp-login'), undefined)).location).toBe('/fr/sign-in?error=access_denied');
  });

  it('a sign-up too', async () => {
    const start = await h.bff.startLogin('/sign-up/success', true, 'fr');
    const page = await open(start.location);
    expect(page.lang).toBe('fr');
    expect(page.title).toBe(`${french.identity.pages.signUp.title} | Talentplace`);
  });

  it("has the API word its refusals in the page's language: a French page's call gets French messages, its codes the same", async () => {
    const { session } = await h.signIn('/talent/dashboard');
    const invalidName = { query: 'mutation ($data: UpdateMeInput!) { updateMe(data: $data) { id } }', variables: { data: { displayName: '  ' } } };
    const errorOf = (answer: { body: unknown }) => (answer.body as { errors: Array<{ message: string; extensions: { fieldErrors: Array<{ code: string; message: string }> } }> }).errors[0]!;
    const inFrench = errorOf(await h.bff.graphql(session, invalidName, '/fr/edit-account'));
    const inEnglish = errorOf(await h.bff.graphql(session, invalidName, '/edit-account'));
    expect(inFrench.extensions.fieldErrors[0]).toMatchObject({ code: 'displayNameRequired', message: frenchAccount.account.errors.displayNameRequired });
    expect(inEnglish.extensions.fieldErrors[0]).toMatchObject({ code: 'displayNameRequired', message: englishAccount.account.errors.displayNameRequired });
  });
});
