import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

/** The installable app's files (docs/adr/0020): the service worker and manifest are never cached for long. */
describe('web app files', () => {
  let t: TestApp;
  let dist = '';
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'tourdesk-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Tourdesk</title>');
    await writeFile(join(dist, 'phone.html'), '<!doctype html><title>Tourdesk</title><link rel="modulepreload">');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Tourdesk"}');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await buildTestApp({ seed: 'defaults', config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves sw.js without long-term caching, and allowed for the whole site', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('serves the manifest as application/manifest+json, and hashed assets for a year', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/appuser/PackSuitcase/5' });
    expect(page.body).toContain('<title>Tourdesk</title>');
  });

  it("answers the phone app's addresses with its page, which preloads its chunks; the back office gets index.html", async () => {
    const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    for (const url of ['/appuser/aktJourneys', '/appuser/PackSuitcase/5?tab=2', '/driver', '/driver/chat/3']) {
      expect(await page(url), url).toContain('modulepreload');
    }
    // The profile page is the back office's, also under /appuser/ (main.tsx starts the back office for it).
    for (const url of ['/appuser/myProfile', '/customers', '/auth/login', '/appusers', '/drivers']) {
      expect(await page(url), url).not.toContain('modulepreload');
    }
  });

  it('answers the app for a newsletter unsubscribe page, whose signed token has dots; a missing file stays 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/newsletter/unsubscribe/n1.42.1TPU2khL1oZbxjLk17HJj7' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Tourdesk</title>');
    expect((await t.app.inject({ method: 'GET', url: '/missing-picture.png' })).statusCode).toBe(404);
  });
});
