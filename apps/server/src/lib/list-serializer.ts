import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

/**
 * List answers are the largest the API sends (20 records with their contact rows, up to 1,000 with
 * `$limit=-1`), and zod checked and copied every field of every row on the way out. For a list endpoint's
 * response (`ZListResponse`: a page or a plain array) this writes the answer from the contract instead: a
 * projection compiled from the contract's JSON Schema copies the declared fields in the contract's order (nothing
 * undeclared leaves the server) and `JSON.stringify` writes the copy — byte for byte what zod would write (see
 * list-query.routes.test.ts). It replaced fast-json-stringify, whose answer is a rope of thousands of pieces
 * flattened on the way out: about 45 µs less CPU per customers page (bench/README.md, "3 December 2026"). A
 * contract the projection cannot follow (a union of objects, a record) and every other response keep zod's
 * serializer.
 *
 * The projection does not check the values' types as zod does: with `check` (the test configuration), every list
 * answer is also written by zod and must be the same string, so a mapper that sends what its contract does not
 * declare fails its tests instead of reaching a client.
 */
export function listAwareSerializerCompiler(options: { check?: boolean } = {}): typeof serializerCompiler {
  return (route) => {
    const zod = serializerCompiler(route) as Serializer;
    const lists = listResponseParts(route.schema);
    const page = lists && projectionOf(lists.page);
    const array = lists && projectionOf(lists.array);
    if (!page || !array) return zod;
    const write: Serializer = (data) => JSON.stringify(Array.isArray(data) ? array(data) : page(data));
    if (!options.check) return write;
    return (data) => {
      const expected = zod(data);
      const written = write(data);
      if (written !== expected) {
        throw new Error(`${route.method} ${route.url}: the list answer differs from zod's\n${written}\n${expected}`);
      }
      return written;
    };
  };
}

/** The page and array schemas of a `ZListResponse` union, or null for any other schema. */
function listResponseParts(schema: unknown): { page: z.ZodObject; array: z.ZodArray } | null {
  if (!(schema instanceof z.ZodUnion) || schema.options.length !== 2) return null;
  const [page, array] = schema.options;
  if (!(page instanceof z.ZodObject) || !(array instanceof z.ZodArray)) return null;
  const keys = Object.keys(page.shape);
  if (keys.join() !== 'total,limit,skip,data') return null;
  return { page, array };
}

/** The compiled projection of `schema`, or null where it cannot follow the contract. */
function projectionOf(schema: z.ZodType): ((value: unknown) => unknown) | null {
  try {
    return compileProjection(jsonSchemaOf(schema));
  } catch (error) {
    if (error instanceof Unprojectable) return null;
    throw error;
  }
}

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod's JSON Schema, made plain for the projection: a union of simple types (`string | null`, `1 | 2`) becomes one
 * list of types, a value the projection passes on as it is.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isSchema(node)) return node;
  const schema: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) if (key !== '$schema') schema[key] = simplify(value);
  const alternatives = schema.anyOf;
  if (
    Array.isArray(alternatives) &&
    alternatives.every(
      (option) => isSchema(option) && typeof option.type === 'string' && !option.properties && !option.items,
    )
  ) {
    const types = [...new Set(alternatives.map((option) => (option as JsonSchema).type as string))];
    return { type: types.length === 1 ? types[0] : types };
  }
  return schema;
}

const jsonSchemaOf = (schema: z.ZodType) =>
  simplify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as JsonSchema;

/** A schema the projection cannot copy faithfully; its answers are written by zod. */
class Unprojectable extends Error {}

/** Keywords that make a value's shape depend on more than its declared properties and items. */
const UNPROJECTABLE_KEYWORDS = ['oneOf', 'allOf', '$ref', 'not', 'if', 'patternProperties', 'prefixItems'];

/**
 * Compiles a function copying a value of `root` down to what the schema declares: per object schema one object
 * literal with the declared keys in schema order, per array a `map`, every other value as it is (zod encodes an
 * answer: defaults are not filled in). `new Function` turns each object schema into one literal, so a row
 * is copied without a loop over its keys; the keys go into the source only as JSON string literals.
 */
function compileProjection(root: JsonSchema): (value: unknown) => unknown {
  const functions: string[] = [];

  /** An expression projecting `value` (a property read, safe to repeat) by `schema`, or null if it stays as it is. */
  const projection = (schema: JsonSchema, value: string): string | null => {
    for (const keyword of UNPROJECTABLE_KEYWORDS) if (keyword in schema) throw new Unprojectable(keyword);
    if (Array.isArray(schema.anyOf)) return projection(nullableAlternative(schema.anyOf), value);
    const types = [schema.type].flat();
    if (types.includes('object') || schema.properties) return `${objectFunction(schema)}(${value})`;
    if (types.includes('array') || schema.items) {
      if (!isSchema(schema.items)) throw new Unprojectable('items');
      const item = projection(schema.items, 'item');
      return item ? `(${value} == null ? ${value} : ${value}.map((item) => ${item}))` : null;
    }
    return null;
  };

  const objectFunction = (schema: JsonSchema): string => {
    if (schema.additionalProperties !== false) throw new Unprojectable('additionalProperties');
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const fields = Object.entries(properties)
      // zod's object assigns `__proto__` as a prototype, not a field: it is never written.
      .filter(([key]) => key !== '__proto__')
      .map(([key, property]) => {
        if (!isSchema(property)) throw new Unprojectable(key);
        const read = `value[${JSON.stringify(key)}]`;
        return `${JSON.stringify(key)}: ${projection(property, read) ?? read}`;
      });
    functions.push(`(value) => value == null ? value : { ${fields.join(', ')} }`);
    return `f${functions.length - 1}`;
  };

  const body = projection(root, 'value') ?? 'value';
  const source = `${functions.map((fn, n) => `const f${n} = ${fn};`).join('\n')}\nreturn (value) => ${body};`;
  return new Function(source)() as (value: unknown) => unknown;
}

/** The one alternative of `T | null` (zod's nullable object or array); any other union is not projected. */
function nullableAlternative(alternatives: unknown[]): JsonSchema {
  const others = alternatives.filter((option) => !(isSchema(option) && option.type === 'null'));
  if (others.length !== 1 || !isSchema(others[0])) throw new Unprojectable('anyOf');
  return others[0];
}
