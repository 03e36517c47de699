import type { LiveNotice } from '../db/live-notices';

// The open live connections of this process (Server-Sent Events) and the notices heard on
// the database, each passed to the connections whose reader may see it. One Set of
// subscribers: a connection costs its stream and one entry here, nothing per notice.

/** Who is reading on one connection: their account, and the company they work in when its role lets them read its threads. */
export interface LiveReader {
  userId: string;
  /** The selected company whose threads the reader may read (talentJobApplication read), or null. */
  companyId: string | null;
}

export interface LiveSubscriber {
  reader: LiveReader;
  send(notice: LiveNotice): void;
}

export interface LiveHub {
  subscribe(subscriber: LiveSubscriber): () => void;
  /** A notice heard on the database: every matching connection gets it once. */
  publish(notice: LiveNotice): void;
  /** Open connections (for the benchmark and the metrics). */
  size(): number;
}

/** Whether a reader is a party to the notice: the thread's talent, or a member reading for its company. */
export function concernsReader(notice: LiveNotice, reader: LiveReader): boolean {
  return notice.talentUserId === reader.userId || (reader.companyId !== null && notice.companyId === reader.companyId);
}

export function createLiveHub(): LiveHub {
  const subscribers = new Set<LiveSubscriber>();
  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    publish(notice) {
      for (const subscriber of subscribers) if (concernsReader(notice, subscriber.reader)) subscriber.send(notice);
    },
    size: () => subscribers.size,
  };
}
