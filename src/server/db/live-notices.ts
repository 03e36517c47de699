import { sql } from 'drizzle-orm';
import type { AppDatabase } from './client';

// What happened that open pages should see at once (live updates): a NOTIFY on one channel,
// sent in the writing transaction so that it is heard only if the write commits, by every
// instance listening on the database (services.ts hands them to the live hub, which passes
// each to the open pages allowed to see it). A notice names what changed, never its
// content: a page that hears it reloads what it shows through its usual checks.

export const LIVE_CHANNEL = 'tp_live';

export interface LiveNotice {
  kind: 'message';
  threadId: string;
  /** The company side of the thread: its members who may read it hear of it. */
  companyId: string;
  /** The talent side: her account hears of it. */
  talentUserId: string | null;
}

export async function notifyLive(tx: Pick<AppDatabase, 'execute'>, notice: LiveNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** A notice as heard, or null for a payload that is not one (nothing else writes on the channel). */
export function readLiveNotice(payload: string): LiveNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice>;
    if (value.kind !== 'message' || typeof value.threadId !== 'string' || typeof value.companyId !== 'string') return null;
    return { kind: 'message', threadId: value.threadId, companyId: value.companyId, talentUserId: typeof value.talentUserId === 'string' ? value.talentUserId : null };
  } catch {
    return null;
  }
}
