import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecrets } from '../../../src/server/bff/secrets';

describe('generated secrets in a data directory shared by several instances', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('instances starting at the same moment all get the one set of secrets written first', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tp-secrets-'));
    const loaded = await Promise.all(Array.from({ length: 12 }, () => loadSecrets({}, dir)));
    const clientSecrets = new Set(loaded.map((secrets) => secrets.clientSecret));
    const transactionKeys = new Set(loaded.map((secrets) => Buffer.from(secrets.transactionKey).toString('hex')));
    const cookieKeys = new Set(loaded.map((secrets) => secrets.providerCookieKeys.join(',')));
    expect([clientSecrets.size, transactionKeys.size, cookieKeys.size]).toEqual([1, 1, 1]);
    // No temporary file left behind, and a later start reads the same secrets.
    expect(await readdir(dir)).toEqual(['secrets.json']);
    expect((await loadSecrets({}, dir)).clientSecret).toBe(loaded[0]!.clientSecret);
  });

  it('SESSION_SECRET and AUTH_CLIENT_SECRET from the environment win over the generated ones', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tp-secrets-'));
    const env = { SESSION_SECRET: 'x'.repeat(40), AUTH_CLIENT_SECRET: 'client-secret-from-env' };
    const [first, second] = await Promise.all([loadSecrets(env, dir), loadSecrets(env, await mkdtemp(path.join(tmpdir(), 'tp-secrets-other-')))]);
    expect(first.clientSecret).toBe('client-secret-from-env');
    expect(Buffer.from(first.transactionKey).equals(Buffer.from(second.transactionKey))).toBe(true);
    expect(first.providerCookieKeys[0]).toBe(second.providerCookieKeys[0]);
  });
});
