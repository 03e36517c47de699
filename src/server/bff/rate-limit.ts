import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedCounter } from '../process/shared-counter';
import { createClient } from 'redis';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one call for the key (a session id): allowed, or when to try again. */
  take(key: string): Promise<RateDecision>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  /** Calls per key per window (RATE_LIMIT_PER_MINUTE for the API; SIGN_UP_LIMIT_PER_HOUR). */
  points: number;
  /** The window in seconds (default 60). */
  windowSeconds?: number;
  /** Keeps one limit's counters apart from another's in Redis (default the API's). */
  keyPrefix?: string;
  /** Shared counters for several instances; null counts in memory (shared by `npm start`'s workers). */
  redisUrl: string | null;
  log: (message: string) => void;
}

const DEFAULT_WINDOW_SECONDS = 60;
const DEFAULT_KEY_PREFIX = 'tp:rate:';

/**
 * Checklist F35: a burst from one session gets 429, whoever else shares its IP address.
 * The same counter, with its own window and prefix, limits sign-ups per client address.
 * With Redis the count is shared by every instance; if Redis stops answering, each
 * instance keeps counting on its own (rate-limiter-flexible's insurance limiter) rather
 * than refusing everyone or letting everything through.
 */
export async function createRateLimiter(options: RateLimitOptions): Promise<RateLimiter> {
  const duration = options.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const memory = sharedCounter({ points: options.points, duration, keyPrefix });
  let redis: ReturnType<typeof createClient> | null = null;
  let limiter: RateLimiterAbstract = memory;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) }, disableOfflineQueue: true });
    redis.on('error', () => {
      // The insurance limiter takes over; the client reconnects by itself.
    });
    await redis.connect().catch((error: unknown) => options.log(`rate limit: Redis unreachable at start-up, counting per instance (${String(error)})`));
    limiter = new RateLimiterRedis({
      storeClient: redis,
      useRedisPackage: true,
      points: options.points,
      duration,
      keyPrefix,
      insuranceLimiter: memory,
    });
  }
  return {
    async take(key) {
      try {
        await limiter.consume(key, 1);
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        throw rejection;
      }
    },
    async close() {
      if (redis?.isOpen) await redis.quit().catch(() => undefined);
    },
  };
}
