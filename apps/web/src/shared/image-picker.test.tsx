import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageLibrary, LibraryItem } from '@tourdesk/contracts/images.schema';
import { ImagePickerDialog } from './image-picker.tsx';

const item = (id: number, name: string): LibraryItem => ({
  id,
  id_img_library_item: id,
  id_img_library: 1,
  id_stored_file: 100 + id,
  name,
  original_name: `${name}.jpg`,
  description: null,
  copyright: null,
  width: 1500,
  height: 1000,
  ratio: '3:2',
  licence_state: 'none',
  stock_id: null,
  deleted_at: null,
  created_by: 1,
  created_at: '2026-11-24T00:00:00.000Z',
  thumbUrl: `/api/v1/img/library-item/${id}/file/thumb`,
  url: `/api/v1/img/library-item/${id}/file/web`,
  originalUrl: `/api/v1/img/library-item/${id}/file/original`,
});

const library: ImageLibrary = {
  id: 1,
  id_img_library: 1,
  name: 'Reisebilder',
  user_id: null,
  type: 'library',
  item_count: 2,
  trash_count: 0,
};

/** The API as the picker sees it: the libraries, a page of items (the requests are kept), thumbnails. */
function stubApi() {
  const urls: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });
      if (url === '/api/v1/img/library/all') return json([library]);
      if (url.startsWith('/api/v1/img/library-item?'))
        return json({ total: 2, limit: 48, skip: 0, data: [item(1, 'Gardasee'), item(2, 'Ostsee')] });
      if (url.includes('/file/thumb')) return new Response(new Blob(['x'], { type: 'image/webp' }), { status: 200 });
      return new Response('{}', { status: 404 });
    }),
  );
  return urls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPicker = (onPick: (items: LibraryItem[]) => void, multiple: boolean) =>
  render(
    <AdminContext>
      <ImagePickerDialog open onClose={() => undefined} onPick={onPick} multiple={multiple} />
    </AdminContext>,
  );

describe('ImagePickerDialog', () => {
  it('selects several images with toggle buttons and hands them over in the order chosen', async () => {
    stubApi();
    const onPick = vi.fn();
    renderPicker(onPick, true);
    const ostsee = await screen.findByRole('button', { name: /Ostsee/ });
    const garda = screen.getByRole('button', { name: /Gardasee/ });
    expect(ostsee.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(ostsee);
    fireEvent.click(garda);
    expect(ostsee.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'images.picker.pick' }));
    expect(onPick).toHaveBeenCalledWith([expect.objectContaining({ id: 2 }), expect.objectContaining({ id: 1 })]);
  });

  it('keeps one image when not multiple, and searches the chosen library', async () => {
    const urls = stubApi();
    const onPick = vi.fn();
    renderPicker(onPick, false);
    const ostsee = await screen.findByRole('button', { name: /Ostsee/ });
    const garda = screen.getByRole('button', { name: /Gardasee/ });
    fireEvent.click(ostsee);
    fireEvent.click(garda);
    expect(ostsee.getAttribute('aria-pressed')).toBe('false');
    expect(garda.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'garda' } });
    await waitFor(() => expect(urls.some((url) => url.includes('lit-search=garda'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'images.picker.pick' }));
    expect(onPick).toHaveBeenCalledWith([expect.objectContaining({ id: 1 })]);
  });
});
