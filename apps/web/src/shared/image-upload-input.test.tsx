import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeUploads } from './fake-uploads.test-helper.ts';
import { ImageUploadInput } from './image-upload-input.tsx';

let uploads: FakeUploads;
beforeEach(() => {
  uploads = new FakeUploads();
  vi.stubGlobal('XMLHttpRequest', uploads.constructorFn);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:chosen', revokeObjectURL: () => undefined }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(record: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void) {
  render(
    <AdminContext>
      <Form record={record} onSubmit={onSubmit}>
        <ImageUploadInput source="picture" previewSource="pictureThumbUrl" label="Bild" />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
}

const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText('app.imageUpload.choose', { selector: 'input' }), {
    target: { files: [new File(['bytes'], name, { type: 'image/jpeg' })] },
  });

describe('ImageUploadInput', () => {
  it('shows the saved picture, uploads a new one and saves its id with the form', async () => {
    const submitted = vi.fn();
    renderForm({ id: 1, picture: 5, pictureThumbUrl: '/api/v1/files/5/thumb' }, submitted);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/api/v1/files/5/thumb');
    choose('dresden.jpg');
    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    expect(uploads.requests[0]!.url).toBe('/api/v1/files/images');
    uploads.requests[0]!.respond(201, { id: 9, thumbUrl: '/api/v1/files/9/thumb' });
    // Not public until the form is saved: the preview is the chosen file itself.
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe('blob:chosen'));
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]![0]).toMatchObject({ picture: 9 });
  });

  it('shows the server’s reason at the field and keeps the value', async () => {
    const submitted = vi.fn();
    renderForm({ id: 1, picture: null }, submitted);
    choose('riesig.jpg');
    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    uploads.requests[0]!.refuse(413, 'error.uploadSize');
    expect((await screen.findByRole('alert')).textContent).toBe('error.uploadSize');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]![0]).toMatchObject({ picture: null });
  });

  it('removes the picture', async () => {
    const submitted = vi.fn();
    renderForm({ id: 1, picture: 5, pictureThumbUrl: '/api/v1/files/5/thumb' }, submitted);
    fireEvent.click(screen.getByRole('button', { name: 'app.imageUpload.remove' }));
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]![0]).toMatchObject({ picture: null });
  });
});
