import pg from 'pg';
import type { Database } from './client';
import { errorMessage } from '../../lib/text/error-message';

/** The channel the triggers of migration 0014 notify on every write behind the guest pages. */
export const PUBLIC_PAGES_CHANNEL = 'tp_public_pages';

const RECONNECT_MS = 2_000;

export interface PublicPageChanges {
  /** Job ads, job descriptions or companies were written (by any process on the database). */
  changed(): void;
  /** Whether changes are heard now: while not, nothing may be served from a cache. */
  listening(state: boolean): void;
}

/**
 * Tells `changes` whenever job ads, job descriptions or companies were written, by this
 * process or any other on the same database (LISTEN on the trigger's channel). On
 * PostgreSQL it holds one connection of its own (a pooled one would go back to the pool
 * still listening); while that connection is down it says so and connects again every
 * 2 s. Resolves with the function that stops listening.
 */
export async function listenForPublicPageChanges(database: Database, changes: PublicPageChanges, log: (message: string) => void): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    const stop = await database.client.listen(PUBLIC_PAGES_CHANNEL, () => changes.changed());
    changes.listening(true);
    return stop;
  }
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: database.connectionString });
    next.on('notification', () => changes.changed());
    next.on('error', () => {
      // 'end' follows and reconnects.
    });
    next.on('end', () => {
      changes.listening(false);
      if (closed) return;
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PUBLIC_PAGES_CHANNEL}`);
      client = next;
      changes.listening(true);
    } catch (error) {
      log(`guest page cache: cannot listen for changes (${errorMessage(error)}); trying again`);
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
