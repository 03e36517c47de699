import type { MailMessage } from '../mail/mailer';
import type { AccountAddress } from './account-store';
import { wordsOf, type Branding } from './page-branding';

// The provider's mails, written in the language of the page the person asked from
// (branding.language): whoever fills in a French form reads a French mail. The links they
// carry are made by the caller in that language too.

type Recipient = Pick<AccountAddress, 'email' | 'name'>;

/** A mail of the provider: its subject and text are `identity.mail.<kind>`, given the product's name and the recipient's. */
function identityMail(branding: Branding, account: Recipient, kind: string, values: Record<string, string>): MailMessage {
  const t = wordsOf(branding);
  const { productName } = branding;
  return {
    to: account.email,
    subject: t(`identity.mail.${kind}.subject`, { productName }),
    text: t(`identity.mail.${kind}.text`, { productName, name: account.name, ...values }),
  };
}

/** The sign-up confirmation: its link finishes the sign-up. */
export const confirmationMail = (branding: Branding, account: Recipient, link: string): MailMessage => identityMail(branding, account, 'confirm', { link });

/** To the owner of an address someone signed up with again: they already have an account, and where to sign in. */
export const alreadyRegisteredMail = (branding: Branding, account: Recipient): MailMessage =>
  identityMail(branding, account, 'alreadyRegistered', { signInLink: branding.signInUrl });

/** The password reset link. */
export const passwordResetMail = (branding: Branding, account: Recipient, link: string): MailMessage => identityMail(branding, account, 'passwordReset', { link });
