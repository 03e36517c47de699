import { randomBytes } from 'node:crypto';
import type { SessionRecord, SessionStore } from './session-record';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleSeconds: number;
  /** A session ends this long after sign-in, however active. */
  absoluteSeconds: number;
  cookieName: string;
  secure: boolean;
}

export interface LoadedSession {
  id: string;
  record: SessionRecord;
}

// Writing lastSeenAt on every request would make every page view a store write.
const TOUCH_GRANULARITY_MS = 60_000;

const providerAlias = (sid: string) => `sid:${sid}`;
const endedAlias = (sid: string) => `ended-sid:${sid}`;
const ENDED_SID_MEMORY_SECONDS = 24 * 60 * 60;

export function createSessionManager(store: SessionStore, policy: SessionPolicy) {
  const remainingSeconds = (record: SessionRecord, now: number) =>
    Math.max(1, Math.floor(Math.min(record.lastSeenAt + policy.idleSeconds * 1000, record.absoluteExpiresAt) - now) / 1000);

  const expired = (record: SessionRecord, now: number) =>
    now >= record.absoluteExpiresAt || now - record.lastSeenAt >= policy.idleSeconds * 1000;

  /** Ends one session: its record, its place in the user's list and its provider alias. */
  async function destroy(id: string | undefined): Promise<void> {
    if (!id) return;
    const record = await store.get(id).catch(() => null);
    await store.delete(id);
    if (record) await store.removeUserSession(record.claims.sub, id);
    if (record?.providerSessionId) {
      await store.deleteAlias(providerAlias(record.providerSessionId));
      // Remembered for a day: the provider's back-channel call after our own sign-out
      // then finds the session already ended instead of unknown.
      await store.setAlias(endedAlias(record.providerSessionId), id, ENDED_SID_MEMORY_SECONDS);
    }
  }

  return {
    policy,
    /**
     * The session behind a cookie value, or null. `touch: false` for background calls
     * (polling) so that they never keep an idle session alive.
     */
    async load(id: string | undefined, options: { touch: boolean }): Promise<LoadedSession | null> {
      if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
      const record = await store.get(id);
      if (!record) return null;
      const now = Date.now();
      if (expired(record, now)) {
        await store.delete(id);
        await store.removeUserSession(record.claims.sub, id);
        return null;
      }
      if (options.touch && now - record.lastSeenAt >= TOUCH_GRANULARITY_MS) {
        record.lastSeenAt = now;
        await store.set(id, record, remainingSeconds(record, now));
      }
      return { id, record };
    },

    /** A brand-new session id (never one the browser brought: no fixation). */
    async create(fields: Omit<SessionRecord, 'createdAt' | 'lastSeenAt' | 'absoluteExpiresAt' | 'csrfToken'>): Promise<LoadedSession> {
      const now = Date.now();
      const record: SessionRecord = {
        ...fields,
        createdAt: now,
        lastSeenAt: now,
        absoluteExpiresAt: now + policy.absoluteSeconds * 1000,
        csrfToken: randomBytes(32).toString('base64url'),
      };
      const id = randomBytes(32).toString('base64url');
      await store.set(id, record, remainingSeconds(record, now));
      if (record.providerSessionId) await store.setAlias(providerAlias(record.providerSessionId), id, policy.absoluteSeconds);
      // No session outlives the absolute lifetime, so the user's list may live that long.
      await store.addUserSession(record.claims.sub, id, policy.absoluteSeconds);
      return { id, record };
    },

    /** The session the provider knows by `sid`, if it still exists here. */
    async findByProviderSession(sid: string): Promise<LoadedSession | null> {
      const id = await store.getAlias(providerAlias(sid));
      const record = id ? await store.get(id) : null;
      return id && record ? { id, record } : null;
    },

    async save(session: LoadedSession): Promise<void> {
      await store.set(session.id, session.record, remainingSeconds(session.record, Date.now()));
    },

    destroy,

    /** A short lock shared by every instance on this store (see SessionStore.acquireLock). */
    acquireLock: (name: string, ttlMs: number) => store.acquireLock(name, ttlMs),
    releaseLock: (name: string, token: string) => store.releaseLock(name, token),

    /**
     * Ends every session of one user (the token subject) at once, whichever browser holds
     * it: an admin blocked or deleted them. Answers how many were still open.
     */
    async endUserSessions(subject: string): Promise<number> {
      let ended = 0;
      for (const id of await store.userSessions(subject)) {
        if (await store.get(id)) ended += 1;
        await destroy(id);
        // A session whose record had already gone leaves its entry behind: drop it too.
        await store.removeUserSession(subject, id);
      }
      return ended;
    },

    /** True when a session with this provider sid existed here and has ended. */
    async providerSessionEnded(sid: string): Promise<boolean> {
      return (await store.getAlias(endedAlias(sid))) !== null;
    },

    cookie(id: string): string {
      return serializeCookie(policy.cookieName, id, { maxAge: policy.absoluteSeconds, secure: policy.secure });
    },

    clearCookie(): string {
      return serializeCookie(policy.cookieName, '', { maxAge: 0, secure: policy.secure });
    },
  };
}

/** HttpOnly, SameSite=Lax (the provider's redirect back must carry it), Path=/, no Domain. */
export function serializeCookie(name: string, value: string, options: { maxAge: number; secure: boolean }): string {
  return [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${options.maxAge}`, ...(options.secure ? ['Secure'] : [])].join('; ');
}

export type SessionManager = ReturnType<typeof createSessionManager>;
