import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { withUiLocales } from '../../lib/i18n/ui-locales';
import type { Mailer } from '../mail/mailer';
import { createAccountLinkToken, readAccountLinkToken } from './account-link';
import type { AccountAddress, AccountStore } from './account-store';
import { sendHtml } from './html-response';
import { alreadyRegisteredMail, confirmationMail } from './identity-mails';
import { wordsOf, type Branding, type BrandingFor } from './page-branding';
import { renderMessagePage } from './pages';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface SignUpMailOptions {
  provider: Provider;
  accounts: AccountStore;
  mailer: Mailer;
  /** Secrets signing confirmation links, newest first (the provider's cookie keys). */
  keys: readonly string[];
  mountPath: string;
  /** The issuer's origin: confirmation links are absolute. */
  issuerOrigin: string;
  brandingFor: BrandingFor;
  /** The password step's sequel (the second factor, then the end of the interaction). */
  afterPassword: (req: IncomingMessage, res: ServerResponse, interaction: Interaction, accountId: string, branding: Branding) => Promise<void>;
}

/**
 * The sign-up's mails and the confirmation link they carry. The owner of the address
 * learns by mail whether the sign-up made an account (a confirmation link that finishes
 * signing in) or named theirs (a note that they already have one); both in the language of
 * the sign-up form, and the link opens its page in that language.
 */
export function createSignUpMails(options: SignUpMailOptions) {
  const { provider, accounts, mountPath } = options;

  function sendConfirmation(uid: string, account: AccountAddress, branding: Branding): Promise<void> {
    const token = createAccountLinkToken('emailConfirmation', options.keys[0]!, account);
    // Under the interaction's own path: only there does the browser send the cookie that
    // binds the interaction, so the link signs in only the browser that signed up.
    const path = withUiLocales(`${mountPath}/interaction/${encodeURIComponent(uid)}/confirm?token=${encodeURIComponent(token)}`, branding.language);
    return options.mailer.send(confirmationMail(branding, account, new URL(path, options.issuerOrigin).href));
  }

  return {
    sendConfirmation,

    /** After a valid sign-up: the confirmation link to a new account, the note to an existing one. */
    sendSignUpMail(uid: string, account: AccountAddress & { isNew: boolean }, branding: Branding): Promise<void> {
      if (!account.isNew) return options.mailer.send(alreadyRegisteredMail(branding, account));
      return sendConfirmation(uid, account, branding);
    },

    /**
     * The confirmation link: marks the e-mail confirmed, then finishes signing in when it
     * is opened in the browser that signed up (its interaction is still open); elsewhere
     * it says so and sends the person to sign in.
     */
    async confirm(req: IncomingMessage, res: ServerResponse, uid: string, query: URLSearchParams): Promise<void> {
      const link = readAccountLinkToken('emailConfirmation', options.keys, query.get('token'));
      const accountId = link ? await accounts.confirmEmail(link) : null;
      const branding = options.brandingFor(req, query);
      const t = wordsOf(branding);
      if (!accountId) {
        sendHtml(res, 400, renderMessagePage(branding, { title: t('identity.confirmationInvalid.title'), message: t('identity.confirmationInvalid.message') }));
        return;
      }
      let interaction: Interaction | null = null;
      try {
        interaction = await provider.interactionDetails(req, res);
      } catch (error) {
        if (!(error instanceof errors.SessionNotFound)) throw error;
      }
      if (interaction && interaction.uid === uid) {
        await options.afterPassword(req, res, interaction, accountId, options.brandingFor(req, query, interaction.params));
        return;
      }
      sendHtml(res, 200, renderMessagePage(branding, {
        title: t('identity.confirmed.title'),
        message: t('identity.confirmed.message', { productName: branding.productName }),
        link: { href: branding.signInUrl, text: t('identity.pages.signIn.submit') },
      }));
    },
  };
}
