import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';

/**
 * A Web Push service on loopback, playing both the push service (Mozilla's autopush, Google's FCM) and the phone
 * behind it: it hands out subscriptions whose keys it holds, and on each push it checks what a real push service
 * and browser check — HTTPS, the VAPID `Authorization: vapid t=…, k=…` header (an ES256 JWT for this origin, not
 * expired), `TTL`, `Content-Encoding: aes128gcm` — and decrypts the body (RFC 8291 over RFC 8188) into the JSON the
 * service worker would get. Answers can be scripted per subscription (410 gone, 500, 429 …). Its certificate is
 * self-signed and made at start with openssl; `agent` (or `ca`) trusts it.
 */

export type ReceivedPush = {
  endpoint: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  /** the VAPID JWT's `sub` and the public key from `k=` */
  subject: string;
  vapidKey: string;
};

export type FakeSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type FakePushService = {
  url: string;
  /** the PEM certificate to trust */
  ca: string;
  /** an HTTPS agent that trusts the service */
  agent: Agent;
  /** a new subscription, as `PushSubscription.toJSON()` gives it in a browser */
  subscribe(): FakeSubscription;
  /** the pushes decrypted so far, oldest first */
  received: ReceivedPush[];
  /** answer the next pushes to `endpoint` with these statuses (then 201 again) */
  respondWith(endpoint: string, ...statuses: number[]): void;
  close(): Promise<void>;
};

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const b64url = (value: Buffer) => value.toString('base64url');

/** RFC 8291 §3.4 / RFC 8188 §2: one aes128gcm record, keyed from the phone's keys and the sender's public key. */
export function decryptAes128gcm(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const receiverPublic = keys.ecdh.getPublicKey();
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks the `vapid t=<jwt>, k=<key>` header the way push services do; returns the JWT's subject. */
function checkVapid(header: string | undefined, origin: string): { subject: string; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const token = match[1]!;
  const key = match[2]!;
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('bad VAPID signature');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (payload.aud !== origin) throw new Error(`VAPID audience ${payload.aud} is not ${origin}`);
  if (!payload.exp || payload.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  if (!payload.sub) throw new Error('VAPID subject missing');
  return { subject: payload.sub, key };
}

/**
 * `port` 0 picks a free one. Besides the push endpoints, two calls let a browser test act as the phone:
 * `POST /subscriptions` answers a new subscription, `GET /received` the decrypted pushes so far.
 */
export async function startFakePushService(port = 0): Promise<FakePushService> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<string, Keys>();
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const answer = (response: ServerResponse, status: number, text = '') => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(text);
  };

  const json = (response: ServerResponse, value: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };
  const subscribe = (): FakeSubscription => {
    const id = randomBytes(9).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    subscriptions.set(id, { ecdh, auth });
    return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === 'POST' && request.url === '/subscriptions') return json(response, subscribe());
    if (request.method === 'GET' && request.url === '/received') return json(response, received);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const keys = id ? subscriptions.get(id) : undefined;
    if (request.method !== 'POST' || !id || !keys) return answer(response, 404, 'no such subscription');
    const endpoint = `${origin}/push/${id}`;
    const next = scripted.get(endpoint)?.shift();
    if (next !== undefined && next !== 201) return answer(response, next, 'scripted answer');
    try {
      const vapid = checkVapid(request.headers.authorization, origin);
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL missing');
      const plain = decryptAes128gcm(Buffer.concat(chunks), keys);
      received.push({
        endpoint,
        payload: JSON.parse(plain.toString('utf8')),
        ttl,
        urgency: typeof request.headers.urgency === 'string' ? request.headers.urgency : null,
        subject: vapid.subject,
        vapidKey: vapid.key,
      });
      response.writeHead(201, { location: `${origin}/message/${received.length}` });
      response.end();
    } catch (error) {
      answer(response, 400, error instanceof Error ? error.message : 'bad request');
    }
  };

  const server: Server = createServer({ key, cert }, (request, response) => {
    handle(request, response).catch(() => answer(response, 500));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: [...rootCertificates, cert], keepAlive: false });

  return {
    url: origin,
    ca: cert,
    agent,
    received,
    subscribe,
    respondWith(endpoint, ...statuses) {
      scripted.set(endpoint, [...(scripted.get(endpoint) ?? []), ...statuses]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
