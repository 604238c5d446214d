import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailName } from '../src/seed/german-data.ts';
import { buildTestApp, call, tokenFor, type TestApp } from './helpers.ts';

/** What the demo shows a new user has to look right (issue 8, 2.9). */
describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('files the drivers surname first, each with an e-mail address of their own name', async () => {
    const drivers = (
      await call(t.app, 'admin', { method: 'GET', url: '/customers?driversOnly=true&lit-sort=id' })
    ).json().data;
    expect(drivers.map((driver: { name: string }) => driver.name)).toEqual([
      'Bäumer, Dieter',
      'Straßburger, Günther',
      'Öztürk, Mehmet',
      'Wendt, Sabine',
      'Kröber, Jens',
    ]);
    for (const driver of drivers) {
      expect(driver.email).toContain(`${mailName(driver.firstName)}.${mailName(driver.surname)}.`);
    }
  });

  it('lets the demo driver log in, and shows the others invited', async () => {
    const drivers = (await call(t.app, 'admin', { method: 'GET', url: '/customers?driversOnly=true' })).json().data;
    const states = new Map<string, string>();
    for (const driver of drivers) {
      const login = (await call(t.app, 'admin', { method: 'GET', url: `/drivers/${driver.id}/login` })).json();
      states.set(login.email, login.invitation);
    }
    expect(Object.fromEntries(states)).toEqual({
      'driver@example.com': 'accepted',
      'g.strassburger@alpenblick-reisen.example': 'pending',
      'm.oeztuerk@alpenblick-reisen.example': 'pending',
      's.wendt@alpenblick-reisen.example': 'pending',
      'j.kroeber@alpenblick-reisen.example': 'pending',
    });
    await expect(tokenFor(t.app, 'driver@example.com')).resolves.toEqual(expect.any(String));
  });

  it('has 40 boarding points around Leipzig, Dresden and Chemnitz in 5 stop groups, and 12 destinations', async () => {
    const stops = (await call(t.app, 'office', { method: 'GET', url: '/zustiege-lit?pagination=false' })).json();
    expect(stops).toHaveLength(40);
    expect(stops.every((stop: { lat: number | null }) => stop.lat !== null && stop.lat > 50 && stop.lat < 52)).toBe(
      true,
    );
    const groups = (
      await call(t.app, 'office', { method: 'GET', url: '/zustiege-gruppen-lit?pagination=false' })
    ).json();
    expect(groups.map((group: { name: string }) => group.name)).toEqual([
      'Chemnitz/Erzgebirge',
      'Dresden Stadt',
      'Leipzig und Umland',
      'Sachsen Nord',
      'Vogtland/Zwickau',
    ]);
    expect(groups.flatMap((group: { zustiege: unknown[] }) => group.zustiege)).toHaveLength(40);
    const destinations = (
      await call(t.app, 'office', { method: 'GET', url: '/journey/destination?pagination=false' })
    ).json();
    expect(destinations).toHaveLength(12);
    expect(destinations.every((destination: { countries: number[] }) => destination.countries.length > 0)).toBe(true);
  });
});
