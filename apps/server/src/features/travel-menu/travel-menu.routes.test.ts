import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachSales, Consumption, MenuInvoice, TravelMenu, TravelMenuItem } from '@tourdesk/contracts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from '../../../test/helpers.ts';
import { book } from '../../../test/agency-money.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { DEMO_PASSWORD, createDriverFixture, nextSequence } from '../../seed/factories.ts';
import { linkTraveller } from '../traveller-trips/traveller-trips.service.ts';
import { createConsumption, currentTrip, vatBreakdown } from './travel-menu.service.ts';

/** The on-board menu, consumption booked by the coach's driver, and the traveller's bill (issue #13 item 5). */
describe('travel menu and consumption', () => {
  let t: TestApp;
  let office: string;
  let agency: string;
  let traveller: string;
  let stranger: string;
  let driver: string;
  let otherDriver: string;
  let journeyId = 0;
  let otherJourneyId = 0;
  let menuJourneyId = 0;
  let transportId = 0;
  let bookingId = 0;
  let otherBookingId = 0;
  let participants: number[] = [];
  let otherParticipant = 0;
  let water: TravelMenuItem;
  let coffee: TravelMenuItem;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const driverLogin = async () => {
    const created = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    return { email: created.loginEmail, cardId: created.customer.id };
  };
  const addItem = async (body: Record<string, unknown>, as = office) =>
    call(t.app, as, { method: 'POST', url: '/travel-menu/items', payload: { journeyId, ...body } });
  const item = async (body: Record<string, unknown>) => {
    const response = await addItem(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TravelMenuItem>();
  };
  const sell = (as: string, transport: number, participantId: number, items: Array<[TravelMenuItem, number]>) =>
    call(t.app, as, {
      method: 'POST',
      url: '/travel-menu/consumptions',
      payload: {
        transportId: transport,
        participantId,
        items: items.map(([sold, quantity]) => ({ itemId: sold.id, quantity })),
      },
    });

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    agency = await createLogin(t.ctx, 'agency');
    traveller = await createLogin(t.ctx, 'traveller');
    stranger = await createLogin(t.ctx, 'traveller');
    const departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-06-07' } });
    const other = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-07-05' } });
    journeyId = departure.journey.id;
    otherJourneyId = other.journey.id;
    transportId = departure.transports.find((transport) => transport.direction === 'outbound')!.id;
    const booking = await book(t, office, departure.nr);
    bookingId = booking.id;
    participants = booking.teilnehmer.map((participant) => participant.nr);
    const otherBooking = await book(t, office, other.nr, { surname: 'Vogt' });
    otherBookingId = otherBooking.id;
    otherParticipant = otherBooking.teilnehmer[0]!.nr;
    await linkTraveller(t.ctx, { userId: await userId(traveller), bookingId, relation: 'booker', status: 'confirmed' });
    await linkTraveller(t.ctx, {
      userId: await userId(stranger),
      bookingId: otherBookingId,
      relation: 'booker',
      status: 'confirmed',
    });
    const mine = await driverLogin();
    driver = mine.email;
    otherDriver = (await driverLogin()).email;
    await t.ctx.db
      .updateTable('transport')
      .set({ id_driver_card: mine.cardId })
      .where('id', '=', transportId)
      .execute();
    water = await item({ name: 'Mineralwasser 0,5 l', category: 'drinks', price: 2.5, vatRate: 19 });
    coffee = await item({ name: 'Kaffee', category: 'drinks', price: 2.2, vatRate: 19 });
    menuJourneyId = (await createDepartureFixture(t.ctx, nextSequence())).journey.id;
  });
  afterAll(() => t.close());

  it('lets staff with the journey rights keep the menu, in order, and refuses others', async () => {
    const onMenu = (body: Record<string, unknown>, as = office) =>
      call(t.app, as, { method: 'POST', url: '/travel-menu/items', payload: { journeyId: menuJourneyId, ...body } });
    const created = await onMenu({ name: 'Apfelschorle 0,5 l', category: 'drinks', price: 2.5, vatRate: 19 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<TravelMenuItem>()).toMatchObject({
      journeyId: menuJourneyId,
      price: 2.5,
      vatRate: 19,
      available: true,
      position: 0,
    });
    const tea = (await onMenu({ name: 'Tee', category: 'drinks', price: 1.8, vatRate: 19 })).json<TravelMenuItem>();
    expect(tea.position).toBe(1);
    const pretzel = (
      await onMenu({ name: 'Laugenbrezel', category: 'snacks', price: 1.8, vatRate: 7, available: false })
    ).json<TravelMenuItem>();

    const bad = await onMenu({ name: '', category: 'wine', price: -1, vatRate: 16 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ errors: Array<{ field: string }> }>()
        .errors.map((error) => error.field)
        .sort(),
    ).toEqual(['category', 'name', 'price', 'vatRate']);
    expect((await onMenu({ name: 'Cola', category: 'drinks', price: 2, vatRate: 19 }, agency)).statusCode).toBe(403);
    expect((await onMenu({ name: 'Cola', category: 'drinks', price: 2, vatRate: 19 }, traveller)).statusCode).toBe(403);

    const patched = await call(t.app, office, {
      method: 'PATCH',
      url: `/travel-menu/items/${pretzel.id}`,
      payload: { description: 'frisch vom Bäcker', position: 5 },
    });
    expect(patched.json<TravelMenuItem>()).toMatchObject({ description: 'frisch vom Bäcker', position: 5 });
    const list = await call(t.app, office, { method: 'GET', url: `/travel-menu/items?journeyId=${menuJourneyId}` });
    expect(list.json<TravelMenuItem[]>().map((item) => item.name)).toEqual([
      'Apfelschorle 0,5 l',
      'Tee',
      'Laugenbrezel',
    ]);
    const removed = await call(t.app, office, { method: 'DELETE', url: `/travel-menu/items/${pretzel.id}` });
    expect(removed.statusCode).toBe(200);
    expect(
      (await call(t.app, office, { method: 'GET', url: `/travel-menu/items?journeyId=${menuJourneyId}` })).json<
        TravelMenuItem[]
      >(),
    ).toHaveLength(2);
    expect((await call(t.app, office, { method: 'DELETE', url: `/travel-menu/items/${pretzel.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, office, { method: 'GET', url: '/travel-menu/items?journeyId=99999999' })).statusCode,
    ).toBe(404);
  });

  it('shows the traveller the menu of their own booking (or the current trip) and 404 for another', async () => {
    const hidden = (
      await addItem({ name: 'Sekt', category: 'drinks', price: 4.5, vatRate: 19, available: false })
    ).json<TravelMenuItem>();
    const own = await call(t.app, traveller, { method: 'GET', url: `/journey/travel-menu?bookingId=${bookingId}` });
    expect(own.statusCode, own.body).toBe(200);
    const menu = own.json<TravelMenu>();
    expect(menu).toMatchObject({ journeyId, bookingId });
    expect(menu.items.map((item) => item.name)).toContain('Kaffee');
    expect(menu.items.map((item) => item.id)).not.toContain(hidden.id);
    const current = await call(t.app, traveller, { method: 'GET', url: '/journey/travel-menu' });
    expect(current.json<TravelMenu>().bookingId).toBe(bookingId);

    const foreign = await call(t.app, traveller, {
      method: 'GET',
      url: `/journey/travel-menu?bookingId=${otherBookingId}`,
    });
    expect(foreign.statusCode).toBe(404);
    // A traveller cannot read a journey's menu by its id (that is staff's door).
    expect(
      (await call(t.app, traveller, { method: 'GET', url: `/journey/travel-menu?journeyId=${journeyId}` })).statusCode,
    ).toBe(403);
    const staff = await call(t.app, office, { method: 'GET', url: `/journey/travel-menu?journeyId=${journeyId}` });
    expect(staff.json<TravelMenu>().items.map((item) => item.id)).toContain(hidden.id);
    const otherMenu = (
      await call(t.app, office, { method: 'GET', url: `/journey/travel-menu?journeyId=${otherJourneyId}` })
    ).json<TravelMenu>();
    expect(otherMenu.items.map((item) => item.id)).not.toContain(hidden.id);
    expect(otherMenu.items.every((item) => item.journeyId === otherJourneyId)).toBe(true);
    expect((await call(t.app, agency, { method: 'GET', url: '/journey/travel-menu?journeyId=1' })).statusCode).toBe(
      403,
    );
  });

  it('lets the coach driver book consumption; another driver gets 403 notYourDeparture, a traveller 403', async () => {
    const sales = await call(t.app, driver, { method: 'GET', url: `/travel-menu/transports/${transportId}/sales` });
    expect(sales.statusCode, sales.body).toBe(200);
    expect(
      sales
        .json<CoachSales>()
        .passengers.map((passenger) => passenger.participantId)
        .sort(),
    ).toEqual([...participants].sort());

    const payload = {
      transportId,
      participantId: participants[0],
      items: [
        { itemId: water.id, quantity: 2 },
        { itemId: coffee.id, quantity: 1 },
      ],
    };
    const booked = await call(t.app, driver, { method: 'POST', url: '/travel-menu/consumptions', payload });
    expect(booked.statusCode, booked.body).toBe(201);
    const lines = booked.json<Consumption[]>();
    expect(lines.map((line) => [line.name, line.quantity, line.unitPrice, line.total])).toEqual([
      ['Mineralwasser 0,5 l', 2, 2.5, 5],
      ['Kaffee', 1, 2.2, 2.2],
    ]);
    expect(lines[0]).toMatchObject({ bookingId, participantId: participants[0], transportId });

    const foreignDriver = await call(t.app, otherDriver, { method: 'POST', url: '/travel-menu/consumptions', payload });
    expect(foreignDriver.statusCode).toBe(403);
    expect(foreignDriver.json<{ key: string }>().key).toBe('error.notYourDeparture');
    expect(
      (await call(t.app, otherDriver, { method: 'GET', url: `/travel-menu/transports/${transportId}/sales` })).json<{
        key: string;
      }>().key,
    ).toBe('error.notYourDeparture');
    expect(
      (await call(t.app, traveller, { method: 'POST', url: '/travel-menu/consumptions', payload })).statusCode,
    ).toBe(403);
    // A participant of another departure, or an item of another journey, is refused.
    const wrongParticipant = await call(t.app, driver, {
      method: 'POST',
      url: '/travel-menu/consumptions',
      payload: { ...payload, participantId: otherParticipant },
    });
    expect(wrongParticipant.statusCode).toBe(400);
    expect(wrongParticipant.json<{ errors: Array<{ field: string }> }>().errors[0]!.field).toBe('participantId');
    const foreignItem = (
      await call(t.app, office, {
        method: 'POST',
        url: '/travel-menu/items',
        payload: { journeyId: otherJourneyId, name: 'Tee', category: 'drinks', price: 2, vatRate: 19 },
      })
    ).json<TravelMenuItem>();
    const wrongItem = await call(t.app, driver, {
      method: 'POST',
      url: '/travel-menu/consumptions',
      payload: { ...payload, items: [{ itemId: foreignItem.id, quantity: 1 }] },
    });
    expect(wrongItem.statusCode).toBe(400);
    // Staff with vorgang-update may book too.
    const byOffice = await call(t.app, office, {
      method: 'POST',
      url: '/travel-menu/consumptions',
      payload: { transportId, participantId: participants[1], items: [{ itemId: water.id, quantity: 1 }] },
    });
    expect(byOffice.statusCode).toBe(201);
  });

  it('keeps the price as sold after a menu change, and cancels a mistaken line', async () => {
    const spritzer = await item({ name: 'Apfelschorle 0,5 l', category: 'drinks', price: 2.5, vatRate: 19 });
    expect((await sell(driver, transportId, participants[0]!, [[spritzer, 2]])).statusCode).toBe(201);
    await call(t.app, office, { method: 'PATCH', url: `/travel-menu/items/${spritzer.id}`, payload: { price: 3 } });
    const invoice = (
      await call(t.app, traveller, { method: 'GET', url: `/journey/menu-invoice?bookingId=${bookingId}` })
    ).json<MenuInvoice>();
    const first = invoice.participants.find((participant) => participant.participantId === participants[0])!;
    expect(first.lines.find((line) => line.itemId === spritzer.id)).toMatchObject({ unitPrice: 2.5, total: 5 });

    const mistake = (await sell(driver, transportId, participants[0]!, [[coffee, 3]])).json<Consumption[]>()[0]!;
    expect(
      (await call(t.app, otherDriver, { method: 'DELETE', url: `/travel-menu/consumptions/${mistake.id}` })).statusCode,
    ).toBe(403);
    const undone = await call(t.app, driver, { method: 'DELETE', url: `/travel-menu/consumptions/${mistake.id}` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<Consumption>().cancelledAt).not.toBeNull();
    const after = (
      await call(t.app, traveller, { method: 'GET', url: `/journey/menu-invoice?bookingId=${bookingId}` })
    ).json<MenuInvoice>();
    expect(after.participants.flatMap((participant) => participant.lines).map((line) => line.id)).not.toContain(
      mistake.id,
    );
    // Past the undo window only staff may cancel.
    const old = (await sell(driver, transportId, participants[1]!, [[coffee, 1]])).json<Consumption[]>()[0]!;
    await t.ctx.db
      .updateTable('travel_consumption')
      .set({ created_at: new Date(Date.now() - 60 * 60_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    expect(
      (await call(t.app, driver, { method: 'DELETE', url: `/travel-menu/consumptions/${old.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, office, { method: 'DELETE', url: `/travel-menu/consumptions/${old.id}` })).statusCode,
    ).toBe(200);
  });

  it('bills the booking: lines per participant, totals and VAT per rate; staff see the departure summary', async () => {
    // A departure of its own, so that nothing else is sold on it.
    const departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-08-02' } });
    const coach = departure.transports.find((transport) => transport.direction === 'outbound')!.id;
    const booking = await book(t, office, departure.nr, { surname: 'Brandt' });
    await linkTraveller(t.ctx, {
      userId: await userId(traveller),
      bookingId: booking.id,
      relation: 'booker',
      status: 'confirmed',
    });
    const [first, second] = booking.teilnehmer.map((participant) => participant.nr);
    const onJourney = (body: Record<string, unknown>) =>
      addItem({ ...body, journeyId: departure.journey.id }).then((response) => response.json<TravelMenuItem>());
    const beer = await onJourney({ name: 'Pils 0,33 l', category: 'drinks', price: 3, vatRate: 19 });
    const soup = await onJourney({ name: 'Gulaschsuppe', category: 'hotMeals', price: 5.35, vatRate: 7 });
    await sell(office, coach, first!, [
      [beer, 2],
      [soup, 1],
    ]);
    await sell(office, coach, second!, [[soup, 2]]);
    const cancelled = (await sell(office, coach, second!, [[beer, 5]])).json<Consumption[]>()[0]!;
    await call(t.app, office, { method: 'DELETE', url: `/travel-menu/consumptions/${cancelled.id}` });

    const response = await call(t.app, traveller, {
      method: 'GET',
      url: `/journey/menu-invoice?bookingId=${booking.id}`,
    });
    expect(response.statusCode).toBe(200);
    const invoice = response.json<MenuInvoice>();
    // 2 × 3,00 + 1 × 5,35 = 11,35 (first); 2 × 5,35 = 10,70 (second); the cancelled line left out.
    expect(invoice.participants.map((participant) => [participant.participantId, participant.total])).toEqual([
      [first, 11.35],
      [second, 10.7],
    ]);
    expect(invoice.total).toBe(22.05);
    // VAT is contained in the gross prices: 6,00 × 19/119 = 0,96; 16,05 × 7/107 = 1,05.
    expect(invoice.vat).toEqual([
      { rate: 7, gross: 16.05, net: 15, vat: 1.05 },
      { rate: 19, gross: 6, net: 5.04, vat: 0.96 },
    ]);
    expect(
      (await call(t.app, stranger, { method: 'GET', url: `/journey/menu-invoice?bookingId=${booking.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, stranger, { method: 'GET', url: '/journey/menu-invoice' })).json<MenuInvoice>().total,
    ).toBe(0);
    const staff = await call(t.app, office, { method: 'GET', url: `/journey/menu-invoice?bookingId=${booking.id}` });
    expect(staff.json<MenuInvoice>().total).toBe(22.05);
    const summary = await call(t.app, office, {
      method: 'GET',
      url: `/travel-menu/departures/${departure.nr}/summary`,
    });
    expect(
      summary.json<{ rows: Array<{ name: string; quantity: number; total: number }>; total: number }>(),
    ).toMatchObject({
      rows: [
        { name: 'Gulaschsuppe', quantity: 3, total: 16.05 },
        { name: 'Pils 0,33 l', quantity: 2, total: 6 },
      ],
      total: 22.05,
    });
    expect(
      (await call(t.app, agency, { method: 'GET', url: `/travel-menu/departures/${departure.nr}/summary` })).statusCode,
    ).toBe(403);
  });

  it('books a round of items with one insert and a handful of reads', async () => {
    const driverId = await userId(driver);
    const { result, statements } = await countStatements(t.ctx, (ctx) =>
      createConsumption(
        ctx,
        { id: driverId, kind: 'app', email: driver, admin: false, role: 'driver', access: {}, agencyId: null },
        {
          transportId,
          participantId: participants[1]!,
          items: [
            { itemId: water.id, quantity: 1 },
            { itemId: coffee.id, quantity: 1 },
          ],
        },
      ),
    );
    expect(result).toHaveLength(2);
    // coach, the driver check, participant, items, one insert of both lines, the answer
    expect(statements).toHaveLength(6);
    expect(statements.filter((kind) => kind === 'InsertQueryNode')).toHaveLength(1);
  });

  it('splits VAT per rate and picks the trip under way, else the next', () => {
    expect(
      vatBreakdown([
        { grossCents: 1070, rate: 7 },
        { grossCents: 1190, rate: 19 },
        { grossCents: 214, rate: 7 },
      ]),
    ).toEqual([
      { rate: 7, gross: 12.84, net: 12, vat: 0.84 },
      { rate: 19, gross: 11.9, net: 10, vat: 1.9 },
    ]);
    const trip = (bookingId: number, dateFrom: string, dateTill: string) => ({
      bookingId,
      departureId: 1,
      journeyId: 1,
      dateFrom,
      dateTill,
      relation: 'booker' as const,
    });
    const trips = [
      trip(3, '2027-09-01', '2027-09-05'),
      trip(2, '2027-07-01', '2027-07-05'),
      trip(1, '2027-01-01', '2027-01-03'),
    ];
    expect(currentTrip(trips, '2027-07-03')?.bookingId).toBe(2);
    expect(currentTrip(trips, '2027-06-01')?.bookingId).toBe(2);
    expect(currentTrip(trips, '2028-01-01')?.bookingId).toBe(3);
    expect(currentTrip([], '2027-01-01')).toBeNull();
  });
});
