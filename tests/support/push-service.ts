import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';

// A push service on loopback (RFC 8030), standing in for a browser vendor's: it takes
// pushes over https with a certificate made for the test (openssl), keeps what it got, and
// answers 201, or what the test set for an endpoint (404, 410, 500). Beside it, what a
// browser does with a push: check its VAPID token (RFC 8292) and decrypt its payload
// (RFC 8291, aes128gcm) with the subscription's private key, in Node's own crypto.

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  /** The https agent that trusts the service's certificate (PushSenderOptions.agent). */
  agent: Agent;
  received: ReceivedPush[];
  /** The status the service answers for one path from now on (201 by default). */
  answer(pathname: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tp-push-service-'));
  const key = path.join(directory, 'key.pem');
  const cert = path.join(directory, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const pem = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(directory, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer(pem, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pathname = new URL(req.url ?? '/', 'https://127.0.0.1').pathname;
      received.push({ path: pathname, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(pathname) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent({ ca: pem.cert, keepAlive: false });
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    agent,
    received,
    answer: (pathname, status) => void statuses.set(pathname, status),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's side of a subscription: its P-256 key pair and its authentication secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') };
}

/**
 * The VAPID token of a push, checked as a push service checks it: `vapid t=<JWT>, k=<key>`,
 * the JWT signed ES256 by the key given in k, for the endpoint's origin, not expired.
 * Answers the key and the claims.
 */
export async function verifyVapid(authorization: string | undefined, endpointOrigin: string): Promise<{ publicKey: string; claims: JWTPayload; alg: string }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  // jwtVerify checks the signature, exp (in the future) and aud.
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience: endpointOrigin, algorithms: ['ES256'], requiredClaims: ['exp', 'sub'] });
  return { publicKey, claims: payload, alg: decodeProtectedHeader(token).alg ?? '' };
}

const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/**
 * The plaintext of an aes128gcm push body (RFC 8291 section 3.4, RFC 8188): header (salt,
 * record size, the sender's public key as key id), then one record, whose padding
 * delimiter (2: the last record) and zero padding are taken off.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const browserKey = keys.ecdh.getPublicKey();
  const ikm = Buffer.from(hkdfSync('sha256', keys.ecdh.computeSecret(senderKey), keys.authSecret, Buffer.concat([info('WebPush: info'), browserKey, senderKey]), 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
