import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHealthProbe } from '../http/health';
import type { Logger } from './logger';
import { inRequest, REQUEST_ID_HEADER, requestIdOf, statementTallyReader } from './request-id';

/** Built files: no one reads a line about them (nor about the balancer's probes, isHealthProbe). */
const BUILT_FILES = /^\/_astro\//;

export interface RequestLogOptions {
  logger: Logger;
  /** Whether X-Request-Id comes from a balancer the configuration trusts (TRUSTED_PROXY_HOPS). */
  trustBalancerId: boolean;
}

/**
 * Answers one request under its request id (request-id.ts): the id is answered in
 * X-Request-Id and held while `handle` and everything it starts run, and one line says how
 * the request went once its answer is sent, with the number and time of its SQL statements
 * (db/statement-times.ts). The line holds the path without its query (a
 * query may carry a token or what someone searched for), never a header or the client's
 * address: the request id is what ties it to the rest.
 */
export function answerWithRequestId(req: IncomingMessage, res: ServerResponse, options: RequestLogOptions, handle: () => Promise<void>): Promise<void> {
  const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER], options.trustBalancerId);
  res.setHeader(REQUEST_ID_HEADER, requestId);
  const path = (req.url ?? '/').split('?')[0]!;
  return inRequest(requestId, () => {
    if (!isHealthProbe(path) && !BUILT_FILES.test(path)) {
      const started = process.hrtime.bigint();
      const tally = statementTallyReader();
      res.once('close', () => {
        const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
        const line = { requestId, method: req.method, path, status: res.statusCode, durationMs, ...tally(), ...(res.writableFinished ? {} : { aborted: true }) };
        if (res.statusCode >= 500) options.logger.warn(line, 'request');
        else options.logger.info(line, 'request');
      });
    }
    return handle();
  });
}
