import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JourneyImage } from '@tourdesk/contracts/journeys.schema';
import type { Access } from '@tourdesk/contracts/permissions';
import { leafKeys, type Messages } from '../../locales/merge.ts';
import { FakeUploads } from '../../shared/fake-uploads.test-helper.ts';
import { JourneyImagesTab } from './journey-images-tab.tsx';
import enFeature from './locales/en.json';
import deFeature from './locales/de.json';
import esFeature from './locales/es.json';
import ruFeature from './locales/ru.json';

const imagesOf = (file: typeof enFeature) => ({ journeys: { images: file.journeys.images } });
const en = imagesOf(enFeature);
const de = imagesOf(deFeature);
const es = imagesOf(esFeature);
const ru = imagesOf(ruFeature);

const image = (id: number, position: number, overrides: Partial<JourneyImage> = {}): JourneyImage => ({
  id,
  url: `/api/v1/files/${id}/web`,
  thumbUrl: `/api/v1/files/${id}/thumb`,
  original_name: `bild-${id}.jpg`,
  width: 1600,
  height: 1067,
  position,
  caption: null,
  copyright: null,
  id_jrn_accommodation: null,
  ...overrides,
});

type Call = { method: string; url: string; body: unknown };

/** The API as the tab sees it: the journey's images and hotels, and every change it sends. */
function stubApi(images: JourneyImage[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });
      if (url === '/api/v1/journey/files?journey=7') return json(images);
      if (url === '/api/v1/journey-lit/7') return json({ accommodations: [{ id: 3, name: 'Hotel Garda' }] });
      const match = /\/journey\/files\/(\d+)$/.exec(url);
      if (match) return json(images.find((entry) => entry.id === Number(match[1])));
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const authProvider = (access: Access): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ admin: false, role: 'office', access }),
});

const ALL = { internet: { read: true, create: true, update: true, delete: true } };

function renderTab(access: Access = ALL) {
  render(
    <AdminContext authProvider={authProvider(access)}>
      <JourneyImagesTab journeyId={7} />
    </AdminContext>,
  );
}

let uploads: FakeUploads;
beforeEach(() => {
  uploads = new FakeUploads();
  vi.stubGlobal('XMLHttpRequest', uploads.constructorFn);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JourneyImagesTab', () => {
  it('shows the images in their order and moves one with the keyboard-usable buttons', async () => {
    const calls = stubApi([image(11, 0, { caption: 'Limone' }), image(12, 1)]);
    renderTab();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('src'))).toEqual([
      '/api/v1/files/11/thumb',
      '/api/v1/files/12/thumb',
    ]);
    expect(within(items[0]!).getByRole('img').getAttribute('alt')).toBe('Limone');
    // The first cannot move further up, the last not further down.
    expect(within(items[0]!).getByRole('button', { name: 'journeys.images.moveUp' })).toHaveProperty('disabled', true);
    expect(within(items[1]!).getByRole('button', { name: 'journeys.images.moveDown' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'journeys.images.moveDown' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', url: '/api/v1/journey/files/11', body: { position: 1 } }),
    );
  });

  it('saves a changed caption when the field is left, and not an unchanged one', async () => {
    const calls = stubApi([image(11, 0, { caption: 'Limone' })]);
    renderTab();
    const caption = await screen.findByLabelText('journeys.images.caption');
    fireEvent.blur(caption);
    fireEvent.change(caption, { target: { value: 'Limone sul Garda' } });
    fireEvent.blur(caption);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls).toContainEqual({
      method: 'PATCH',
      url: '/api/v1/journey/files/11',
      body: { caption: 'Limone sul Garda' },
    });
  });

  it('uploads several files one after another and shows why the server refused one', async () => {
    stubApi([]);
    renderTab();
    expect(await screen.findByText('journeys.images.empty')).toBeTruthy();
    const picker = screen.getByLabelText('journeys.images.choose', { selector: 'input' });
    const files = [new File(['jpeg bytes'], 'gardasee.jpg', { type: 'image/jpeg' }), new File(['text'], 'notiz.jpg')];
    fireEvent.change(picker, { target: { files } });

    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    const first = uploads.requests[0]!;
    expect(first.url).toBe('/api/v1/journey/files');
    expect(first.form?.get('journey')).toBe('7');
    expect((first.form?.get('file') as File).name).toBe('gardasee.jpg');
    first.progress(0.5);
    // Both wait with a progress bar; the first is half way.
    await waitFor(async () =>
      expect((await screen.findAllByRole('progressbar')).map((bar) => bar.getAttribute('aria-valuenow'))).toEqual([
        '50',
        '0',
      ]),
    );
    first.respond(201, image(21, 0));

    await waitFor(() => expect(uploads.requests).toHaveLength(2));
    uploads.requests[1]!.refuse(400, 'error.uploadType');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('error.uploadType');
    fireEvent.click(within(alert).getByRole('button', { name: 'journeys.images.dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('deletes only after confirmation', async () => {
    const calls = stubApi([image(11, 0)]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'journeys.images.delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'app.dialog.yes' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/journey/files/11', body: undefined }),
    );
  });

  it('offers the journey’s hotels and assigns one', async () => {
    const calls = stubApi([image(11, 0)]);
    renderTab();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'journeys.images.hotel' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hotel Garda' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        url: '/api/v1/journey/files/11',
        body: { id_jrn_accommodation: 3 },
      }),
    );
  });

  it('shows neither upload nor delete nor editing to a user who may only read', async () => {
    stubApi([image(11, 0)]);
    renderTab({ internet: { read: true } });
    expect(await screen.findByLabelText('journeys.images.caption')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'journeys.images.choose' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'journeys.images.delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'journeys.images.moveUp' })).toBeNull();
  });
});

describe('images tab messages', () => {
  const keys = (messages: Messages) => leafKeys(messages).sort();
  it.each([
    ['de', de],
    ['es', es],
    ['ru', ru],
  ] as const)('%s has exactly the English keys, translated', (_language, messages) => {
    expect(keys(messages)).toEqual(keys(en));
    const english = new Map(Object.entries(en.journeys.images));
    const copied = Object.entries(messages.journeys.images).filter(
      ([key, text]) => text.length > 12 && english.get(key) === text,
    );
    expect(copied).toEqual([]);
  });
});
