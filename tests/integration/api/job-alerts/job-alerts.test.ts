import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendJobAlertDigests, unsubscribeJobAlert, type JobAlertDigestOptions } from '../../../../src/server/api/job-alerts/job-alert-digests';
import { createUnsubscribeToken } from '../../../../src/server/api/job-alerts/unsubscribe-token';
import { company, generalEventslog, jobAd, jobAlert } from '../../../../src/server/db/schema';
import { createUnsubscribeEndpoint } from '../../../../src/server/http/unsubscribe';
import type { MailMessage } from '../../../../src/server/mail/mailer';
import { createSmtpMailer } from '../../../../src/server/mail/smtp-mailer';
import { createPostgresJobSearch } from '../../../../src/server/job-ad-search/postgres-job-search';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { startSmtpServer } from '../../../support/smtp-server';
import { describeEachDatabase } from '../../../support/test-database';

// Job alerts: saved searches of talents, their digests (only ads new
// since the last one, at most 10 per mail and 2 per company), and the one-click
// unsubscribe of RFC 8058. The digest job is called as the scheduler calls it, with the
// time given: nothing here waits for a clock.

const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const LIST = '{ myJobAlerts { id query frequency lastSentAt } }';
const CREATE = 'mutation ($data: CreateMyJobAlertInput!) { createMyJobAlert(data: $data) { id query frequency } }';
const UPDATE = 'mutation ($id: ID!, $data: UpdateMyJobAlertInput!) { updateMyJobAlert(id: $id, data: $data) { id frequency } }';
const DELETE = 'mutation ($id: ID!) { deleteMyJobAlert(id: $id) }';
const KEY = 'test-unsubscribe-key';
const HOUR = 3_600_000;

describeEachDatabase('job alerts: saved searches, digests and one-click unsubscribe', (kind) => {
  let h: ApiHarness;
  const sent: MailMessage[] = [];
  let digest: JobAlertDigestOptions;
  let alertId: string;
  let companies: { busy: string; quiet: string };
  const as = async (subject: string, query: string, variables: Record<string, unknown> = {}) => h.call(query, { token: await h.token(subject), variables });
  const addAd = async (title: string, companyId: string, publishedAt: Date) =>
    (await h.database.db.insert(jobAd).values({ title, publisherCompanyId: companyId, publishedAt, publishedUntil: new Date(publishedAt.getTime() + 30 * 24 * HOUR) }).returning({ id: jobAd.id }))[0]!.id;

  beforeAll(async () => {
    h = await startApiHarness(kind);
    digest = {
      db: h.database.db,
      jobSearch: createPostgresJobSearch(h.database.db),
      mailer: { send: async (message) => void sent.push(message) },
      site: { origin: 'https://talentplace.test', productName: 'Talentplace' },
      unsubscribeKey: KEY,
      log: () => {},
    };
    for (const subject of ['tala', 'talb']) await as(subject, CREATE_PROFILE, { data: { email: `${subject}@example.test`, profileName: subject } });
    const [busy, quiet] = await h.database.db.insert(company).values([{ name: 'Busy Corp', verificationStatus: 'verified' }, { name: 'Quiet Ltd', verificationStatus: 'verified' }]).returning({ id: company.id });
    companies = { busy: busy!.id, quiet: quiet!.id };
  });
  afterAll(() => h.close());

  it('saves the search of /jobs without its page or order, once, and records it', async () => {
    const { body } = await as('tala', CREATE, { data: { query: '?q=developer&page=3&sort_by=publishedAt:asc', frequency: 'daily' } });
    expect(body.errors).toBeUndefined();
    const created = body.data?.createMyJobAlert as { id: string; query: string; frequency: string };
    expect(created).toMatchObject({ query: 'q=developer', frequency: 'daily' });
    alertId = created.id;
    const again = await as('tala', CREATE, { data: { query: 'q=developer', frequency: 'weekly' } });
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'alreadySaved' });
    const events = await h.database.db.select().from(generalEventslog).where(eq(generalEventslog.type, 'jobAlert.create'));
    expect(events.map((event) => event.eventData.entityId)).toEqual([alertId]);
  });

  it('is for talents only: a user without a talent profile, or a guest, cannot save one', async () => {
    expect((await as('no-profile', CREATE, { data: { query: 'q=x', frequency: 'daily' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const guest = await h.call(CREATE, { variables: { data: { query: 'q=x', frequency: 'daily' } } });
    expect(guest.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("lets nobody read, change or delete another talent's alert: NOT_FOUND as for a missing one", async () => {
    expect((await as('talb', LIST)).body.data?.myJobAlerts).toEqual([]);
    expect((await as('talb', UPDATE, { id: alertId, data: { frequency: 'weekly' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await as('talb', DELETE, { id: alertId })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await as('talb', DELETE, { id: 'not-an-id' })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await as('tala', LIST)).body.data?.myJobAlerts).toEqual([expect.objectContaining({ id: alertId, frequency: 'daily' })]);
  });

  it('mails a digest of only the ads published since the alert was saved, at most 2 per company', async () => {
    const now = new Date();
    const since = new Date(now.getTime() - 25 * HOUR);
    await h.database.db.update(jobAlert).set({ checkedThrough: since }).where(eq(jobAlert.id, alertId));
    await addAd('Old Developer', companies.busy, new Date(since.getTime() - HOUR));
    await addAd('Accountant', companies.quiet, new Date(now.getTime() - 2 * HOUR));
    for (const hours of [1, 2, 3]) await addAd(`Busy Developer ${hours}`, companies.busy, new Date(now.getTime() - hours * HOUR));
    await addAd('Quiet Developer', companies.quiet, new Date(now.getTime() - 4 * HOUR));

    expect(await sendJobAlertDigests(digest, 'weekly', now)).toMatchObject({ checked: 0, sent: 0 });
    expect(await sendJobAlertDigests(digest, 'daily', now)).toMatchObject({ checked: 1, sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.to).toBe('tala@example.test');
    expect(mail!.subject).toBe('3 new jobs for “developer” on Talentplace');
    expect(mail!.text).toContain('Busy Developer 1');
    expect(mail!.text).toContain('Busy Developer 2');
    expect(mail!.text).not.toContain('Busy Developer 3');
    expect(mail!.text).toContain('Quiet Developer');
    expect(mail!.text).not.toContain('Old Developer');
    expect(mail!.text).not.toContain('Accountant');
    expect(mail!.text).toContain('1 more new job matches');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers?.['List-Unsubscribe']).toBe(`<https://talentplace.test/unsubscribe?token=${createUnsubscribeToken(KEY, alertId)}>`);
  });

  it('sends the next digest a day later with only the ads new since the first', async () => {
    const first = sent.length;
    const now = new Date();
    expect(await sendJobAlertDigests(digest, 'daily', now)).toMatchObject({ checked: 0 });
    const [row] = await h.database.db.select().from(jobAlert).where(eq(jobAlert.id, alertId));
    expect(row!.lastSentAt).not.toBeNull();
    const later = new Date(row!.checkedThrough.getTime() + 24 * HOUR);
    await addAd('Fresh Developer', companies.quiet, new Date(later.getTime() - HOUR));
    expect(await sendJobAlertDigests(digest, 'daily', later)).toMatchObject({ checked: 1, sent: 1 });
    expect(sent).toHaveLength(first + 1);
    expect(sent.at(-1)!.subject).toBe('1 new job for “developer” on Talentplace');
    expect(sent.at(-1)!.text).toContain('Fresh Developer');
    expect(sent.at(-1)!.text).not.toContain('Busy Developer');
  });

  it('keeps the alert due when the mail fails, and sends the same ads on the next run', async () => {
    const [row] = await h.database.db.select().from(jobAlert).where(eq(jobAlert.id, alertId));
    const later = new Date(row!.checkedThrough.getTime() + 24 * HOUR);
    await addAd('Retried Developer', companies.busy, new Date(later.getTime() - HOUR));
    const failing = { ...digest, mailer: { send: () => Promise.reject(new Error('connection refused')) } };
    expect(await sendJobAlertDigests(failing, 'daily', later)).toMatchObject({ checked: 1, sent: 0, failed: 1 });
    const [after] = await h.database.db.select().from(jobAlert).where(eq(jobAlert.id, alertId));
    expect(after!.checkedThrough).toEqual(row!.checkedThrough);
    expect(await sendJobAlertDigests(digest, 'daily', later)).toMatchObject({ sent: 1 });
    expect(sent.at(-1)!.text).toContain('Retried Developer');
  });

  it('sends the digest through a real SMTP server with the List-Unsubscribe headers of RFC 8058', async () => {
    const smtp = await startSmtpServer();
    try {
      const [row] = await h.database.db.select().from(jobAlert).where(eq(jobAlert.id, alertId));
      const later = new Date(row!.checkedThrough.getTime() + 24 * HOUR);
      await addAd('Mailed Developer', companies.quiet, new Date(later.getTime() - HOUR));
      const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} });
      expect(await sendJobAlertDigests({ ...digest, mailer }, 'daily', later)).toMatchObject({ sent: 1 });
      mailer.close();
      const raw = smtp.received[0]!.raw.replace(/\r\n[ \t]+/g, ' ');
      expect(raw).toMatch(new RegExp(`^List-Unsubscribe: <https://talentplace.test/unsubscribe\\?token=${alertId}\\.[\\w-]+>$`, 'm'));
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(raw).toContain('Content-Type: text/html');
      expect(raw).toContain('Content-Type: text/plain');
    } finally {
      await smtp.close();
    }
  });

  it('unsubscribes in one click: a POST with the token and no session removes the alert, recorded as the talent\'s delete', async () => {
    const server: Server = createServer((req, res) => {
      const endpoint = createUnsubscribeEndpoint(() => (token) => unsubscribeJobAlert(h.database.db, KEY, token));
      void endpoint(req, res, new URL(req.url ?? '/', 'http://localhost')).then((handled) => handled || res.writeHead(404).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/unsubscribe`;
    try {
      const forged = await fetch(`${base}?token=${alertId}.AAAA`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(forged.status).toBe(200);
      expect(await h.database.db.select().from(jobAlert).where(eq(jobAlert.id, alertId))).toHaveLength(1);

      const token = createUnsubscribeToken(KEY, alertId);
      const oneClick = await fetch(`${base}?token=${token}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toBe('Unsubscribed');
      expect(await h.database.db.select().from(jobAlert).where(eq(jobAlert.id, alertId))).toEqual([]);
      const [event] = await h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.type, 'jobAlert.delete')));
      expect(event?.eventData).toMatchObject({ entityId: alertId, unsubscribed: true });

      // The page's button: sent back to the page, which says it is done (or that nothing was left).
      const button = await fetch(`${base}?token=${token}`, { method: 'POST', body: '', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(button.status).toBe(303);
      expect(button.headers.get('location')).toBe('/unsubscribe?unknown=1');
      // GET is the page's: the endpoint leaves it alone, so a link scanner unsubscribes nobody.
      expect((await fetch(`${base}?token=${token}`)).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
