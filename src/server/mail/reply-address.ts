import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids';

// The address a message mail is answered to: `reply+<token>@<domain>`, one per thread and
// recipient. The token is the two ids and an HMAC-SHA256 of them (first 16 bytes) under a
// key of the server's: nobody can make one for a thread or a person they were not mailed
// about, and changing any character breaks it. It names who may answer, not who did: the
// mail's From must still be that person's address.

const PREFIX = 'reply+';
const MAC_BYTES = 16;

export interface ReplyAddress {
  domain: string;
  /** The address for `userId`'s answers in `threadId`. */
  addressFor(threadId: string, userId: string): string;
  /** The thread and recipient of an address, or null when it is not one of ours or was altered. */
  read(address: string): { threadId: string; userId: string } | null;
}

const idBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const idOf = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export function createReplyAddress(key: string, domain: string): ReplyAddress {
  const macOf = (ids: Buffer) => createHmac('sha256', key).update('message-reply').update(ids).digest().subarray(0, MAC_BYTES);
  return {
    domain,
    addressFor(threadId, userId) {
      const ids = Buffer.concat([idBytes(threadId), idBytes(userId)]);
      return `${PREFIX}${Buffer.concat([ids, macOf(ids)]).toString('base64url')}@${domain}`;
    },
    read(address) {
      const at = address.lastIndexOf('@');
      if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
      const local = address.slice(0, at);
      if (!local.toLowerCase().startsWith(PREFIX)) return null;
      const token = local.slice(PREFIX.length);
      if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== 32 + MAC_BYTES) return null;
      const ids = bytes.subarray(0, 32);
      if (!timingSafeEqual(bytes.subarray(32), macOf(ids))) return null;
      const threadId = idOf(ids.subarray(0, 16));
      const userId = idOf(ids.subarray(16, 32));
      return isUuid(threadId) && isUuid(userId) ? { threadId, userId } : null;
    },
  };
}
