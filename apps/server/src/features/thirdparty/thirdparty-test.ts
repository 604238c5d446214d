import { createECDH } from 'node:crypto';
import type { ThirdPartyProvider, ThirdPartyTestOutcome } from '@tourdesk/contracts';
import type { FieldValues, PlainValue } from './thirdparty.config.ts';

/** What a connection test found: an outcome the screen words, and the other side's own words. */
export type Probe = { outcome: ThirdPartyTestOutcome; detail: string | null };

export type ProbeOptions = { timeoutMs: number };

const text = (value: PlainValue | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const num = (value: PlainValue | undefined): number | null => (typeof value === 'number' ? value : null);

const errorCode = (error: unknown): string | null => {
  if (!error || typeof error !== 'object') return null;
  const own = 'code' in error && typeof error.code === 'string' ? error.code : null;
  const cause = 'cause' in error ? errorCode(error.cause) : null;
  // nodemailer's own codes (ESOCKET, ECONNECTION) wrap the socket's (ECONNREFUSED, ETIMEDOUT …)
  return cause && (!own || own === 'ESOCKET' || own === 'ECONNECTION') ? cause : own;
};

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET']);

/** A network or TLS failure in words; null when it is none of these. */
function networkProbe(error: unknown): Probe | null {
  const code = errorCode(error) ?? '';
  const message = errorMessage(error);
  const words = code && !message.includes(code) ? `${code}: ${message}` : message;
  if (UNREACHABLE.has(code) || /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH/.test(message)) {
    return { outcome: 'unreachable', detail: words };
  }
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || /timeout|timed out/i.test(message)) {
    return { outcome: 'timeout', detail: words };
  }
  if (code === 'ETLS' || /CERT|SSL|TLS/i.test(code) || /certificate|ssl|tls/i.test(message)) {
    return { outcome: 'tls', detail: words };
  }
  return null;
}

/** SMTP: connect, greet, STARTTLS when offered, log in (nodemailer's verify()). */
async function probeSmtp(values: FieldValues, options: ProbeOptions): Promise<Probe> {
  const nodemailer = (await import('nodemailer')).default;
  const user = text(values.user);
  const transport = nodemailer.createTransport({
    host: text(values.host) ?? '',
    port: num(values.port) ?? 587,
    secure: values.secure === true,
    ignoreTLS: values.ignoreTls === true,
    auth: user ? { user, pass: text(values.password) ?? '' } : undefined,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  try {
    await transport.verify();
    return { outcome: 'ok', detail: null };
  } catch (error) {
    if (errorCode(error) === 'EAUTH') return { outcome: 'authFailed', detail: errorMessage(error) };
    return networkProbe(error) ?? { outcome: 'failed', detail: errorMessage(error) };
  } finally {
    transport.close();
  }
}

/** IMAP: connect and log in (imapflow), then log out again. */
async function probeImap(values: FieldValues, options: ProbeOptions): Promise<Probe> {
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: text(values.host) ?? '',
    port: num(values.port) ?? 993,
    secure: values.secure === true,
    auth: { user: text(values.user) ?? '', pass: text(values.password) ?? '' },
    logger: false,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.logout();
    return { outcome: 'ok', detail: null };
  } catch (error) {
    const failed = error && typeof error === 'object' && 'authenticationFailed' in error && error.authenticationFailed;
    if (failed) {
      const response =
        'responseText' in error && typeof error.responseText === 'string' ? error.responseText : errorMessage(error);
      return { outcome: 'authFailed', detail: response };
    }
    return networkProbe(error) ?? { outcome: 'failed', detail: errorMessage(error) };
  } finally {
    client.close();
  }
}

const base64url = (value: string) => Buffer.from(value, 'base64url');

/** Web Push: the VAPID key pair fits together (the private key yields the public key) and the contact is usable. */
function probePush(values: FieldValues): Probe {
  const publicKey = text(values.publicKey) ?? '';
  const privateKey = text(values.privateKey) ?? '';
  const publicBytes = base64url(publicKey);
  if (!/^[A-Za-z0-9_-]+=*$/.test(publicKey) || publicBytes.length !== 65 || publicBytes[0] !== 4) {
    return { outcome: 'invalid', detail: 'publicKey: not an uncompressed P-256 point (65 bytes, URL-safe base64)' };
  }
  const privateBytes = base64url(privateKey);
  if (!/^[A-Za-z0-9_-]+=*$/.test(privateKey) || privateBytes.length !== 32) {
    return { outcome: 'invalid', detail: 'privateKey: not a P-256 private key (32 bytes, URL-safe base64)' };
  }
  const subject = text(values.subject);
  if (subject && !/^(mailto:|https:\/\/)/.test(subject)) {
    return { outcome: 'invalid', detail: 'subject: must start with mailto: or https://' };
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    if (!ecdh.getPublicKey().equals(publicBytes)) {
      return { outcome: 'keyMismatch', detail: 'the private key does not belong to the public key' };
    }
  } catch (error) {
    return { outcome: 'invalid', detail: `privateKey: ${errorMessage(error)}` };
  }
  return { outcome: 'ok', detail: null };
}

/** An HTTP service: one GET (no redirects followed) within the time limit; 401/403 mean the credentials failed. */
async function probeHttp(url: string, headers: Record<string, string>, options: ProbeOptions): Promise<Probe> {
  let parsed: URL;
  try {
    parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    return { outcome: 'invalid', detail: 'url: not an http(s) address' };
  }
  try {
    const response = await fetch(parsed, {
      headers: { accept: '*/*', ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.body?.cancel();
    const words = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    if (response.status === 401 || response.status === 403) return { outcome: 'authFailed', detail: words };
    if (response.status >= 400) return { outcome: 'httpStatus', detail: words };
    return { outcome: 'ok', detail: words };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { outcome: 'timeout', detail: `no answer within ${options.timeoutMs} ms` };
    }
    return networkProbe(error) ?? { outcome: 'failed', detail: errorMessage(error) };
  }
}

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** Tries the service with these (effective) values and says what failed. */
export async function probeService(
  provider: ThirdPartyProvider,
  values: FieldValues,
  options: ProbeOptions,
): Promise<Probe> {
  const url = text(values.url) ?? '';
  const bearer = (token: PlainValue | undefined): Record<string, string> =>
    text(token) ? { authorization: `Bearer ${text(token)}` } : {};
  switch (provider) {
    case 'smtp':
      return probeSmtp(values, options);
    case 'imap':
      return probeImap(values, options);
    case 'push':
      return probePush(values);
    case 'maps': {
      const template = text(values.tileUrl) ?? '';
      // A path on this server (tiles served by Tourdesk itself) needs no test from here.
      if (template.startsWith('/')) return { outcome: 'ok', detail: 'served by this server' };
      const tile = template.replace('{s}', 'a').replace('{z}', '0').replace('{x}', '0').replace('{y}', '0');
      return probeHttp(tile.replace(/\{r\}/g, ''), {}, options);
    }
    case 'adobeStock':
      return probeHttp(
        joinUrl(url, '/Rest/Media/1/Search/Files?search_parameters%5Blimit%5D=1&search_parameters%5Bwords%5D=bus'),
        { 'x-api-key': text(values.apiKey) ?? '', 'x-product': text(values.product) ?? 'Tourdesk/1.0' },
        options,
      );
    // As the customer import calls them (features/customer-import/import-servers.ts).
    case 'ratio':
    case 'insurer':
      return probeHttp(url, bearer(values.apiKey), options);
    case 'kuschick':
      return probeHttp(url, { 'x-api-key': text(values.apiKey) ?? '' }, options);
    case 'facebook':
      // The token goes in a header, never in the address (addresses end up in logs).
      return probeHttp(
        joinUrl(text(values.graphUrl) ?? '', `/${encodeURIComponent(text(values.pageId) ?? '')}?fields=name`),
        bearer(values.accessToken),
        options,
      );
  }
}
