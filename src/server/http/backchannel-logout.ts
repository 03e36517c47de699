import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSmallBody } from './read-body';
import type { Bff } from '../bff/bff';

const MAX_BODY_BYTES = 16 * 1024;

function answer(res: ServerResponse, status: number, body?: Record<string, string>) {
  res.writeHead(status, { 'cache-control': 'no-store', ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}) });
  res.end(body ? JSON.stringify(body) : undefined);
}

/**
 * OpenID Connect Back-Channel Logout (checklist E26): the provider POSTs a logout token,
 * server to server. It is served before Astro because it carries no Origin header (Astro's
 * origin check would refuse it) and no session cookie: the token itself is the proof.
 */
export function createBackchannelLogoutEndpoint(getBff: () => Bff | null) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      answer(res, 405, { error: 'invalid_request', error_description: 'Use POST' });
      return;
    }
    if (!req.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      answer(res, 400, { error: 'invalid_request', error_description: 'Send application/x-www-form-urlencoded' });
      return;
    }
    const body = await readSmallBody(req, MAX_BODY_BYTES);
    const token = body === null ? null : new URLSearchParams(body).get('logout_token');
    const bff = getBff();
    if (!token || !bff) {
      answer(res, 400, { error: 'invalid_request', error_description: body === null ? 'The request is too large' : 'logout_token is missing' });
      return;
    }
    const result = await bff.backchannelLogout(token);
    if (result.ok) answer(res, 200);
    else answer(res, 400, { error: 'invalid_request', error_description: 'The logout token was not accepted' });
  };
}
