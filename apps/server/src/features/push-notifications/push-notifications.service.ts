import {
  dinSortKey,
  searchWords,
  type AppTopic,
  type ChannelMessageBody,
  type CreateAppTopicBody,
  type CreatePushNotificationBody,
  type ListQuery,
  type Page,
  type PushDeliveryStatus,
  type PushNotification,
  type PushReceiver,
  type PushReceiverCount,
  type PushReceiverGroup,
  type PushReceiversBody,
  type UpdateAppTopicBody,
  type UpdatePushNotificationBody,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { resolveLimit, runList } from '../../lib/list-query.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { countReceivers, sendNotification, type ReceiverTarget } from '../push/push.service.ts';
import {
  NOTIFICATION_LIST_SPEC,
  cardNames,
  coachNames,
  departureNames,
  TOPIC_LIST_SPEC,
  countReceiverRows,
  deleteTopicRow,
  deleteUnsentNotification,
  deliveryFigures,
  existingBrand,
  existingCards,
  existingDepartures,
  existingSurveys,
  existingTransports,
  findAllTopics,
  findDueNotifications,
  findNotification,
  findSurveyLinks,
  findTopic,
  findTopicBySortName,
  inboxFigures,
  insertNotification,
  insertTopic,
  notificationListBase,
  receiverRows,
  replaceSurveyLinks,
  topicListBase,
  updateTopicRow,
  updateUnsentNotification,
  type NotificationRow,
  type TopicRow,
} from './push-notifications.repository.ts';

/**
 * The staff side of push notifications (issue #16, docs/adr/0023): messages and their figures, who they reach,
 * sending now or at a time, the two channels' quick messages, and topics. Sending itself is push.service's.
 */

/** How often the scheduler looks for scheduled messages whose time has come. */
export const DUE_JOB_EVERY_MS = 30_000;

const parseIds = (value: string): number[] => {
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.filter((item): item is number => typeof item === 'number') : [];
};

const targetOf = (row: Pick<NotificationRow, 'receiver_group' | 'receiver_ids' | 'id_topics'>): ReceiverTarget => ({
  group: row.receiver_group,
  ids: parseIds(row.receiver_ids),
  topicId: row.id_topics,
});

type Figures = Pick<PushNotification, 'receivers' | 'read' | 'opened' | 'deliveries'>;

async function figuresOf(ctx: DbContext, ids: readonly number[]) {
  const [inbox, deliveries, surveys] = await Promise.all([
    inboxFigures(ctx.db, ids),
    deliveryFigures(ctx.db, ids),
    findSurveyLinks(ctx.db, ids),
  ]);
  const figures = new Map<number, Figures>();
  const of = (id: number) => {
    let entry = figures.get(id);
    if (!entry)
      figures.set(
        id,
        (entry = { receivers: 0, read: 0, opened: 0, deliveries: { sent: 0, queued: 0, failed: 0, gone: 0 } }),
      );
    return entry;
  };
  for (const row of inbox) {
    const entry = of(row.id_pushnotifications);
    entry.receivers = Number(row.receivers);
    entry.read = Number(row.read);
    entry.opened = Number(row.opened);
  }
  for (const row of deliveries) of(row.id_pushnotifications).deliveries[row.status] = Number(row.count);
  const surveysOf = new Map<number, number[]>();
  for (const link of surveys) {
    const list = surveysOf.get(link.id_pushnotifications) ?? [];
    list.push(link.id_survey_survey);
    surveysOf.set(link.id_pushnotifications, list);
  }
  return { of, surveysOf };
}

const day = (value: string | Date) => (toIso(value) ?? '').slice(0, 10).split('-').reverse().join('.');

/** What the receiver ids of the messages name, by group and id. */
async function receiverLabels(ctx: DbContext, rows: NotificationRow[]) {
  const idsOf = (group: PushReceiverGroup) => [
    ...new Set(rows.filter((row) => row.receiver_group === group).flatMap((row) => parseIds(row.receiver_ids))),
  ];
  const [cards, coaches, dates] = [idsOf('customers'), idsOf('bus'), idsOf('dates')];
  const labels = new Map<string, string>();
  if (cards.length > 0)
    for (const card of await cardNames(ctx.db, cards)) labels.set(`customers:${card.id}`, card.name);
  if (coaches.length > 0)
    for (const coach of await coachNames(ctx.db, coaches))
      labels.set(`bus:${coach.id}`, `${coach.title} · ${day(coach.date_from)} (${coach.termincode}) · ${coach.name}`);
  if (dates.length > 0)
    for (const date of await departureNames(ctx.db, dates))
      labels.set(`dates:${date.id}`, `${date.title} · ${day(date.date_from)} (${date.termincode})`);
  return (row: NotificationRow) =>
    parseIds(row.receiver_ids).map((id) => ({
      id,
      label: labels.get(`${row.receiver_group}:${id}`) ?? `#${id}`,
    }));
}

async function toNotifications(ctx: DbContext, rows: NotificationRow[]): Promise<PushNotification[]> {
  const { of, surveysOf } = await figuresOf(
    ctx,
    rows.map((row) => row.id_pushnotifications),
  );
  const labelsOf = await receiverLabels(ctx, rows);
  return rows.map((row) => ({
    id: row.id_pushnotifications,
    id_pushnotifications: row.id_pushnotifications,
    title: row.title,
    short: row.short,
    message: row.message,
    id_topics: row.id_topics,
    topic: row.topic,
    link: row.link,
    status: row.status,
    sent: row.status === 'sent',
    sentAt: toIso(row.sent_at),
    scheduledAt: toIso(row.scheduled_at),
    created: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    receiver_group: row.receiver_group,
    receiver_ids: parseIds(row.receiver_ids),
    receiver_labels: labelsOf(row),
    surveys: surveysOf.get(row.id_pushnotifications) ?? [],
    channel: row.channel,
    id_brand: row.id_brand,
    ...of(row.id_pushnotifications),
  }));
}

// ---- validation -----------------------------------------------------------------------------------------------

/** The ids a group keeps (none for all and topic); 400 on `receiver_ids` when one does not exist. */
async function checkedReceiverIds(ctx: DbContext, group: PushReceiverGroup, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (group === 'all' || group === 'topic') return [];
  if (unique.length === 0) return [];
  if (group === 'bus' && unique.length !== 1) throw invalidField('receiver_ids', 'error.invalid');
  const found =
    group === 'customers'
      ? await existingCards(ctx.db, unique)
      : group === 'bus'
        ? await existingTransports(ctx.db, unique)
        : await existingDepartures(ctx.db, unique);
  if (unique.some((id) => !found.has(id))) throw invalidField('receiver_ids', 'error.invalid');
  return unique;
}

async function checkTopic(ctx: DbContext, topicId: number | null | undefined) {
  if (topicId === null || topicId === undefined) return;
  if (!(await findTopic(ctx.db, topicId))) throw invalidField('id_topics', 'error.invalid');
}

async function checkedSurveys(ctx: DbContext, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await existingSurveys(ctx.db, unique);
  if (unique.some((id) => !found.has(id))) throw invalidField('surveys', 'error.invalid');
  return unique;
}

async function checkBrand(ctx: DbContext, brandId: number | null | undefined) {
  if (brandId === null || brandId === undefined) return;
  if (!(await existingBrand(ctx.db, brandId))) throw invalidField('id_brand', 'error.invalid');
}

// ---- messages -------------------------------------------------------------------------------------------------

export function listNotifications(ctx: DbContext, query: ListQuery) {
  const channel: unknown = (query as Record<string, unknown>).channel;
  // Titles have no stored search key: their words are matched lower-cased as typed (umlauts included).
  const words = [...new Set((query['lit-search'] ?? '').toLocaleLowerCase('de').split(/\s+/).filter(Boolean))].slice(
    0,
    8,
  );
  const base = notificationListBase(ctx.db, ctx.dialect, words, channel);
  return runList(ctx, NOTIFICATION_LIST_SPEC, query, base, (rows) => toNotifications(ctx, rows));
}

export async function getNotification(ctx: DbContext, id: number): Promise<PushNotification> {
  const row = await findNotification(ctx.db, id);
  if (!row) throw notFound();
  return (await toNotifications(ctx, [row]))[0]!;
}

/** A new draft; `senderId` is the staff account writing it (null for the system, e.g. the demo data). */
export async function createNotification(
  ctx: DbContext,
  senderId: number | null,
  body: CreatePushNotificationBody,
): Promise<PushNotification> {
  const id = await inTransaction(ctx, async (trx) => {
    const group = body.receiver_group ?? 'all';
    const receiverIds = await checkedReceiverIds(trx, group, body.receiver_ids ?? []);
    await checkTopic(trx, body.id_topics);
    await checkBrand(trx, body.id_brand);
    const surveys = await checkedSurveys(trx, body.surveys ?? []);
    const now = nowIso();
    const created = await insertNotification(trx.db, {
      title: body.title,
      short: body.short ?? null,
      message: body.message ?? '',
      id_topics: body.id_topics ?? null,
      link: body.link ?? null,
      status: 'draft',
      receiver_group: group,
      receiver_ids: JSON.stringify(receiverIds),
      channel: null,
      id_brand: body.id_brand ?? null,
      id_sender: senderId,
      created_at: now,
      updated_at: now,
    });
    await replaceSurveyLinks(trx.db, created, surveys);
    return created;
  });
  return getNotification(ctx, id);
}

export async function updateNotification(
  ctx: DbContext,
  id: number,
  body: UpdatePushNotificationBody,
): Promise<PushNotification> {
  await inTransaction(ctx, async (trx) => {
    const current = await getNotification(trx, id);
    if (current.sent) throw conflict('error.pushAlreadySent');
    const group = body.receiver_group ?? current.receiver_group;
    const receiverIds =
      body.receiver_ids !== undefined || body.receiver_group !== undefined
        ? await checkedReceiverIds(
            trx,
            group,
            // Ids of one group mean nothing in another: a new group without ids starts empty.
            body.receiver_ids ?? (group === current.receiver_group ? current.receiver_ids : []),
          )
        : undefined;
    await checkTopic(trx, body.id_topics);
    await checkBrand(trx, body.id_brand);
    const surveys = body.surveys !== undefined ? await checkedSurveys(trx, body.surveys) : undefined;
    const updated = await updateUnsentNotification(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.short !== undefined ? { short: body.short } : {}),
      ...(body.message !== undefined ? { message: body.message } : {}),
      ...(body.id_topics !== undefined ? { id_topics: body.id_topics } : {}),
      ...(body.link !== undefined ? { link: body.link } : {}),
      ...(body.id_brand !== undefined ? { id_brand: body.id_brand } : {}),
      ...(receiverIds !== undefined ? { receiver_group: group, receiver_ids: JSON.stringify(receiverIds) } : {}),
      updated_at: nowIso(),
    });
    if (!updated) throw conflict('error.pushAlreadySent');
    if (surveys !== undefined) await replaceSurveyLinks(trx.db, id, surveys);
  });
  return getNotification(ctx, id);
}

export async function deleteNotification(ctx: DbContext, id: number): Promise<PushNotification> {
  return inTransaction(ctx, async (trx) => {
    const current = await getNotification(trx, id);
    if (current.sent || !(await deleteUnsentNotification(trx.db, id))) throw conflict('error.pushAlreadySent');
    return current;
  });
}

/** Who a message would reach now (the form's live count). */
export async function countFor(ctx: DbContext, body: PushReceiversBody): Promise<PushReceiverCount> {
  const ids = await checkedReceiverIds(ctx, body.receiver_group, body.receiver_ids ?? []);
  await checkTopic(ctx, body.id_topics);
  return countReceivers(
    ctx,
    { group: body.receiver_group, ids, topicId: body.id_topics ?? null },
    body.id_brand ?? null,
  );
}

const deliveryState = (row: { sent: unknown; queued: unknown; failed: unknown; gone: unknown }) => {
  const order: PushDeliveryStatus[] = ['sent', 'queued', 'failed', 'gone'];
  return order.find((status) => Number(row[status]) > 0) ?? null;
};

/** The receivers of a message, a page at a time (`$limit`, `$skip`). */
export async function listReceivers(ctx: DbContext, id: number, query: ListQuery): Promise<Page<PushReceiver>> {
  await getNotification(ctx, id);
  const limit = resolveLimit(query, 1000);
  const skip = query.$skip ?? 0;
  const [rows, total] = await Promise.all([receiverRows(ctx.db, id, limit, skip), countReceiverRows(ctx.db, id)]);
  return {
    total,
    limit,
    skip,
    data: rows.map((row) => ({
      id: row.id,
      id_user: row.id_user,
      name: `${row.firstname} ${row.lastname}`.trim(),
      email: row.email,
      read_at: toIso(row.read_at),
      opened_at: toIso(row.opened_at),
      delivery: deliveryState(row),
    })),
  };
}

/** Sends a message now, in one transaction: 400 `error.noReceivers` when nobody would get it, 409 when sent. */
async function sendNow(ctx: DbContext, id: number, now: string) {
  await inTransaction(ctx, async (trx) => {
    const row = await findNotification(trx.db, id);
    if (!row) throw notFound();
    if (row.status === 'sent') throw conflict('error.pushAlreadySent');
    const target = targetOf(row);
    const { receivers } = await countReceivers(trx, target, row.id_brand);
    if (receivers === 0) throw badRequest('error.noReceivers');
    await sendNotification(trx.db, id, target, now);
  });
}

/** POST …/send: now (no `at`, or a time not after now), or scheduled for `at`. */
export async function sendOrSchedule(
  ctx: DbContext,
  id: number,
  at: string | undefined,
  now = new Date(),
): Promise<PushNotification> {
  const when = at === undefined ? null : new Date(at);
  if (when === null || when.getTime() <= now.getTime()) {
    await sendNow(ctx, id, now.toISOString());
  } else {
    await inTransaction(ctx, async (trx) => {
      const row = await findNotification(trx.db, id);
      if (!row) throw notFound();
      if (row.status === 'sent') throw conflict('error.pushAlreadySent');
      // An incomplete target is refused now rather than at its time (400 on receiver_ids / id_topics).
      await countReceivers(trx, targetOf(row), row.id_brand);
      const updated = await updateUnsentNotification(trx.db, id, {
        status: 'scheduled',
        scheduled_at: when.toISOString(),
        updated_at: now.toISOString(),
      });
      if (!updated) throw conflict('error.pushAlreadySent');
    });
  }
  return getNotification(ctx, id);
}

/** POST …/unschedule: a scheduled message back to a draft. */
export async function unschedule(ctx: DbContext, id: number): Promise<PushNotification> {
  await inTransaction(ctx, async (trx) => {
    const row = await findNotification(trx.db, id);
    if (!row) throw notFound();
    if (row.status === 'sent') throw conflict('error.pushAlreadySent');
    await updateUnsentNotification(trx.db, id, { status: 'draft', scheduled_at: null, updated_at: nowIso() });
  });
  return getNotification(ctx, id);
}

/**
 * The job `push-notifications-due`: sends the scheduled messages whose time has come, each in its own
 * transaction through sendNotification (whose conditional update lets only one instance send it). A message
 * whose receivers can no longer be resolved goes back to draft. Returns how many it sent.
 */
export async function runDue(ctx: DbContext, now: Date): Promise<number> {
  const due = await findDueNotifications(ctx.db, now.toISOString(), 100);
  let sent = 0;
  for (const row of due) {
    try {
      await inTransaction(ctx, (trx) =>
        sendNotification(trx.db, row.id_pushnotifications, targetOf(row), now.toISOString()),
      );
      sent++;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.statusCode === 400)
        await updateUnsentNotification(ctx.db, row.id_pushnotifications, {
          status: 'draft',
          scheduled_at: null,
          updated_at: now.toISOString(),
        });
    }
  }
  return sent;
}

/**
 * POST /app/channel-messages: a quick message to everybody or to one coach, sent at once. Its title is the operator's
 * (brand) name, as a chat names who wrote — the same in every language the travellers read.
 */
export async function sendChannelMessage(
  ctx: DbContext,
  auth: AuthUser,
  body: ChannelMessageBody,
  senderName: string,
): Promise<PushNotification> {
  const id = await inTransaction(ctx, async (trx) => {
    const ids = body.channel === 'bus' ? [body.id_transport!] : [];
    if (body.channel === 'bus' && !(await existingTransports(trx.db, ids)).has(ids[0]!))
      throw invalidField('id_transport', 'error.invalid');
    const now = nowIso();
    const created = await insertNotification(trx.db, {
      title: senderName.slice(0, 120),
      short: body.message.slice(0, 255),
      message: body.message,
      id_topics: null,
      link: null,
      status: 'draft',
      receiver_group: body.channel,
      receiver_ids: JSON.stringify(ids),
      channel: body.channel,
      id_brand: null,
      id_sender: auth.id,
      created_at: now,
      updated_at: now,
    });
    await sendNow(trx, created, now);
    return created;
  });
  return getNotification(ctx, id);
}

// ---- topics ---------------------------------------------------------------------------------------------------

const toTopic = (row: TopicRow): AppTopic => ({
  id: row.id_topics,
  id_topics: row.id_topics,
  title: row.title,
  followers: Number(row.followers ?? 0),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

export function listTopics(ctx: DbContext, query: ListQuery) {
  const base = topicListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, TOPIC_LIST_SPEC, query, base, (rows) => rows.map(toTopic));
}

export async function allTopics(ctx: DbContext): Promise<AppTopic[]> {
  return (await findAllTopics(ctx.db)).map(toTopic);
}

export async function getTopic(ctx: DbContext, id: number): Promise<AppTopic> {
  const row = await findTopic(ctx.db, id);
  if (!row) throw notFound();
  return toTopic(row);
}

async function checkTopicName(ctx: DbContext, title: string, id: number | null) {
  const other = await findTopicBySortName(ctx.db, dinSortKey(title));
  if (other && other.id_topics !== id) throw invalidField('title', 'error.nameExists');
}

export async function createTopic(ctx: DbContext, body: CreateAppTopicBody): Promise<AppTopic> {
  const id = await inTransaction(ctx, async (trx) => {
    await checkTopicName(trx, body.title, null);
    const now = nowIso();
    return insertTopic(trx.db, {
      title: body.title,
      sort_name: dinSortKey(body.title),
      created_at: now,
      updated_at: now,
    });
  });
  return getTopic(ctx, id);
}

export async function updateTopic(ctx: DbContext, id: number, body: UpdateAppTopicBody): Promise<AppTopic> {
  await inTransaction(ctx, async (trx) => {
    await getTopic(trx, id);
    if (body.title !== undefined) await checkTopicName(trx, body.title, id);
    await updateTopicRow(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title, sort_name: dinSortKey(body.title) } : {}),
      updated_at: nowIso(),
    });
  });
  return getTopic(ctx, id);
}

/** Deleting a topic leaves the messages that used it without one (FK set null) and drops its followers. */
export async function deleteTopic(ctx: DbContext, id: number): Promise<AppTopic> {
  return inTransaction(ctx, async (trx) => {
    const topic = await getTopic(trx, id);
    await deleteTopicRow(trx.db, id);
    return topic;
  });
}
