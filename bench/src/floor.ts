/**
 * The floor: a bare `node:http` server that answers the benchmark's list requests with the project's exact SQL
 * statements (recorded from the server's own list functions, see `recordFloor` in floor-recording.ts) and
 * byte-identical JSON, and does nothing else but what any real API must do per request: verify the bearer token
 * (HS256 with the server's own key, `exp` required and in the future, like the project) and send the security headers
 * every JSON answer of the API carries (issue #8 §1, `JSON_ANSWER_HEADERS`), so that its answers are the server's to
 * the byte, headers included. No framework, no query builder, no validation, no serialiser, no account lookup. What
 * the project costs above it is what its layers cost.
 * run.ts starts it pinned to core 0, like the project's server, with the recording in BENCH_FLOOR_RECORDING.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import pg from 'pg';
import { rowMaker } from '../../apps/server/src/db/node-sqlite-adapter.ts';
import { JSON_ANSWER_HEADERS } from '../../apps/server/src/plugins/security.ts';
import type { FloorRecording, FloorRoute, RecordedStatement } from './floor-recording.ts';

type Row = Record<string, unknown>;
type Run = (statement: RecordedStatement) => Promise<Row[]>;

/** How long a total is reused, as the project's count cache does (COUNT_CACHE_MS). */
const COUNT_CACHE_MS = 5000;

const recording = JSON.parse(readFileSync(process.env.BENCH_FLOOR_RECORDING!, 'utf8')) as FloorRecording;

/**
 * The floor makes its rows as the project's SQLite adapter does: it reads them as arrays and makes each with the
 * adapter's `rowMaker` (an object literal compiled per statement; importing it loads Kysely's modules, unused), which
 * costs about a quarter less CPU per list request than node:sqlite's own rows (dictionary-mode objects).
 * `BENCH_FLOOR_ROWS=objects` takes node:sqlite's rows as they come, as the floor did before 2 December 2026.
 */
const ROWS_AS_ARRAYS = process.env.BENCH_FLOOR_ROWS !== 'objects';

function sqliteRunner(path: string): Run {
  const db = new DatabaseSync(path, { timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32000;');
  const prepared = new Map<string, (parameters: SQLInputValue[]) => Row[]>();
  return async ({ sql, parameters }) => {
    let all = prepared.get(sql);
    if (!all) prepared.set(sql, (all = ROWS_AS_ARRAYS ? arrayReader(db.prepare(sql)) : objectReader(db.prepare(sql))));
    return all(parameters as SQLInputValue[]);
  };
}

const objectReader = (statement: StatementSync) => (parameters: SQLInputValue[]) =>
  statement.all(...parameters) as Row[];

function arrayReader(statement: StatementSync) {
  const makeRow = rowMaker(statement.columns().map((column) => column.name));
  statement.setReturnArrays(true);
  return (parameters: SQLInputValue[]) =>
    (statement.all(...parameters) as unknown as unknown[][]).map((values) => makeRow(values));
}

function postgresRunner(url: string): Run {
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return async ({ sql, parameters }) =>
    (await pool.query({ text: sql, values: parameters as unknown[] })).rows as Row[];
}

const run: Run =
  recording.dialect === 'postgres'
    ? postgresRunner(recording.databaseUrl)
    : sqliteRunner(recording.databaseUrl.slice('sqlite:'.length));

/** The server's token key, kept in its database when JWT_SECRET is not set (the bench does not set it). */
const secret =
  process.env.JWT_SECRET ||
  String(
    (
      await run({
        sql: `select value from app_secret where name = ${recording.dialect === 'postgres' ? '$1' : '?'}`,
        parameters: ['jwt'],
      })
    )[0]?.value,
  );

const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Row;

/**
 * Whether `Authorization: Bearer <token>` carries a token the server signed (HS256) that has not expired: the
 * signature checked on every request, with node:crypto and no cache.
 */
function tokenValid(authorization: string | undefined): boolean {
  if (!authorization?.startsWith('Bearer ')) return false;
  const [header, payload, signature, ...rest] = authorization.slice('Bearer '.length).split('.');
  if (!header || !payload || !signature || rest.length > 0) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const exp = decodePart(payload).exp;
    return decodePart(header).alg === 'HS256' && typeof exp === 'number' && exp * 1000 > Date.now();
  } catch {
    return false;
  }
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));
const bool = (value: unknown) => value === true || value === 1;

type Field = {
  id_vc_card: number;
  id_vc_field: number;
  id_vc_person: number;
  id_vc_field_type: number;
  key: string;
  value: string;
  drop: unknown;
};

function fieldsByCard(rows: Row[]): Map<number, Field[]> {
  const byCard = new Map<number, Field[]>();
  for (const row of rows as Field[]) {
    let list = byCard.get(row.id_vc_card);
    if (!list) byCard.set(row.id_vc_card, (list = []));
    list.push(row);
  }
  return byCard;
}

/** The customer answer, field for field as the contract orders it. */
function customer(row: Row, fields: readonly Field[]) {
  const phones = [];
  const emails = [];
  for (const field of fields) {
    const entry = {
      id_vc_field: field.id_vc_field,
      id_vc_person: field.id_vc_person,
      id_vc_field_type: field.id_vc_field_type,
      key: field.key,
      value: field.value,
      drop: bool(field.drop),
    };
    if (field.id_vc_field_type === 1) emails.push(entry);
    else phones.push(entry);
  }
  return {
    id: row.id_vc_card,
    id_vc_card: row.id_vc_card,
    id_vc_person: row.id_vc_person,
    name: row.name,
    salutation: row.salutation,
    title: row.title,
    firstName: row.first_name,
    surname: row.surname,
    birthday: row.birthday,
    passportValidUntil: row.passport_valid_until,
    address: row.street ?? null,
    zip: row.zip ?? null,
    city: row.city ?? null,
    country: row.country ?? null,
    state: row.state ?? null,
    external_id: row.external_id ?? null,
    phone: phones.find((entry) => entry.value !== '')?.value ?? null,
    email: emails.find((entry) => entry.value !== '')?.value ?? null,
    phones,
    emails,
    customerType: row.customer_type === 'regular' ? 'regular' : 'new',
    isDriver: bool(row.is_driver),
    newsletter: bool(row.newsletter),
    agencyId: row.id_organization,
    agencyName: row.agency_name ?? null,
    kuschick_id: row.kuschick_id,
    ratio_id: row.ratio_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The user answer, field for field as the contract orders it. */
function user(row: Row, fields: readonly Field[]) {
  const phones = [];
  const emails = [];
  for (const field of fields) {
    if (field.id_vc_field_type === 1) emails.push({ key: field.key, value: field.value });
    else phones.push({ key: field.key, value: field.value });
  }
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    street: row.street,
    number: row.number,
    zip: row.zip,
    city: row.city,
    country: row.country,
    nationality: row.nationality,
    state: row.state,
    sex: row.sex,
    birthday: row.birthday,
    placeofbirth: row.placeofbirth,
    maritalstatus: row.maritalstatus,
    role: row.id_roles,
    roleName: row.role_name ?? null,
    status: row.status,
    username: row.username,
    isDriver: bool(row.is_driver),
    ratio_id: row.ratio_id,
    kuschick_id: row.kuschick_id,
    isActive: bool(row.is_active),
    phones,
    emails,
    avatar: row.avatar,
    agencyId: row.card_agency_id ?? null,
    vc_card: {
      id_vc_card: row.id_vc_card,
      name: row.card_name ?? `${row.firstname as string} ${row.lastname as string}`.trim(),
      agencyId: row.card_agency_id ?? null,
    },
    lastLogin: iso(row.previous_login_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The journey summary, field for field as the contract orders it (journeys.service.ts toSummary). */
function journey(row: Row) {
  return {
    id: row.id_jrn_journey,
    id_jrn_journey: row.id_jrn_journey,
    title: row.title,
    subtitle: row.subtitle,
    code: row.code,
    booking_id: row.booking_id,
    kuschick_id: row.kuschick_id,
    pressmind_id: row.pressmind_id,
    mindestteilnehmer: row.mindestteilnehmer,
    bonuspunkte: row.bonuspunkte,
    countries: JSON.parse((row.countries as string) || '[]') as number[],
    category: row.id_jrn_category,
    categoryName: row.category_name ?? null,
    destination: row.id_jrn_destination,
    destinationName: row.destination_name ?? null,
    catalog_state: row.catalog_state,
    bookable: row.bookable,
    online: bool(row.online),
    project: row.project,
    organization: row.id_organization,
    organizationName: row.organization_name ?? null,
    tour_guide: row.tour_guide,
    recommendation_rate: row.recommendation_rate,
    rating_stars: row.rating_stars,
    slug: row.slug,
    nextDate: row.next_date ?? null,
    dateCount: Number(row.date_count),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const STATUS_NUMBER: Record<string, number> = {
  draft: 0,
  request: 1,
  option: 2,
  waitlist: 3,
  firm: 4,
  cancelled: 5,
  processing: 6,
};
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : (value as string));
const euro = (cents: unknown) => Number(cents) / 100;

/** The booking summary, field for field as the contract orders it (bookings.service.ts toSummary). */
function booking(row: Row) {
  return {
    id: row.id,
    nr: row.id,
    vorgangnr: row.id,
    termin: row.id_jrn_date,
    termincode: row.termincode,
    journeyTitle: row.journey_title,
    date_from: day(row.date_from),
    status: row.status,
    type: STATUS_NUMBER[row.status as string],
    option_until: iso(row.option_until),
    bookerName: row.booker_name,
    participants: Number(row.participant_count ?? 0),
    price: euro(row.total_cents),
    agencyId: row.id_organization,
    agencyName: row.agency_name ?? null,
    createdAt: iso(row.created_at),
    id_jrn_journey: row.id_jrn_journey,
    id_booker_card: row.id_booker_card,
    createdBy: row.created_by,
    invoiceNumber: row.invoice_number,
    paid: euro(row.paid_cents),
    open: euro(Number(row.total_cents) - Number(row.paid_cents)),
  };
}

/** The process, field for field as the contract orders it (processes.service.ts toProcess). */
function process_(row: Row) {
  return {
    id_pc_process: row.id,
    nr: row.id,
    invoice_id: row.invoice_number,
    name: row.title ?? row.journey_title,
    vc_card_booker: { id_vc_card: row.booker_card, name: row.booker_name },
    kuschick_id: row.kuschick_id,
    ratio_id: row.ratio_id,
    vc_person: { vc_address: { external_id: row.external_id ?? null } },
    status: row.status === 'processing' ? '4' : String(STATUS_NUMBER[row.status as string]),
    bookingStatus: row.status,
    date_from: day(row.date_from),
    total: euro(row.total_cents),
    paid: euro(row.paid_cents),
    open: euro(Number(row.total_cents) - Number(row.paid_cents)),
    createdAt: iso(row.created_at),
  };
}

const counts = new Map<string, { total: number; expires: number }>();
/** Counts under way: a request that misses meanwhile waits for the same one, as in the project's read cache. */
const counting = new Map<string, Promise<number>>();

async function total(route: FloorRoute, rows: number): Promise<number> {
  if (!route.count) return route.skip + rows;
  const cached = counts.get(route.path);
  if (cached && cached.expires > Date.now()) return cached.total;
  let value = counting.get(route.path);
  if (!value) {
    value = run(route.count)
      .then(([row]) => {
        const counted = Number(row?.total ?? 0);
        counts.set(route.path, { total: counted, expires: Date.now() + COUNT_CACHE_MS });
        return counted;
      })
      .finally(() => counting.delete(route.path));
    counting.set(route.path, value);
  }
  return value;
}

async function answer(route: FloorRoute): Promise<string> {
  let ids: number[] | null = null;
  let base: Row[] = [];
  let fields: Row[] = [];
  for (const [index, statement] of route.statements.entries()) {
    const rows = await run(statement);
    if (index < route.baseIndex) ids = rows.map((row) => Number(row.list_id));
    if (index === route.baseIndex) base = rows;
    if (index === route.fieldsIndex) fields = rows;
  }
  if (ids) {
    // The page's ids came first; the joined rows come back in any order and are put in the ids' order.
    const position = new Map(ids.map((id, index) => [id, index]));
    const key = {
      customers: 'id_vc_card',
      users: 'id',
      journeys: 'id_jrn_journey',
      bookings: 'id',
      processes: 'id',
    }[route.group];
    base.sort((a, b) => position.get(a[key] as number)! - position.get(b[key] as number)!);
  }
  const byCard = fieldsByCard(fields);
  const data = base.map((row) =>
    route.group === 'bookings'
      ? booking(row)
      : route.group === 'processes'
        ? process_(row)
        : route.group === 'customers'
          ? customer(row, byCard.get(row.id_vc_card as number) ?? [])
          : route.group === 'journeys'
            ? journey(row)
            : user(row, byCard.get(row.id_vc_card as number) ?? []),
  );
  return JSON.stringify({ total: await total(route, data.length), limit: route.limit, skip: route.skip, data });
}

const routes = new Map(recording.routes.map((route) => [route.path, route]));

/** The headers of the server's JSON answers, in its order; the length goes last. */
const ANSWER_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  ...Object.fromEntries(JSON_ANSWER_HEADERS.map(([name, value]) => [name.toLowerCase(), value])),
};

function respond(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { ...ANSWER_HEADERS, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  if (request.url === '/api/v1/health') return respond(response, 200, '{"status":"ok"}');
  const route = routes.get(request.url ?? '');
  if (!route) return respond(response, 404, '{}');
  if (!tokenValid(request.headers.authorization)) return respond(response, 401, '{}');
  answer(route).then(
    (body) => respond(response, 200, body),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      respond(response, 500, '{}');
    },
  );
});
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.close(() => process.exit(0)));
