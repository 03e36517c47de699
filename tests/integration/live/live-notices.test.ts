import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { listenToChannel } from '../../../src/server/db/channel-listener';
import { LIVE_CHANNEL, notifyLive, readLiveNotice, type LiveNotice } from '../../../src/server/db/live-notices';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';

// Live notices travel through the database, so that every instance hears every write: two
// listeners (two instances) each hear a notice sent in a committed transaction, once, and
// none from a transaction rolled back.

describeEachDatabase('live notices on the database', (kind) => {
  let database: Database;
  const heard: Array<{ listener: string; notice: LiveNotice | null }> = [];
  const stops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    for (const listener of ['instance-a', 'instance-b']) {
      stops.push(await listenToChannel(database, LIVE_CHANNEL, { notified: (payload) => heard.push({ listener, notice: readLiveNotice(payload) }), listening: () => {} }, () => {}));
    }
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await database?.close();
  });

  const waitFor = async (count: number) => {
    for (let waited = 0; heard.length < count && waited < 3000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('is heard by every listener once the transaction commits, and never from one rolled back', async () => {
    const notice: LiveNotice = { kind: 'message', threadId: 'thread-1', companyId: 'company-1', talentUserId: 'user-1' };
    await database.db.transaction(async (tx) => notifyLive(tx, notice));
    await waitFor(2);
    expect(heard.map((entry) => entry.listener).sort()).toEqual(['instance-a', 'instance-b']);
    expect(heard.every((entry) => entry.notice?.threadId === 'thread-1')).toBe(true);
    await database.db
      .transaction(async (tx) => {
        await notifyLive(tx, { ...notice, threadId: 'thread-rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => notifyLive(tx, { ...notice, threadId: 'thread-2' }));
    await waitFor(4);
    expect(heard.map((entry) => entry.notice?.threadId)).not.toContain('thread-rolled-back');
    expect(heard.filter((entry) => entry.notice?.threadId === 'thread-2')).toHaveLength(2);
  });
});
