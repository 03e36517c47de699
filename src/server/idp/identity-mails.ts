import type { MailMessage } from '../mail/mailer';
import type { AccountAddress } from './account-store';
import { wordsOf, type Branding } from './page-branding';

// The provider's mails, written in the language of the page the person asked from
// (branding.language): whoever fills in a French form reads a French mail. The links they
// carry are made by the caller in that language too.

type Recipient = Pick<AccountAddress, 'email' | 'name'>;

/** The sign-up confirmation: its link finishes the sign-up. */
export function confirmationMail(branding: Branding, account: Recipient, link: string): MailMessage {
  const t = wordsOf(branding);
  const { productName } = branding;
  return {
    to: account.email,
    subject: t('identity.mail.confirm.subject', { productName }),
    text: t('identity.mail.confirm.text', { productName, name: account.name, link }),
  };
}

/** To the owner of an address someone signed up with again: they already have an account, and where to sign in. */
export function alreadyRegisteredMail(branding: Branding, account: Recipient): MailMessage {
  const t = wordsOf(branding);
  const { productName } = branding;
  return {
    to: account.email,
    subject: t('identity.mail.alreadyRegistered.subject', { productName }),
    text: t('identity.mail.alreadyRegistered.text', { productName, name: account.name, signInLink: branding.signInUrl }),
  };
}

/** The password reset link. */
export function passwordResetMail(branding: Branding, account: Recipient, link: string): MailMessage {
  const t = wordsOf(branding);
  const { productName } = branding;
  return {
    to: account.email,
    subject: t('identity.mail.passwordReset.subject', { productName }),
    text: t('identity.mail.passwordReset.text', { productName, name: account.name, link }),
  };
}
