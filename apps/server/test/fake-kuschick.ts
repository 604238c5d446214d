import { startFakeJsonServer, type FakeServer } from './fake-ratio.ts';

/**
 * A fake Kuschick server on loopback speaking the customer format of docs/adr/0031:
 * `GET /api/kunden/{kundennr}?mandant=…&idaddress=…` answers `{ kunde }` (404 when the customer, or the address
 * asked for, is not there), `GET /api/kunden?mandant=…&geaendert_seit=…&seite=…&pro_seite=…` answers
 * `{ kunden, seite, pro_seite, gesamt }` with the customers changed at or after the time, oldest first. Calls need
 * `X-Api-Key` and the fake's client number (`mandant`). `mode` as in fake-ratio.ts.
 */

export const FAKE_KUSCHICK_KEY = 'fake-kuschick-secret-key-0815';
export const FAKE_KUSCHICK_MANDANT = 42;

export type FakeKuschick = FakeServer & {
  kunden: Map<string, Record<string, unknown>>;
  /** adds or replaces a customer (its `geaendert_am` defaults to now) */
  put: (kunde: Record<string, unknown> & { kundennr: string }) => void;
};

export async function startFakeKuschick(): Promise<FakeKuschick> {
  const kunden = new Map<string, Record<string, unknown>>();
  const fake = await startFakeJsonServer(
    (request) => request.headers['x-api-key'] === FAKE_KUSCHICK_KEY,
    (url) => {
      if (url.searchParams.get('mandant') !== String(FAKE_KUSCHICK_MANDANT))
        return { status: 403, body: { fehler: 'Unbekannter Mandant' } };
      const one = /^\/api\/kunden\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const kunde = kunden.get(decodeURIComponent(one[1]!));
        const idaddress = url.searchParams.get('idaddress');
        if (!kunde || (idaddress && kunde.idaddress && kunde.idaddress !== idaddress))
          return { status: 404, body: { fehler: 'Kunde nicht gefunden' } };
        return { status: 200, body: { kunde } };
      }
      if (url.pathname === '/api/kunden') {
        const since = url.searchParams.get('geaendert_seit');
        if (!since || Number.isNaN(Date.parse(since))) return { status: 400, body: { fehler: 'geaendert_seit fehlt' } };
        const seite = Math.max(1, Number(url.searchParams.get('seite') ?? 1));
        const proSeite = Math.max(1, Number(url.searchParams.get('pro_seite') ?? 100));
        const changed = [...kunden.values()]
          .filter((kunde) => Date.parse(String(kunde.geaendert_am)) >= Date.parse(since))
          .sort((a, b) => Date.parse(String(a.geaendert_am)) - Date.parse(String(b.geaendert_am)));
        return {
          status: 200,
          body: {
            kunden: changed.slice((seite - 1) * proSeite, seite * proSeite),
            seite,
            pro_seite: proSeite,
            gesamt: changed.length,
          },
        };
      }
      return { status: 404, body: { fehler: 'Nicht gefunden' } };
    },
  );
  return Object.assign(fake, {
    kunden,
    put: (kunde: Record<string, unknown> & { kundennr: string }) => {
      kunden.set(kunde.kundennr, { geaendert_am: new Date().toISOString(), ...kunde });
    },
  });
}
