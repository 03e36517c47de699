import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { identityAccount } from '../../../src/server/db/schema';
import { seedIdentityAccount, type IdpTestServer, type SeededAccount } from '../../support/idp-server';
import { claimSecondFactorCode } from '../../support/second-factor-code';
import { describeEachDatabase } from '../../support/test-database';
import { parsePage, type PageResponse } from './browser';
import { signIn, withProvider } from './relying-party';

// "Two-step sign-in" from the account page (/oidc/second-factor): the provider's own
// session names the account; turning the factor on needs a current code of the secret
// shown, turning it off or moving it needs a proof (code, recovery code or password), and
// an account whose role requires a factor cannot turn it off (docs/security.md).

describeEachDatabase('built-in identity provider: second factor settings', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;

  withProvider(kind, (started) => ({ database, server, config } = started));

  const pageUrl = () => new URL(`${server.issuer}/second-factor`);
  const secretShownOn = (page: PageResponse) => /<p class="secret" id="secret">([A-Z2-7 ]+)<\/p>/.exec(page.html)?.[1]?.replace(/ /g, '') ?? null;
  const codeFor = (account: SeededAccount, secret: string) => claimSecondFactorCode(secret, `${server.origin}\n${account.email}`);
  const rowOf = async (account: SeededAccount) => (await database.db.select().from(identityAccount).where(eq(identityAccount.id, account.id)))[0]!;

  async function signedIn(account: SeededAccount) {
    const { browser } = await signIn(config, server, account);
    const post = (form: Record<string, string>, origin = server.origin) => browser.request(pageUrl(), { form, headers: { origin } });
    return { browser, post, open: () => browser.request(pageUrl()) };
  }

  /** Turns the factor on from the settings page; answers the secret and the recovery codes shown. */
  async function turnOn(account: SeededAccount, session: Awaited<ReturnType<typeof signedIn>>) {
    const secret = secretShownOn(await session.open())!;
    const shown = await session.post({ intent: 'enable', code: await codeFor(account, secret) });
    expect(parsePage(shown.html).title).toBe('Your recovery codes | Talentplace');
    return { secret, recoveryCodes: [...shown.html.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]!) };
  }

  it('asks a signed-out visitor to sign in, and refuses a post from another origin', async () => {
    const signedOut = await fetch(pageUrl(), { headers: { accept: 'text/html' } });
    expect(signedOut.status).toBe(401);
    const account = await seedIdentityAccount(database.db, { roles: [] });
    const session = await signedIn(account);
    const foreign = await session.post({ intent: 'enable', code: '123456' }, 'https://evil.example');
    expect(foreign.status).toBe(403);
  });

  it('turns the factor on with a code of the secret shown (QR code and key), shows ten recovery codes once, then says it is on', async () => {
    const account = await seedIdentityAccount(database.db, { roles: [] });
    const session = await signedIn(account);
    const enrol = await session.open();
    expect(enrol.status).toBe(200);
    expect(parsePage(enrol.html).title).toBe('Set up two-step sign-in | Talentplace');
    expect(enrol.html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    const secret = secretShownOn(enrol)!;
    // The same secret until it is confirmed: a reload does not invalidate what the app scanned.
    expect(secretShownOn(await session.open())).toBe(secret);

    const wrong = await session.post({ intent: 'enable', code: '000000' });
    expect(wrong.status).toBe(400);
    expect((await rowOf(account)).totpSecret).toBeNull();

    const { recoveryCodes } = await turnOn(account, session);
    expect(recoveryCodes).toHaveLength(10);
    expect(await rowOf(account)).toMatchObject({ totpSecret: secret, totpPendingSecret: null });
    const on = await session.open();
    expect(parsePage(on.html).title).toBe('Two-step sign-in | Talentplace');
    expect(on.html).toContain('You have 10 recovery codes left.');
    expect(on.html).not.toContain(recoveryCodes[0]!);
    expect(secretShownOn(on)).toBeNull();
  });

  it('with the factor on, no secret can be confirmed without a proof first: a posted code does not replace it', async () => {
    const account = await seedIdentityAccount(database.db, { roles: [] });
    const session = await signedIn(account);
    const { secret } = await turnOn(account, session);
    const sneaky = await session.post({ intent: 'enable', code: '123456' });
    expect(sneaky.status).toBe(400);
    expect(secretShownOn(sneaky)).toBeNull();
    expect(await rowOf(account)).toMatchObject({ totpSecret: secret, totpPendingSecret: null });
  });

  it('turns it off with the password, or with a current code, and refuses a wrong proof', async () => {
    const byPassword = await seedIdentityAccount(database.db, { roles: [] });
    const first = await signedIn(byPassword);
    await turnOn(byPassword, first);
    const wrong = await first.post({ intent: 'disable', proof: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(parsePage(wrong.html).alerts).toEqual([expect.stringContaining('not a current code')]);
    const off = await first.post({ intent: 'disable', proof: byPassword.password });
    expect(parsePage(off.html).title).toBe('Two-step sign-in is off | Talentplace');
    expect(await rowOf(byPassword)).toMatchObject({ totpSecret: null, totpEnabledAt: null });

    const byCode = await seedIdentityAccount(database.db, { roles: [] });
    const second = await signedIn(byCode);
    const { secret } = await turnOn(byCode, second);
    const offByCode = await second.post({ intent: 'disable', proof: await codeFor(byCode, secret) });
    expect(parsePage(offByCode.html).title).toBe('Two-step sign-in is off | Talentplace');
  });

  it('an admin cannot turn it off, even with the right password; moving it to a new app needs a proof and gives new recovery codes', async () => {
    const admin = await seedIdentityAccount(database.db, { roles: ['super:admin'] });
    const session = await signedIn(admin);
    const settings = await session.open();
    expect(parsePage(settings.html).buttons).toEqual(['Move to another app (new recovery codes)']);
    const refused = await session.post({ intent: 'disable', proof: admin.password });
    expect(refused.status).toBe(403);
    expect((await rowOf(admin)).totpSecret).toBe(admin.totpSecret);

    const noProof = await session.post({ intent: 'replace', proof: '' });
    expect(noProof.status).toBe(400);
    const replacing = await session.post({ intent: 'replace', proof: admin.password });
    const newSecret = secretShownOn(replacing)!;
    expect(newSecret).not.toBe(admin.totpSecret);
    const shown = await session.post({ intent: 'enable', code: await codeFor(admin, newSecret) });
    expect(parsePage(shown.html).title).toBe('Your recovery codes | Talentplace');
    expect((await rowOf(admin)).totpSecret).toBe(newSecret);
  });
});
