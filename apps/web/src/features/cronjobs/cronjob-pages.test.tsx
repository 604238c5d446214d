import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  AdminContext,
  RecordContextProvider,
  ResourceContextProvider,
  useGetList,
  type DataProvider,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CronJob } from '@tourdesk/contracts';
import { RunNowButton } from './cronjob-pages.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const idle: CronJob = {
  id: 'idempotency.purge',
  name: 'idempotency.purge',
  active: true,
  schedule: null,
  defaultSchedule: null,
  everyMs: 3_600_000,
  lastDate: null,
  lastFinishedDate: null,
  nextDate: null,
  running: false,
  runRequested: false,
  runs: 0,
  failures: 0,
  lastError: null,
  lastOutcome: null,
  logs: [],
};

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** The job list as the page reads it, with the button on its first job. */
function FirstJob() {
  const { data } = useGetList<CronJob>('system/cronjobs', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'id', order: 'ASC' },
  });
  const job = data?.[0];
  return job ? (
    <RecordContextProvider value={job}>
      <RunNowButton />
    </RecordContextProvider>
  ) : null;
}

describe('run now', () => {
  it('stays busy from the click until the list has been read again, then follows the list', async () => {
    let answerReread: (job: CronJob) => void = () => undefined;
    const reread = new Promise<CronJob>((resolve) => (answerReread = resolve));
    const getList = vi
      .fn()
      .mockResolvedValueOnce({ data: [idle], total: 1 })
      .mockImplementationOnce(async () => ({ data: [await reread], total: 1 }));
    const dataProvider = { getList } as unknown as DataProvider;
    const fetchMock = vi.fn(async () => Response.json({ ...idle, runRequested: true }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AdminContext dataProvider={dataProvider}>
        <ResourceContextProvider value="system/cronjobs">
          <FirstJob />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const button = await screen.findByRole('button', { name: /^cronjobs\.runNow/ });
    expect(disabled(button)).toBe(false);

    fireEvent.click(button);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/cronjobs/idempotency.purge/run', expect.anything());
    // The run was asked for and the list is being read again: the record still says "not requested".
    expect(disabled(screen.getByRole('button', { name: /^cronjobs\.running/ }))).toBe(true);

    // The list answers with the run already over: the button is offered again.
    answerReread({ ...idle, lastOutcome: 'ok', runs: 1 });
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: /^cronjobs\.runNow/ }))).toBe(false));
  });
});
