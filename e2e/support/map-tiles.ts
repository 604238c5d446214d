import type { Page } from '@playwright/test';

/** A 1×1 grey PNG for every map tile: no test needs a tile server. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mO89+7dfwAJYgPwJ1P6qQAAAABJRU5ErkJggg==',
  'base64',
);

/** Answers the map's tile requests (the default OpenStreetMap URL, or a `/tiles/` path) with a fixture image. */
export async function serveMapTiles(page: Page): Promise<void> {
  for (const pattern of ['https://tile.openstreetmap.org/**', '**/tiles/**'])
    await page.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
}
