import cluster from 'node:cluster';
import { RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface SharedCounterOptions {
  /** Points per key per window. */
  points: number;
  /** The window in seconds. */
  duration: number;
  /** Names this counter; unique per counter, as the workers' counters meet in the primary. */
  keyPrefix: string;
}

/** How long a worker waits for the primary's answer before the call fails. */
const PRIMARY_TIMEOUT_MS = 3_000;

/**
 * A counter in memory (rate-limiter-flexible) that every worker of one `npm start` shares:
 * in a cluster worker its calls go to the primary over the cluster's IPC channel
 * (RateLimiterCluster), so N workers allow what one process allows, not N times as much;
 * in a single process it is this process's memory. The primary must have called
 * `hostSharedCounters` before forking.
 */
export function sharedCounter(options: SharedCounterOptions): RateLimiterAbstract {
  return cluster.isWorker ? new RateLimiterCluster({ ...options, timeoutMs: PRIMARY_TIMEOUT_MS }) : new RateLimiterMemory(options);
}

/** In the primary: answers the workers' counters (one store for all of them). */
export function hostSharedCounters(): void {
  new RateLimiterClusterMaster();
}
