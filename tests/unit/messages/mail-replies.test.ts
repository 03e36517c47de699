import { describe, expect, it } from 'vitest';
import { isUnread } from '../../../src/lib/messages/message-rules';
import { newPartOf } from '../../../src/server/api/messages/mail-replies';
import { createReplyAddress } from '../../../src/server/mail/reply-address';

const THREAD = '0b8f3c1e-8a4d-4b7e-9c2f-5d6e7f8a9b0c';
const USER = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';

describe('the reply address: one per thread and recipient, signed', () => {
  const replies = createReplyAddress('a key of the server, long enough', 'talentplace.example');

  it('names its thread and recipient back', () => {
    const address = replies.addressFor(THREAD, USER);
    expect(address).toMatch(/^reply\+[A-Za-z0-9_-]{64}@talentplace\.example$/);
    expect(replies.read(address)).toEqual({ threadId: THREAD, userId: USER });
    expect(replies.read(address.toUpperCase().replace('@TALENTPLACE.EXAMPLE', '@talentplace.example'))).toBeNull();
  });

  it('refuses an address altered by one character, of another domain, or made with another key', () => {
    const address = replies.addressFor(THREAD, USER);
    const at = address.indexOf('@');
    const flipped = `${address.slice(0, at - 1)}${address[at - 1] === 'A' ? 'B' : 'A'}${address.slice(at)}`;
    expect(replies.read(flipped)).toBeNull();
    expect(replies.read(address.replace('talentplace.example', 'evil.example'))).toBeNull();
    expect(createReplyAddress('another key entirely, also long', 'talentplace.example').read(address)).toBeNull();
    expect(replies.read('reply+short@talentplace.example')).toBeNull();
    expect(replies.read('somebody@talentplace.example')).toBeNull();
  });
});

describe('a reply by mail keeps only what is new', () => {
  it('cuts the quoted history and the signature', () => {
    const text = 'Yes, March works for me.\n\nBest,\nAda\n\nOn Sun, 29 Nov 2026 at 08:22, Northwind Labs <reply+abc@talentplace.example> wrote:\n> Can you start in March?\n> We are flexible.\n';
    expect(newPartOf(text)).toBe('Yes, March works for me.\n\nBest,\nAda');
    expect(newPartOf('Sure.\r\n\r\n-- \r\nAda Lovelace\r\nAnalyst\r\n')).toBe('Sure.');
  });

  it('leaves nothing of a mail that only quotes', () => {
    expect(newPartOf('On Sun, 29 Nov 2026, Northwind Labs wrote:\n> Can you start in March?\n')).toBe('');
  });
});

describe('the unread rule', () => {
  const at = (iso: string) => new Date(iso);
  it('counts what the other side wrote after the reader last opened the thread', () => {
    expect(isUnread({ fromCompany: true, createdAt: at('2026-11-29T08:00:00Z') }, 'talent', null)).toBe(true);
    expect(isUnread({ fromCompany: true, createdAt: at('2026-11-29T08:00:00Z') }, 'talent', at('2026-11-29T08:01:00Z'))).toBe(false);
    expect(isUnread({ fromCompany: false, createdAt: at('2026-11-29T08:00:00Z') }, 'talent', null)).toBe(false);
    expect(isUnread({ fromCompany: false, createdAt: at('2026-11-29T08:02:00Z') }, 'company', at('2026-11-29T08:01:00Z'))).toBe(true);
  });
});
