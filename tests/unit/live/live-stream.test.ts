import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub } from '../../../src/server/live/live-hub';
import { createLiveStream } from '../../../src/server/bff/page/live-stream';

const decoder = new TextDecoder();

/** Reads what the stream has written so far, and whether it ended. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, chunks: string[]): Promise<boolean> {
  for (;;) {
    const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 0))]);
    if (next === null) return false;
    if (next.done) return true;
    chunks.push(decoder.decode(next.value));
  }
}

describe("a live stream ends with its session: signed out elsewhere, blocked or deleted, it hears nothing more", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const open = (sessionStands: () => Promise<boolean>) => {
    const hub = createLiveHub();
    const stream = createLiveStream({ hub, reader: { userId: 'u-talent', companyId: null }, sessionStands, heartbeatMs: 1_000, lifetimeMs: 60_000, reconnectMs: 3_000, signal: new AbortController().signal });
    return { hub, reader: stream.getReader() };
  };

  it('beats while the session stands, and passes the notices the reader may hear', async () => {
    const { hub, reader } = open(async () => true);
    const chunks: string[] = [];
    await vi.advanceTimersByTimeAsync(2_100);
    hub.publish({ kind: 'message', threadId: 't1', companyId: 'c1', talentUserId: 'u-talent' });
    vi.useRealTimers();
    expect(await drain(reader, chunks)).toBe(false);
    expect(chunks.join('')).toContain(': ping');
    expect(chunks.join('')).toContain('"threadId":"t1"');
    expect(hub.size()).toBe(1);
  });

  it('ends at the first heartbeat after the session ended, and unsubscribes', async () => {
    let stands = true;
    const { hub, reader } = open(async () => stands);
    await vi.advanceTimersByTimeAsync(1_100);
    stands = false;
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    expect(await drain(reader, [])).toBe(true);
    expect(hub.size()).toBe(0);
  });

  it('ends when the session cannot be read (the store is down): closed, never open on a doubt', async () => {
    const { hub, reader } = open(async () => {
      throw new Error('session store unavailable');
    });
    await vi.advanceTimersByTimeAsync(1_100);
    vi.useRealTimers();
    expect(await drain(reader, [])).toBe(true);
    expect(hub.size()).toBe(0);
  });
});
