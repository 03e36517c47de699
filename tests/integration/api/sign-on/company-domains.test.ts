import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyDomain, generalEventslog } from '../../../../src/server/db/schema';
import { createDomainCheck } from '../../../../src/server/sign-on/domain-check';
import { recheckProvenDomains } from '../../../../src/server/sign-on/domain-recheck';
import { startDnsServer, type TestDnsServer } from '../../../support/dns-server';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// A company's e-mail domains, proven by a DNS TXT record, against a DNS server on loopback
// that the product's resolver is pointed at: claimed with the record to publish, proven
// once it is there, refused to a second company once proven (while an unproven claim
// blocks nobody), unproven again by the daily check when the record goes, never by a
// resolver that fails. Each write: its permission, a cross-company probe, its event.

const LIST = '{ findManyCompanyDomain { id domain record verifiedAt lastCheckIssue } }';
const CLAIM = 'mutation ($domain: String!) { createOneCompanyDomain(domain: $domain) { id domain record verifiedAt } }';
const CHECK = 'mutation ($id: ID!) { checkOneCompanyDomain(id: $id) { id verifiedAt lastCheckIssue } }';
const DELETE = 'mutation ($id: ID!) { deleteOneCompanyDomain(id: $id) { id } }';

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
type Claimed = { id: string; domain: string; record: string; verifiedAt: string | null };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const fieldCodes = (answer: Answer) => (answer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.map((error) => `${error.field}:${error.code}`);

describeEachDatabase('company e-mail domains proven by DNS', (kind) => {
  let f: CompaniesFixture;
  let dns: TestDnsServer;
  const domainCheck = () => createDomainCheck({ servers: [dns.address] });
  const claim = async (owner: string, companyId: string, domain: string) => {
    const answer = await f.as(owner, CLAIM, { domain }, companyId);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data?.createOneCompanyDomain as Claimed;
  };
  const check = (owner: string, companyId: string, id: string) => f.as(owner, CHECK, { id }, companyId);

  beforeAll(async () => {
    dns = await startDnsServer();
    f = await startCompaniesFixture(kind, { domainCheck: createDomainCheck({ servers: [dns.address] }) });
    await f.memberWithRole('reader-a', f.a.id, 'Sign-on reader', { idp: { read: true } });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
  });
  afterAll(async () => {
    await f.h.close();
    await dns.close();
  });

  it('claims a domain as typed, normalised, with the TXT record to publish; refuses what is not a domain and a second claim', async () => {
    const claimed = await claim('owner-a', f.a.id, ' Company-A.Example. ');
    expect(claimed).toMatchObject({ domain: 'company-a.example', verifiedAt: null });
    expect(claimed.record).toMatch(/^talentplace-verification=[A-Za-z0-9_-]{24}$/);
    expect(fieldCodes(await f.as('owner-a', CLAIM, { domain: 'ada@company-a.example' }, f.a.id))).toEqual(['data.domain:domainNotAddress']);
    expect(fieldCodes(await f.as('owner-a', CLAIM, { domain: 'localhost' }, f.a.id))).toEqual(['data.domain:domainShape']);
    expect(fieldCodes(await f.as('owner-a', CLAIM, { domain: 'company-a.example' }, f.a.id))).toEqual(['data.domain:domainClaimed']);
    const [event] = await f.events('companyDomain.create', claimed.id);
    expect(event).toMatchObject({ toId: f.a.id, eventData: { after: { domain: 'company-a.example', proven: false } } });
    expect(code(await f.as('reader-a', CLAIM, { domain: 'other.example' }, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('blind-a', LIST, {}, f.a.id))).toBe('FORBIDDEN');
    expect((await f.as('reader-a', LIST, {}, f.a.id)).body.data?.findManyCompanyDomain).toEqual([expect.objectContaining({ domain: 'company-a.example' })]);
  });

  it('proves a domain once its TXT record holds the token; says why until then', async () => {
    const claimed = await claim('owner-a', f.a.id, 'proof.example');
    expect((await check('owner-a', f.a.id, claimed.id)).body.data?.checkOneCompanyDomain).toMatchObject({ verifiedAt: null, lastCheckIssue: 'notFound' });
    dns.setTxt('proof.example', [['v=spf1 -all']]);
    expect((await check('owner-a', f.a.id, claimed.id)).body.data?.checkOneCompanyDomain).toMatchObject({ verifiedAt: null, lastCheckIssue: 'noRecord' });
    dns.setTxt('proof.example', [['talentplace-verification=someone-elses-token']]);
    expect((await check('owner-a', f.a.id, claimed.id)).body.data?.checkOneCompanyDomain).toMatchObject({ verifiedAt: null, lastCheckIssue: 'wrongRecord' });
    // The value split in two strings, as DNS does with long values, proves it too.
    const value = claimed.record;
    dns.setTxt('proof.example', [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
    const proven = (await check('owner-a', f.a.id, claimed.id)).body.data?.checkOneCompanyDomain as { verifiedAt: string | null; lastCheckIssue: string | null };
    expect(proven.verifiedAt).not.toBeNull();
    expect(proven.lastCheckIssue).toBeNull();
    expect(await f.events('companyDomain.update', claimed.id)).toHaveLength(1);
    expect(code(await check('reader-a', f.a.id, claimed.id))).toBe('FORBIDDEN');
  });

  it('keeps a proven domain one company’s: a squatter’s earlier claim blocks nobody, and the owner’s proof shuts later claims out', async () => {
    // Company B claims first, but cannot prove it: the record on the domain is A's.
    const squat = await claim('owner-b', f.b.id, 'contested.example');
    const real = await claim('owner-a', f.a.id, 'contested.example');
    dns.setTxt('contested.example', [[real.record]]);
    expect((await check('owner-b', f.b.id, squat.id)).body.data?.checkOneCompanyDomain).toMatchObject({ verifiedAt: null, lastCheckIssue: 'wrongRecord' });
    expect((await check('owner-a', f.a.id, real.id)).body.data?.checkOneCompanyDomain).toMatchObject({ lastCheckIssue: null });
    // Even with A's record copied into B's claim, B cannot prove a domain A has proven.
    await f.h.database.db.update(companyDomain).set({ token: real.record.split('=')[1]! }).where(eq(companyDomain.id, squat.id));
    expect(fieldCodes(await check('owner-b', f.b.id, squat.id))).toEqual(['data.domain:domainTaken']);
    const [rowB] = await f.h.database.db.select().from(companyDomain).where(eq(companyDomain.id, squat.id));
    expect(rowB!.verifiedAt).toBeNull();
    // Given up and claimed again, it is refused outright: A has proven it.
    await f.as('owner-b', DELETE, { id: squat.id }, f.b.id);
    expect(fieldCodes(await f.as('owner-b', CLAIM, { domain: 'contested.example' }, f.b.id))).toEqual(['data.domain:domainTaken']);
  });

  it('answers another company’s domain as NOT_FOUND to every operation, and gives a domain up with its event', async () => {
    const claimed = await claim('owner-a', f.a.id, 'leaving.example');
    expect(code(await check('owner-b', f.b.id, claimed.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', DELETE, { id: claimed.id }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', DELETE, { id: 'not-an-id' }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('reader-a', DELETE, { id: claimed.id }, f.a.id))).toBe('FORBIDDEN');
    expect((await f.as('owner-a', DELETE, { id: claimed.id }, f.a.id)).body.data?.deleteOneCompanyDomain).toEqual({ id: claimed.id });
    expect(await f.h.database.db.select().from(companyDomain).where(eq(companyDomain.id, claimed.id))).toEqual([]);
    expect(await f.events('companyDomain.delete', claimed.id)).toHaveLength(1);
  });

  it('the daily check unproves a domain whose record is gone, with an event of its own, and never on a failed look-up', async () => {
    const kept = await claim('owner-a', f.a.id, 'kept.example');
    const gone = await claim('owner-a', f.a.id, 'gone.example');
    const flaky = await claim('owner-a', f.a.id, 'flaky.example');
    for (const [domain, claimed] of [['kept.example', kept], ['gone.example', gone], ['flaky.example', flaky]] as const) {
      dns.setTxt(domain, [[claimed.record]]);
      expect((await check('owner-a', f.a.id, claimed.id)).body.data?.checkOneCompanyDomain).toMatchObject({ lastCheckIssue: null });
    }
    dns.setTxt('gone.example', [['v=spf1 -all']]);
    dns.silence('flaky.example');
    const result = await recheckProvenDomains({ db: f.h.database.db, domainCheck: domainCheck() });
    expect(result.lost).toBe(1);
    const rows = await f.h.database.db.select().from(companyDomain).where(eq(companyDomain.companyId, f.a.id));
    const byDomain = new Map(rows.map((row) => [row.domain, row]));
    expect(byDomain.get('kept.example')!.verifiedAt).not.toBeNull();
    expect(byDomain.get('gone.example')).toMatchObject({ verifiedAt: null, lastCheckIssue: 'noRecord' });
    expect(byDomain.get('flaky.example')).toMatchObject({ lastCheckIssue: 'lookupFailed' });
    expect(byDomain.get('flaky.example')!.verifiedAt).not.toBeNull();
    const events = await f.h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'companyDomain.update'), eq(generalEventslog.toId, f.a.id)));
    expect(events.filter((event) => event.eventData.action === 'dailyCheck').map((event) => (event.eventData.after as { domain: string }).domain)).toEqual(['gone.example']);
  });
});
