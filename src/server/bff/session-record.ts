import type { ProviderTokens, TokenClaims } from './oidc-client';

/** What the server keeps per signed-in browser. Tokens never leave the server. */
export interface SessionRecord {
  createdAt: number;
  lastSeenAt: number;
  /** The session ends at this instant whatever the activity (absolute lifetime). */
  absoluteExpiresAt: number;
  tokens: ProviderTokens;
  claims: TokenClaims;
  /** The provider's session id (ID token `sid`), which back-channel logout names. */
  providerSessionId?: string | null;
  /** Anti-forgery token the pages send back on every state-changing request. */
  csrfToken: string;
  selectedCompanyId: string | null;
  /** External id of the user being impersonated, if any. */
  impersonateAs: string | null;
  /** Why and since when, as the API recorded it (the banner shows it). */
  impersonation?: { reason: string; startedAt: string } | null;
}

export interface SessionStore {
  get(id: string): Promise<SessionRecord | null>;
  /** Stores the record; the store forgets it after ttlSeconds. */
  set(id: string, record: SessionRecord, ttlSeconds: number): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * A second name for a session (the provider's sid), so that a back-channel logout
   * can find the session it ends; forgotten after ttlSeconds like the session.
   */
  setAlias(alias: string, id: string, ttlSeconds: number): Promise<void>;
  getAlias(alias: string): Promise<string | null>;
  deleteAlias(alias: string): Promise<void>;
  /**
   * Files session `id` under its user (the token subject), so that every session of one
   * user can be ended at once (an admin blocks them); forgotten after ttlSeconds.
   */
  addUserSession(subject: string, id: string, ttlSeconds: number): Promise<void>;
  /** The session ids filed under a user; some may have ended already. */
  userSessions(subject: string): Promise<string[]>;
  removeUserSession(subject: string, id: string): Promise<void>;
  /**
   * Takes the short lock `name` unless someone else holds it: a token to release it with,
   * or null. Held at most ttlMs (a crashed holder never blocks for longer). With several
   * instances on one store this is what lets only one of them refresh a session's tokens.
   */
  acquireLock(name: string, ttlMs: number): Promise<string | null>;
  /** Releases the lock if `token` still holds it (an expired lock may be someone else's now). */
  releaseLock(name: string, token: string): Promise<void>;
  /** Answers when the store is reachable (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class SessionStoreError extends Error {
  readonly code = 'SESSION_STORE_UNAVAILABLE';
  constructor(message: string, readonly hint: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SessionStoreError';
  }
}
