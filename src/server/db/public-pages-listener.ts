import type { Database } from './client';
import { listenToChannel } from './channel-listener';

/** The channel the triggers of migration 0014 notify on every write behind the guest pages. */
export const PUBLIC_PAGES_CHANNEL = 'tp_public_pages';

export interface PublicPageChanges {
  /** Job ads, job descriptions or companies were written (by any process on the database). */
  changed(): void;
  /** Whether changes are heard now: while not, nothing may be served from a cache. */
  listening(state: boolean): void;
}

/**
 * Tells `changes` whenever job ads, job descriptions or companies were written, by this
 * process or any other on the same database (LISTEN on the trigger's channel); while the
 * listening connection is down it says so. Resolves with the function that stops listening.
 */
export function listenForPublicPageChanges(database: Database, changes: PublicPageChanges, log: (message: string) => void): Promise<() => Promise<void>> {
  return listenToChannel(database, PUBLIC_PAGES_CHANNEL, { notified: () => changes.changed(), listening: (state) => changes.listening(state) }, log);
}
