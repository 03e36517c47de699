import type { APIRoute } from 'astro';
import { selectedCompanyOf } from '../../lib/companies/selected-company';
import { sseComment, sseEvent, sseRetry } from '../../lib/http/server-sent-events';
import { can } from '../../lib/permissions/effective-permissions';

// The signed-in browser's live stream (Server-Sent Events): a `message` event naming the
// thread whenever a message is written in a conversation the reader is a party to, as the
// talent or as a member of the selected company allowed to read its applications. The
// event carries no content: the page reloads what it shows through its usual checks, so a
// member who lost access meanwhile learns nothing. Each stream lasts at most ten minutes;
// the browser then reconnects and is checked again.

const HEARTBEAT_MS = 25_000;
const LIFETIME_MS = 10 * 60_000;
const RECONNECT_MS = 3_000;

const refuse = (status: number) => new Response(null, { status, headers: { 'cache-control': 'no-store' } });

export const GET: APIRoute = async ({ request, locals }) => {
  const { session, services } = locals;
  if (!session) return refuse(401);
  const user = await services.bff.currentUser(session, '/');
  if (!user) return refuse(401);
  const selected = selectedCompanyOf(user, session.record.selectedCompanyId);
  const companyId = selected && can(selected.permissions, 'talentJobApplication', 'read') ? selected.id : null;

  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
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
      const unsubscribe = services.live.subscribe({ reader: { userId: user.id, companyId }, send: (notice) => write(sseEvent('message', { threadId: notice.threadId })) });
      const heartbeat = setInterval(() => write(sseComment('ping')), HEARTBEAT_MS);
      const lifetime = setTimeout(() => stop(), LIFETIME_MS);
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
      request.signal.addEventListener('abort', () => stop());
      write(sseRetry(RECONNECT_MS) + sseComment('live'));
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' } });
};
