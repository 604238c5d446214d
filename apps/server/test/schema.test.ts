import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './helpers.ts';

describe('schema', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(() => opened.drop());

  const columnsOf = async (table: string) => {
    const tables = await opened.database.db.introspection.getTables();
    return tables.find((candidate) => candidate.name === table)!.columns.map((column) => column.name);
  };

  it('keeps mailed codes only in action_code: user_account has no verify_code', async () => {
    const columns = await columnsOf('user_account');
    expect(columns).toContain('email');
    expect(columns).not.toContain('verify_code');
  });
});
