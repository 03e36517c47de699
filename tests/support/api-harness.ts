import type { PendingMail } from '../../src/server/api/pending-mail';
import type { UserSessions } from '../../src/server/api/auth/user-sessions';
import type { ReplyAddress } from '../../src/server/mail/reply-address';
import type { DomainCheck } from '../../src/server/sign-on/domain-check';
import { randomBytes } from 'node:crypto';
import type { TadaDocumentNode } from 'gql.tada';
import { documentRequest } from '../../src/lib/graphql/send-document';
import { createEventMail, type EventMail } from '../../src/server/api/notifications/event-mail';
import { createEventPush, deliverPush, type EventPush } from '../../src/server/api/notifications/event-push';
import type { PushSender } from '../../src/server/push/push-sender';
import { createApi, type Api } from '../../src/server/api/yoga';
import type { Mailer } from '../../src/server/mail/mailer';
import { createJobAdIndex } from '../../src/server/job-ad-search/job-ad-index';
import type { Database } from '../../src/server/db/client';
import type { FileStorage } from '../../src/server/storage/file-storage';
import { createSecretBox, type SecretBox } from '../../src/server/crypto/secret-box';
import { openTestDatabase, type TestDatabaseKind } from './test-database';
import { startTestIssuer, type TestIssuer } from './test-issuer';

export const AUDIENCE = 'https://api.talentplace.test';
export const ROLES_CLAIM = 'https://talentplace.app/roles';

export interface ApiHarness {
  api: Api;
  database: Database;
  issuer: TestIssuer;
  /** The events' mails, when the harness was given a mailer; `settled()` waits for them. */
  eventMail: EventMail | null;
  /** What the API seals stored secrets with (its key is the harness's own). */
  secretBox: SecretBox;
  /** The events' pushes, when the harness was given a push sender, delivered at once (no queue); `settled()` waits for them. */
  eventPush: EventPush | null;
  /** A signed access token for the subject, with roles; `emailVerified` adds the claim that the provider vouches for the address. */
  /**
   * A signed access token as the built-in provider issues it. `authTime` (seconds) is when the
   * credentials were typed: by default now, as right after a sign-in; null leaves auth_time out.
   */
  token(subject: string, options?: { email?: string; roles?: string[]; emailVerified?: boolean; authTime?: number | null }): Promise<string>;
  /**
   * POSTs a GraphQL operation in-process (yoga.fetch) and returns status and body. A typed
   * document (the `graphql` tag of src/lib/graphql/graphql.ts, as the pages write them)
   * types the variables and the answer's data from the schema, so a test casts no answer.
   */
  call<TResult, TVariables>(document: TadaDocumentNode<TResult, TVariables>, options?: CallOptions<TVariables>): Promise<{ status: number; body: GraphqlBody<TResult> }>;
  /** The same with the operation as text: an untyped answer, for a request no page would send (bad input, probes). */
  call(query: string, options?: CallOptions): Promise<{ status: number; body: GraphqlBody }>;
  /** A GraphQL multipart request (the spec clients use for uploads), in-process; the file goes in `variables.file`. */
  upload(
    query: string,
    token: string | null,
    file: { bytes: Uint8Array; name: string; type: string },
    variables?: Record<string, unknown>,
    /** Extra request headers, e.g. tp-domain and tp-company for the company area. */
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: GraphqlBody }>;
  /** The same with several files in one list variable (`[File!]`), as a message sends them. */
  uploadFiles(query: string, token: string | null, variable: string, files: ReadonlyArray<{ bytes: Uint8Array; name: string; type: string }>, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ status: number; body: GraphqlBody }>;
  close(): Promise<void>;
}

export interface CallOptions<TVariables = Record<string, unknown>> {
  variables?: TVariables;
  token?: string;
  headers?: Record<string, string>;
}

export interface GraphqlBody<TData = Record<string, unknown>> {
  data?: TData | null;
  errors?: Array<{ message: string; extensions?: { code?: string; fieldErrors?: unknown } }>;
}

/** The JSON body of a GraphQL POST; a typed document is printed as the pages send it. */
export function graphqlRequestBody(query: string | TadaDocumentNode<unknown, unknown>, variables: unknown = {}): string {
  return JSON.stringify({ ...(typeof query === 'string' ? { query } : documentRequest(query)), variables });
}

/**
 * A typed document's text, for a request its types refuse on purpose (bad input, or one of
 * several documents in a loop); the answer is then untyped, as for any text.
 */
export function operationText(document: TadaDocumentNode<unknown, never>): string {
  return documentRequest(document as TadaDocumentNode<unknown, unknown>).query;
}

/** The API in-process over a migrated test database, with tokens from a real test issuer. */
export async function startApiHarness(
  kind: TestDatabaseKind,
  options: { production?: boolean; storage?: FileStorage; allowedOrigins?: string[]; uploadsPerWindow?: number; searchEnv?: Record<string, string>; log?: (message: string) => void; mail?: { mailer: Mailer; retryDelaysMs?: number[] }; push?: { sender: PushSender }; domainCheck?: DomainCheck; userSessions?: UserSessions; pendingMail?: PendingMail; replyAddress?: ReplyAddress; messagesPerWindow?: number; database?: Database } = {},
): Promise<ApiHarness> {
  // A database given (one upgraded from a release's dump) is the harness's to close.
  const [database, issuer] = await Promise.all([options.database ?? openTestDatabase(kind), startTestIssuer()]);
  const eventMail = options.mail
    ? createEventMail({ db: database.db, mailer: options.mail.mailer, site: { origin: 'https://talentplace.test', productName: 'Talentplace' }, log: options.log ?? (() => {}), retryDelaysMs: options.mail.retryDelaysMs ?? [] })
    : null;
  // A key of the test's own: what it seals opens only in this harness.
  const secretBox = createSecretBox(randomBytes(32));
  const pushSender = options.push?.sender;
  const eventPush = pushSender
    ? createEventPush({ db: database.db, site: { productName: 'Talentplace' }, log: options.log ?? (() => {}), dispatch: async (job) => void (await deliverPush(database.db, pushSender, job)) })
    : null;
  const api = createApi({
    db: database.db,
    path: '/graphql',
    production: options.production ?? false,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.uploadsPerWindow ? { uploadsPerWindow: options.uploadsPerWindow } : {}),
    ...(options.messagesPerWindow ? { messagesPerWindow: options.messagesPerWindow } : {}),
    ...(eventMail ? { eventMail } : {}),
    ...(eventPush ? { eventPush } : {}),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    // TYPESENSE_* as the server reads them: job ad writes then keep that copy in step.
    ...(options.searchEnv ? { jobAdIndex: createJobAdIndex({ db: database.db, env: options.searchEnv, log: options.log ?? (() => {}) }) } : {}),
    secretBox,
    ...(options.domainCheck ? { domainCheck: options.domainCheck } : {}),
    ...(options.userSessions ? { userSessions: options.userSessions } : {}),
    ...(options.pendingMail ? { pendingMail: options.pendingMail } : {}),
    ...(options.replyAddress ? { replyAddress: options.replyAddress } : {}),
    auth: { issuer: issuer.issuer, audience: AUDIENCE, rolesClaim: ROLES_CLAIM, adminRole: 'super:admin', impersonateRole: 'super:impersonate', jwksUri: issuer.jwksUri },
  });
  return {
    api,
    database,
    issuer,
    secretBox,
    eventMail,
    eventPush,
    token: (subject, tokenOptions = {}) =>
      issuer.sign({
        sub: subject,
        aud: AUDIENCE,
        email: tokenOptions.email ?? `${subject}@example.test`,
        ...(tokenOptions.emailVerified ? { email_verified: true } : {}),
        ...(tokenOptions.authTime === null ? {} : { auth_time: tokenOptions.authTime ?? Math.floor(Date.now() / 1000) }),
        [ROLES_CLAIM]: tokenOptions.roles ?? [],
      }),
    async call(query: string | TadaDocumentNode<unknown, unknown>, callOptions: CallOptions<unknown> = {}) {
      const response = await api.fetch('http://api.test/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(callOptions.token ? { authorization: `Bearer ${callOptions.token}` } : {}),
          ...callOptions.headers,
        },
        body: graphqlRequestBody(query, callOptions.variables),
      });
      // Taken on trust as in sendDocument: the API answers by the schema a document's types
      // come from. (`never` lets the one answer stand for either signature's type.)
      return { status: response.status, body: (await response.json()) as GraphqlBody<never> };
    },
    async upload(query, token, file, variables = {}, headers = {}) {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      const response = await api.fetch('http://api.test/graphql', { method: 'POST', headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form });
      return { status: response.status, body: (await response.json()) as GraphqlBody };
    },
    async uploadFiles(query, token, variable, files, variables = {}, headers = {}) {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query, variables: { ...variables, [variable]: files.map(() => null) } }));
      form.set('map', JSON.stringify(Object.fromEntries(files.map((_, index) => [String(index), [`variables.${variable}.${index}`]]))));
      files.forEach((file, index) => form.set(String(index), new File([new Uint8Array(file.bytes)], file.name, { type: file.type })));
      const response = await api.fetch('http://api.test/graphql', { method: 'POST', headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form });
      return { status: response.status, body: (await response.json()) as GraphqlBody };
    },
    close: async () => {
      await eventMail?.close();
      await eventPush?.close();
      await Promise.all([database.close(), issuer.close()]);
    },
  };
}

/**
 * Starts an impersonation the way the BFF does (accountable impersonation): the impersonator calls
 * startImpersonation with a reason; only then is `x-impersonate-as` honoured. Answers the
 * impersonation's id.
 */
export async function startImpersonating(h: Pick<ApiHarness, 'call'>, token: string, externalId: string, reason = 'Ticket 4711: the user cannot see their profile'): Promise<string> {
  const { body } = await h.call('mutation($externalId: String!, $reason: String!) { startImpersonation(externalId: $externalId, reason: $reason) { id } }', {
    token,
    variables: { externalId, reason },
  });
  const started = body.data?.startImpersonation as { id: string } | undefined;
  if (!started) throw new Error(`startImpersonation failed: ${JSON.stringify(body.errors)}`);
  return started.id;
}
