import {
  dinSortKey,
  type Customer,
  type DataImportJob,
  type DataImportMapping,
  type DataImportPreview,
  type DataImportReport,
  type DataImportSource,
  type DataImportStartBody,
  type DataImportUndo,
  type DataImportUpload,
  type EmailRowInput,
  type PhoneRowInput,
  type UpdateCustomerBody,
} from '@tourdesk/contracts';
import type { Insertable } from 'kysely';
import { nowIso, parseJson, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import type { VcFieldTable } from '../cards/cards.table.ts';
import { customerCardName, customerListKeys, getCustomer, updateCustomer } from '../customers/customers.service.ts';
import { syncCustomerNewsletter } from '../newsletter-contacts/newsletter-contacts.service.ts';
import {
  advanceJob,
  claimJob,
  countItems,
  countJobs,
  deleteChunks,
  deleteCustomerCards,
  deleteSourceRow,
  existingCards,
  findAbandonedJobs,
  findChunk,
  findChunksBefore,
  findCustomersBySortNames,
  findCustomersByEmails,
  findItems,
  findJob,
  findJobs,
  findSourceById,
  findSources,
  findUndoBlockers,
  findWrittenItems,
  insertAddresses,
  insertCards,
  insertChunks,
  insertFieldRows,
  insertItems,
  insertJob,
  insertPersons,
  markItemsKept,
  saveSource,
  startJobRow,
  updateJob,
  updateListKeys,
  type JobRow,
} from './data-import.repository.ts';
import type { DataImportItemTable } from './data-import.table.ts';
import { guessDataImportMapping, parseDataImportFile } from './import-file.ts';
import { prepareRow, personKey, type PreparedRow } from './import-rows.ts';

/** Rows per stored chunk of the file and per transaction of the run. */
export const DATA_IMPORT_CHUNK = 1000;
/** How long a worker holds a running job without moving it on; then another worker (or the resume job) takes over. */
export const DATA_IMPORT_LEASE_MS = 2 * 60 * 1000;

const ALL: { kind: 'all' } = { kind: 'all' };

// ——— sources ———

const toSource = (row: Awaited<ReturnType<typeof findSources>>[number]): DataImportSource => ({
  id: row.id,
  name: row.name,
  mapping: parseJson(row.mapping, {}),
  existing: row.existing === 'skip' ? 'skip' : 'update',
  updatedAt: toIso(row.updated_at)!,
});

export async function listSources(ctx: DbContext): Promise<DataImportSource[]> {
  return (await findSources(ctx.db)).map(toSource);
}

export async function deleteSource(ctx: DbContext, id: number): Promise<DataImportSource> {
  const found = await findSourceById(ctx.db, id);
  if (!found) throw notFound();
  await deleteSourceRow(ctx.db, id);
  return toSource(found);
}

// ——— jobs ———

const toJob = (row: JobRow): DataImportJob => ({
  id: row.id,
  fileName: row.file_name,
  sourceName: row.source_name ?? null,
  status: row.status,
  processed: row.processed,
  total: row.total,
  created: row.created,
  updated: row.updated,
  skipped: row.skipped,
  error: row.error,
  createdBy: row.created_by_email ?? null,
  createdAt: toIso(row.created_at)!,
  finishedAt: toIso(row.finished_at),
  undoneAt: toIso(row.undone_at),
  undoKept: row.undo_kept,
});

async function loadJob(ctx: DbContext, id: number): Promise<JobRow> {
  const found = await findJob(ctx.db, id);
  if (!found) throw notFound();
  return found;
}

export async function getDataImport(ctx: DbContext, id: number): Promise<DataImportJob> {
  return toJob(await loadJob(ctx, id));
}

export async function listDataImports(ctx: DbContext, skip: number, limit: number) {
  const [total, rows] = [await countJobs(ctx.db), await findJobs(ctx.db, skip, limit)];
  return { total, limit, skip, data: rows.map(toJob) };
}

/**
 * POST /system/import: parses the file (CSV or Excel), keeps its rows in chunks and answers the columns, the first
 * rows and a mapping — the chosen source's saved one, or one guessed from the column names.
 */
export async function uploadDataImport(
  ctx: DbContext,
  file: { buffer: Buffer; filename: string },
  sourceId: number | undefined,
  userId: number | null,
): Promise<DataImportUpload> {
  const source = sourceId === undefined ? undefined : await findSourceById(ctx.db, sourceId);
  if (sourceId !== undefined && !source) throw invalidField('sourceId', 'error.invalid');
  const fileName = file.filename.split(/[\\/]/).pop()!.slice(0, 200) || 'import';
  const table = await parseDataImportFile(file.buffer, fileName);
  if (!table) throw invalidField('file', 'error.importFile');
  const now = nowIso();
  const id = await inTransaction(ctx, async (trx) => {
    const jobId = await insertJob(trx.db, {
      file_name: fileName,
      id_source: source?.id ?? null,
      created_by: userId,
      columns: JSON.stringify(table.columns),
      total: table.rows.length,
      mapping: null,
      error: null,
      locked_until: null,
      finished_at: null,
      undone_at: null,
      created_at: now,
      updated_at: now,
    });
    const chunks = [];
    for (let position = 0; position < table.rows.length; position += DATA_IMPORT_CHUNK)
      chunks.push({ position, rows: JSON.stringify(table.rows.slice(position, position + DATA_IMPORT_CHUNK)) });
    await insertChunks(trx.db, jobId, chunks);
    return jobId;
  });
  const saved = source ? parseJson<DataImportUpload['mapping']>(source.mapping, {}) : null;
  const usable =
    saved &&
    Object.values(saved).every((index) => index === null || index === undefined || index < table.columns.length);
  return {
    id,
    fileName,
    columns: table.columns,
    rows: table.rows.length,
    sample: table.rows.slice(0, 10),
    mapping: usable && saved ? saved : guessDataImportMapping(table.columns),
    sourceId: source?.id ?? null,
  };
}

function assertMappingFits(mapping: DataImportMapping, columns: readonly string[]) {
  for (const [field, index] of Object.entries(mapping))
    if (typeof index === 'number' && index >= columns.length) throw invalidField(`mapping.${field}`, 'error.invalid');
}

// ——— classification ———

type Existing = 'update' | 'skip';

/** A prepared row with what happens to it: a new card, an update of `matchId`, or skipped with a reason. */
type Classified = PreparedRow & { state: 'new' | 'update' | 'skip'; matchId: number | null };

/** What earlier rows of the file claimed: a later row with the same e-mail or person key is a duplicate in the file. */
type Seen = { emails: Set<string>; persons: Set<string> };

const newSeen = (): Seen => ({ emails: new Set(), persons: new Set() });

function claimKeys(seen: Seen, row: PreparedRow): boolean {
  if ((row.emailKey && seen.emails.has(row.emailKey)) || (row.nameKey && seen.persons.has(row.nameKey))) return false;
  if (row.emailKey) seen.emails.add(row.emailKey);
  if (row.nameKey) seen.persons.add(row.nameKey);
  return true;
}

/**
 * Decides each row of a chunk: invalid rows and second occurrences in the file are skipped; the rest is looked up
 * among the existing customers (same e-mail, or same name + birthday + zip). One match → update (or skip with
 * "skip existing"); two different customers → skipped as ambiguous; none → a new card.
 */
async function classify(ctx: DbContext, rows: readonly PreparedRow[], seen: Seen, existing: Existing) {
  const firsts = rows.map((row) => row.reason === null && claimKeys(seen, row));
  const candidates = rows.filter((row, index) => firsts[index]);
  const emails = [...new Set(candidates.map((row) => row.emailKey).filter((key) => key !== null))];
  const sortNames = [
    ...new Set(
      candidates
        .filter((row) => row.nameKey !== null)
        .map((row) => dinSortKey(customerCardName(row.customer!.firstName, row.customer!.surname))),
    ),
  ];
  const byEmail = new Map<string, Set<number>>();
  for (const hit of await findCustomersByEmails(ctx.db, emails)) {
    const key = hit.value.toLowerCase();
    byEmail.set(key, (byEmail.get(key) ?? new Set()).add(hit.id_vc_card));
  }
  const byPerson = new Map<string, Set<number>>();
  for (const hit of await findCustomersBySortNames(ctx.db, sortNames)) {
    const key = personKey(hit.first_name, hit.surname, hit.birthday, hit.zip ?? null);
    if (key) byPerson.set(key, (byPerson.get(key) ?? new Set()).add(hit.id_vc_card));
  }
  return rows.map((row, index): Classified => {
    if (row.reason !== null) return { ...row, state: 'skip', matchId: null };
    if (!firsts[index]) return { ...row, reason: 'duplicateInFile', state: 'skip', matchId: null };
    const matches = new Set([
      ...(row.emailKey ? (byEmail.get(row.emailKey) ?? []) : []),
      ...(row.nameKey ? (byPerson.get(row.nameKey) ?? []) : []),
    ]);
    if (matches.size === 0) return { ...row, state: 'new', matchId: null };
    const [matchId] = matches;
    if (matches.size > 1) return { ...row, reason: 'ambiguous', state: 'skip', matchId: matchId! };
    if (existing === 'skip') return { ...row, reason: 'existing', state: 'skip', matchId: matchId! };
    return { ...row, state: 'update', matchId: matchId! };
  });
}

const chunkRows = (json: string | undefined) => parseJson<string[][]>(json, []);

/** POST /system/import/{id}/preview: the first 20 rows under the mapping with their state, and the counts of all rows. */
export async function previewDataImport(
  ctx: DbContext,
  id: number,
  body: { mapping: DataImportMapping; existing: Existing },
): Promise<DataImportPreview> {
  const job = await loadJob(ctx, id);
  if (job.status !== 'uploaded') throw new ApiError(409, 'error.importStarted');
  assertMappingFits(body.mapping, parseJson<string[]>(job.columns, []));
  const seen = newSeen();
  const counts = { new: 0, update: 0, skip: 0 };
  const preview: DataImportPreview['rows'] = [];
  for (let position = 0; position < job.total; position += DATA_IMPORT_CHUNK) {
    const rows = chunkRows((await findChunk(ctx.db, id, position))?.rows);
    const prepared = rows.map((cells, index) => prepareRow(cells, body.mapping, position + index + 2));
    for (const row of await classify(ctx, prepared, seen, body.existing)) {
      counts[row.state]++;
      if (preview.length < 20)
        preview.push({ row: row.row, values: row.values, state: row.state, reason: row.reason, matchId: row.matchId });
    }
  }
  return { rows: preview, counts };
}

// ——— the run ———

/**
 * POST /system/import/{id}/start: fixes the mapping (saved under the source name when one is given) and starts the
 * run in the background; the screen follows it with GET /system/import/{id}.
 */
export async function startDataImport(ctx: DbContext, id: number, body: DataImportStartBody): Promise<DataImportJob> {
  const job = await loadJob(ctx, id);
  assertMappingFits(body.mapping, parseJson<string[]>(job.columns, []));
  const now = nowIso();
  const started = await inTransaction(ctx, async (trx) => {
    const sourceId = body.sourceName
      ? await saveSource(trx.db, body.sourceName, JSON.stringify(body.mapping), body.existing, now)
      : job.id_source;
    return startJobRow(trx.db, id, {
      mapping: JSON.stringify(body.mapping),
      existing: body.existing,
      id_source: sourceId,
      updated_at: now,
    });
  });
  if (!started) throw new ApiError(409, 'error.importStarted');
  kickDataImport(ctx, id);
  return getDataImport(ctx, id);
}

const running = new Map<number, Promise<void>>();

/** Runs a job in the background of this process (once per job). */
export function kickDataImport(ctx: DbContext, id: number): void {
  if (running.has(id)) return;
  const run = runDataImport(ctx, id).finally(() => running.delete(id));
  running.set(id, run);
}

/** Resolves when every run of this process has ended (app shutdown, tests). */
export async function dataImportsIdle(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running.values()]);
}

/** The resume job: runs jobs nobody holds any more (the process that ran them stopped). */
export async function resumeAbandonedImports(ctx: DbContext, now: Date): Promise<void> {
  for (const { id } of await findAbandonedJobs(ctx.db, now.toISOString())) kickDataImport(ctx, id);
}

const leaseUntil = (now = Date.now()) => new Date(now + DATA_IMPORT_LEASE_MS).toISOString();

/**
 * Runs a job chunk by chunk, each chunk in one transaction (its cards, its report rows and the job's progress land
 * together or not at all). A failing chunk stops the job as `failed`; what earlier chunks wrote stays and is
 * undone by the undo.
 */
export async function runDataImport(ctx: DbContext, id: number): Promise<void> {
  if (!(await claimJob(ctx.db, id, nowIso(), leaseUntil()))) return;
  let job = (await findJob(ctx.db, id))!;
  const mapping = parseJson<DataImportMapping>(job.mapping, {});
  const existing: Existing = job.existing === 'skip' ? 'skip' : 'update';
  // A resumed job: the rows done before count as seen.
  const seen = newSeen();
  for (const chunk of await findChunksBefore(ctx.db, id, job.processed))
    chunkRows(chunk.rows).forEach((cells, index) => {
      const row = prepareRow(cells, mapping, chunk.position + index + 2);
      if (row.reason === null) claimKeys(seen, row);
    });
  try {
    while (job.status === 'running' && job.processed < job.total) {
      const moved = await inTransaction(ctx, (trx) => importChunk(trx, job, mapping, existing, seen));
      if (!moved) return;
      job = (await findJob(ctx.db, id))!;
    }
    if (job.status === 'running')
      await inTransaction(ctx, async (trx) => {
        await updateJob(trx.db, id, {
          status: 'done',
          finished_at: nowIso(),
          locked_until: null,
          updated_at: nowIso(),
        });
        await deleteChunks(trx.db, id);
      });
  } catch {
    await updateJob(ctx.db, id, {
      status: 'failed',
      error: 'dataImport.error.failed',
      finished_at: nowIso(),
      locked_until: null,
      updated_at: nowIso(),
    });
  }
}

/** The contact rows a new customer gets: its e-mail and phones, or the default empty row of each kind (spec §3). */
function newFieldRows(personId: number, customer: PreparedRow['customer'] & object): Insertable<VcFieldTable>[] {
  const emails = customer.emails?.length ? customer.emails : [{ key: 'email-business', value: '' }];
  const phones = customer.phones?.length ? customer.phones : [{ key: 'phone-business', value: '' }];
  return [
    ...emails.map((row, position) => ({
      id_vc_person: personId,
      id_vc_field_type: 1,
      key: row.key,
      value: row.value,
      position,
    })),
    ...phones.map((row, position) => ({
      id_vc_person: personId,
      id_vc_field_type: 2,
      key: row.key,
      value: row.value,
      position,
    })),
  ];
}

/** Creates the new customers of a chunk with one statement per table (and one for their list keys). */
async function createCustomers(ctx: DbContext, rows: readonly Classified[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const now = nowIso();
  const customers = rows.map((row) => row.customer!);
  const cardIds = await insertCards(
    ctx.db,
    customers.map((customer) => {
      const name = customerCardName(customer.firstName, customer.surname);
      return {
        kind: 'customer' as const,
        name,
        sort_name: dinSortKey(name),
        id_organization: null,
        ratio_id: customer.ratio_id ?? null,
        kuschick_id: customer.kuschick_id ?? null,
        customer_type: 'new',
        created_at: now,
        updated_at: now,
      };
    }),
  );
  const persons = await insertPersons(
    ctx.db,
    customers.map((customer, index) => ({
      id_vc_card: cardIds[index]!,
      first_name: customer.firstName,
      surname: customer.surname,
      salutation: customer.salutation ?? null,
      title: customer.title ?? null,
      birthday: customer.birthday ?? null,
      passport_valid_until: null,
    })),
  );
  const personOf = (index: number) => persons.get(cardIds[index]!)!;
  await insertAddresses(
    ctx.db,
    customers.map((customer, index) => ({
      id_vc_person: personOf(index),
      street: customer.address ?? null,
      zip: customer.zip ?? null,
      city: customer.city ?? null,
      country: customer.country ?? null,
      state: null,
      external_id: null,
    })),
  );
  await insertFieldRows(
    ctx.db,
    customers.flatMap((customer, index) => newFieldRows(personOf(index), customer)),
  );
  await updateListKeys(
    ctx.db,
    customers.map((customer, index) => ({
      id: cardIds[index]!,
      ...customerListKeys(cardIds[index]!, {
        firstName: customer.firstName,
        surname: customer.surname,
        address: customer.address ?? null,
        zip: customer.zip ?? null,
        city: customer.city ?? null,
        country: customer.country ?? null,
        ratio_id: customer.ratio_id ?? null,
        kuschick_id: customer.kuschick_id ?? null,
        external_id: null,
        phones: customer.phones ?? [],
        emails: customer.emails ?? [],
      }),
    })),
  );
  for (const [index, row] of rows.entries())
    if (row.newsletter)
      await syncCustomerNewsletter(ctx, cardIds[index]!, true, {
        email: row.emailKey,
        firstName: row.customer!.firstName,
        lastName: row.customer!.surname,
      });
  return cardIds;
}

/** What an update may change and the undo restores. */
type BeforeImage = Pick<
  Customer,
  | 'salutation'
  | 'title'
  | 'firstName'
  | 'surname'
  | 'birthday'
  | 'address'
  | 'zip'
  | 'city'
  | 'country'
  | 'ratio_id'
  | 'kuschick_id'
  | 'newsletter'
> & { emails: Array<{ key: string; value: string }>; phones: Array<{ key: string; value: string }> };

const beforeImage = (current: Customer): BeforeImage => ({
  salutation: current.salutation,
  title: current.title,
  firstName: current.firstName,
  surname: current.surname,
  birthday: current.birthday,
  address: current.address,
  zip: current.zip,
  city: current.city,
  country: current.country,
  ratio_id: current.ratio_id,
  kuschick_id: current.kuschick_id,
  newsletter: current.newsletter,
  emails: current.emails.map(({ key, value }) => ({ key, value })),
  phones: current.phones.map(({ key, value }) => ({ key, value })),
});

/** The changes a row brings to an existing customer: the fields the file fills, and a new e-mail or phone added. */
function changesOf(row: Classified, current: Customer): UpdateCustomerBody {
  const customer = row.customer!;
  const body: UpdateCustomerBody = {};
  const scalar = [
    ['salutation', customer.salutation],
    ['title', customer.title],
    ['firstName', customer.firstName],
    ['surname', customer.surname],
    ['birthday', customer.birthday],
    ['address', customer.address],
    ['zip', customer.zip],
    ['city', customer.city],
    ['country', customer.country],
    ['ratio_id', customer.ratio_id],
    ['kuschick_id', customer.kuschick_id],
  ] as const;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of scalar)
    if (value !== null && value !== undefined && value !== current[key]) changes[key] = value;
  Object.assign(body, changes);
  const keep = <T extends { id_vc_field: number; key: string; value: string }>(rows: readonly T[]) =>
    rows.filter((stored) => stored.value !== '').map(({ id_vc_field, key, value }) => ({ id_vc_field, key, value }));
  const email = customer.emails?.[0];
  if (email && !current.emails.some((stored) => stored.value.toLowerCase() === email.value))
    body.emails = [email, ...(keep(current.emails) as EmailRowInput[])];
  const newPhones = (customer.phones ?? []).filter(
    (phone) => !current.phones.some((stored) => stored.value === phone.value),
  );
  if (newPhones.length > 0) body.phones = [...newPhones, ...(keep(current.phones) as PhoneRowInput[])];
  if (row.newsletter && !current.newsletter) body.newsletter = true;
  return body;
}

type Item = Insertable<DataImportItemTable>;

async function importChunk(
  ctx: DbContext,
  snapshot: JobRow,
  mapping: DataImportMapping,
  existing: Existing,
  seen: Seen,
): Promise<boolean> {
  const job = await findJob(ctx.db, snapshot.id);
  if (!job || job.status !== 'running' || job.processed !== snapshot.processed) return false;
  const position = job.processed;
  const cells = chunkRows((await findChunk(ctx.db, job.id, position))?.rows);
  const prepared = cells.map((row, index) => prepareRow(row, mapping, position + index + 2));
  // The keys this chunk claims are kept only when the chunk commits.
  const trial: Seen = { emails: new Set(seen.emails), persons: new Set(seen.persons) };
  const rows = await classify(ctx, prepared, trial, existing);
  const items: Item[] = [];
  const fresh = rows.filter((row) => row.state === 'new');
  const cardIds = await createCustomers(ctx, fresh);
  fresh.forEach((row, index) =>
    items.push({
      id_import: job.id,
      row: row.row,
      outcome: 'created',
      reason: null,
      id_vc_card: cardIds[index]!,
      before: null,
    }),
  );
  let updated = 0;
  let skipped = 0;
  for (const row of rows) {
    if (row.state === 'skip') {
      skipped++;
      items.push({
        id_import: job.id,
        row: row.row,
        outcome: 'skipped',
        reason: row.reason,
        id_vc_card: row.matchId,
        before: null,
      });
    } else if (row.state === 'update') {
      const current = await getCustomer(ctx, row.matchId!, ALL);
      const changes = changesOf(row, current);
      if (Object.keys(changes).length === 0) {
        skipped++;
        items.push({
          id_import: job.id,
          row: row.row,
          outcome: 'skipped',
          reason: 'unchanged',
          id_vc_card: row.matchId,
          before: null,
        });
        continue;
      }
      await updateCustomer(ctx, row.matchId!, changes, ALL);
      updated++;
      items.push({
        id_import: job.id,
        row: row.row,
        outcome: 'updated',
        reason: null,
        id_vc_card: row.matchId,
        before: JSON.stringify(beforeImage(current)),
      });
    }
  }
  await insertItems(ctx.db, items);
  const processed = position + cells.length;
  const moved = await advanceJob(ctx.db, job.id, position, {
    processed: cells.length === 0 ? job.total : processed,
    created: job.created + fresh.length,
    updated: job.updated + updated,
    skipped: job.skipped + skipped,
    locked_until: leaseUntil(),
    updated_at: nowIso(),
  });
  if (!moved) throw new ApiError(409, 'error.conflict');
  seen.emails = trial.emails;
  seen.persons = trial.persons;
  return true;
}

// ——— report and undo ———

export async function dataImportReport(
  ctx: DbContext,
  id: number,
  query: { outcome?: 'created' | 'updated' | 'skipped' | 'kept'; $skip: number; $limit: number },
): Promise<DataImportReport> {
  await loadJob(ctx, id);
  const total = await countItems(ctx.db, id, query.outcome);
  const data = await findItems(ctx.db, id, query.outcome, query.$skip, query.$limit);
  return { total, data: data.map((item) => ({ ...item, reason: item.reason ?? null })) };
}

const UNDO_PAGE = 1000;

/**
 * POST /system/import/{id}/undo: in one transaction, removes the cards the import created and restores the fields
 * of the cards it updated from their before-image. A card booked since the import (or that became a login) stays
 * as it is and is answered as `kept` with the reason.
 */
export async function undoDataImport(ctx: DbContext, id: number): Promise<DataImportUndo> {
  const job = await loadJob(ctx, id);
  if (job.status !== 'done' && job.status !== 'failed') throw new ApiError(409, 'error.conflict');
  const since = toIso(job.created_at);
  return inTransaction(ctx, async (trx) => {
    const again = (await findJob(trx.db, id))!;
    if (again.status !== 'done' && again.status !== 'failed') throw new ApiError(409, 'error.conflict');
    const result: DataImportUndo = { removed: 0, restored: 0, kept: [] };
    let after = 0;
    for (;;) {
      const items = await findWrittenItems(trx.db, id, after, UNDO_PAGE);
      if (items.length === 0) break;
      after = items.at(-1)!.id;
      const cardIds = items.map((item) => item.id_vc_card!).filter((card) => card !== null);
      const created = items.filter((item) => item.outcome === 'created');
      const updated = items.filter((item) => item.outcome === 'updated');
      const createdBlockers = await findUndoBlockers(
        trx.db,
        created.map((item) => item.id_vc_card!),
        null,
      );
      const updatedBlockers = await findUndoBlockers(
        trx.db,
        updated.map((item) => item.id_vc_card!),
        since,
      );
      const present = await existingCards(trx.db, cardIds);
      const keptBy = new Map<string, number[]>();
      const keep = (item: (typeof items)[number], reason: string) => {
        keptBy.set(reason, [...(keptBy.get(reason) ?? []), item.id]);
        result.kept.push({ id_vc_card: item.id_vc_card!, row: item.row, reason });
      };
      const removable: number[] = [];
      for (const item of created) {
        const card = item.id_vc_card!;
        if (createdBlockers.booked.has(card)) keep(item, 'error.customerHasBookings');
        else if (createdBlockers.login.has(card)) keep(item, 'error.customerHasAccount');
        else if (present.has(card)) removable.push(card);
      }
      await deleteCustomerCards(trx.db, removable);
      result.removed += removable.length;
      for (const item of updated) {
        const card = item.id_vc_card!;
        if (updatedBlockers.booked.has(card)) {
          keep(item, 'error.customerHasBookings');
          continue;
        }
        if (!present.has(card)) continue;
        const before = parseJson<BeforeImage | null>(item.before, null);
        if (!before) continue;
        const { emails, phones, ...fields } = before;
        await updateCustomer(
          trx,
          card,
          {
            ...fields,
            firstName: fields.firstName ?? undefined,
            surname: fields.surname ?? undefined,
            emails: emails as EmailRowInput[],
            phones: phones as PhoneRowInput[],
          },
          ALL,
        );
        result.restored++;
      }
      for (const [reason, ids] of keptBy) await markItemsKept(trx.db, ids, reason);
    }
    await updateJob(trx.db, id, {
      status: 'undone',
      undone_at: nowIso(),
      undo_kept: again.undo_kept + result.kept.length,
      updated_at: nowIso(),
    });
    return result;
  });
}
