import { ConfigError } from '../config';

export interface TypesenseConfig {
  /** Base URL, e.g. http://localhost:8108 (no trailing slash). */
  host: string;
  /** Admin key: writes (indexer, reindex). Null when only searching. */
  apiKey: string | null;
  /** Search-only key sent with every search (the search call's "search key header"). */
  searchKey: string;
}

type Env = Record<string, string | undefined>;

const value = (raw: string | undefined) => raw?.trim() || null;

/**
 * TYPESENSE_HOST, TYPESENSE_API_KEY, TYPESENSE_SEARCH_KEY. Null when no host is set
 * (search then runs on PostgreSQL); a host without a usable key is a configuration error,
 * not a silent fallback, so a deployment never believes it uses Typesense when it cannot.
 */
export function readTypesenseConfig(env: Env): TypesenseConfig | null {
  const rawHost = value(env.TYPESENSE_HOST);
  if (!rawHost) return null;
  let url: URL;
  try {
    url = new URL(rawHost);
  } catch {
    throw new ConfigError(`TYPESENSE_HOST must be a URL, got "${rawHost}"`, 'for example http://localhost:8108 or https://xyz.a1.typesense.net');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`TYPESENSE_HOST must be an http or https URL, got "${rawHost}"`, 'for example http://localhost:8108');
  }
  const apiKey = value(env.TYPESENSE_API_KEY);
  const searchKey = value(env.TYPESENSE_SEARCH_KEY) ?? apiKey;
  if (!searchKey) {
    throw new ConfigError('TYPESENSE_HOST is set but neither TYPESENSE_SEARCH_KEY nor TYPESENSE_API_KEY is', 'set a search-only key in TYPESENSE_SEARCH_KEY, or unset TYPESENSE_HOST to search with PostgreSQL');
  }
  return { host: `${url.origin}${url.pathname}`.replace(/\/+$/, ''), apiKey, searchKey };
}
