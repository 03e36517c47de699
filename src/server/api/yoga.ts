import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { AppDatabase } from '../db/client';
import type { JobSearch } from '../search/job-search';
import type { FileStorage } from '../storage/file-storage';
import { createPostgresJobSearch } from '../search/postgres-job-search';
import { createAccessTokenVerifier } from './auth/access-token';
import { createJwksUriResolver } from './auth/issuer-discovery';
import { createContextFactory } from './context';
import { schema } from './schema';

export interface ApiOptions {
  db: AppDatabase;
  /** Mount path (spec §7 default /graphql). */
  path: string;
  production: boolean;
  auth: { issuer: string; audience: string; rolesClaim: string; adminRole: string; impersonateRole: string; jwksUri?: string };
  /** Job ad search; defaults to PostgreSQL full-text search on `db`. */
  jobSearch?: JobSearch;
  /** Where uploads are stored; without it the upload operations fail (tests that need none). */
  storage?: FileStorage;
}

/** Guard-rail limits (security checklist F): depth 7, 16 aliases, 1000 tokens, 50 directives are refused. */
export const API_LIMITS = { maxDepth: 6, maxAliases: 15, maxTokens: 1000, maxDirectives: 50, maxCost: 5000 } as const;

function disableIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * The GraphQL API as a fetch handler. It trusts only a verified bearer token and the
 * product headers, so the same code runs in-process or as its own service.
 */
export function createApi(options: ApiOptions) {
  const verifyAccessToken = createAccessTokenVerifier({
    issuer: options.auth.issuer,
    audience: options.auth.audience,
    rolesClaim: options.auth.rolesClaim,
    jwksUri: options.auth.jwksUri ?? createJwksUriResolver(options.auth.issuer),
  });
  const context = createContextFactory({
    db: options.db,
    verifyAccessToken,
    roles: { adminRole: options.auth.adminRole, impersonateRole: options.auth.impersonateRole },
    jobSearch: options.jobSearch ?? createPostgresJobSearch(options.db),
    storage: options.storage ?? null,
  });

  return createYoga({
    schema,
    context,
    graphqlEndpoint: options.path,
    batching: false,
    graphiql: false,
    landingPage: false,
    // Errors that are not ApiErrors reach clients as "Unexpected error." with no SQL or stack.
    maskedErrors: true,
    logging: options.production ? 'warn' : 'error',
    plugins: [
      EnvelopArmorPlugin({
        // Introspection counts too: tooling reads the committed schema.graphql instead.
        maxDepth: { n: API_LIMITS.maxDepth, flattenFragments: true, ignoreIntrospection: false },
        maxAliases: { n: API_LIMITS.maxAliases },
        maxTokens: { n: API_LIMITS.maxTokens },
        maxDirectives: { n: API_LIMITS.maxDirectives },
        costLimit: { maxCost: API_LIMITS.maxCost },
        blockFieldSuggestion: { enabled: options.production },
      }),
      ...(options.production ? [disableIntrospection()] : []),
    ],
    // Node's own classes: Astro rejects responses built from another fetch implementation.
    fetchAPI: { fetch, Request, Response, Headers, ReadableStream, URL, URLSearchParams, FormData, Blob, File },
  });
}

export type Api = ReturnType<typeof createApi>;
