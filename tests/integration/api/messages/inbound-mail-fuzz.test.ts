import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGE_MAX, messageSchema } from '../../../../src/lib/messages/message-rules';
import { createMailReplies, newPartOf } from '../../../../src/server/api/messages/mail-replies';
import { message } from '../../../../src/server/db/schema';
import { startInboundMail, type InboundMail } from '../../../../src/server/mail/inbound-mail';
import type { MailMessage } from '../../../../src/server/mail/mailer';
import { createReplyAddress } from '../../../../src/server/mail/reply-address';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import { pdfBytes } from '../../../support/upload-fixtures';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Fuzzed answers to message mails, sent over a raw SMTP conversation to the real listener
// and handler: malformed MIME, huge and broken headers, wrong charsets, control bytes,
// empty and quote-only bodies, mails over the size bound, right and wrong senders and
// reply addresses. Whatever arrives, the mail is either refused with an SMTP error and
// nothing is stored, or accepted and exactly one whole message is stored: the new part of
// the reply, as readable as one typed on the page. The listener answers the next mail.
// FUZZ_RUNS raises the number of mails per property for a longer run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SIZE_LIMIT = 64 * 1024;
// A failure is shrunk to a small mail, a few hundred more sends: room for that beyond the run itself.
const SHRINKING_TIMEOUT = 180_000;
const PARSE_OPTIONS = { skipImageLinks: true, skipTextToHtml: true } as const;

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const SEND = 'mutation ($jobApplicationId: ID!, $data: MessageInput!) { sendCompanyMessage(jobApplicationId: $jobApplicationId, data: $data) { id } }';
const THREAD = 'query ($jobApplicationId: ID!) { findMessageThread(jobApplicationId: $jobApplicationId) { id } }';

// --- A raw SMTP client: every byte of the mail is ours to choose. ---

interface SmtpAnswer {
  /** The command the conversation ended on: a refused MAIL FROM or RCPT TO, or the end of DATA. */
  stage: 'MAIL' | 'RCPT' | 'DATA' | 'END';
  code: number;
  text: string;
}

const endsLine = (data: Buffer) => data.length === 0 || (data[data.length - 2] === 0x0d && data[data.length - 1] === 0x0a);
/** What the listener receives of `data`: the line break before the final dot is part of the last line. */
const delivered = (data: Buffer) => (endsLine(data) ? data : Buffer.concat([data, Buffer.from('\r\n')]));

/** The DATA payload: a dot that starts a line gets another (RFC 5321), then the lone dot ends it. */
function dotStuffed(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i] === 0x2e && (i === 0 || data[i - 1] === 0x0a)) {
      parts.push(data.subarray(start, i), Buffer.from('.'));
      start = i;
    }
  }
  parts.push(data.subarray(start));
  parts.push(Buffer.from(endsLine(data) ? '.\r\n' : '\r\n.\r\n'));
  return Buffer.concat(parts);
}

async function sendRaw(port: number, mail: { mailFrom: string; rcptTo: string; declareSize: boolean; data: Buffer }): Promise<SmtpAnswer> {
  const socket = net.connect(port, '127.0.0.1');
  // A listener that stopped answering fails the property instead of hanging the run.
  socket.setTimeout(10_000, () => socket.destroy(new Error('the listener stopped answering')));
  const lines = createInterface({ input: socket, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const text: string[] = [];
    for (;;) {
      const line = await lines.next();
      if (line.done) throw new Error(`the listener closed the connection (${text.join(' ')})`);
      text.push(line.value.slice(4));
      // "250-" goes on, "250 " ends the reply.
      if (line.value[3] !== '-') return { code: Number(line.value.slice(0, 3)), text: text.join('\n') };
    }
  };
  const command = (line: string | Buffer) => {
    socket.write(line);
    return next();
  };
  try {
    expect((await next()).code).toBe(220);
    expect((await command('EHLO fuzz.test\r\n')).code).toBe(250);
    const size = mail.declareSize ? ` SIZE=${mail.data.length}` : '';
    const from = await command(`MAIL FROM:<${mail.mailFrom}>${size}\r\n`);
    if (from.code !== 250) return { stage: 'MAIL', ...from };
    const rcpt = await command(`RCPT TO:<${mail.rcptTo}>\r\n`);
    if (rcpt.code !== 250) return { stage: 'RCPT', ...rcpt };
    const data = await command('DATA\r\n');
    if (data.code !== 354) return { stage: 'DATA', ...data };
    return { stage: 'END', ...(await command(dotStuffed(mail.data))) };
  } finally {
    if (!socket.destroyed) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.end('QUIT\r\n');
      });
    }
  }
}

// --- Mails: a reply text, how its content is put, header noise, sender and recipient. ---

// Words that the reply parser keeps as they are; "." and "..." start lines that need dot-stuffing.
const WORDS = ['yes', 'March', 'works', 'für', 'mich', 'ça', 'marche', '日本語', 'ok', 'Grüße', '😀', 'naïve', 'thanks', '1.5', 'e-mail', 'Montag', 'ñandú', 'Ω', '.', '...', 'x'];
const replyText = fc
  .array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((words) => words.join(' ')), { minLength: 1, maxLength: 6 })
  .map((lines) => lines.join('\n'));
// What a mail client adds below the answer; the reply parser cuts each of them off.
const TAILS = ['', '\n\nOn Sun, 29 Nov 2026 at 10:00, Company A <reply@replies.talentplace.test> wrote:\n> Can you start in March?\n>\n', '\n\n-- \nAda\n', '\n\nSent from my phone\n'];

/** Contents the listener must refuse whoever sends them. */
const REFUSED: readonly Kind[] = ['empty', 'quote-only', 'too-long', 'oversize', 'junk-attachment'];

// Header noise, and whether the content headers after it must still be read as they are.
const NOISES = { none: true, 'long-line': true, 'many-headers': true, 'folded-subject': true, 'control-bytes': true, 'bogus-encoded-word': true, 'raw-8bit-subject': true, 'no-colon': false } as const;

const SENDERS = { right: ['ada@example.test', 'Ada <ada@example.test>', '"Lovelace, Ada" <ADA@Example.Test>', '=?utf-8?Q?Ad=C3=A1?= <ada@example.test>', '=?x-bogus?Q?Ad=E1?= <ada@example.test>'], wrong: [null, 'mallory@example.test', 'Ada <ada@example.test.evil>', 'undisclosed-recipients:;', 'Mallory <mallory@example.test>, Ada <ada@example.test>'] } as const;
// Wrong recipients: a forged token, another domain, a signed address of a thread that does not
// exist, and the company owner's address of this thread (which Ada's From does not own).
const RECIPIENTS = { right: ['thread', 'thread-upper-domain'], wrong: ['forged', 'other-domain', 'stranger-thread', 'company-owner'] } as const;
type Recipient = (typeof RECIPIENTS)['right' | 'wrong'][number];
/** Refused at RCPT TO, before any content is sent. */
const REFUSED_AT_RCPT: readonly Recipient[] = ['forged', 'other-domain'];

const shapeOf = (senders: fc.Arbitrary<string | null>, recipients: fc.Arbitrary<Recipient>) =>
  fc.record({
    text: replyText,
    tail: fc.constantFrom(...TAILS),
    kind: fc.constantFrom(...(Object.keys(CONTENTS) as Kind[])),
    noise: fc.constantFrom(...(Object.keys(NOISES) as Array<keyof typeof NOISES>)),
    noiseSize: fc.integer({ min: 50, max: 1500 }),
    junk: fc.uint8Array({ minLength: 1, maxLength: 2000 }),
    // Where to cut or insert, in thousandths (fc.double leans on 0 and 1, this spreads).
    at: fc.integer({ min: 0, max: 999 }).map((n) => n / 1000),
    depth: fc.integer({ min: 2, max: 40 }),
    declareSize: fc.boolean(),
    sender: senders,
    recipient: recipients,
    strangerThread: fc.uuid(),
  });
type Shape = ReturnType<typeof shapeOf> extends fc.Arbitrary<infer T> ? T : never;

interface FuzzMail {
  mailFrom: string;
  rcptTo: string;
  declareSize: boolean;
  data: Buffer;
  /** Sender and recipient are the talent's and her thread's (null: the content decides who it is from). */
  rightPeople: boolean | null;
  /** The body the mail is stored with if it is stored at all; null when the content is too broken to say. */
  expected: string | null;
  mustRefuse: boolean;
  /** Well-formed, from her, to her thread: it has to be taken. */
  mustAccept: boolean;
  /** A recipient that is no live reply address of ours: refused before any content is sent. */
  refusedAtRcpt: boolean;
}

const crlf = (text: string) => text.replace(/\n/g, '\r\n');
const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
const section = (headers: string[], body: Buffer | string) => Buffer.concat([Buffer.from(`${headers.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
const multipart = (boundary: string, parts: Buffer[], closed = true) =>
  Buffer.concat([...parts.flatMap((part) => [Buffer.from(`--${boundary}\r\n`), part, Buffer.from('\r\n')]), Buffer.from(closed ? `--${boundary}--\r\n` : '')]);

function quotedPrintable(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const pieces = [...Buffer.from(line)].map((byte) => (byte >= 32 && byte <= 126 && byte !== 61 ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`));
      if (pieces.at(-1) === ' ') pieces[pieces.length - 1] = '=20';
      // Soft line breaks keep each encoded line short, never inside an "=XX".
      const rows = [''];
      for (const piece of pieces) {
        if (rows.at(-1)!.length + piece.length > 73) rows.push(piece);
        else rows[rows.length - 1] += piece;
      }
      return rows.join('=\r\n');
    })
    .join('\r\n');
}

/**
 * How a content's text must read: `exact`, mailparser gives the reply back as it is;
 * `whole`, the reply is all there but the MIME around it is broken, so the mail may be
 * refused, but if stored it is all of the reply; `unknown`, too broken to say.
 */
type Reading = 'exact' | 'whole' | 'unknown';
type Content = { headers: string[]; body: Buffer; reading: Reading };
/** The reply with what the mail client adds below it (`text`), in the forms the contents need. */
type Material = { text: string; utf8: Buffer; textPart: Buffer; htmlPart: Buffer; junk: Buffer; depth: number; extra: number; at: number };
/** A multipart cut somewhere after its first part's headers: in the reply, or in a later part. */
function cutOff(bytes: Buffer, at: number): Buffer {
  const start = bytes.indexOf('\r\n\r\n') + 4;
  return bytes.subarray(0, start + Math.floor((bytes.length - start) * at));
}
const withJunk = (bytes: Buffer, junk: Buffer, at: number) => Buffer.concat([bytes.subarray(0, Math.floor(bytes.length * at)), junk, bytes.subarray(Math.floor(bytes.length * at))]);

const PLAIN = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'];
const BASE64 = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'];
const QP = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'];
const fits = (text: string, max: number) => [...text].every((char) => char.codePointAt(0)! <= max);
const content = (headers: string[], body: Buffer | string, reading: Reading = 'unknown'): Content => ({ headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body), reading });
function deeplyNested(m: Material): Content {
  let body = multipart('deep-0', [m.textPart]);
  for (let level = 1; level < m.depth; level++) body = multipart(`deep-${level}`, [section([`Content-Type: multipart/mixed; boundary="deep-${level - 1}"`], body)]);
  return content([`Content-Type: multipart/mixed; boundary="deep-${m.depth - 1}"`], body, 'exact');
}

const CONTENTS = {
  // Well-formed.
  'utf8-8bit': (m) => content(PLAIN, m.utf8, 'exact'),
  'utf8-base64': (m) => content(BASE64, base64Lines(Buffer.from(m.text)), 'exact'),
  'utf8-qp': (m) => content(['Content-Type: TEXT/PLAIN; charset="UTF-8"', 'Content-Transfer-Encoding: Quoted-Printable'], quotedPrintable(m.text), 'exact'),
  'utf16-base64': (m) => content(['Content-Type: text/plain; charset=utf-16le', 'Content-Transfer-Encoding: base64'], base64Lines(Buffer.from(crlf(m.text), 'utf16le')), 'exact'),
  latin1: (m) => content(['Content-Type: text/plain; charset=iso-8859-1'], Buffer.from(crlf(m.text), 'latin1'), fits(m.text, 0xff) ? 'exact' : 'unknown'),
  'ascii-no-type': (m) => content([], m.utf8, fits(m.text, 0x7f) ? 'exact' : 'unknown'),
  alternative: (m) => content(['Content-Type: multipart/alternative; boundary="alt-1"'], multipart('alt-1', [m.textPart, m.htmlPart]), 'exact'),
  'nested-mixed': (m) =>
    content(['Content-Type: multipart/mixed; boundary="mix-1"'], multipart('mix-1', [
      section(['Content-Type: multipart/alternative; boundary="alt-2"'], multipart('alt-2', [m.textPart, m.htmlPart])),
      section(['Content-Type: application/octet-stream; name="cv.bin"', 'Content-Disposition: attachment; filename="cv.bin"', 'Content-Transfer-Encoding: base64'], base64Lines(pdfBytes('CV'))),
    ]), 'exact'),
  // A file no message takes (the message attachment rule): the whole mail is refused.
  'junk-attachment': (m) =>
    content(['Content-Type: multipart/mixed; boundary="mix-2"'], multipart('mix-2', [
      m.textPart,
      section(['Content-Type: application/octet-stream; name="run.bin"', 'Content-Disposition: attachment; filename="run.bin"', 'Content-Transfer-Encoding: base64'], base64Lines(Buffer.concat([Buffer.from('MZ'), m.junk]))),
    ])),
  'deep-nesting': deeplyNested,
  // Wrong charsets and encodings, malformed MIME, control bytes, junk.
  'latin1-as-utf8': (m) => content(PLAIN, Buffer.from(crlf(m.text), 'latin1')),
  'utf8-as-bogus': (m) => content(['Content-Type: text/plain; charset=bogus'], m.utf8),
  'utf8-as-utf16': (m) => content(['Content-Type: text/plain; charset=utf-16'], m.utf8),
  '8bit-no-type': (m) => content([], withJunk(m.utf8, m.junk, m.at)),
  'bad-base64': (m) => content(BASE64, `${base64Lines(Buffer.from(m.text)).slice(0, -1)}!*~=\r\n=ab`),
  'bad-qp': (m) => content(QP, `${quotedPrintable(m.text)} =ZZ =4\r\n=C3=\r\nend=`),
  'bogus-encoding': (m) => content(['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: x-bogus'], m.utf8),
  'no-closing-boundary': (m) => content(['Content-Type: multipart/alternative; boundary="alt-3"'], multipart('alt-3', [m.textPart, m.htmlPart], false), 'whole'),
  'wrong-boundary': (m) => content(['Content-Type: multipart/alternative; boundary="declared"'], multipart('used', [m.textPart, m.htmlPart])),
  'no-boundary': (m) => content(['Content-Type: multipart/mixed'], multipart('alt-4', [m.textPart])),
  truncated: (m) => content(['Content-Type: multipart/alternative; boundary="alt-5"'], cutOff(multipart('alt-5', [m.textPart, m.htmlPart]), m.at), 'whole'),
  'html-only': (m) => content(['Content-Type: text/html; charset=utf-8'], `<html><body><p>${m.text}</p><div><b>broken <i>nesting</div>`),
  'control-bytes': (m) => content(PLAIN, withJunk(m.utf8, Buffer.from([0, 1, 7, 0x1b, 0x7f, 0, 0x0b]), m.at)),
  'random-bytes': (m) => content(PLAIN, withJunk(m.utf8, m.junk, m.at)),
  garbage: (m) => content([], m.junk),
  // Refused whatever the sender.
  empty: () => content(PLAIN, ''),
  'quote-only': (m) => content(PLAIN, crlf(`On Sun, 29 Nov 2026, Company A <reply@replies.talentplace.test> wrote:\n> ${m.text.replace(/\n/g, '\n> ')}\n`)),
  'too-long': (m) => content(PLAIN, crlf(`${'word '.repeat(MESSAGE_MAX / 4)}\n${m.text}`)),
  oversize: (m) => content(PLAIN, crlf(`${m.text}\n${'0123456789abcdef'.repeat(SIZE_LIMIT / 16 + m.extra)}`)),
} satisfies Record<string, (m: Material) => Content>;
type Kind = keyof typeof CONTENTS;

function materialOf(shape: Shape): Material {
  const text = `${shape.text}${shape.tail}`;
  const textPart = section(QP, quotedPrintable(text));
  const htmlPart = section(['Content-Type: text/html; charset=utf-8'], `<p>${text.replace(/\n/g, '<br>')}</p>`);
  return { text, utf8: Buffer.from(crlf(text)), textPart, htmlPart, junk: Buffer.from(shape.junk), depth: shape.depth, extra: shape.noiseSize, at: shape.at };
}

const NOISE_HEADERS: Record<keyof typeof NOISES, (n: number) => string[]> = {
  none: () => [],
  'long-line': (n) => [`X-Long: ${'a'.repeat(n * 25)}`],
  'many-headers': (n) => Array.from({ length: n }, (_, i) => `X-Fuzz-${i}: value ${i}`),
  'folded-subject': (n) => [`Thread-Topic: Re:${Array.from({ length: n }, (_, i) => `\r\n\tword${i}`).join('')}`],
  'control-bytes': () => ['X-Control: a\u0000b\u0001c\u007f\u001bd'],
  'bogus-encoded-word': () => ['Subject: =?x-bogus?B?w6ljaGFudGlsbG9u?= =?utf-8?Q?broken=ZZ?= =?utf-8?B?!!!?='],
  'raw-8bit-subject': () => ['Subject: R\u00e9ponse \u00e0 votre message \u00ff\u00fe'],
  'no-colon': () => ['this line is not a header'],
};

function mailOf(shape: Shape, people: { replyTo: string; strangerAddress: (threadId: string) => string; ownerAddress: string }): FuzzMail {
  const at = people.replyTo.indexOf('@');
  const rcptTo = {
    thread: people.replyTo,
    'thread-upper-domain': people.replyTo.slice(0, at) + people.replyTo.slice(at).toUpperCase(),
    forged: `${people.replyTo.slice(0, at - 2)}${people.replyTo.slice(at - 2, at) === 'xx' ? 'yy' : 'xx'}${people.replyTo.slice(at)}`,
    'other-domain': `${people.replyTo.slice(0, at)}@elsewhere.test`,
    'stranger-thread': people.strangerAddress(shape.strangerThread),
    'company-owner': people.ownerAddress,
  }[shape.recipient];
  const content = CONTENTS[shape.kind](materialOf(shape));
  const headers = [
    ...(shape.sender === null ? [] : [`From: ${shape.sender}`]),
    `To: ${rcptTo}`,
    ...NOISE_HEADERS[shape.noise](shape.noiseSize),
    ...(shape.noise === 'bogus-encoded-word' || shape.noise === 'raw-8bit-subject' ? [] : ['Subject: Re: Company A sent you a message about Rust engineer']),
    'Date: Sun, 29 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    ...content.headers,
  ];
  const data = shape.kind === 'garbage' ? content.body : section(headers, content.body);
  const rightRecipient = (RECIPIENTS.right as readonly string[]).includes(shape.recipient);
  const rightSender = (SENDERS.right as readonly (string | null)[]).includes(shape.sender);
  const reading = NOISES[shape.noise] ? content.reading : 'unknown';
  const mustRefuse = REFUSED.includes(shape.kind) || delivered(data).length > SIZE_LIMIT;
  const rightPeople = shape.kind === 'garbage' ? (rightRecipient ? null : false) : rightRecipient && rightSender;
  return {
    mailFrom: shape.sender === null ? '' : 'ada@example.test',
    rcptTo,
    declareSize: shape.declareSize,
    data,
    rightPeople,
    expected: reading === 'unknown' ? null : shape.text,
    mustRefuse,
    mustAccept: rightPeople === true && !mustRefuse && reading === 'exact',
    refusedAtRcpt: REFUSED_AT_RCPT.includes(shape.recipient),
  };
}

describeEachDatabase('fuzzed replies to message mails, over SMTP', (kind) => {
  let f: CompaniesFixture;
  let inbound: InboundMail;
  let threadId: string;
  let people: Parameters<typeof mailOf>[1];
  let folder: string;
  const mailed: MailMessage[] = [];
  const logged: string[] = [];
  const replyAddress = createReplyAddress(randomBytes(32).toString('base64url'), 'replies.talentplace.test');
  const talentEmail = 'ada@example.test';

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-mail-fuzz-'));
    const storage = await createDiskFileStorage(folder);
    f = await startCompaniesFixture(kind, { mail: { mailer: { send: async (mail) => void mailed.push(mail) } }, replyAddress, storage });
    inbound = await startInboundMail({ port: 0, host: '127.0.0.1', handler: createMailReplies({ db: f.h.database.db, replyAddress, storage, listeners: f.h.eventMail ? [f.h.eventMail] : [] }), log: (line) => void logged.push(line), sizeLimit: SIZE_LIMIT });
    const ad = ((await f.as('owner-a', CREATE_AD, { data: { title: 'Rust engineer', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id)).body.data?.createOneJobAd as { id: string }).id;
    const token = await f.h.token('ada', { email: talentEmail, emailVerified: true });
    await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: talentEmail, profileName: 'Ada' } } });
    const applicationId = ((await f.h.call(APPLY, { token, variables: { data: { jobAdId: ad } } })).body.data?.applyToJobAd as { id: string }).id;
    await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Can you start in March?' } }, f.a.id);
    threadId = ((await f.as('owner-a', THREAD, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread as { id: string }).id;
    const talentId = await f.userId('ada');
    const ownerId = await f.userId('owner-a');
    people = { replyTo: replyAddress.addressFor(threadId, talentId), strangerAddress: (thread) => replyAddress.addressFor(thread, talentId), ownerAddress: replyAddress.addressFor(threadId, ownerId) };
  });
  afterAll(async () => {
    await inbound?.close();
    await f?.h.close();
    await rm(folder, { recursive: true, force: true });
  });

  const rows = () => f.h.database.db.select({ id: message.id, threadId: message.threadId, body: message.body }).from(message);

  /** Sends one mail and checks the all-or-nothing rule on what the message table holds after it. */
  async function sendAndCheck(mail: FuzzMail): Promise<void> {
    const before = await rows();
    const answer = await sendRaw(inbound.port, mail);
    const known = new Set(before.map((row) => row.id));
    const after = await rows();
    const added = after.filter((row) => !known.has(row.id));
    expect(answer.code === 250 || (answer.code >= 400 && answer.code < 600), `an SMTP answer: ${answer.code} ${answer.text}`).toBe(true);
    if (answer.code !== 250) {
      expect(after).toHaveLength(before.length);
      expect(added).toEqual([]);
    } else {
      expect(answer.stage).toBe('END');
      expect(after).toHaveLength(before.length + 1);
      expect(added).toHaveLength(1);
      const [row] = added;
      expect(row!.threadId).toBe(threadId);
      expect(row!.body).not.toBe('');
      expect(row!.body).not.toContain('\u0000');
      expect(messageSchema.safeParse({ body: row!.body })).toEqual({ success: true, data: { body: row!.body } });
      // Whole: the stored body is all of the new part the mail carries, not a piece of it.
      if (mail.expected !== null) expect(row!.body).toBe(mail.expected);
      const text = (await simpleParser(delivered(mail.data), PARSE_OPTIONS)).text ?? '';
      expect(row!.body).toBe(messageSchema.parse({ body: newPartOf(text) }).body);
    }
    if (mail.rightPeople === false || mail.mustRefuse) expect(answer.code, answer.text).not.toBe(250);
    const oversize = delivered(mail.data).length > SIZE_LIMIT;
    // The declared size is refused at MAIL FROM, a wrong address at RCPT TO, the size itself once it has all come.
    if (oversize && mail.declareSize) expect([answer.stage, answer.code]).toEqual(['MAIL', 552]);
    else if (mail.refusedAtRcpt) expect([answer.stage, answer.code]).toEqual(['RCPT', 550]);
    else if (oversize) expect([answer.stage, answer.code]).toEqual(['END', 552]);
    if (mail.mustAccept) expect([answer.code, answer.text]).toEqual([250, 'Added to the conversation']);
  }

  it('stores a whole message or nothing, whatever the content of a mail from her to her thread', async () => {
    await fc.assert(
      fc.asyncProperty(shapeOf(fc.constantFrom(...SENDERS.right), fc.constantFrom(...RECIPIENTS.right)), async (shape) => sendAndCheck(mailOf(shape, people))),
      { numRuns: RUNS },
    );
  }, SHRINKING_TIMEOUT);

  it('stores a whole message or nothing, whoever sends a mail to whichever address', async () => {
    await fc.assert(
      fc.asyncProperty(shapeOf(fc.constantFrom(...SENDERS.right, ...SENDERS.wrong), fc.constantFrom(...RECIPIENTS.right, ...RECIPIENTS.wrong)), async (shape) => sendAndCheck(mailOf(shape, people))),
      { numRuns: RUNS },
    );
  }, SHRINKING_TIMEOUT);

  it('still answers afterwards: a plain reply is added to the thread', async () => {
    const before = await rows();
    const data = section([`From: Ada <${talentEmail}>`, `To: ${people.replyTo}`, 'Subject: Re: Rust engineer', 'Content-Type: text/plain; charset=utf-8'], 'Still here.\r\n');
    expect(await sendRaw(inbound.port, { mailFrom: talentEmail, rcptTo: people.replyTo, declareSize: false, data })).toMatchObject({ stage: 'END', code: 250 });
    const after = await rows();
    expect(after.filter((row) => !before.some((old) => old.id === row.id)).map((row) => row.body)).toEqual(['Still here.']);
    // Refusals are logged as such; the listener itself never failed.
    expect(logged.filter((line) => line.includes('listener error'))).toEqual([]);
  });
});
