import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { MailMessage } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dovecot } from '../../../test/dovecot.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import {
  DEFAULT_LIMITS,
  fetchRemoteImage,
  imageProxyKey,
  isPublicAddress,
  signedImageUrl,
  type ImageProxyLimits,
} from './mail-image-proxy.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The "remote" image server of these tests, on loopback: what it was asked, and with which headers. */
async function imageServer(): Promise<{ server: Server; port: number; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    const port = (server.address() as AddressInfo).port;
    switch (request.url) {
      case '/pixel.png':
        response.writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'track=1' }).end(PNG);
        return;
      case '/redirect':
        response.writeHead(302, { location: '/pixel.png' }).end();
        return;
      case '/loop':
        response.writeHead(302, { location: `http://127.0.0.1:${port}/loop` }).end();
        return;
      case '/to-metadata':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      case '/to-loopback':
        response.writeHead(301, { location: 'http://localhost:9/secret.png' }).end();
        return;
      case '/image.svg':
        response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
        return;
      case '/page.html':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<p>no image</p>');
        return;
      case '/huge.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        // No length announced: the proxy has to count.
        for (let i = 0; i < 6; i++) response.write(Buffer.alloc(1024 * 1024));
        response.end();
        return;
      case '/slow.png':
        return; // never answers
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

describe('mail image proxy', () => {
  const user = { user: 'bilder@reisen.test', password: 'Geheim-123!' };
  const dovecot = new Dovecot([user]);
  let t: TestApp;
  let remote: Awaited<ReturnType<typeof imageServer>>;
  let office = '';
  let officeId = 0;
  let limits: ImageProxyLimits;

  /** The signed links are the browser's: with the /api/v1 prefix, and no login header (an <img> has none). */
  const proxyPath = (url: string) => url;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const signed = async (url: string, userId = officeId, nowMs = Date.now()) =>
    signedImageUrl(await imageProxyKey(t.ctx), url, userId, nowMs);

  beforeAll(async () => {
    remote = await imageServer();
    await dovecot.start();
    limits = { ...DEFAULT_LIMITS, allowHosts: [`127.0.0.1:${remote.port}`] };
    t = await buildTestApp({ seed: 'defaults', config: { mailImageProxyAllowHosts: [...limits.allowHosts] } });
    const admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
    officeId = (
      await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', office).executeTakeFirstOrThrow()
    ).id;
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/mail-accounts',
      payload: {
        name: 'Bilder',
        address: user.user,
        host: '127.0.0.1',
        port: dovecot.port,
        secure: false,
        username: user.user,
        password: user.password,
      },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await dovecot.stop();
    await new Promise((resolve) => remote.server.close(resolve));
  });

  it('loads an allowed message’s remote image through the proxy, and never the sender’s server directly', async () => {
    const title = `Newsletter ${randomUUID().slice(0, 8)}`;
    const image = `http://127.0.0.1:${remote.port}/pixel.png`;
    await dovecot.deliver(
      [
        'From: news@anbieter.test',
        `To: ${user.user}`,
        `Subject: ${title}`,
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        '',
        `<p>Hallo</p><img src="${image}" alt="Bild"><img src="//127.0.0.1:${remote.port}/redirect" alt="zwei">`,
        '',
      ].join('\r\n'),
    );
    const listed = await call(t.app, office, {
      method: 'GET',
      url: `/mail-folder/0?search=${encodeURIComponent(title)}`,
    });
    const uid = listed.json<{ messages: Array<{ attrs: { uid: number } }> }>().messages[0]!.attrs.uid;

    const blocked = (
      await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}` })
    ).json<MailMessage>();
    expect(blocked.remoteImagesBlocked).toBe(true);
    expect(blocked.html).not.toContain('127.0.0.1');

    const allowed = (
      await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}?images=1` })
    ).json<MailMessage>();
    expect(allowed.remoteImagesBlocked).toBe(false);
    const sources = [...allowed.html!.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(sources).toHaveLength(2);
    for (const src of sources) expect(src).toMatch(/^\/api\/v1\/mail-image\?u=/);
    expect(new URL(sources[0]!, 'http://x').searchParams.get('u')).toBe(image);
    // Protocol-relative addresses become https, and never load from this page's scheme.
    expect(new URL(sources[1]!, 'http://x').searchParams.get('u')).toBe(`https://127.0.0.1:${remote.port}/redirect`);

    const before = remote.seen.length;
    const answer = await get(proxyPath(sources[0]!), {
      cookie: 'session=geheim',
      referer: 'https://tourdesk.test/email',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.rawPayload.equals(PNG)).toBe(true);
    const asked = remote.seen.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.cookie).toBeUndefined();
    expect(asked[0]!.referer).toBeUndefined();
  });

  it('follows up to 3 redirects, each checked again', async () => {
    const redirected = await get(proxyPath(await signed(`http://127.0.0.1:${remote.port}/redirect`)));
    expect(redirected.statusCode).toBe(200);
    expect(redirected.rawPayload.equals(PNG)).toBe(true);
    const loop = await get(proxyPath(await signed(`http://127.0.0.1:${remote.port}/loop`)));
    expect(loop.statusCode).toBe(502);
    expect(loop.json()).toMatchObject({ key: 'error.mailImageRedirects' });
    for (const path of ['/to-metadata', '/to-loopback']) {
      const refused = await get(proxyPath(await signed(`http://127.0.0.1:${remote.port}${path}`)));
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ key: 'error.mailImageAddress' });
    }
  });

  it('refuses private, loopback, link-local and other non-public addresses unless configured', async () => {
    const none: ImageProxyLimits = { ...limits, allowHosts: [] };
    for (const url of [
      `http://127.0.0.1:${remote.port}/pixel.png`,
      'http://10.1.2.3/x.png',
      'http://192.168.1.1/x.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x.png',
      'http://[fd00::1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://0.0.0.0/x.png',
      'http://localhost/x.png',
    ]) {
      await expect(fetchRemoteImage(url, none), url).rejects.toMatchObject({
        statusCode: 403,
        key: 'error.mailImageAddress',
      });
    }
    // A redirect from an allowed server to loopback is refused too.
    await expect(fetchRemoteImage(`http://127.0.0.1:${remote.port}/to-loopback`, limits)).rejects.toMatchObject({
      statusCode: 403,
      key: 'error.mailImageAddress',
    });
    // Through the route: a mail's image on the office network is never fetched.
    const internal = await get(proxyPath(await signed('http://10.0.0.5/logo.png')));
    expect(internal.statusCode).toBe(403);
    expect(internal.json()).toMatchObject({ key: 'error.mailImageAddress' });

    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:82b::200e')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '100.64.0.1',
      '169.254.1.1',
      '224.0.0.1',
      '::1',
      'fe80::1',
      'fd12::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'nonsense',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('answers only raster images, within the size and time limits', async () => {
    const base = `http://127.0.0.1:${remote.port}`;
    const svg = await get(proxyPath(await signed(`${base}/image.svg`)));
    expect(svg.statusCode).toBe(502);
    expect(svg.json()).toMatchObject({ key: 'error.mailImageType' });
    const html = await get(proxyPath(await signed(`${base}/page.html`)));
    expect(html.json()).toMatchObject({ statusCode: 502, key: 'error.mailImageType' });
    const huge = await get(proxyPath(await signed(`${base}/huge.png`)));
    expect(huge.json()).toMatchObject({ statusCode: 502, key: 'error.mailImageTooLarge' });
    const missing = await get(proxyPath(await signed(`${base}/missing.png`)));
    expect(missing.json()).toMatchObject({ statusCode: 502, key: 'error.mailImageFetch' });
    const started = Date.now();
    await expect(fetchRemoteImage(`${base}/slow.png`, { ...limits, timeoutMs: 300 })).rejects.toMatchObject({
      statusCode: 502,
      key: 'error.mailImageFetch',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    const ftp = await get(proxyPath(await signed('ftp://example.com/x.png')));
    expect(ftp.json()).toMatchObject({ statusCode: 400, key: 'error.mailImageUrl' });
  });

  it('is no open proxy: only signed links, for a user with email-read, for a few hours', async () => {
    const good = new URL(await signed(`http://127.0.0.1:${remote.port}/pixel.png`), 'http://x');
    const tampered = new URL(good);
    tampered.searchParams.set('u', `http://127.0.0.1:${remote.port}/redirect`);
    const wrong = await get(`/api/v1/mail-image?${tampered.searchParams.toString()}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ key: 'error.mailImageSignature' });
    const otherUser = new URL(good);
    otherUser.searchParams.set('a', `${officeId + 1}.${good.searchParams.get('a')!.split('.')[1]}`);
    expect((await get(`/api/v1/mail-image?${otherUser.searchParams.toString()}`)).statusCode).toBe(403);
    const old = await get(
      proxyPath(await signed(`http://127.0.0.1:${remote.port}/pixel.png`, officeId, Date.now() - 13 * 3600_000)),
    );
    expect(old.json()).toMatchObject({ statusCode: 403, key: 'error.mailImageSignature' });

    const role = await createRoleFixture(t.ctx, `ohne-mail-${nextSequence()}`, {
      access: { customers: { read: true } },
    });
    const plain = await createUserFixture(t.ctx, 'staff', {
      email: `plain-${nextSequence()}@test.example`,
      role: role.id_roles,
    });
    const forbidden = await get(proxyPath(await signed(`http://127.0.0.1:${remote.port}/pixel.png`, plain.id)));
    expect(forbidden.json()).toMatchObject({ statusCode: 403, key: 'error.forbidden' });

    const missing = await get('/api/v1/mail-image?u=http%3A%2F%2Fexample.com%2Fx.png');
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['a', 's']);
  });
});
