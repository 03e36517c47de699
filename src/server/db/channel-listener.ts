import pg from 'pg';
import type { Database } from './client';
import { errorMessage } from '../../lib/text/error-message';

const RECONNECT_MS = 2_000;

export interface ChannelListener {
  /** A NOTIFY on the channel, by this process or any other on the same database, with its payload. */
  notified(payload: string): void;
  /** Whether notifications are heard now: while not, whatever relies on them must not trust they would be. */
  listening(state: boolean): void;
}

/**
 * LISTENs on one channel of the database. On PostgreSQL it holds one connection of its own
 * (a pooled one would go back to the pool still listening); while that connection is down
 * it says so and connects again every 2 s. Resolves with the function that stops listening.
 */
export async function listenToChannel(database: Database, channel: string, listener: ChannelListener, log: (message: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  if (database.kind === 'pglite') {
    const stop = await database.client.listen(channel, (payload) => listener.notified(payload));
    listener.listening(true);
    return stop;
  }
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: database.connectionString });
    next.on('notification', (message) => listener.notified(message.payload ?? ''));
    next.on('error', () => {
      // 'end' follows and reconnects.
    });
    next.on('end', () => {
      listener.listening(false);
      if (closed) return;
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      listener.listening(true);
    } catch (error) {
      log(`listening on ${channel} failed (${errorMessage(error)}); trying again`);
      // Ending it schedules the next try.
      await next.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
