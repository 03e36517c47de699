import { ConfigError } from './config-error';
import { readMailConfig, type MailConfig } from './mail/mail-config';
import path from 'node:path';
import type { AnalyticsConfig } from '../lib/analytics/matomo-commands';
import { acceptsSecureCookies } from '../lib/http/secure-cookies';

/** The scope the sign-in asks beside openid, profile and email unless AUTH_SCOPE says otherwise. */
export const DEFAULT_AUTH_SCOPE = 'user';

/**
 * Runtime configuration, read once at start-up from the environment so that one build
 * serves every deployment (nothing here is baked into the Astro bundle).
 */
export interface AppConfig {
  port: number;
  host: string;
  /** Origin users reach us at; used for absolute links. Defaults to http://localhost:PORT. */
  publicOrigin: string;
  /** Embedded state (PGlite, sessions, uploads) lives here. */
  dataDir: string;
  /** Uploaded pictures and documents on the local disk (UPLOADS_DIR, default DATA_DIR/uploads). */
  uploadsDir: string;
  /**
   * TALENTPLACE_MODE: production settings unless `development` is chosen explicitly (NODE_ENV
   * decides nothing here). Development answers GraphQL introspection and "Did you mean"
   * suggestions, and sets no Secure cookie and no HSTS.
   */
  mode: 'production' | 'development';
  /** mode === 'production': GraphQL refuses introspection and gives no field suggestions. */
  production: boolean;
  /**
   * Every cookie the product sets (session, sign-in transaction, notice, the built-in
   * provider's) is Secure and prefixed (`__Host-`, or `__Secure-` under /oidc): production
   * settings on an origin whose browsers keep Secure cookies (https, or http on localhost).
   */
  secureCookies: boolean;
  /** Strict-Transport-Security on every answer: production settings on an https origin. */
  hsts: boolean;
  /**
   * Reverse proxies in front whose X-Forwarded-For entries are believed (TRUSTED_PROXY_HOPS,
   * default 0): the sign-in and sign-up limits count per client address, not per proxy.
   */
  trustedProxyHops: number;
  /** Grace period for in-flight requests on SIGTERM before connections are cut. */
  shutdownTimeoutMs: number;
  /** How often open pages look for a new deployment (the version check: 60 s). */
  versionCheckIntervalMs: number;
  site: PublicSiteConfig;
  legalDocsDir: string;
  /** PostgreSQL connection string; null runs the embedded database under dataDir. */
  databaseUrl: string | null;
  /**
   * EMBEDDED_DATABASE, without DATABASE_URL: `postgres` (a PostgreSQL server process that
   * the product starts, in dataDir/postgres), `pglite` (in-process, one process only), or
   * `auto` (unset: PostgreSQL, unless dataDir holds only an older PGlite database).
   */
  embeddedDatabase: 'auto' | 'postgres' | 'pglite';
  /**
   * WEB_CONCURRENCY: Node processes serving requests on this machine, all on one port
   * (null: one per core, at most four; always one on PGlite). See process/cluster-primary.ts.
   */
  workers: number | null;
  /**
   * PAGE_CACHE_SECONDS (default 30, 0 turns it off): how long /jobs and job pages rendered
   * for a cookie-less guest are answered from memory at most; any write behind them ends
   * that at once (http/guest-page-cache.ts).
   */
  pageCacheSeconds: number;
  /** SLOW_STATEMENT_MS (default 250, 0 logs none): a SQL statement taking this long is logged with its text. */
  slowStatementMs: number;
  /** MESSAGES_PER_TEN_MINUTES: the messages one user may send in ten minutes (default 60). */
  messagesPerTenMinutes: number;
  /** HELD_WORK_SWEEP_SECONDS: how often every instance looks for held writes that are due (undefined: api/held-work.ts's default, 30 s); each write is also timed by its process. */
  heldWorkSweepSeconds: number | undefined;
  /** PSEUDO_LOCALE=allow (the end-to-end suite's setting): a request with the pseudo-locale cookie gets every text marked (lib/i18n/pseudo-locale.ts); only its own answer changes. */
  pseudoLocale: boolean;
  /** Seed demo data: 'auto' seeds only an empty embedded database. */
  seedDemo: 'auto' | 'always' | 'never';
  graphql: GraphqlConfig;
  auth: AuthConfig;
  session: SessionConfig;
  /** Matomo page views and site searches; null (the default) loads no tracker at all. */
  analytics: AnalyticsConfig | null;
  mail: MailConfig;
  queue: QueueConfig;
  /** SSO_DNS_SERVERS: the resolvers a company's e-mail domain proof is looked up with (addresses, optional ports); empty for the system's. */
  ssoDnsServers: string[];
}

/** Scheduled work: pg-boss in the database, cron in UTC. */
export interface QueueConfig {
  /** QUEUE_ENABLED=false: this instance neither schedules nor works jobs (e.g. a web-only node). */
  enabled: boolean;
  /** JOB_ALERT_CRON: when due job alert digests are mailed (default every hour at :07). */
  jobAlertCron: string;
  /** EXPIRED_ADS_CRON: when closed-by-time ads are tidied out of suggestions and the search index (default hourly at :23). */
  expiredAdsCron: string;
  /** DOMAIN_CHECK_CRON: when every proven company e-mail domain is looked up again (daily by default). */
  domainCheckCron: string;
  /** INTERVIEW_REMINDER_CRON: when due interview reminders are looked for (every minute by default: a reminder an hour before must not be late). */
  interviewReminderCron: string;
  /** RETENTION_CRON: when the retention rule is applied (daily by default: lib/talent-pools/retention.ts). */
  retentionCron: string;
}

export interface SessionConfig {
  driver: 'fs' | 'redis';
  redisUrl: string | null;
  /** A session unused this long ends (default 1 day). */
  idleSeconds: number;
  /** A session ends this long after sign-in (default 14 days, the refresh token's life). */
  absoluteSeconds: number;
  /** /api/graphql calls one session may make per minute (checklist F35). */
  rateLimitPerMinute: number;
}

export interface GraphqlConfig {
  /** Where the in-process API is mounted (default /graphql). */
  path: string;
  /** An external API to call instead of the in-process one; null = in-process. */
  url: string | null;
  /**
   * Origins whose browser pages may call the API with credentials (CORS): the public
   * origin plus API_ALLOWED_ORIGINS. The BFF calls it server-side, without an Origin.
   */
  allowedOrigins: string[];
}

export interface AuthConfig {
  /** True when no AUTH_ISSUER is set: the built-in provider at /oidc is the issuer. */
  builtIn: boolean;
  issuer: string;
  clientId: string;
  /** Null for the built-in provider: its client secret is generated and kept in the database. */
  clientSecret: string | null;
  /** The API's audience (resource indicator). */
  audience: string;
  /** Namespaced claim holding the roles list (isAdmin and isImpersonate are read from it). */
  rolesClaim: string;
  adminRole: string;
  impersonateRole: string;
  /** Extra scopes beyond 'openid profile email', the authorize request's default. */
  extraScopes: string[];
  refreshTokens: boolean;
  /** Organisation id or name the ID token must carry, when configured (an identity token check). */
  organization: string | null;
  /** Max authentication age in seconds; auth_time is then required (an identity token check). */
  maxAgeSeconds: number | null;
  /** Sign-ups the built-in provider allows per client address and hour (SIGN_UP_LIMIT_PER_HOUR). */
  signUpsPerHour: number;
}

/** The part of the configuration pages may render. */
export interface PublicSiteConfig {
  productName: string;
  /** Footer links: an external URL when configured, else our page rendering docs/legal. */
  legalLinks: { privacy: string; terms: string; csr: string };
  /** The spec's "My Account" external account site (opens in a new tab), if any. */
  accountSiteUrl: string | null;
}


export { ConfigError };
export type { MailConfig };

type Env = Record<string, string | undefined>;

function readPort(env: Env): number {
  const raw = env.PORT?.trim();
  if (!raw) return 4321;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`, 'unset it to use 4321');
  }
  return port;
}

function readOrigin(raw: string | undefined, fallback: string): string {
  if (!raw?.trim()) return fallback;
  try {
    return new URL(raw).origin;
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN must be an absolute URL, got "${raw}"`, 'for example https://talentplace.example');
  }
}

function optional(value: string | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

function readSeedDemo(env: Env): AppConfig['seedDemo'] {
  const raw = env.SEED_DEMO?.trim().toLowerCase();
  if (!raw) return 'auto';
  if (raw === 'true' || raw === '1') return 'always';
  if (raw === 'false' || raw === '0') return 'never';
  throw new ConfigError(`SEED_DEMO must be true or false, got "${env.SEED_DEMO}"`, 'unset it to seed only an empty embedded database');
}

/** EMBEDDED_DATABASE, also for the command-line tools (seed, reindex) that read no full configuration. */
export function readEmbeddedDatabase(env: Env): AppConfig['embeddedDatabase'] {
  const raw = env.EMBEDDED_DATABASE?.trim().toLowerCase();
  if (!raw) return 'auto';
  if (raw === 'postgres' || raw === 'pglite') return raw;
  throw new ConfigError(`EMBEDDED_DATABASE must be postgres or pglite, got "${env.EMBEDDED_DATABASE}"`, 'unset it for the embedded PostgreSQL server');
}

function readWorkers(env: Env): number | null {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) throw new ConfigError(`WEB_CONCURRENCY must be a whole number from 1 to 64, got "${raw}"`, 'unset it for one process per core');
  return Number(raw);
}

/** A setting read as a whole number above 0; anything else is left to the default. */
const positiveWholeNumber = (raw: string | undefined): number | undefined => (/^\d+$/.test(raw?.trim() ?? '') && Number(raw) > 0 ? Number(raw) : undefined);

function readPageCacheSeconds(env: Env): number {
  const raw = env.PAGE_CACHE_SECONDS?.trim();
  if (!raw) return 30;
  if (!/^\d+$/.test(raw) || Number(raw) > 3600) throw new ConfigError(`PAGE_CACHE_SECONDS must be a whole number from 0 to 3600, got "${raw}"`, '0 turns the guest page cache off; unset it for 30');
  return Number(raw);
}

function readSlowStatementMs(env: Env): number {
  const raw = env.SLOW_STATEMENT_MS?.trim();
  if (!raw) return 250;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`SLOW_STATEMENT_MS must be a whole number of milliseconds, got "${raw}"`, '0 logs no statement; unset it for 250');
  return Number(raw);
}

function readPath(raw: string | undefined, fallback: string): string {
  const value = raw?.trim() || fallback;
  if (!value.startsWith('/')) throw new ConfigError(`GRAPHQL_PATH must start with "/", got "${value}"`, 'for example /graphql');
  return value;
}

function readAllowedOrigins(raw: string | undefined, publicOrigin: string): string[] {
  const extra = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      // A wildcard would hand every site the signed-in user's API: credentials and '*' never mix.
      if (entry === '*' || entry === 'null') throw new ConfigError(`API_ALLOWED_ORIGINS cannot contain "${entry}"`, 'list each origin, e.g. https://app.example,https://admin.example');
      const url = URL.parse(entry);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== entry.replace(/\/$/, '')) {
        throw new ConfigError(`API_ALLOWED_ORIGINS has "${entry}", which is not an origin`, 'scheme, host and port only, e.g. https://app.example');
      }
      return url.origin;
    });
  return [...new Set([publicOrigin, ...extra])];
}

function readSession(env: Env): SessionConfig {
  const driver = env.SESSION_DRIVER?.trim() || (env.REDIS_URL?.trim() ? 'redis' : 'fs');
  if (driver !== 'fs' && driver !== 'redis') throw new ConfigError(`SESSION_DRIVER must be fs or redis, got "${driver}"`, 'unset it for sessions in the data directory');
  const redisUrl = optional(env.REDIS_URL);
  if (driver === 'redis' && !redisUrl) throw new ConfigError('SESSION_DRIVER=redis needs REDIS_URL', 'for example redis://127.0.0.1:6379');
  const idle = Number(env.SESSION_IDLE_SECONDS);
  const absolute = Number(env.SESSION_MAX_SECONDS);
  const rate = Number(env.RATE_LIMIT_PER_MINUTE);
  return {
    driver,
    redisUrl,
    idleSeconds: idle > 0 ? idle : 24 * 60 * 60,
    absoluteSeconds: absolute > 0 ? absolute : 14 * 24 * 60 * 60,
    // Generous for people (a page load makes a handful of calls), tight for scripts.
    rateLimitPerMinute: Number.isInteger(rate) && rate > 0 ? rate : 300,
  };
}

function readTrustedProxyHops(env: Env): number {
  const raw = env.TRUSTED_PROXY_HOPS?.trim();
  if (!raw) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > 10) throw new ConfigError(`TRUSTED_PROXY_HOPS must be a whole number from 0 to 10, got "${raw}"`, 'the number of reverse proxies in front, e.g. 1 behind one nginx');
  return Number(raw);
}

function readAnalytics(env: Env): AnalyticsConfig | null {
  const rawUrl = optional(env.MATOMO_URL);
  const siteId = optional(env.MATOMO_SITE_ID);
  if (!rawUrl && !siteId) return null;
  if (!rawUrl || !siteId) throw new ConfigError('MATOMO_URL and MATOMO_SITE_ID go together', 'set both to turn analytics on, or neither');
  let base: URL;
  try {
    base = new URL(rawUrl);
  } catch {
    throw new ConfigError(`MATOMO_URL must be an absolute URL, got "${rawUrl}"`, 'for example https://analytics.example/');
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new ConfigError(`MATOMO_URL must be http(s), got "${rawUrl}"`, 'for example https://analytics.example/');
  if (!/^\d+$/.test(siteId)) throw new ConfigError(`MATOMO_SITE_ID must be a number, got "${siteId}"`, 'the id Matomo shows for the site');
  const exclude = (env.MATOMO_EXCLUDE ?? '')
    .split(',')
    .map((pattern) => pattern.trim())
    .filter(Boolean)
    .map((pattern) => {
      try {
        return new RegExp(pattern);
      } catch {
        throw new ConfigError(`MATOMO_EXCLUDE has an invalid pattern "${pattern}"`, 'comma-separated regular expressions matched on path and query');
      }
    });
  return { trackerBaseUrl: base.href.endsWith('/') ? base.href : `${base.href}/`, siteId, exclude };
}

/** A five-field cron expression (minute hour day month weekday), checked for its shape at start-up. */
function readCron(value: string | undefined, name: string, fallback: string): string {
  const text = optional(value);
  if (text === null) return fallback;
  if (!/^\S+( \S+){4}$/.test(text)) throw new ConfigError(`${name} is not a cron expression`, 'five fields in UTC, e.g. "7 * * * *" for every hour at :07');
  return text;
}

function readAuth(env: Env, publicOrigin: string, graphqlPath: string): AuthConfig {
  const issuer = optional(env.AUTH_ISSUER);
  const maxAge = Number(env.AUTH_MAX_AGE);
  return {
    builtIn: issuer === null,
    issuer: issuer ?? `${publicOrigin}/oidc`,
    clientId: optional(env.AUTH_CLIENT_ID) ?? 'talentplace-web',
    clientSecret: optional(env.AUTH_CLIENT_SECRET),
    audience: optional(env.AUTH_AUDIENCE) ?? `${publicOrigin}${graphqlPath}`,
    rolesClaim: optional(env.AUTH_ROLES_CLAIM) ?? 'https://talentplace.app/roles',
    adminRole: optional(env.AUTH_ADMIN_ROLE) ?? 'super:admin',
    impersonateRole: optional(env.AUTH_IMPERSONATE_ROLE) ?? 'super:impersonate',
    // The spec's default auth scope is 'user'; AUTH_SCOPE replaces it (empty: none).
    extraScopes: (env.AUTH_SCOPE ?? DEFAULT_AUTH_SCOPE).split(/\s+/).filter(Boolean),
    refreshTokens: env.AUTH_REFRESH_TOKENS?.trim() !== 'false',
    organization: optional(env.AUTH_ORGANIZATION),
    maxAgeSeconds: Number.isInteger(maxAge) && maxAge > 0 ? maxAge : null,
    signUpsPerHour: Number.isInteger(Number(env.SIGN_UP_LIMIT_PER_HOUR)) && Number(env.SIGN_UP_LIMIT_PER_HOUR) > 0 ? Number(env.SIGN_UP_LIMIT_PER_HOUR) : 20,
  };
}

function readMode(env: Env): AppConfig['mode'] {
  const raw = env.TALENTPLACE_MODE?.trim().toLowerCase();
  if (!raw || raw === 'production') return 'production';
  if (raw === 'development') return 'development';
  throw new ConfigError(`TALENTPLACE_MODE must be production or development, got "${env.TALENTPLACE_MODE}"`, 'unset it for production settings');
}

export function readConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const port = readPort(env);
  const host = env.HOST?.trim() || 'localhost';
  const mode = readMode(env);
  const production = mode === 'production';
  // Bound to one address (e.g. 127.0.0.1): users reach us there. Bound to all: localhost.
  const reachableHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const publicOrigin = readOrigin(env.PUBLIC_ORIGIN, `http://${reachableHost}:${port}`);
  const graphqlPath = readPath(env.GRAPHQL_PATH, '/graphql');
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || '.data');
  return {
    port,
    host,
    publicOrigin,
    databaseUrl: optional(env.DATABASE_URL),
    embeddedDatabase: readEmbeddedDatabase(env),
    workers: readWorkers(env),
    pageCacheSeconds: readPageCacheSeconds(env),
    slowStatementMs: readSlowStatementMs(env),
    heldWorkSweepSeconds: positiveWholeNumber(env.HELD_WORK_SWEEP_SECONDS),
    pseudoLocale: env.PSEUDO_LOCALE === 'allow',
    messagesPerTenMinutes: positiveWholeNumber(env.MESSAGES_PER_TEN_MINUTES) ?? 60,
    seedDemo: readSeedDemo(env),
    graphql: { path: graphqlPath, url: optional(env.GRAPHQL_URL), allowedOrigins: readAllowedOrigins(env.API_ALLOWED_ORIGINS, publicOrigin) },
    auth: readAuth(env, publicOrigin, graphqlPath),
    session: readSession(env),
    analytics: readAnalytics(env),
    dataDir,
    mail: readMailConfig(env, publicOrigin, dataDir),
    queue: {
      enabled: env.QUEUE_ENABLED?.trim() !== 'false',
      jobAlertCron: readCron(env.JOB_ALERT_CRON, 'JOB_ALERT_CRON', '7 * * * *'),
      expiredAdsCron: readCron(env.EXPIRED_ADS_CRON, 'EXPIRED_ADS_CRON', '23 * * * *'),
      domainCheckCron: readCron(env.DOMAIN_CHECK_CRON, 'DOMAIN_CHECK_CRON', '41 4 * * *'),
      interviewReminderCron: readCron(env.INTERVIEW_REMINDER_CRON, 'INTERVIEW_REMINDER_CRON', '* * * * *'),
      retentionCron: readCron(env.RETENTION_CRON, 'RETENTION_CRON', '17 3 * * *'),
    },
    ssoDnsServers: (env.SSO_DNS_SERVERS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
    uploadsDir: path.resolve(cwd, env.UPLOADS_DIR?.trim() || path.join(dataDir, 'uploads')),
    mode,
    production,
    secureCookies: production && acceptsSecureCookies(publicOrigin),
    hsts: production && new URL(publicOrigin).protocol === 'https:',
    trustedProxyHops: readTrustedProxyHops(env),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(env.SHUTDOWN_TIMEOUT_MS) : 10_000,
    versionCheckIntervalMs: Number(env.VERSION_CHECK_INTERVAL_MS) > 0 ? Number(env.VERSION_CHECK_INTERVAL_MS) : 60_000,
    legalDocsDir: path.resolve(cwd, env.LEGAL_DOCS_DIR?.trim() || 'docs/legal'),
    site: {
      productName: env.PUBLIC_PRODUCT_NAME?.trim() || 'Talentplace',
      legalLinks: {
        privacy: optional(env.PRIVACY_POLICY_URL) ?? '/legal/privacy',
        terms: optional(env.TERMS_URL) ?? '/legal/terms',
        csr: optional(env.CSR_URL) ?? '/legal/csr',
      },
      accountSiteUrl: optional(env.ACCOUNT_SITE_URL),
    },
  };
}
