/**
 * Gives a worker's memory back once a burst of requests is over. Under load V8 grows the
 * heap to its peak and keeps it until its own memory reducer runs, a minute or more
 * after the traffic stops (the idle memory benchmark measured 1.9× the idle memory 30 s after a
 * 200-user minute, 0.83× at 75 s). A full collection when the process has been idle
 * for a few seconds returns those pages to the system at once; it runs only when no
 * request is in flight, so nobody waits behind it, and at most once per quiet spell.
 *
 * `collect` is V8's `gc()` (workers are started with --expose-gc); without it (one
 * process started without the flag) nothing is scheduled.
 */
export interface IdleMemoryReleaseOptions {
  /** How long without a request before collecting. */
  idleMs: number;
  /** Requests since the last collection below which a quiet spell is not worth one. */
  minRequests: number;
  collect: (() => void) | undefined;
  now?: () => number;
  /** Called after each collection (tests, logs). */
  collected?: () => void;
}

export interface IdleMemoryRelease {
  /** Wraps a request: call the answer when it has finished (or failed). */
  begin(): () => void;
  /** Runs one check now; the timer calls it every idleMs / 2. */
  check(): void;
  stop(): void;
}

export function createIdleMemoryRelease(options: IdleMemoryReleaseOptions): IdleMemoryRelease {
  const now = options.now ?? Date.now;
  const collect = options.collect;
  let inFlight = 0;
  let servedSinceCollection = 0;
  let lastActivity = now();

  const check = () => {
    if (!collect || inFlight > 0 || servedSinceCollection < options.minRequests) return;
    if (now() - lastActivity < options.idleMs) return;
    servedSinceCollection = 0;
    collect();
    options.collected?.();
  };
  // Unref'd: the check never keeps a stopping process alive.
  const timer = collect ? setInterval(check, Math.max(250, Math.floor(options.idleMs / 2))) : null;
  timer?.unref();

  return {
    begin() {
      inFlight += 1;
      servedSinceCollection += 1;
      lastActivity = now();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
        lastActivity = now();
      };
    },
    check,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/** The options V8's exposed `gc()` takes (its gc extension). */
interface CollectorOptions {
  type: 'major' | 'minor';
  execution: 'sync' | 'async';
  flavor: 'regular' | 'last-resort';
}

/**
 * V8's collector when the process was started with --expose-gc, else undefined. The
 * 'last-resort' flavour collects everything it can with the flag that shrinks the heap,
 * and hands the freed pages back at once: a plain `gc()` freed the objects but kept the
 * heap's pages committed (a worker's resident memory stayed at 463 MB with 95 MB in use),
 * where this one took it from 598 to 250 MB (docs/benchmarks.md, idle memory).
 */
export function exposedCollector(): (() => void) | undefined {
  const candidate = (globalThis as { gc?: unknown }).gc;
  if (typeof candidate !== 'function') return undefined;
  const options: CollectorOptions = { type: 'major', execution: 'sync', flavor: 'last-resort' };
  return () => (candidate as (options: CollectorOptions) => void)(options);
}
