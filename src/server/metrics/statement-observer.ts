import { AsyncLocalStorage } from 'node:async_hooks';
import type { StatementObserverFactory } from '../db/statement-times';
import { statementTallyAdder } from '../logging/request-id';
import { startStatementSpan } from '../tracing/spans';
import { databaseStatementDuration } from './metrics';

/**
 * What each SQL statement the pool runs is told to (db/statement-times.ts): the request that
 * ran it counts it for its log line, the metrics time it, its span joins the request's trace
 * when tracing is on, and one that took `slowMs` or more is logged with its text on one
 * line, under the request's id (values never: they may hold what people wrote).
 */
export function observeStatements(options: { slowMs: number; log: (message: string) => void }): StatementObserverFactory {
  return (text) => {
    const tally = statementTallyAdder();
    const endSpan = startStatementSpan(text);
    // pg answers a called-back statement in the connection's context: the line is written in the caller's.
    const inCaller = AsyncLocalStorage.snapshot();
    return (durationMs) => {
      endSpan();
      tally(durationMs);
      databaseStatementDuration.observe(durationMs / 1000);
      if (options.slowMs > 0 && durationMs >= options.slowMs) {
        inCaller(() => options.log(`database: slow statement (${Math.round(durationMs)} ms): ${text.replace(/\s+/g, ' ').trim().slice(0, 1000)}`));
      }
    };
  };
}
