import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormatOf, loggerFromEnv } from '../../../src/server/logging/logger';
import { inRequest } from '../../../src/server/logging/request-id';

/** A JSON logger whose lines the test reads back. */
function capture() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const logger = createLogger({ format: 'json', destination: stream });
  const lines = () => chunks.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}

describe('the process logger', () => {
  it('writes one JSON object a line, naming the request it was written for', async () => {
    const { logger, lines } = capture();
    logger.info('outside');
    await inRequest('req-9', async () => logger.info('inside'));
    expect(lines().map(({ msg, requestId, level }) => ({ msg, requestId, level }))).toEqual([
      { msg: 'outside', requestId: undefined, level: 30 },
      { msg: 'inside', requestId: 'req-9', level: 30 },
    ]);
  });

  it('never writes a secret or an address held in a field (the no personal data in logs rule)', () => {
    const { logger, lines } = capture();
    logger.info({ headers: { cookie: '__Host-tp-session=s3cr3t', authorization: 'Bearer t0k3n' }, user: { email: 'ada@example.test', password: 'correct-horse' }, session: { refreshToken: 'r3fr3sh' } }, 'fields');
    const written = JSON.stringify(lines());
    for (const secret of ['s3cr3t', 't0k3n', 'ada@example.test', 'correct-horse', 'r3fr3sh']) expect(written).not.toContain(secret);
    expect(written).toContain('[redacted]');
  });

  it('chooses the format from LOG_FORMAT, else from the output: lines for a terminal, JSON for the rest', () => {
    expect(logFormatOf(undefined, true)).toBe('pretty');
    expect(logFormatOf('', false)).toBe('json');
    expect(logFormatOf(' JSON ', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
    expect(logFormatOf('xml', false)).toBeNull();
  });

  it('refuses a LOG_FORMAT or LOG_LEVEL it does not know, saying what to set', () => {
    expect(() => loggerFromEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty, got "xml"/);
    expect(() => loggerFromEnv({ LOG_FORMAT: 'json', LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of trace, debug, info, warn, error, fatal or silent/);
    expect(loggerFromEnv({ LOG_FORMAT: 'json', LOG_LEVEL: 'warn' }).level).toBe('warn');
  });
});
