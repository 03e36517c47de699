import path from 'node:path';
import { ConfigError } from '../config-error';

// The mail settings of the environment (README, configuration): where mail goes out, and
// where answers to message mails come in.

export interface MailConfig {
  /** The From address of every mail (MAIL_FROM). */
  from: string;
  /** Where the embedded default writes each mail as a file (DATA_DIR/outbox). */
  outboxDir: string;
  /** SMTP_URL (smtp:// or smtps://): mail is sent there instead of the outbox folder. */
  smtpUrl: string | null;
  /** MAIL_REPLY_DOMAIN: the domain of the reply addresses message mails carry (default: the public origin's host). */
  replyDomain: string;
  /** MAIL_INBOUND_PORT: where the product takes replies over SMTP (behind an MX or an inbound relay); null: not listening. */
  inboundPort: number | null;
  /** MAIL_INBOUND_HOST: the address it listens on (default 0.0.0.0). */
  inboundHost: string;
}

type Env = Record<string, string | undefined>;

const optional = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

function readSmtpUrl(value: string | undefined): string | null {
  const text = optional(value);
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('SMTP_URL is not a URL', 'smtp://user:password@host:587 or smtps://host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`, 'smtp://user:password@host:587 or smtps://host:465');
  return url.href;
}

function readInboundPort(raw: string | undefined): number | null {
  if (!raw?.trim()) return null;
  const port = Number(raw.trim());
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`MAIL_INBOUND_PORT must be an integer from 0 to 65535, got "${raw}"`, 'unset it to take no replies by mail, or use 2525 behind a relay');
  }
  return port;
}

export function readMailConfig(env: Env, publicOrigin: string, dataDir: string): MailConfig {
  return {
    from: optional(env.MAIL_FROM) ?? `${env.PUBLIC_PRODUCT_NAME?.trim() || 'Talentplace'} <no-reply@${new URL(publicOrigin).hostname}>`,
    outboxDir: path.join(dataDir, 'outbox'),
    smtpUrl: readSmtpUrl(env.SMTP_URL),
    replyDomain: optional(env.MAIL_REPLY_DOMAIN)?.toLowerCase() ?? new URL(publicOrigin).hostname,
    inboundPort: readInboundPort(env.MAIL_INBOUND_PORT),
    inboundHost: optional(env.MAIL_INBOUND_HOST) ?? '0.0.0.0',
  };
}
