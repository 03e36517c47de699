import { sseComment, sseEvent, sseRetry } from '../../../lib/http/server-sent-events';
import type { LiveHub, LiveReader } from '../../live/live-hub';

// One signed-in browser's live stream (Server-Sent Events, src/pages/api/live.ts): a
// `message` event naming the thread for each notice the reader may hear, a heartbeat, and
// an end: after its lifetime (the browser reconnects and is checked again), when the
// browser goes, or at the first heartbeat after its session ended (signed out elsewhere,
// blocked, or the account deleted), so nothing is sent on a session that no longer is.

export interface LiveStreamOptions {
  hub: LiveHub;
  reader: LiveReader;
  /** Whether the session the stream was opened with still stands (never extends it); false or a failure ends the stream. */
  sessionStands: () => Promise<boolean>;
  heartbeatMs: number;
  lifetimeMs: number;
  reconnectMs: number;
  /** The request's abort signal: the browser went. */
  signal: AbortSignal;
}

export function createLiveStream(options: LiveStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = options.hub.subscribe({ reader: options.reader, send: (notice) => write(sseEvent('message', { threadId: notice.threadId })) });
      const beat = async () => {
        const stands = await options.sessionStands().catch(() => false);
        if (stands) write(sseComment('ping'));
        else stop();
      };
      const heartbeat = setInterval(() => void beat(), options.heartbeatMs);
      const lifetime = setTimeout(() => stop(), options.lifetimeMs);
      stop = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      options.signal.addEventListener('abort', () => stop());
      write(sseRetry(options.reconnectMs) + sseComment('live'));
    },
    cancel() {
      stop();
    },
  });
}
