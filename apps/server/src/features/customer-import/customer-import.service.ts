import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  RATIO_ADDRESS_FIELD_NAMES,
  ZKuschickKunde,
  ZRatioAddressBody,
  type Customer,
  type ImportResult,
  type KuschickKunde,
  type RatioAddressBody,
  type RatioAddressInput,
} from '@tourdesk/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { createCustomer, getCustomer, updateCustomer, type CustomerScope } from '../customers/customers.service.ts';
import { agencyExists } from '../organizations/organizations.service.ts';
import { customerChanges, storeRecordRest } from '../ratio-addresses/ratio-addresses.service.ts';
import { typedSetting } from '../settings/settings.service.ts';
import {
  findCardByExternalId,
  findCardByNumber,
  findLink,
  insertRun,
  lastCompleteRunStart,
  lockRecord,
  saveLink,
} from './customer-import.repository.ts';
import {
  fetchKuschickChanges,
  fetchKuschickKunde,
  fetchRatioAddress,
  fetchRatioChanges,
  importServer,
  ImportServerError,
  type ImportDeps,
  type ImportSystem,
} from './import-servers.ts';

/**
 * Customer import from ratio and Kuschick (spec §7, §9; docs/adr/0031). A record of either system is turned into
 * a RATIO address record (a Kuschick record field by field) and written onto a customer card with the RATIO
 * address mapping of docs/adr/0015, through the customers service (search text, contact rules, e-mail
 * uniqueness are the customers' own). The card is found — in this order — by the link of an earlier import, by
 * the card's ratio or Kuschick number, by the address's external id; only when none matches is a card created.
 */

/** Imports act for the office: every agency's customers (the routes admit staff with the customers rights only). */
const ALL: CustomerScope = { kind: 'all' };

export type ImportOutcome = { result: ImportResult; source: ImportSystem; remote_id: string; customer: Customer };

const invalidRecord = (system: ImportSystem, message: string) =>
  new ImportServerError('invalidRecord', `${system} record: ${message}`);

/** The KUSCHICK setting (spec §7, §9): Kuschick's client number (mandant); 0 means Kuschick is not used. */
export async function kuschickMandant(ctx: DbContext): Promise<number> {
  const value = await typedSetting(ctx, 'KUSCHICK', z.union([z.number(), z.string()]), 0);
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
}

/** The IMPORT flag (spec §9: 0 or 1): whether the scheduled import runs. */
const importEnabled = async (ctx: DbContext) =>
  Number(await typedSetting(ctx, 'IMPORT', z.union([z.number(), z.string(), z.boolean()]), 0)) > 0;

/** A record's fields of the RATIO table, checked with the table's own rules (lengths, types). */
function checkedRecord(system: ImportSystem, raw: Record<string, unknown>): RatioAddressBody {
  const known = Object.fromEntries(
    RATIO_ADDRESS_FIELD_NAMES.filter((name) => raw[name] !== undefined).map((name) => [name, raw[name]]),
  );
  const parsed = ZRatioAddressBody.safeParse(known);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRecord(system, `field ${issue.path.join('.') || '?'}: ${issue.message}`);
  }
  return parsed.data;
}

/** sha-256 of the record with its keys sorted, so the same record always gives the same fingerprint. */
function fingerprintOf(record: RatioAddressInput): string {
  const sorted = Object.keys(record)
    .sort()
    .map((key) => [key, record[key as keyof RatioAddressInput] ?? null]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/** A Kuschick customer as a RATIO address record (docs/adr/0031's field table). */
export function kuschickAsRecord(kunde: KuschickKunde): Record<string, unknown> {
  const record: Record<string, unknown> = {
    kuschick_nr: kunde.kundennr,
    externe_id: kunde.idaddress,
    anrede: kunde.anrede,
    titel: kunde.titel,
    vorname: kunde.vorname,
    name1: kunde.nachname,
    strasse: kunde.strasse,
    plz: kunde.plz,
    ort: kunde.ort,
    land: kunde.land,
    staat: kunde.bundesland,
    telefon1: kunde.telefon,
    telefon2: kunde.telefon_geschaeftlich,
    mobil: kunde.mobil,
    fax: kunde.fax,
    email: kunde.email,
    email2: kunde.email_geschaeftlich,
    geburtstag: kunde.geburtsdatum,
    stammkunde: kunde.stammkunde === undefined || kunde.stammkunde === null ? undefined : kunde.stammkunde ? 1 : 0,
  };
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}

/**
 * The agency of a record only when it names an agency Tourdesk has; otherwise (an unknown number, or none) the
 * card's agency stays as it is — an import never moves a customer out of its agency.
 */
async function withKnownAgency(ctx: DbContext, input: RatioAddressBody): Promise<RatioAddressBody> {
  if (typeof input.agentur === 'number' && (await agencyExists(ctx, input.agentur))) return input;
  return { ...input, agentur: undefined };
}

type Upsert = {
  source: ImportSystem;
  remoteId: string;
  input: RatioAddressBody;
  externalId: string | null | undefined;
  force: boolean;
};

/**
 * Creates or updates the card of one record, in one transaction. Imports of the same record run one after another
 * (lockRecord), so a record imported twice at once is written once and the second import finds it unchanged.
 */
async function upsertRecord(ctx: DbContext, args: Upsert): Promise<ImportOutcome> {
  const fingerprint = fingerprintOf(args.input);
  const done = await inTransaction(ctx, async (trx): Promise<{ result: ImportResult; cardId: number }> => {
    await lockRecord(trx.db, trx.dialect, args.source, args.remoteId);
    const link = await findLink(trx.db, args.source, args.remoteId);
    if (link && !args.force && link.fingerprint === fingerprint)
      return { result: 'unchanged', cardId: link.id_vc_card };
    const input = await withKnownAgency(trx, args.input);
    let cardId =
      link?.id_vc_card ??
      (await findCardByNumber(trx.db, args.source, args.remoteId)) ??
      (args.externalId ? await findCardByExternalId(trx.db, args.externalId) : undefined);
    let result: ImportResult;
    if (cardId !== undefined) {
      const current = await getCustomer(trx, cardId, ALL);
      await updateCustomer(trx, cardId, customerChanges(input, current).body, ALL);
      result = 'updated';
    } else {
      if (!input.name1) throw invalidRecord(args.source, 'field name1: error.empty');
      const { body } = customerChanges(input, undefined);
      cardId = (await createCustomer(trx, { ...body, firstName: body.firstName ?? '', surname: input.name1 }, ALL)).id;
      result = 'created';
    }
    if (args.source === 'ratio') {
      // The fields the card does not model are kept as on a record written through the address API.
      await storeRecordRest(trx, cardId, args.remoteId, input);
    }
    await saveLink(trx.db, {
      source: args.source,
      remoteId: args.remoteId,
      cardId,
      fingerprint,
      now: new Date().toISOString(),
    });
    return { result, cardId };
  });
  return {
    result: done.result,
    source: args.source,
    remote_id: args.remoteId,
    customer: await getCustomer(ctx, done.cardId, ALL),
  };
}

/** Imports one ratio address record as fetched (the kennziffer must be the one asked for, when one was). */
export async function importRatioRecord(
  ctx: DbContext,
  raw: Record<string, unknown>,
  options: { force: boolean; expected?: string },
): Promise<ImportOutcome> {
  const input = checkedRecord('ratio', raw);
  const kennziffer = input.kennziffer ?? options.expected;
  if (!kennziffer) throw invalidRecord('ratio', 'field kennziffer: error.empty');
  if (options.expected !== undefined && kennziffer !== options.expected)
    throw invalidRecord('ratio', 'field kennziffer: not the one asked for');
  return upsertRecord(ctx, {
    source: 'ratio',
    remoteId: kennziffer,
    input: { ...input, kennziffer },
    externalId: input.externe_id,
    force: options.force,
  });
}

/** Imports one Kuschick customer as fetched; `idaddress` is the address asked for (used when the record has none). */
export async function importKuschickRecord(
  ctx: DbContext,
  raw: unknown,
  options: { force: boolean; expected?: string; idaddress?: string },
): Promise<ImportOutcome> {
  const parsed = ZKuschickKunde.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRecord('kuschick', `field ${issue.path.join('.') || '?'}: ${issue.message}`);
  }
  const kunde = parsed.data;
  if (options.expected !== undefined && kunde.kundennr !== options.expected)
    throw invalidRecord('kuschick', 'field kundennr: not the one asked for');
  const record = kuschickAsRecord(kunde);
  if (record.externe_id === undefined && options.idaddress) record.externe_id = options.idaddress;
  const input = checkedRecord('kuschick', record);
  return upsertRecord(ctx, {
    source: 'kuschick',
    remoteId: kunde.kundennr,
    input,
    externalId: input.externe_id,
    force: options.force,
  });
}

async function serverOf(deps: ImportDeps, system: ImportSystem) {
  const server = await importServer(deps, system);
  if (!server) throw new ImportServerError('notConfigured', `${system}: no server configured`);
  return server;
}

/** GET /ratio/import/kunden/{ratio_id}: fetches the record from ratio and imports it. */
export async function importRatioCustomer(deps: ImportDeps, kennziffer: string, options: { force: boolean }) {
  const server = await serverOf(deps, 'ratio');
  const raw = await fetchRatioAddress(server, kennziffer);
  return importRatioRecord(deps.ctx, raw, { force: options.force, expected: kennziffer });
}

/** GET /kuschick/import/kunden/{kuschick_id}?idaddress=…: fetches the customer from Kuschick and imports it. */
export async function importKuschickCustomer(
  deps: ImportDeps,
  kundennr: string,
  idaddress: string | undefined,
  options: { force: boolean },
) {
  const mandant = await kuschickMandant(deps.ctx);
  if (!mandant) throw new ImportServerError('notConfigured', 'kuschick: not used (setting KUSCHICK is 0)');
  const server = await serverOf(deps, 'kuschick');
  const kunde = await fetchKuschickKunde(server, mandant, kundennr, idaddress);
  return importKuschickRecord(deps.ctx, kunde, { force: options.force, expected: kundennr, idaddress });
}

/** Why an import failed, for the log: the error's message and, for a refusal, its keys and fields (no values). */
export function failureOf(error: unknown): Record<string, unknown> {
  if (error instanceof ImportServerError)
    return { failure: error.failure, status: error.status, reason: error.message };
  if (error instanceof ApiError)
    return {
      failure: 'refused',
      status: error.statusCode,
      reason: error.key,
      fields: error.errors?.map((entry) => `${entry.field}: ${entry.key}`),
    };
  return { failure: 'error', reason: (error as Error).message };
}

export type ImportLog = { warn: (object: object, message: string) => void };

export type ImportRunSummary =
  | { skipped: 'disabled' | 'notConfigured'; source: ImportSystem }
  | {
      source: ImportSystem;
      windowFrom: string;
      fetched: number;
      created: number;
      updated: number;
      unchanged: number;
      failed: number;
    };

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE_SIZE = 100;

/**
 * The scheduled import (spec §9: "Ratio customer import covers the last 24 hours"): every record the active
 * system (Kuschick when KUSCHICK is set, else ratio) changed in the last 24 hours — or since the start of the last
 * complete run, when that is longer ago — is imported; unchanged records are not written again, so a repeated run
 * changes nothing. Runs only when the IMPORT flag is on and the server is configured. The run and its counts are
 * recorded; a run that could not read the whole list is recorded with its error and fails.
 */
export async function runCustomerImport(deps: ImportDeps, now: Date, log: ImportLog): Promise<ImportRunSummary> {
  const { ctx } = deps;
  const mandant = await kuschickMandant(ctx);
  const source: ImportSystem = mandant ? 'kuschick' : 'ratio';
  if (!(await importEnabled(ctx))) return { skipped: 'disabled', source };
  const server = await importServer(deps, source);
  if (!server) return { skipped: 'notConfigured', source };
  const lastStart = await lastCompleteRunStart(ctx.db, source);
  const dayAgo = now.getTime() - DAY_MS;
  const windowFrom = new Date(lastStart ? Math.min(dayAgo, new Date(lastStart).getTime()) : dayAgo);
  const counts = { fetched: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  const importOne = async (importIt: () => Promise<ImportOutcome>, remoteId: string) => {
    counts.fetched += 1;
    try {
      counts[(await importIt()).result] += 1;
    } catch (error) {
      counts.failed += 1;
      log.warn({ source, remoteId, ...failureOf(error) }, 'customer import: record not imported');
    }
  };
  let error: string | null = null;
  try {
    if (source === 'ratio') {
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await fetchRatioChanges(server, windowFrom, offset, PAGE_SIZE);
        for (const record of page.data)
          await importOne(() => importRatioRecord(ctx, record, { force: false }), String(record.kennziffer ?? '?'));
        if (page.data.length < PAGE_SIZE || offset + PAGE_SIZE >= page.total) break;
      }
    } else {
      for (let seite = 1; ; seite += 1) {
        const page = await fetchKuschickChanges(server, mandant, windowFrom, seite, PAGE_SIZE);
        for (const kunde of page.kunden) {
          const remoteId = (kunde as { kundennr?: unknown } | null)?.kundennr;
          await importOne(() => importKuschickRecord(ctx, kunde, { force: false }), String(remoteId ?? '?'));
        }
        if (page.kunden.length < page.pro_seite || seite * page.pro_seite >= page.gesamt) break;
      }
    }
  } catch (cause) {
    error = (cause as Error).message.slice(0, 1000);
  }
  await insertRun(ctx.db, {
    source,
    started_at: now.toISOString(),
    finished_at: new Date().toISOString(),
    window_from: windowFrom.toISOString(),
    ...counts,
    error,
  });
  if (error) throw new ImportServerError('status', error);
  return { source, windowFrom: windowFrom.toISOString(), ...counts };
}
