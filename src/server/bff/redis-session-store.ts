import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { SessionStoreError, type SessionRecord, type SessionStore } from './session-record';

const KEY_PREFIX = 'tp:session:';
const RELEASE_IF_HELD = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Sessions in Redis for several instances behind a load balancer. Redis expires keys by
 * itself. When Redis is down every call fails (fail closed): the caller answers 503 and
 * never treats the visitor as anonymous.
 */
export async function createRedisSessionStore(url: string): Promise<SessionStore> {
  let connectedOnce = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: 2_000,
      // At start-up, give up after a few tries so the process says what is wrong instead
      // of hanging; once connected, keep reconnecting while Redis restarts.
      reconnectStrategy: (retries, cause) => (!connectedOnce && retries >= 3 ? cause : Math.min(retries * 200, 2_000)),
    },
    // Fail fast while disconnected instead of queueing commands forever.
    disableOfflineQueue: true,
  });
  client.on('error', () => {
    // Reported per call below; the client reconnects by itself.
  });
  client.on('ready', () => {
    connectedOnce = true;
  });
  await client.connect().catch((error: unknown) => {
    throw new SessionStoreError('Redis is unreachable', `check REDIS_URL (${new URL(url).host})`, { cause: error });
  });
  const key = (id: string) => `${KEY_PREFIX}${id}`;
  const aliasKey = (alias: string) => `${KEY_PREFIX}alias:${alias}`;
  const userKey = (subject: string) => `${KEY_PREFIX}user:${subject}`;
  const lockKey = (name: string) => `${KEY_PREFIX}lock:${name}`;
  const guard = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      throw new SessionStoreError('The session store is unavailable', 'Redis did not answer; try again shortly', { cause: error });
    }
  };

  return {
    get: (id) =>
      guard(async () => {
        const value = await client.get(key(id));
        return value ? (JSON.parse(value) as SessionRecord) : null;
      }),
    set: (id, record, ttlSeconds) =>
      guard(async () => {
        await client.set(key(id), JSON.stringify(record), { expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) } });
      }),
    delete: (id) =>
      guard(async () => {
        await client.del(key(id));
      }),
    setAlias: (alias, id, ttlSeconds) =>
      guard(async () => {
        await client.set(aliasKey(alias), id, { expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) } });
      }),
    getAlias: (alias) => guard(() => client.get(aliasKey(alias))),
    // A set per user. Its lifetime is pushed out by each new session (the caller passes the
    // absolute session lifetime, so no member outlives it); ended members are removed.
    addUserSession: (subject, id, ttlSeconds) =>
      guard(async () => {
        await client.multi().sAdd(userKey(subject), id).expire(userKey(subject), Math.max(1, Math.ceil(ttlSeconds))).exec();
      }),
    userSessions: (subject) => guard(() => client.sMembers(userKey(subject))),
    removeUserSession: (subject, id) =>
      guard(async () => {
        await client.sRem(userKey(subject), id);
      }),
    deleteAlias: (alias) =>
      guard(async () => {
        await client.del(aliasKey(alias));
      }),
    acquireLock: (name, ttlMs) =>
      guard(async () => {
        const token = randomUUID();
        const taken = await client.set(lockKey(name), token, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } });
        return taken === 'OK' ? token : null;
      }),
    releaseLock: (name, token) =>
      guard(async () => {
        // Compare and delete in one step: the lock may have expired and been taken by another.
        await client.eval(RELEASE_IF_HELD, { keys: [lockKey(name)], arguments: [token] });
      }),
    ping: () =>
      guard(async () => {
        await client.ping();
      }),
    close: async () => {
      client.destroy();
    },
  };
}
