import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_KINDS, type ChatChannelDetail } from '@tourdesk/contracts';
import { ringLapsingOptions } from '../src/features/bookings/booking-bells.ts';
import { indexNewDocuments, INDEX_BATCH } from '../src/features/documents/documents-query.repository.ts';
import { createDepartureFixture } from '../src/seed/departure-factories.ts';
import { createJourneyFixture } from '../src/seed/factories.ts';
import { insertTestBooking } from './departure-bookings.ts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from './helpers.ts';

/**
 * Jobs and screens at the load benchmark's volumes, where each once failed (the jobs every minute): the option bell
 * rings every colleague with vorgang-read, however many (their ids were bound into one `IN (…)`); the documents index
 * writes the manifests of a whole batch of departures (four rows each, nineteen values a row); a chat channel lists
 * every colleague with chat-read as a member. One statement binds at most 32,766 values on SQLite and 65,535 on
 * PostgreSQL.
 */
const COLLEAGUES = 66_000;

describe('at the bench’s volume', () => {
  let t: TestApp;
  let office = '';

  // 66,000 colleagues with the office role (vorgang-read, chat-read): more ids than one statement binds.
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    const { id_roles } = await t.ctx.db
      .selectFrom('user_account')
      .select('id_roles')
      .where('email', '=', office)
      .executeTakeFirstOrThrow();
    for (let start = 0; start < COLLEAGUES; start += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, COLLEAGUES - start) }, (_, i) => ({
        kind: 'staff' as const,
        email: `kollege.${start + i}@bells.example`,
        id_roles,
      }));
      await t.ctx.db.insertInto('user_account').values(rows).execute();
    }
  });
  afterAll(async () => t.close());

  it('rings an option about to lapse to 66,000 colleagues once, and a second run reads no staff', async () => {
    await t.ctx.db.updateTable('user_account').set({ created_at: '2020-01-01T00:00:00.000Z' }).execute();
    const departure = await createDepartureFixture(t.ctx, 1);
    const now = new Date();
    const option = await insertTestBooking(t.ctx, {
      nr: departure.nr,
      status: 'option',
      optionUntil: new Date(now.getTime() + 5 * 60 * 60 * 1000).toISOString(),
      participants: [{ name: 'Adler, Bernd' }],
    });

    const rang: string[] = [];
    const publish = async (event: { topic: string }) => {
      rang.push(event.topic);
    };
    const notices = async () =>
      (
        await t.ctx.db
          .selectFrom('staff_notification')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('dedupe_key', '=', `option-lapsing:${option.id}`)
          .executeTakeFirstOrThrow()
      ).n;

    expect(await ringLapsingOptions(t.ctx, publish, 24, now)).toEqual([option.id]);
    expect(Number(await notices())).toBeGreaterThan(COLLEAGUES);
    expect(new Set(rang).size).toBe(rang.length);
    expect(rang.length).toBe(Number(await notices()));

    // The next run finds the option rung and reads no staff: the options in the window and one probe each.
    rang.length = 0;
    const again = await countStatements(t.ctx, (ctx) => ringLapsingOptions(ctx, publish, 24, now));
    expect(again.result).toEqual([]);
    expect(again.statements).toHaveLength(2);
    expect(rang).toEqual([]);
  });

  it('indexes the manifests of a full batch of departures within the next days', async () => {
    const journey = await createJourneyFixture(t.ctx, 2);
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const dates = Array.from({ length: INDEX_BATCH + 20 }, (_, i) => ({
      id_jrn_journey: journey.id,
      termincode: `VOL-${i}`,
      date_from: soon,
      date_till: soon,
    }));
    for (let start = 0; start < dates.length; start += 100) {
      await t.ctx.db
        .insertInto('jrn_date')
        .values(dates.slice(start, start + 100))
        .execute();
    }
    await indexNewDocuments(t.ctx.db);
    const manifests = await t.ctx.db
      .selectFrom('document_index')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('source', '=', 'manifest')
      .where('title', 'like', 'VOL-%')
      .executeTakeFirstOrThrow();
    expect(Number(manifests.n)).toBe(dates.length * MANIFEST_KINDS.length);
  });

  it('opens the general chat channel with 66,000 colleagues among its members', async () => {
    const response = await call(t.app, office, { method: 'GET', url: '/chat/channels/general' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ChatChannelDetail>().members.length).toBeGreaterThan(COLLEAGUES);
  });
});
