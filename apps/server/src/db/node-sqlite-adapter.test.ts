import { DatabaseSync } from 'node:sqlite';
import { setFlagsFromString } from 'node:v8';
import { beforeEach, describe, expect, it } from 'vitest';
import { nodeSqliteDatabase, rowMaker } from './node-sqlite-adapter.ts';

// V8's own test hook for "does this object keep its properties in a hidden class": compiled after the flag is set.
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('value', 'return %HasFastProperties(value)') as (value: object) => boolean;

describe('nodeSqliteDatabase', () => {
  let raw: DatabaseSync;
  let database: ReturnType<typeof nodeSqliteDatabase>;
  beforeEach(() => {
    raw = new DatabaseSync(':memory:');
    raw.exec(`create table card (id integer primary key, name text, photo blob, score real);
      insert into card (name, photo, score) values ('Öztürk', x'0102', 1.5), ('Zimmermann', null, null);`);
    database = nodeSqliteDatabase(raw);
  });

  it('reads rows as plain objects with the columns in order and the values node:sqlite reads', () => {
    const rows = database.prepare('select id, name, photo, score from card order by id').all([]);
    expect(rows).toEqual([
      { id: 1, name: 'Öztürk', photo: new Uint8Array([1, 2]), score: 1.5 },
      { id: 2, name: 'Zimmermann', photo: null, score: null },
    ]);
    for (const row of rows as object[]) {
      expect(Object.keys(row)).toEqual(['id', 'name', 'photo', 'score']);
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      // node:sqlite's own rows are dictionary-mode objects (this is false for them); these share a hidden class.
      expect(hasFastProperties(row)).toBe(true);
    }
  });

  it('keeps the last value of a repeated column name and takes any name as an own property', () => {
    const statement = 'select 1 as a, 2 as a, 3 as "__proto__", 4 as "count(*)", 5 as "constructor"';
    const [row] = database.prepare(statement).all([]) as Array<Record<string, unknown>>;
    const [own] = raw.prepare(statement).all() as Array<Record<string, unknown>>;
    expect({ ...row }).toEqual({ ...own });
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(3);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row!.constructor).toBe(5);
  });

  it('makes the same rows when iterating, and runs statements that return no rows', () => {
    const write = database.prepare('insert into card (name) values (?)');
    expect(write.reader).toBe(false);
    expect(write.all(['Bäumer'])).toEqual([]);
    const returning = database.prepare('insert into card (name) values (?) returning id, name');
    expect(returning.reader).toBe(true);
    expect(returning.all(['Müller'])).toEqual([{ id: 4, name: 'Müller' }]);
    const names = [...database.prepare('select name from card where id > ? order by id').iterate([2])];
    expect(names).toEqual([{ name: 'Bäumer' }, { name: 'Müller' }]);
    expect(raw.prepare('select count(*) as n from card').get()).toEqual({ n: 4 });
  });
});

describe('rowMaker', () => {
  it('quotes every name, so no column name becomes code', () => {
    const make = rowMaker(['a"b', "c'd", 'e}; throw 1; {', 'f\\']);
    expect(make([1, 2, 3, 4])).toEqual({ 'a"b': 1, "c'd": 2, 'e}; throw 1; {': 3, 'f\\': 4 });
  });
});
