import type { APIRoute } from 'astro';
import { selectedCompanyOf } from '../../lib/companies/selected-company';
import { can } from '../../lib/permissions/effective-permissions';
import { createLiveStream } from '../../server/bff/page/live-stream';

// The signed-in browser's live stream (Server-Sent Events): a `message` event naming the
// thread whenever a message is written in a conversation the reader is a party to, as the
// talent or as a member of the selected company allowed to read its applications. The
// event carries no content: the page reloads what it shows through its usual checks, so a
// member who lost access meanwhile learns nothing. Each stream lasts at most ten minutes;
// the browser then reconnects and is checked again. A stream whose session ended (signed
// out, blocked, the account deleted) ends at its next heartbeat (server/bff/page/live-stream.ts).

const HEARTBEAT_MS = 25_000;
const LIFETIME_MS = 10 * 60_000;
const RECONNECT_MS = 3_000;

const refuse = (status: number) => new Response(null, { status, headers: { 'cache-control': 'no-store' } });

export const GET: APIRoute = async ({ request, locals, cookies }) => {
  const { session, services } = locals;
  if (!session) return refuse(401);
  const user = await services.bff.currentUser(session, '/');
  if (!user) return refuse(401);
  const selected = selectedCompanyOf(user, session.record.selectedCompanyId);
  const companyId = selected && can(selected.permissions, 'talentJobApplication', 'read') ? selected.id : null;

  const cookie = cookies.get(services.bff.sessionCookieName)?.value;
  const stream = createLiveStream({
    hub: services.live,
    reader: { userId: user.id, companyId },
    // Read, never touched: an open stream does not keep its session alive.
    sessionStands: async () => (await services.bff.loadSession(cookie, { touch: false })) !== null,
    heartbeatMs: HEARTBEAT_MS,
    lifetimeMs: LIFETIME_MS,
    reconnectMs: RECONNECT_MS,
    signal: request.signal,
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' } });
};
