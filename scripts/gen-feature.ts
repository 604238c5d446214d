/**
 * `npm run gen:feature <name>`: a new feature copied from the default component (issue #18 item 6,
 * docs/adr/0034), the living template of the feature-module pattern. `<name>` is the singular in kebab case
 * (`travel-voucher`); every spelling of the template's name is replaced:
 *   default-components / default-component   → travel-vouchers / travel-voucher   (folders, files, tags)
 *   defaultComponents / defaultComponent     → travelVouchers / travelVoucher     (functions, locale keys)
 *   DefaultComponents / DefaultComponent     → TravelVouchers / TravelVoucher     (types, components)
 *   default_component / DEFAULT_COMPONENT    → travel_voucher / TRAVEL_VOUCHER    (table, constants)
 *   defaultcomponent                         → travelvoucher                      (API path, resource name)
 *   default component(s)                     → travel voucher(s)                  (comments)
 * It writes the contract, the migration (stamped now), the server feature with its medium test and the web
 * feature with its locales, refuses to overwrite anything, and prints the lines to add to the shared index files.
 * Options: `--out <dir>` writes below another root (the generator's own test uses a temporary folder).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Names = {
  kebab: string;
  kebabPlural: string;
  camel: string;
  camelPlural: string;
  pascal: string;
  pascalPlural: string;
  snake: string;
  snakePlural: string;
  upperSnake: string;
  flat: string;
  words: string;
  wordsPlural: string;
};

const NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;

const plural = (word: string) =>
  /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;

/** Every spelling of a singular kebab-case name. */
export function namesOf(kebab: string): Names {
  if (!NAME_PATTERN.test(kebab)) throw new Error(`the name must be singular kebab case, like travel-voucher: ${kebab}`);
  const parts = kebab.split('-');
  const pluralParts = [...parts.slice(0, -1), plural(parts.at(-1)!)];
  const pascalOf = (words: string[]) => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  const camelOf = (words: string[]) => words[0]! + pascalOf(words.slice(1));
  return {
    kebab,
    kebabPlural: pluralParts.join('-'),
    camel: camelOf(parts),
    camelPlural: camelOf(pluralParts),
    pascal: pascalOf(parts),
    pascalPlural: pascalOf(pluralParts),
    snake: parts.join('_'),
    snakePlural: pluralParts.join('_'),
    upperSnake: parts.join('_').toUpperCase(),
    flat: parts.join(''),
    words: parts.join(' '),
    wordsPlural: pluralParts.join(' '),
  };
}

export const TEMPLATE = namesOf('default-component');
/** The time stamp of the template's migration, replaced by the new migration's. */
const TEMPLATE_STAMP = '2026_12_02_0600';

/** The template's files (repository paths); the new paths come from replacing the names in them. */
export const TEMPLATE_FILES = [
  'packages/contracts/src/default-components.schema.ts',
  `apps/server/src/db/migrations/${TEMPLATE_STAMP}_create_default_component.ts`,
  'apps/server/src/features/default-components/default-components.table.ts',
  'apps/server/src/features/default-components/default-components.repository.ts',
  'apps/server/src/features/default-components/default-components.service.ts',
  'apps/server/src/features/default-components/default-components.routes.ts',
  'apps/server/src/features/default-components/default-components.routes.test.ts',
  'apps/web/src/features/default-components/default-components.feature.tsx',
  'apps/web/src/features/default-components/default-component-pages.tsx',
  'apps/web/src/features/default-components/locales/de.json',
  'apps/web/src/features/default-components/locales/en.json',
  'apps/web/src/features/default-components/locales/es.json',
  'apps/web/src/features/default-components/locales/ru.json',
] as const;

/** Replaces every spelling of `from` by the same spelling of `to` (longest first, so plurals stay plurals). */
export function replaceNames(text: string, from: Names, to: Names, stamps: [string, string] = [TEMPLATE_STAMP, '']) {
  const pairs: Array<[string, string]> = [
    [from.kebabPlural, to.kebabPlural],
    [from.kebab, to.kebab],
    [from.snakePlural, to.snakePlural],
    [from.snake, to.snake],
    [from.upperSnake, to.upperSnake],
    [from.pascalPlural, to.pascalPlural],
    [from.pascal, to.pascal],
    [from.camelPlural, to.camelPlural],
    [from.camel, to.camel],
    [from.flat, to.flat],
    [capitalise(from.wordsPlural), capitalise(to.wordsPlural)],
    [from.wordsPlural, to.wordsPlural],
    [capitalise(from.words), capitalise(to.words)],
    [from.words, to.words],
  ];
  let result = text;
  for (const [search, replacement] of pairs) result = result.split(search).join(replacement);
  if (stamps[1]) result = result.split(stamps[0]).join(stamps[1]);
  return result;
}

const capitalise = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** Lines between `gen:feature skip start` and `gen:feature skip end` belong to the template only (the /empty page). */
function withoutTemplateOnly(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (line.includes('gen:feature skip start')) skipping = true;
    else if (line.includes('gen:feature skip end')) skipping = false;
    else if (!skipping) kept.push(line);
  }
  return kept.join('\n');
}

/** The locale files keep their keys; the template-only documentation texts go. */
function withoutTemplateMessages(json: string): string {
  const messages = JSON.parse(json) as Record<string, Record<string, unknown>>;
  delete messages.defaultComponents?.docs;
  return `${JSON.stringify(messages, null, 2)}\n`;
}

/** `YYYY_MM_DD_HHMM` in UTC, the migrations' naming. */
export const migrationStamp = (now: Date) =>
  now
    .toISOString()
    .slice(0, 16)
    .replace(/[-T:]/g, '_')
    .replace(/_(\d\d)_(\d\d)$/, '_$1$2');

/** The lines the new feature needs in the shared index files (only added, never reordered). */
export function indexLines(names: Names, stamp: string): string[] {
  const migration = `${stamp}_create_${names.snake}`;
  const migrationVar = `create${names.pascal}`;
  return [
    `packages/contracts/src/index.ts:`,
    `  export * from './${names.kebabPlural}.schema.ts';`,
    `apps/server/src/db/migrations/index.ts:`,
    `  import * as ${migrationVar} from './${migration}.ts';`,
    `  '${migration}': ${migrationVar},   (at the end of the list)`,
    `apps/server/src/db/schema.ts:`,
    `  import type { ${names.pascal}Table } from '../features/${names.kebabPlural}/${names.kebabPlural}.table.ts';`,
    `  ${names.snake}: ${names.pascal}Table;`,
    `apps/server/src/features/index.ts:`,
    `  import { ${names.camelPlural}Routes } from './${names.kebabPlural}/${names.kebabPlural}.routes.ts';`,
    `  ${names.camelPlural}Routes,`,
    `apps/web/src/features/index.ts:`,
    `  import { ${names.camelPlural}Feature } from './${names.kebabPlural}/${names.kebabPlural}.feature.tsx';`,
    `  ${names.camelPlural}Feature,`,
    `Then: TEST_DB=sqlite npx vitest run --project medium apps/server/test/route-permissions.test.ts -u`,
    `      (check the snapshot only adds /${names.flat}), translate the locale texts, adapt fields and permissions.`,
  ];
}

export async function generateFeature(options: {
  repoRoot: string;
  outRoot: string;
  name: string;
  now?: Date;
}): Promise<{ written: string[]; lines: string[] }> {
  const names = namesOf(options.name);
  if (names.kebab === TEMPLATE.kebab) throw new Error('that is the template itself');
  const stamp = migrationStamp(options.now ?? new Date());
  const targets = TEMPLATE_FILES.map((path) => ({
    from: path,
    to: replaceNames(path, TEMPLATE, names, [TEMPLATE_STAMP, stamp]),
  }));
  const taken = targets.filter((target) => existsSync(join(options.outRoot, target.to)));
  if (taken.length > 0) throw new Error(`already there, nothing written: ${taken.map((t) => t.to).join(', ')}`);
  const written: string[] = [];
  for (const target of targets) {
    let text = await readFile(join(options.repoRoot, target.from), 'utf8');
    text = target.from.endsWith('.json') ? withoutTemplateMessages(text) : withoutTemplateOnly(text);
    text = replaceNames(text, TEMPLATE, names, [TEMPLATE_STAMP, stamp]);
    const path = join(options.outRoot, target.to);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, { flag: 'wx' });
    written.push(target.to);
  }
  return { written, lines: indexLines(names, stamp) };
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outRoot = outIndex >= 0 ? resolve(args[outIndex + 1] ?? '.') : repoRoot;
  const name = args.find((arg, index) => !arg.startsWith('--') && index !== outIndex + 1);
  if (!name) {
    console.error('usage: npm run gen:feature <name>   (singular kebab case, e.g. travel-voucher)');
    process.exit(1);
  }
  try {
    const { written, lines } = await generateFeature({ repoRoot, outRoot, name });
    console.log(`Written (${written.length}):`);
    for (const path of written) console.log(`  ${path}`);
    console.log('\nAdd these lines to the shared index files:');
    for (const line of lines) console.log(line);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
