/**
 * Records what the floor server (floor.ts) replays: for every request path of the selected scenarios, the SQL
 * statements the server's own list function sends for it, in order, with their parameters, the count statement
 * apart (the floor reuses totals as long as the project's count cache does), and where the page's rows and
 * their contact rows are among them.
 */
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { captureList } from './sql-capture.ts';
import type { Scenario, ScenarioGroup } from './scenarios.ts';

export type RecordedStatement = { sql: string; parameters: unknown[] };

export type FloorRoute = {
  path: string;
  group: ScenarioGroup;
  limit: number;
  skip: number;
  /** Every statement but the count, in the order the server sends them. */
  statements: RecordedStatement[];
  /** The statement reading the page's rows; statements before it answer the page's ids (`list_id`). */
  baseIndex: number;
  /** The statement reading the contact rows of the page (-1: none). */
  fieldsIndex: number;
  /** The count, when the server counts for this page (else total = skip + rows). */
  count: RecordedStatement | null;
};

export type FloorRecording = { dialect: 'sqlite' | 'postgres'; databaseUrl: string; routes: FloorRoute[] };

/** SQLite binds no booleans; the server's adapter sends 1/0 (node-sqlite-adapter.ts). */
const bindable = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

export async function recordFloor(
  handle: DatabaseHandle,
  databaseUrl: string,
  scenarios: readonly Scenario[],
): Promise<FloorRecording> {
  const routes: FloorRoute[] = [];
  for (const scenario of scenarios) {
    for (const path of scenario.paths) {
      // Without the count cache, so the count shows up whenever the server counts for this page.
      const { statements, page } = await captureList(handle.db, handle.dialect, scenario, path);
      if (Array.isArray(page)) throw new Error(`${path}: expected a page`);
      const compiled = statements.map((statement) => ({
        sql: statement.sql,
        parameters: statement.parameters.map(handle.dialect === 'sqlite' ? bindable : (value) => value),
      }));
      // The total is the statement that counts as `total` (the journeys' rows also count their dates in a subquery;
      // a search's first statement counts its index hits as `hits`).
      const count = compiled.find((statement) => /^select count\(\*\) as "?total"?\b/.test(statement.sql)) ?? null;
      const rest = compiled.filter((statement) => statement !== count);
      const fieldsIndex = rest.findIndex((statement) => /from "vc_field"/.test(statement.sql));
      routes.push({
        path,
        group: scenario.group,
        limit: page.limit,
        skip: page.skip,
        statements: rest,
        baseIndex: fieldsIndex === -1 ? rest.length - 1 : fieldsIndex - 1,
        fieldsIndex,
        count,
      });
    }
  }
  return { dialect: handle.dialect, databaseUrl, routes };
}
