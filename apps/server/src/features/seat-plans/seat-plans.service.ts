import {
  SEAT_PLAN_TEMPLATES,
  dinSortKey,
  searchWords,
  sellableSeats,
  type CreateSeatPlanBody,
  type ListQuery,
  type SeatLayout,
  type SeatPlan,
  type SeatPlanTemplate,
  type SeatPlanTemplateItem,
  type UpdateSeatPlanBody,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  SEAT_PLAN_LIST_SPEC,
  deleteSeatPlanRow,
  findSeatPlanById,
  insertSeatPlan,
  insertSeatPlans,
  seatPlanListBase,
  updateSeatPlanRow,
  type SeatPlanRow,
} from './seat-plans.repository.ts';

const EMPTY_LAYOUT: SeatLayout = { decks: [] };

export const parseLayout = (text: string): SeatLayout => parseJson<SeatLayout>(text, EMPTY_LAYOUT);

const toSeatPlan = (row: SeatPlanRow): SeatPlan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  layout: parseLayout(row.layout),
  seat_count: Number(row.seat_count),
  active: toBool(row.active),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

/** GET /seat-plans: searched by name, sorted by name; `pagination=false` for all. */
export function listSeatPlans(ctx: DbContext, query: ListQuery) {
  const { base, countBase } = seatPlanListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, SEAT_PLAN_LIST_SPEC, query, base, (rows) => rows.map(toSeatPlan), countBase);
}

export async function getSeatPlan(ctx: DbContext, id: number): Promise<SeatPlan> {
  const row = await findSeatPlanById(ctx.db, id);
  if (!row) throw notFound();
  return toSeatPlan(row);
}

/** The stored columns of a plan: the layout as JSON, its sellable seat count and the name's sort key. */
const planColumns = (plan: { name: string; layout: SeatLayout }) => ({
  name: plan.name,
  layout: JSON.stringify(plan.layout),
  seat_count: sellableSeats(plan.layout).length,
  sort_name: dinSortKey(plan.name),
});

/** POST /seat-plans */
export async function createSeatPlan(ctx: DbContext, body: CreateSeatPlanBody): Promise<SeatPlan> {
  const now = nowIso();
  const id = await insertSeatPlan(ctx.db, {
    ...planColumns(body),
    description: body.description ?? null,
    active: body.active ?? true,
    created_at: now,
    updated_at: now,
  });
  return getSeatPlan(ctx, id);
}

/** PATCH /seat-plans/{id}: transports already planned keep their copy of the old layout (ADR 0013). */
export async function updateSeatPlan(ctx: DbContext, id: number, body: UpdateSeatPlanBody): Promise<SeatPlan> {
  await inTransaction(ctx, async (trx) => {
    const current = await getSeatPlan(trx, id);
    await updateSeatPlanRow(trx.db, id, {
      ...planColumns({ name: body.name ?? current.name, layout: body.layout ?? current.layout }),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getSeatPlan(ctx, id);
}

/** DELETE /seat-plans/{id}: always allowed; transports keep their copy and lose only the link. */
export async function deleteSeatPlan(ctx: DbContext, id: number): Promise<SeatPlan> {
  return inTransaction(ctx, async (trx) => {
    const plan = await getSeatPlan(trx, id);
    await deleteSeatPlanRow(trx.db, id);
    return plan;
  });
}

/** GET /seat-plans/templates: the standard layouts, each with its sellable seat count. */
export function seatPlanTemplates(): SeatPlanTemplateItem[] {
  return (Object.keys(SEAT_PLAN_TEMPLATES) as SeatPlanTemplate[]).map((key) => {
    const template = SEAT_PLAN_TEMPLATES[key];
    return { key, name: template.name, layout: template.layout, seat_count: sellableSeats(template.layout).length };
  });
}

/** The templates stored as plans (demo data): one insert; their ids by template key. */
export async function createTemplateSeatPlans(ctx: DbContext): Promise<Record<SeatPlanTemplate, number>> {
  const now = nowIso();
  const templates = seatPlanTemplates();
  const ids = await insertSeatPlans(
    ctx.db,
    templates.map((template) => ({
      ...planColumns(template),
      description: null,
      active: true,
      created_at: now,
      updated_at: now,
    })),
  );
  return Object.fromEntries(templates.map((template, index) => [template.key, ids[index]!])) as Record<
    SeatPlanTemplate,
    number
  >;
}
