import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { ConfigError } from '../config-error';
import { currentRequestId, currentTraceId } from './request-id';

// The process's logger (docs/operations.md, "Logs"): one JSON object a line (pino), each
// with the id of the request or job it was written for, for a log collector; lines a
// person reads in a terminal. LOG_FORMAT chooses; without it a terminal gets the lines
// and anything else (a file, a pipe, a container's collector) JSON. LOG_LEVEL as pino's.

export type { Logger };
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LoggerOptions {
  format: LogFormat;
  level?: string;
  /** Where the lines go (tests read them); standard output by default. */
  destination?: NodeJS.WritableStream;
}

/**
 * Header values and fields that are secrets or name a person, replaced wherever a line
 * holds them as fields: the rule is that no log line carries either (tests/unit/logging).
 */
export const REDACTED_FIELDS = [
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.email',
];

export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    level: options.level ?? 'info',
    base: { pid: process.pid },
    redact: { paths: REDACTED_FIELDS, censor: '[redacted]' },
    // Every line written while a request or a job runs names it, and its trace when traced.
    mixin: () => {
      const requestId = currentRequestId();
      const traceId = currentTraceId();
      return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
    },
  };
  if (options.format === 'pretty') {
    return pino(settings, pretty({ sync: true, colorize: false, singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l', destination: options.destination ?? 1 }));
  }
  return pino(settings, options.destination ?? pino.destination({ sync: false }));
}

/** LOG_FORMAT, or the kind of output when it is unset. */
export function logFormatOf(value: string | undefined, outputIsTerminal: boolean): LogFormat | null {
  const raw = value?.trim().toLowerCase();
  if (!raw) return outputIsTerminal ? 'pretty' : 'json';
  return (LOG_FORMATS as readonly string[]).includes(raw) ? (raw as LogFormat) : null;
}

/** The logger LOG_FORMAT and LOG_LEVEL ask for, writing to standard output. */
export function loggerFromEnv(env: Record<string, string | undefined>): Logger {
  const format = logFormatOf(env.LOG_FORMAT, Boolean(process.stdout.isTTY));
  if (!format) throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`, 'json for a log collector, pretty for a person at a terminal; unset chooses by the output');
  const level = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  if (!(level in pino.levels.values) && level !== 'silent') {
    throw new ConfigError(`LOG_LEVEL must be one of ${Object.keys(pino.levels.values).join(', ')} or silent, got "${env.LOG_LEVEL}"`, 'info writes what an operator reads; debug more');
  }
  return createLogger({ format, level });
}
