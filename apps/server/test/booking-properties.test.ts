import fc from 'fast-check';
import { AndNode, RawNode, UpdateQueryNode, WhereNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, CreateBookingBody, UpdateBookingBody } from '@tourdesk/contracts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { releaseExpiredOptions } from '../src/features/bookings/bookings.service.ts';
import { checkBookingInvariants } from '../src/features/bookings/invariants.ts';
import { createDepartureFixture, type DepartureFixture } from '../src/seed/departure-factories.ts';
import { allowHeldOverCapacity } from './booking-proof.repository.ts';
import { buildTestApp, call, createLogin, TEST_DIALECT, type TestApp } from './helpers.ts';

/**
 * Property (DOMAIN.md "Proof that is expected"): whatever sequence of booking commands arrives — book 1–4
 * participants as option or firm with chosen or automatic seats, rooms and limited extras; cancel; move a
 * participant to another seat; change a stop; add a participant (PUT of the whole booking); move to the waiting
 * list and back to an option; confirm; let options expire (releaseExpiredOptions at a later `now`) — every answer
 * is a success or an expected refusal, and after EVERY step the invariants of invariants.ts hold for the
 * departure. On a small departure (19-seat minibus with a blocked seat, one double and one single room, an
 * extra of two units) so that it sells out quickly. A second test runs the same property against a database
 * whose capacity check is broken on purpose and expects fast-check to find the overbooking.
 */

const NUM_RUNS = Number(process.env.BOOKING_PROPERTY_RUNS ?? 40);
const MAX_COMMANDS = 25;

type Command =
  | {
      kind: 'book';
      size: number;
      type: 'option' | 'regular';
      seats: Array<number | null>;
      stop: number;
      room: 'double' | 'single' | null;
      extra: number;
      optionDays: number;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'seat'; pick: number; who: number; richtung: 'H' | 'R'; seat: number }
  | { kind: 'stop'; pick: number; who: number; richtung: 'H' | 'R'; stop: number }
  | { kind: 'add'; pick: number }
  | { kind: 'waitlist'; pick: number }
  | { kind: 'option'; pick: number; optionDays: number }
  | { kind: 'firm'; pick: number }
  | { kind: 'processing'; pick: number }
  | { kind: 'expire'; days: number };

const pick = fc.nat({ max: 50 });
const richtung = fc.constantFrom<'H' | 'R'>('H', 'R');
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      size: fc.integer({ min: 1, max: 4 }),
      type: fc.constantFrom<'option' | 'regular'>('option', 'regular'),
      seats: fc.array(fc.option(fc.nat({ max: 17 }), { freq: 2 }), { minLength: 4, maxLength: 4 }),
      stop: fc.integer({ min: 0, max: 2 }),
      room: fc.constantFrom<'double' | 'single' | null>(null, 'double', 'single'),
      extra: fc.integer({ min: 0, max: 2 }),
      optionDays: fc.integer({ min: 1, max: 10 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('seat' as const),
      pick,
      who: fc.nat({ max: 4 }),
      richtung,
      seat: fc.nat({ max: 17 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      pick,
      who: fc.nat({ max: 4 }),
      richtung,
      stop: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('waitlist' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('processing' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('option' as const),
      pick,
      optionDays: fc.integer({ min: 1, max: 10 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('firm' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), days: fc.integer({ min: 1, max: 6 }) }) },
);
const commandsArbitrary = (maxLength: number) => fc.array(commandArbitrary, { minLength: 1, maxLength, size: 'max' });

/** Refusals a command may meet on a valid request, by the state the departure happens to be in. */
const EXPECTED_409 = new Set([
  'error.soldOut',
  'error.seatTaken',
  'error.statusTransition',
  'error.bookingCancelled',
  'error.processInProgress',
]);

type Figures = {
  runs: number;
  steps: number;
  expired: number;
  ok: Record<string, number>;
  refused: Record<string, number>;
};

/** A departure, a login and a virtual clock; applies commands through the routes and checks after each. */
class Scenario {
  readonly bookings: number[] = [];
  now = new Date();
  readonly t: TestApp;
  readonly login: string;
  readonly fixture: DepartureFixture;
  readonly figures: Figures;
  constructor(t: TestApp, login: string, fixture: DepartureFixture, figures: Figures) {
    this.t = t;
    this.login = login;
    this.fixture = fixture;
    this.figures = figures;
  }

  private get seats() {
    return this.fixture.transports[0]!.seats;
  }
  private quotaRef(kind: 'room' | 'extra', index = 0) {
    return this.fixture.quotas.filter((quota) => quota.kind === kind)[index]!.ref;
  }
  private picked(index: number): number | undefined {
    return this.bookings.length === 0 ? undefined : this.bookings[index % this.bookings.length];
  }
  private inDays(days: number) {
    return new Date(this.now.getTime() + days * 86_400_000).toISOString();
  }

  private async send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return call(this.t.app, this.login, { method, url, ...(payload ? { payload } : {}) });
  }

  private async booking(id: number): Promise<Booking> {
    const response = await this.send('GET', `/ratio_vorgang/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json<Booking>();
  }

  /** Applies one command; returns the answer's status and key for the tally. */
  async apply(command: Command): Promise<{ status: number; key?: string; holding?: boolean } | null> {
    switch (command.kind) {
      case 'book': {
        const body: CreateBookingBody = {
          termin: this.fixture.nr,
          type: command.type,
          ...(command.type === 'option' ? { option_until: this.inDays(command.optionDays) } : {}),
          title: 'Eigenschaftstest',
          buchender: { surname: 'Eigenschaft' },
          teilnehmer: Array.from({ length: command.size }, (_, index) => {
            const seat = command.seats[index];
            return {
              name: `Reisende ${index + 1}`,
              ...(seat != null
                ? {
                    sitzhin: this.seats[seat % this.seats.length],
                    sitzrueck: this.seats[(seat + 1) % this.seats.length],
                  }
                : {}),
              ...(command.stop ? { zustieghin: command.stop, zustiegrueck: command.stop } : {}),
              ...(command.room ? { zimmer: 0 } : {}),
            };
          }),
          rooms: command.room ? [{ id_jrn_room_type: this.quotaRef('room', command.room === 'double' ? 0 : 1) }] : [],
          extras: command.extra ? [{ id_jrn_extra: this.quotaRef('extra'), units: command.extra }] : [],
        };
        const response = await this.send('POST', '/ratio_vorgang', body);
        if (response.statusCode === 201) this.bookings.push(response.json<Booking>().id);
        return answer(response);
      }
      case 'cancel': {
        const id = this.picked(command.pick);
        return id === undefined ? null : answer(await this.send('DELETE', `/ratio_vorgang/${id}`));
      }
      case 'seat':
      case 'stop': {
        const id = this.picked(command.pick);
        if (id === undefined) return null;
        const booking = await this.booking(id);
        const participant = booking.teilnehmer[command.who % Math.max(booking.teilnehmer.length, 1)];
        if (!participant) return null;
        const response = await this.send('PUT', `/ratio/api/zustiege/${id}`, {
          teilnehmerNr: participant.nr,
          richtung: command.richtung,
          ...(command.kind === 'seat'
            ? { platznummer: this.seats[command.seat % this.seats.length] }
            : { knotenhaltnr: command.stop }),
        });
        // A seat for a booking that holds nothing is refused at `platznummer` (ADR 0014).
        if (response.statusCode === 400 && command.kind === 'seat' && !holds(booking.status))
          return { status: 400, key: 'platznummer (holds nothing)' };
        return answer(response);
      }
      case 'add': {
        const id = this.picked(command.pick);
        if (id === undefined) return null;
        const booking = await this.booking(id);
        const body: UpdateBookingBody = {
          teilnehmer: [
            ...booking.teilnehmer.map((participant) => ({
              nr: participant.nr,
              name: participant.name,
              ...(participant.zimmer != null ? { zimmer: participant.zimmer } : {}),
            })),
            { name: `Reisende ${booking.teilnehmer.length + 1}` },
          ],
          rooms: booking.rooms.map((room) => ({ id_jrn_room_type: room.id_jrn_room_type })),
          extras: booking.extras.map((extra) => ({ id_jrn_extra: extra.id_jrn_extra, units: extra.units })),
        };
        return answer(await this.send('PUT', `/ratio/api/booking/${id}`, body));
      }
      case 'waitlist':
      case 'option':
      case 'firm':
      case 'processing': {
        const id = this.picked(command.pick);
        if (id === undefined) return null;
        return answer(
          await this.send('POST', `/ratio_vorgang/${id}/status`, {
            status: command.kind,
            ...(command.kind === 'option' ? { option_until: this.inDays(command.optionDays) } : {}),
          }),
        );
      }
      case 'expire': {
        this.now = new Date(this.now.getTime() + command.days * 86_400_000);
        const released = await releaseExpiredOptions(this.t.ctx, this.now);
        this.figures.expired += released.length;
        return { status: 200 };
      }
    }
  }

  /** Runs the commands, checking answers and invariants after every one. */
  async run(commands: Command[]) {
    this.figures.runs++;
    for (const [step, command] of commands.entries()) {
      const result = await this.apply(command);
      this.figures.steps++;
      if (result) {
        const tally = result.status < 300 ? this.figures.ok : this.figures.refused;
        const name = result.status < 300 ? command.kind : `${command.kind} ${result.key}`;
        tally[name] = (tally[name] ?? 0) + 1;
        if (
          result.status >= 300 &&
          result.status !== 400 &&
          !(result.status === 409 && EXPECTED_409.has(result.key ?? ''))
        )
          throw new Error(`step ${step} (${command.kind}): unexpected answer ${result.status} ${result.key}`);
      }
      const invariants = await checkBookingInvariants(this.t.ctx, { nr: this.fixture.nr });
      if (!invariants.ok)
        throw new Error(
          `step ${step} (${command.kind}) broke invariants:\n` +
            invariants.violations.map((violation) => `  ${violation.invariant}: ${violation.detail}`).join('\n'),
        );
    }
  }
}

const holds = (status: string) => status === 'option' || status === 'firm' || status === 'processing';

function answer(response: { statusCode: number; json: <T>() => T }) {
  const status = response.statusCode;
  return { status, key: status >= 300 ? response.json<{ key?: string }>().key : undefined };
}

const emptyFigures = (): Figures => ({ runs: 0, steps: 0, expired: 0, ok: {}, refused: {} });

/** A departure small enough to sell out within a few commands. */
let departures = 0;
const smallDeparture = (t: TestApp) =>
  createDepartureFixture(t.ctx, ++departures, {
    seatPlan: 'minibus19',
    blocked: ['3'],
    stops: 2,
    journey: {
      accommodations: [
        {
          name: 'Hotel Klein',
          city: 'Riva del Garda',
          country: 'Italien',
          stars: 3,
          roomTypes: [
            { kind: 'double', name: 'Doppelzimmer', rooms: 1 },
            { kind: 'single', name: 'Einzelzimmer', rooms: 1 },
          ],
        },
      ],
      extras: [{ type: 'Ausflug', value: 'Bootsfahrt', price: 25, price_due: 'per_person', units: 2 }],
    },
  });

const property = (t: TestApp, login: () => string, figures: Figures, maxCommands = MAX_COMMANDS) =>
  fc.asyncProperty(commandsArbitrary(maxCommands), async (commands) => {
    const scenario = new Scenario(t, login(), await smallDeparture(t), figures);
    await scenario.run(commands);
  });

describe('booking properties', () => {
  let t: TestApp;
  let login = '';
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    login = await createLogin(t.ctx, 'admin');
  });
  afterAll(() => t.close());

  it('keeps every invariant after every step of any sequence of booking commands', async () => {
    const figures = emptyFigures();
    const started = Date.now();
    await fc.assert(
      property(t, () => login, figures),
      { numRuns: NUM_RUNS },
    );
    console.info(
      `booking properties (${TEST_DIALECT}): ${figures.runs} runs, ${figures.steps} steps, ` +
        `${figures.expired} options expired, ${Date.now() - started} ms`,
      JSON.stringify({ ok: figures.ok, refused: figures.refused }),
    );
    // The sequences reached the states that matter (the frequent ones; the rest is in the figures above).
    expect(figures.ok.book).toBeGreaterThan(0);
    expect(figures.refused['book error.soldOut']).toBeGreaterThan(0);
    expect(figures.ok.seat).toBeGreaterThan(0);
    expect(figures.ok.add).toBeGreaterThan(0);
    expect(figures.ok.cancel).toBeGreaterThan(0);
  }, 180_000);
});

/**
 * The same property against a broken capacity check: a Kysely plugin (test only) drops the condition
 * `held + n <= capacity` from every conditional update of `quota`, and the database's own CHECK is lifted, so
 * nothing stops an overbooking but the invariant check. fast-check must find a failing sequence.
 */
describe('booking properties against a broken capacity check', () => {
  let t: TestApp;
  let login = '';
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', wrapDatabase: withoutCapacityCheck });
    await allowHeldOverCapacity(t.ctx);
    login = await createLogin(t.ctx, 'admin');
  });
  afterAll(() => t.close());

  it('is caught: fast-check finds a sequence that overbooks a room', async () => {
    const figures = emptyFigures();
    // Short sequences (two bookings of one room already overbook it), without shrinking by default since each try
    // builds a departure; BOOKING_PROPERTY_SHRINK=1 shows the smallest failing sequence.
    const result = await fc.check(
      property(t, () => login, figures, 8),
      {
        numRuns: NUM_RUNS,
        seed: 20261124,
        endOnFailure: process.env.BOOKING_PROPERTY_SHRINK !== '1',
      },
    );
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/quota\.overCapacity/);
    console.info(
      `broken capacity check (${TEST_DIALECT}): failed after ${result.numRuns} runs, ${result.numShrinks} shrinks; ` +
        `counterexample ${JSON.stringify(result.counterexample)}\n${String(result.errorInstance)}`,
    );
  }, 180_000);
});

/** Test only: the database handle with every `held + n <= capacity` condition on `quota` removed. */
function withoutCapacityCheck(database: DatabaseHandle): DatabaseHandle {
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (!UpdateQueryNode.is(node) || !node.where || !AndNode.is(node.where.where)) return node;
      const { left, right } = node.where.where;
      const isCapacity = RawNode.is(right) && right.sqlFragments.join('?').includes('<= capacity');
      return isCapacity ? { ...node, where: WhereNode.create(left) } : node;
    },
    transformResult: async ({ result }) => result,
  };
  return { ...database, db: database.db.withPlugin(plugin) };
}
