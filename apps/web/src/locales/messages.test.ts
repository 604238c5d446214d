import { describe, expect, it } from 'vitest';
import { messagesFor } from './index.ts';
import { leafKeys, type Messages } from './merge.ts';

const en = await messagesFor('en');
const de = await messagesFor('de');
const es = await messagesFor('es');
const ru = await messagesFor('ru');

const valueAt = (tree: Messages, key: string): string | undefined => {
  let node: string | Messages | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

// A plural form repeats its placeholders, and languages have two or three forms: compare which, not how often.
const placeholders = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort();

const english = leafKeys(en).sort();

/** Texts that are the same in a language on purpose (the spec's own wording, words shared by both). */
const SAME_ON_PURPOSE = new Set(['error.ratioIdRequired', 'roles.fields.admin']);

describe.each([
  ['de', de],
  ['es', es],
  ['ru', ru],
] as const)('app messages (%s)', (_language, messages) => {
  it('has exactly the English keys', () => {
    // forcedCaseName is how a language spells a resource name inside a sentence; only some need it.
    const keys = leafKeys(messages)
      .filter((key) => !key.endsWith('.forcedCaseName'))
      .sort();
    expect(
      keys.filter((key) => !english.includes(key)),
      'extra keys',
    ).toEqual([]);
    expect(
      english.filter((key) => !keys.includes(key)),
      'missing keys',
    ).toEqual([]);
  });

  it("keeps every placeholder (react-admin's own are checked in ra/ra-messages.test.ts)", () => {
    const broken = english.filter((key) => {
      if (key.startsWith('ra.')) return false;
      const translated = valueAt(messages, key);
      return translated !== undefined && placeholders(translated).join() !== placeholders(valueAt(en, key)!).join();
    });
    expect(broken).toEqual([]);
  });

  it('is translated, not copied from English', () => {
    const appKeys = english.filter(
      (key) => !key.startsWith('ra.') && !key.startsWith('resources.') && !SAME_ON_PURPOSE.has(key),
    );
    const same = appKeys.filter((key) => {
      const text = valueAt(en, key)!;
      return text.length > 12 && valueAt(messages, key) === text;
    });
    expect(same).toEqual([]);
  });
});
