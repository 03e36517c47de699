import type { ReplyAddress } from '../mail/reply-address';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { createGraphQLError, createYoga, maskError, processRegularResult, type GraphQLParams, type Plugin } from 'graphql-yoga';
import { sharedCounter } from '../process/shared-counter';
import type { AppDatabase } from '../db/client';
import type { JobSearch } from '../job-ad-search/job-search';
import type { FileStorage } from '../storage/file-storage';
import { createPostgresJobSearch } from '../job-ad-search/postgres-job-search';
import { createAccessTokenVerifier } from './auth/access-token';
import { createJwksUriResolver } from './auth/issuer-discovery';
import { isConnectionFailure } from '../db/database-error';
import { controlCharacterGuard } from './control-character-guard';
import { databaseUnavailable } from './errors';
import { createContextFactory } from './context';
import { createDomainCheck, type DomainCheck } from '../sign-on/domain-check';
import { TABLE_IS_THE_INDEX, type JobAdIndex } from '../job-ad-search/job-ad-index';
import { schema } from './schema';
import { NO_SESSION_STORE, type UserSessions } from './auth/user-sessions';
import { NO_PENDING_MAIL, type PendingMail } from './pending-mail';
import { notifyAfterOperations, type EventMail } from './notifications/event-mail';
import type { EventPush } from './notifications/event-push';
import type { SecretBox } from '../crypto/secret-box';
import { inRequestLanguage } from './request-language';
import { traceOperations } from '../tracing/operation-spans';

export interface ApiOptions {
  db: AppDatabase;
  /** Mount path (default /graphql). */
  path: string;
  /**
   * Origins whose pages may call the API from a browser with credentials. Any other
   * Origin gets no CORS headers at all; without the option no origin is allowed.
   */
  allowedOrigins?: readonly string[];
  production: boolean;
  auth: { issuer: string; audience: string; rolesClaim: string; adminRole: string; impersonateRole: string; jwksUri?: string };
  /** Job ad search; defaults to PostgreSQL full-text search on `db`. */
  jobSearch?: JobSearch;
  /** Keeps a search copy (Typesense) in step after job ad writes; none needed for PostgreSQL search. */
  jobAdIndex?: JobAdIndex;
  /** Where uploads are stored; without it the upload operations fail (tests that need none). */
  storage?: FileStorage;
  /** Uploads (pictures and documents) one user may send per ten minutes; default 30. */
  uploadsPerWindow?: number;
  /** Messages one user may send per ten minutes; default 60. */
  messagesPerWindow?: number;
  /** Ends a blocked or deleted user's sessions (the BFF's store); by default nothing is ended here. */
  userSessions?: UserSessions;
  /** Forgets the mail held for an erased account's address; by default none is held here. */
  pendingMail?: PendingMail;
  /** Mails the events of each operation once it is over; without it nothing is mailed. */
  eventMail?: EventMail;
  /** Seals identity provider client secrets at rest; without it saving an OIDC provider fails. */
  secretBox?: SecretBox;
  /** Pushes the events of each operation, once it is over, to the browsers their users subscribed; without it nothing is pushed. */
  eventPush?: EventPush;
  /** Looks up claimed e-mail domains' DNS proof; the system's resolver by default. */
  domainCheck?: DomainCheck;
  /** Reply addresses for message mails (answered over SMTP); without them message mails carry none. */
  replyAddress?: ReplyAddress;
  /** Times messages held back for undo; without it they go out when something calls deliverDue. */
  heldMessages?: { dueAt(at: Date): void };
  /** Times applications' moves held back before their talent sees them; without it they go out when something calls deliverDue. */
  heldTalentStatuses?: { dueAt(at: Date): void };
  /** Prepares an asked-for personal data archive in the background; without it the archive stays preparing until something calls preparePersonalDataExport. */
  personalDataExports?: { queue(exportId: string): void };
}

/** Per user, per instance: enough to fix a wrong file several times, not to keep a core busy. */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_SECONDS = 600;
/** Per user, per instance: a lively conversation fits; a script writing to every applicant does not. */
export const MESSAGES_PER_WINDOW = 60;
export const MESSAGE_WINDOW_SECONDS = 600;

/** Guard-rail limits (security checklist F): depth 7, 16 aliases, 1000 tokens, 50 directives are refused. */
export const API_LIMITS = { maxDepth: 6, maxAliases: 15, maxTokens: 1000, maxDirectives: 50, maxCost: 5000 } as const;

/**
 * CORS for the listed origins only. Yoga's default reflects every Origin with
 * credentials, and its array form answers a single listed origin to everyone, so the
 * decision is made here per request: a listed Origin is echoed (with credentials),
 * anything else gets `false`, i.e. no Access-Control-* header at all.
 */
export function corsFor(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (!origin || !allowed.has(origin)) return false as const;
    return {
      origin,
      credentials: true,
      methods: ['GET', 'POST'],
      allowedHeaders: ['authorization', 'content-type', 'tp-company', 'tp-domain', 'x-impersonate-as'],
      maxAge: 600,
    };
  };
}

/** The answer depends on the Origin (CORS headers or none): caches must key on it. */
function varyOnOrigin(): Plugin {
  return {
    onResponse({ response }) {
      const vary = response.headers.get('vary');
      if (!vary?.split(',').some((name) => name.trim().toLowerCase() === 'origin')) response.headers.set('vary', vary ? `${vary}, Origin` : 'Origin');
    },
  };
}

function disableIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/** The message yoga gives a masked error (its default, which createApi keeps). */
const MASKED_MESSAGE = 'Unexpected error.';

/**
 * Errors that are not ApiErrors reach clients as "Unexpected error." with no SQL or
 * stack; a database that cannot be reached is said so, as a 503 with Retry-After.
 */
function maskApiError(error: unknown, message: string, isDev?: boolean): Error {
  return isConnectionFailure(error) ? databaseUnavailable() : maskError(error, message, isDev);
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
    jobAdIndex: options.jobAdIndex ?? TABLE_IS_THE_INDEX,
    storage: options.storage ?? null,
    uploadAllowance: sharedCounter({ points: options.uploadsPerWindow ?? UPLOADS_PER_WINDOW, duration: UPLOAD_WINDOW_SECONDS, keyPrefix: 'tp:uploads:' }),
    messageAllowance: sharedCounter({ points: options.messagesPerWindow ?? MESSAGES_PER_WINDOW, duration: MESSAGE_WINDOW_SECONDS, keyPrefix: 'tp:messages:' }),
    userSessions: options.userSessions ?? NO_SESSION_STORE,
    pendingMail: options.pendingMail ?? NO_PENDING_MAIL,
    secretBox: options.secretBox ?? null,
    domainCheck: options.domainCheck ?? createDomainCheck(),
    replyAddress: options.replyAddress ?? null,
    heldMessages: options.heldMessages ?? null,
    heldTalentStatuses: options.heldTalentStatuses ?? null,
    personalDataExports: options.personalDataExports ?? null,
  });

  return createYoga({
    schema,
    context,
    graphqlEndpoint: options.path,
    batching: false,
    cors: corsFor(options.allowedOrigins ?? []),
    graphiql: false,
    landingPage: false,
    maskedErrors: { maskError: maskApiError, errorMessage: MASKED_MESSAGE },
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
      controlCharacterGuard(),
      traceOperations(),
      varyOnOrigin(),
      notifyAfterOperations([...(options.eventMail ? [options.eventMail] : []), ...(options.eventPush ? [options.eventPush] : [])]),
    ],
    // Node's own classes: Astro rejects responses built from another fetch implementation.
    fetchAPI: { fetch, Request, Response, Headers, ReadableStream, URL, URLSearchParams, FormData, Blob, File },
  });
}

export type Api = ReturnType<typeof createApi>;

/**
 * One operation answered for a caller in this process (the BFF), as the API answers it
 * over HTTP with `accept: application/json`, without the HTTP shape around it: no body to
 * write and read back, no CORS or route matching. It runs yoga's own steps from the
 * point where an HTTP request's JSON body has been read: the params checks, parse and
 * validate through yoga's caches (guard rails included), the context factory on the
 * request's headers (the bearer token and product headers), execution with every plugin
 * (control characters, masked errors, event mail), and yoga's JSON result processor, which
 * gives the same status, Retry-After and body. `params` must be what that JSON body parses
 * to; `request` carries the headers and method, and no body.
 */
export function answerInProcess(api: Api, params: GraphQLParams, request: Request): Promise<Response> {
  return inRequestLanguage(request.headers.get('accept-language'), () => answerParams(api, params, request));
}

async function answerParams(api: Api, params: GraphQLParams, request: Request): Promise<Response> {
  let result: Awaited<ReturnType<Api['getResultForParams']>>;
  try {
    result = await api.getResultForParams({ params, request }, { request });
  } catch (error) {
    // Only yoga's params checks throw here (execution errors come back as results): the
    // answer is the one its request handler gives, masked as every other error.
    const masked = maskApiError(error, MASKED_MESSAGE);
    if (masked !== error) api.logger.error(error);
    result = { errors: [masked instanceof GraphQLError ? masked : createGraphQLError(masked.message, { originalError: masked })] };
  }
  return processRegularResult(result!, api.fetchAPI, 'application/json');
}
