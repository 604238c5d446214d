import type { Journey } from '@tourdesk/contracts/journeys.schema';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken } from './session.ts';

/** What `GET /journey-lit/{id}` answers (the shared contract). */
export type JourneyAnswer = Journey;

/** A JSON call to the API as `email` (set-up and checks); fails the test unless it answers `status`. */
export async function callApi<T>(
  request: APIRequestContext,
  email: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  const token = await apiToken(request, email);
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A journey as the API has it now, read as the admin. */
export const getJourney = (request: APIRequestContext, id: number) =>
  callApi<JourneyAnswer>(request, 'admin@example.com', 'GET', `/journey-lit/${id}`);

/** A stop group of new boarding points (names made unique by `tag`), in the order given. */
export async function createStopGroup(
  request: APIRequestContext,
  tag: string,
  stops: ReadonlyArray<{ name: string; city: string }>,
): Promise<{ name: string; stopIds: number[] }> {
  const stopIds: number[] = [];
  for (const stop of stops) {
    const created = await callApi<{ id: number }>(request, 'admin@example.com', 'POST', '/zustiege-lit', {
      name: `${stop.name} ${tag}`,
      city: stop.city,
      country: 'DE',
    });
    stopIds.push(created.id);
  }
  const name = `Zustiege ${tag}`;
  await callApi(request, 'admin@example.com', 'POST', '/zustiege-gruppen-lit', { name, zustiege: stopIds });
  return { name, stopIds };
}
