import type pg from 'pg';

// Statement times (docs/deploy.md, "Logs" and "Metrics"): each SQL statement a pooled
// connection runs is timed, from the call to its answer, and told to `observe` with its
// text (never its values: they may hold what people wrote). The services count it for the
// request that ran it, in the metrics, and log the slow ones.

export type StatementObserver = (durationMs: number) => void;
/** Made when a statement starts (in the caller's context), with its text; called when it ends. */
export type StatementObserverFactory = (text: string) => StatementObserver;

const textOf = (config: unknown): string =>
  typeof config === 'string' ? config : config !== null && typeof config === 'object' && 'text' in config && typeof config.text === 'string' ? config.text : '';

/** Times every statement of a pooled connection (pool.on('connect', ...)). */
export function timeStatementsOf(client: pg.PoolClient, observerFor: StatementObserverFactory): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const config = args[0];
    // A Submittable (a cursor) runs in parts: not timed.
    if (config !== null && typeof config === 'object' && 'submit' in config) return send(...args);
    const observe = observerFor(textOf(config));
    const started = performance.now();
    const done = () => observe(performance.now() - started);
    const last = args.at(-1);
    if (typeof last === 'function') {
      // pg-pool's pool.query calls back.
      args[args.length - 1] = (...answer: unknown[]) => {
        done();
        return (last as (...values: unknown[]) => unknown)(...answer);
      };
      return send(...args);
    }
    const result = send(...args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  }) as typeof client.query;
}
