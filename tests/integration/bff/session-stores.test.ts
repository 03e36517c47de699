import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../../src/server/bff/file-session-store';
import { createRedisSessionStore } from '../../../src/server/bff/redis-session-store';
import { SessionStoreError, type SessionRecord, type SessionStore } from '../../../src/server/bff/session-record';
import { createSessionManager } from '../../../src/server/bff/sessions';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || null;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: Redis session store suite skipped');

const record = (): Omit<SessionRecord, 'createdAt' | 'lastSeenAt' | 'absoluteExpiresAt' | 'csrfToken'> => ({
  tokens: { accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresAt: Date.now() + 60_000, scope: null },
  claims: { sub: 's', email: null, name: null, roles: [] },
  selectedCompanyId: null,
  impersonateAs: null,
});

function storeContract(name: string, open: () => Promise<SessionStore>) {
  describe(name, () => {
    let store: SessionStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    it('a lock is held by one taker at a time, released only by its holder, and expires by itself', async () => {
      const name = `refresh:${randomUUID()}`;
      const takers = await Promise.all(Array.from({ length: 8 }, () => store.acquireLock(name, 300)));
      const held = takers.filter((token): token is string => token !== null);
      expect(held).toHaveLength(1);
      await store.releaseLock(name, 'not-the-holder');
      expect(await store.acquireLock(name, 300)).toBeNull();
      await store.releaseLock(name, held[0]!);
      const next = await store.acquireLock(name, 300);
      expect(next).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 400));
      // Its holder died without releasing: taken again after its lifetime.
      expect(await store.acquireLock(name, 300)).not.toBeNull();
    });

    it('stores, reads and deletes a session', async () => {
      const sessions = createSessionManager(store, { idleSeconds: 60, absoluteSeconds: 600, cookieName: 'tp-session', secure: false });
      const session = await sessions.create(record());
      expect((await sessions.load(session.id, { touch: false }))?.record.claims.sub).toBe('s');
      await sessions.destroy(session.id);
      expect(await sessions.load(session.id, { touch: false })).toBeNull();
    });

    it('ends an idle session (checklist A5) and deletes it from the store', async () => {
      const sessions = createSessionManager(store, { idleSeconds: 1, absoluteSeconds: 600, cookieName: 'tp-session', secure: false });
      const session = await sessions.create(record());
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await sessions.load(session.id, { touch: true })).toBeNull();
      expect(await store.get(session.id)).toBeNull();
    });

    // Found by the mixed load (checklist H41): two requests of one session (parallel
    // island calls, two tabs, or a request the browser gave up on) save at once; every
    // write and every read in between must succeed and leave a whole record.
    it('survives concurrent saves of one session, readers never seeing a partial record', async () => {
      const sessions = createSessionManager(store, { idleSeconds: 60, absoluteSeconds: 600, cookieName: 'tp-session', secure: false });
      const session = await sessions.create(record());
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, (_, index) =>
          index % 2 === 0 ? sessions.save({ id: session.id, record: { ...session.record, selectedCompanyId: `company-${index}` } }) : sessions.load(session.id, { touch: false }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      for (const outcome of outcomes) if (outcome.status === 'fulfilled' && outcome.value) expect(outcome.value.record.claims.sub).toBe('s');
      expect((await sessions.load(session.id, { touch: false }))?.record.selectedCompanyId).toMatch(/^company-\d+$/);
    });

    // An admin blocks a user; whatever browser holds one of their sessions, every
    // one ends at once, and nobody else's.
    it("ends every session of one user at once, and only theirs; a session that ended is no longer filed under its user", async () => {
      const sessions = createSessionManager(store, { idleSeconds: 60, absoluteSeconds: 600, cookieName: 'tp-session', secure: false });
      const subject = `blocked-${randomUUID()}`;
      const of = (sub: string) => ({ ...record(), claims: { ...record().claims, sub } });
      const [first, second, signedOut, someoneElse] = await Promise.all([sessions.create(of(subject)), sessions.create(of(subject)), sessions.create(of(subject)), sessions.create(of(`other-${randomUUID()}`))]);
      await sessions.destroy(signedOut.id);
      expect((await store.userSessions(subject)).sort()).toEqual([first.id, second.id].sort());

      expect(await sessions.endUserSessions(subject)).toBe(2);
      expect(await sessions.load(first.id, { touch: false })).toBeNull();
      expect(await sessions.load(second.id, { touch: false })).toBeNull();
      expect(await store.userSessions(subject)).toEqual([]);
      expect(await sessions.load(someoneElse.id, { touch: false })).not.toBeNull();
      expect(await sessions.endUserSessions(subject)).toBe(0);
    });

    it('refuses ids that are not ours without asking the store', async () => {
      const sessions = createSessionManager(store, { idleSeconds: 60, absoluteSeconds: 600, cookieName: 'tp-session', secure: false });
      expect(await sessions.load('../../etc/passwd', { touch: false })).toBeNull();
    });
  });
}

storeContract('file session store', () => createFileSessionStore(mkdtempSync(path.join(tmpdir(), 'sessions-'))));

describe.skipIf(!redisUrl)('Redis session store', () => {
  storeContract('against TEST_REDIS_URL', () => createRedisSessionStore(redisUrl!));

  it('fails closed with a SessionStoreError when Redis is unreachable (checklist A6)', async () => {
    await expect(createRedisSessionStore('redis://127.0.0.1:1')).rejects.toBeInstanceOf(SessionStoreError);
  });
});
