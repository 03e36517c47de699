import path from 'node:path';

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
  production: boolean;
  /** Grace period for in-flight requests on SIGTERM before connections are cut. */
  shutdownTimeoutMs: number;
  /** How often open pages look for a new deployment (spec §9: 60 s). */
  versionCheckIntervalMs: number;
  site: PublicSiteConfig;
  legalDocsDir: string;
}

/** The part of the configuration pages may render. */
export interface PublicSiteConfig {
  productName: string;
  /** Footer links: an external URL when configured, else our page rendering docs/legal. */
  legalLinks: { privacy: string; terms: string; csr: string };
  /** The spec's "My Account" external account site (opens in a new tab), if any. */
  accountSiteUrl: string | null;
  /** The spec's lead-generation service host, if any. */
  leadGenerationHost: string | null;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(message: string, readonly hint: string) {
    super(`${message} (${hint})`);
    this.name = 'ConfigError';
  }
}

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

export function readConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const port = readPort(env);
  const host = env.HOST?.trim() || 'localhost';
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host,
    publicOrigin: readOrigin(env.PUBLIC_ORIGIN, `http://localhost:${port}`),
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || '.data'),
    production,
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
      leadGenerationHost: optional(env.LEAD_GENERATION_HOST),
    },
  };
}
