/** One e-mail as the product writes it: plain text always, HTML when the sender has one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a digest. */
  headers?: Record<string, string>;
  /** Where answers go (a message's reply address), and the threading headers that group a conversation in mail clients. */
  replyTo?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  /**
   * A calendar invitation (iTIP, RFC 5546) sent as the mail's text/calendar part with its
   * method, which is what makes mail programs offer accept and decline (nodemailer's icalEvent).
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename?: string };
}

/** The parts of a mail that make it answerable into a conversation. */
export type MailThreading = Pick<MailMessage, 'replyTo' | 'messageId' | 'inReplyTo' | 'references'>;

/**
 * The mail port. The embedded default writes each message to an outbox folder and logs
 * it (nothing leaves the machine); an SMTP adapter is the production twin.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
