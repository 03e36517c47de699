import { describe, expect, it } from 'vitest';
import { sseComment, sseEvent, sseRetry } from '../../../src/lib/http/server-sent-events';
import { readLiveNotice, type LiveNotice } from '../../../src/server/db/live-notices';
import { concernsReader, createLiveHub } from '../../../src/server/live/live-hub';

const notice: LiveNotice = { kind: 'message', threadId: 't1', companyId: 'c1', talentUserId: 'u-talent' };

describe('who hears of a message: the talent of the thread and the members reading for its company', () => {
  it('tells the talent, and a member whose selected company is the thread’s', () => {
    expect(concernsReader(notice, { userId: 'u-talent', companyId: null })).toBe(true);
    expect(concernsReader(notice, { userId: 'u-member', companyId: 'c1' })).toBe(true);
  });

  it('tells nobody else: another talent, a member of another company, a member without the permission (no company)', () => {
    expect(concernsReader(notice, { userId: 'u-other', companyId: null })).toBe(false);
    expect(concernsReader(notice, { userId: 'u-member', companyId: 'c2' })).toBe(false);
    expect(concernsReader({ ...notice, talentUserId: null }, { userId: 'u-talent', companyId: null })).toBe(false);
  });

  it('passes each notice once to each matching connection, none after it unsubscribed', () => {
    const hub = createLiveHub();
    const heard: string[] = [];
    const stop = hub.subscribe({ reader: { userId: 'u-talent', companyId: null }, send: (each) => heard.push(`talent:${each.threadId}`) });
    hub.subscribe({ reader: { userId: 'u-member', companyId: 'c1' }, send: (each) => heard.push(`member:${each.threadId}`) });
    hub.subscribe({ reader: { userId: 'u-stranger', companyId: 'c9' }, send: (each) => heard.push(`stranger:${each.threadId}`) });
    hub.publish(notice);
    expect(heard).toEqual(['talent:t1', 'member:t1']);
    stop();
    hub.publish({ ...notice, threadId: 't2' });
    expect(heard).toEqual(['talent:t1', 'member:t1', 'member:t2']);
    expect(hub.size()).toBe(2);
  });

  it('reads only well-formed notices from the channel', () => {
    expect(readLiveNotice(JSON.stringify(notice))).toEqual(notice);
    expect(readLiveNotice('not json')).toBeNull();
    expect(readLiveNotice(JSON.stringify({ kind: 'other', threadId: 't', companyId: 'c' }))).toBeNull();
  });
});

describe('Server-Sent Events frames', () => {
  it('writes an event with JSON data, a comment on one line, and the reconnect delay', () => {
    expect(sseEvent('message', { threadId: 't1' })).toBe('event: message\ndata: {"threadId":"t1"}\n\n');
    expect(sseComment('ping\nnext')).toBe(': ping next\n\n');
    expect(sseRetry(3000)).toBe('retry: 3000\n\n');
  });
});
