import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManifestDownloads, fileNameOf, manifestUrl } from './manifest-downloads.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('manifest downloads', () => {
  it('builds the path with direction (for coach lists) and language', () => {
    expect(manifestUrl(7, 'boarding', 'pdf', 'return', 'de')).toBe(
      '/departures/7/manifests/boarding.pdf?direction=return&lang=de',
    );
    expect(manifestUrl(7, 'rooming', 'csv', 'return', 'fr')).toBe('/departures/7/manifests/rooming.csv');
  });

  it('takes the file name the server chose', () => {
    expect(
      fileNameOf(
        `attachment; filename="Zustiegsliste_X_Rueckfahrt.pdf"; filename*=UTF-8''Zustiegsliste_X_R%C3%BCckfahrt.pdf`,
        'f.pdf',
      ),
    ).toBe('Zustiegsliste_X_Rückfahrt.pdf');
    expect(fileNameOf('attachment; filename="a.csv"', 'f.csv')).toBe('a.csv');
    expect(fileNameOf(null, 'f.csv')).toBe('f.csv');
  });

  it('downloads the chosen manifest for the chosen direction with the session token', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="Sitzplan_X_Rueckfahrt.pdf"; filename*=UTF-8''Sitzplan_X_R%C3%BCckfahrt.pdf`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const created: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:manifest', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    render(
      <AdminContext>
        <ManifestDownloads nr={42} />
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'manifests.directions.return' }));
    const seats = screen.getByTestId('manifest-seats');
    fireEvent.click(seats.querySelectorAll('button')[0]!);
    await waitFor(() => expect(created).toEqual(['Sitzplan_X_Rückfahrt.pdf']));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/departures/42/manifests/seats.pdf?direction=return&lang=en',
      expect.objectContaining({ method: 'GET' }),
    );
    click.mockRestore();
  });
});
