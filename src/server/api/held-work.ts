import { errorMessage } from '../../lib/text/error-message';
import { gatherRecordedEvents, type RecordedEvent } from './recorded-events';

// Writes held back so that their author may take them back (a message to several
// applications, a move of an application before its talent sees it). They go out when due:
// this process times each one it wrote, and every instance sweeps for due ones now and then
// (a restart, or a write made by another instance); each one is taken by one instance only
// (its `deliver` locks the row FOR UPDATE SKIP LOCKED). What a delivery records is mailed
// and pushed by the listeners, as any operation's events are.

/** How often every instance looks for held writes that are due, unless configured (HELD_WORK_SWEEP_SECONDS). */
const DEFAULT_HELD_WORK_SWEEP_SECONDS = 30;

export interface HeldWork {
  /** A write was held until `at`: deliver it then (this process's timer; the sweep is the safety net). */
  dueAt(at: Date): void;
  /** Delivers every held write due by now; answers how many went out. */
  deliverDue(now?: Date): Promise<number>;
  stop(): void;
}

/** Who hears of what a delivery recorded (the event mail and push). */
export type HeldWorkListener = { afterOperation(events: readonly RecordedEvent[]): void };

export function createHeldWork(options: {
  /** What is held, for the log. */
  name: string;
  /** The ids of the held writes due by `now`, oldest first. */
  due: (now: Date) => Promise<string[]>;
  /** Delivers one in its own transaction; false when it was not (taken by another instance, or dropped). */
  deliver: (id: string, now: Date) => Promise<boolean>;
  listeners: readonly HeldWorkListener[];
  log: (message: string) => void;
  /** Seconds between sweeps (config.heldWorkSweepSeconds). */
  sweepSeconds?: number;
}): HeldWork {
  const { name, due, deliver, listeners, log, sweepSeconds = DEFAULT_HELD_WORK_SWEEP_SECONDS } = options;
  const timers = new Set<NodeJS.Timeout>();
  async function deliverDue(now = new Date()): Promise<number> {
    let delivered = 0;
    for (const id of await due(now)) {
      const events: RecordedEvent[] = [];
      if (await gatherRecordedEvents(events, () => deliver(id, now))) delivered += 1;
      for (const listener of listeners) listener.afterOperation(events);
    }
    return delivered;
  }
  const run = () => void deliverDue().catch((error: unknown) => log(`${name}: held writes could not go out (${errorMessage(error)})`));
  const sweep = setInterval(run, sweepSeconds * 1000);
  sweep.unref();
  return {
    dueAt(at) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, Math.max(0, at.getTime() - Date.now()) + 250);
      timer.unref();
      timers.add(timer);
    },
    deliverDue,
    stop() {
      clearInterval(sweep);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
