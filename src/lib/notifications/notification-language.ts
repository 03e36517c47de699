import { isLanguage, type Language } from '../i18n/namespaces';

// The language a notification is written in, by mail or push (docs/french.md). A talent
// hears about her application in the job ad's language, as the company's process runs in
// it and peers' users complain of mails in the site's language instead of the job's: the
// mails and pushes addressed to her about an ad (the application, an invitation to it, their
// messages and interviews) are written in the ad's language when it is one of the product's.
// Everything else, and whatever company members hear, is in the recipient's own language.

export interface NotificationReader {
  /** The recipient's account language (src/server/api/user-language.ts). */
  language: Language;
  /** The event is addressed to this recipient (the talent of an application), not read by a company member. */
  addressee: boolean;
}

export function notificationLanguage(jobLanguage: string | null | undefined, reader: NotificationReader): Language {
  return reader.addressee && isLanguage(jobLanguage) ? jobLanguage : reader.language;
}
