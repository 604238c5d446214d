import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * List answers are the largest the API sends (20 records with their contact rows, up to 1,000 with
 * `$limit=-1`), and zod checked and copied every field of every row on the way out. For a list endpoint's
 * response (`ZListResponse`: a page or a plain array) this works from the contract's JSON Schema instead: the same
 * fields in the same order, nothing undeclared, byte for byte the JSON zod would write (see
 * list-query.routes.test.ts). Every other response keeps zod's serializer.
 *
 * The answer is first copied field by field as the schema declares them, each value checked against its declared
 * type (`projector`), and the copy written by the engine's own JSON.stringify, which is faster than
 * fast-json-stringify's generated code and gives the same bytes for values of the declared types. When a value is
 * not of its type (fast-json-stringify would convert it, or refuse it), or the schema uses a keyword the copy does
 * not know, fast-json-stringify writes the answer, as before.
 */
export const listAwareSerializerCompiler: typeof serializerCompiler = (route) => {
  const lists = listResponseParts(route.schema);
  if (!lists) return serializerCompiler(route);
  const pageSchema = jsonSchemaOf(lists.page);
  const arraySchema = jsonSchemaOf(lists.array);
  const page = viaProjection(projector(pageSchema), fastJson(pageSchema));
  const array = viaProjection(projector(arraySchema), fastJson(arraySchema));
  return (data) => (Array.isArray(data) ? array(data) : page(data));
};

/** JSON.stringify of the projected copy, or fast-json-stringify when the data does not fit the schema. */
const viaProjection =
  (project: Project | null, fallback: (data: unknown) => string) =>
  (data: unknown): string => {
    if (!project) return fallback(data);
    const copy = project(data);
    return copy === MISMATCH ? fallback(data) : JSON.stringify(copy);
  };

/** What a projector returns when a value is not what the schema declares. */
const MISMATCH: unique symbol = Symbol('mismatch');

/** A copy of `value` with only the declared fields, in the declared order, or MISMATCH. */
type Project = (value: unknown) => unknown;

/**
 * Keywords fast-json-stringify does not apply while writing (the bounds zod writes for integers, enums, texts).
 * A schema with any other keyword (`const`, `format`, `additionalProperties` other than false, …) is left to it.
 */
const IGNORED_KEYWORDS = new Set(['enum', 'minimum', 'maximum', 'description', 'title', 'minLength', 'maxLength']);

/** A test, as JavaScript source on `x`, that a value is of the type and JSON.stringify writes it as fast-json-stringify does. */
const TYPE_TESTS: Record<string, string> = {
  string: "typeof x === 'string'",
  integer: 'Number.isInteger(x)',
  number: "(typeof x === 'number' && Number.isFinite(x))",
  boolean: "typeof x === 'boolean'",
  null: 'x === null',
};

/** Property names JSON.stringify would not write in insertion order (integer-like keys come first). */
const isIndexLike = (key: string) => /^(0|[1-9]\d*)$/.test(key);

/** The test (JavaScript source on `x`) of a schema of simple types, or null when it is not one. */
function typeTest(schema: JsonSchema): string | null {
  const { type, ...rest } = schema;
  if (Object.keys(rest).some((keyword) => !IGNORED_KEYWORDS.has(keyword))) return null;
  const types = Array.isArray(type) ? type : [type];
  const tests = types.map((name) => (typeof name === 'string' ? TYPE_TESTS[name] : undefined));
  if (tests.length === 0 || tests.some((test) => test === undefined)) return null;
  return `(${tests.join(' || ')})`;
}

/**
 * The projector of a simplified JSON Schema, or null when the schema uses anything it does not handle. An
 * object's projector is generated code (as fast-json-stringify's serializers are): a type test per field and one
 * object literal, which the engine builds and JSON.stringify writes faster than a copy filled field by field. The
 * field names come from the contracts, written into the code as JSON string literals.
 */
function projector(schema: JsonSchema): Project | null {
  const { type, properties, required, additionalProperties, items, ...rest } = schema;
  if (Object.keys(rest).some((keyword) => !IGNORED_KEYWORDS.has(keyword))) return null;
  if (type === 'object') {
    if (items !== undefined || additionalProperties !== false || !isSchema(properties)) return null;
    const mandatory = new Set(Array.isArray(required) ? required : []);
    const nested: Project[] = [];
    const lines = ["if (typeof v !== 'object' || v === null || Array.isArray(v)) return M;", 'let x;'];
    const literal: string[] = [];
    for (const [index, [key, child]] of Object.entries(properties).entries()) {
      if (!isSchema(child) || isIndexLike(key)) return null;
      const name = JSON.stringify(key);
      // A missing required field fails its test (undefined is of no type); a missing optional one is left out.
      const present = mandatory.has(key) ? '' : 'x !== undefined && ';
      lines.push(`const x${index} = x = v[${name}];`);
      const test = typeTest(child);
      if (test) {
        lines.push(`if (${present}!${test}) return M;`);
        literal.push(`${name}: x${index}`);
      } else {
        const project = projector(child);
        if (!project) return null;
        lines.push(`const y${index} = ${present ? `x === undefined ? x : ` : ''}P[${nested.length}](x);`);
        lines.push(`if (y${index} === M) return M;`);
        nested.push(project);
        literal.push(`${name}: y${index}`);
      }
    }
    lines.push(`return { ${literal.join(', ')} };`);
    return new Function('M', 'P', `return function project(v) {\n${lines.join('\n')}\n};`)(MISMATCH, nested) as Project;
  }
  if (properties !== undefined || required !== undefined || additionalProperties !== undefined) return null;
  if (type === 'array') {
    const project = isSchema(items) ? projector(items) : null;
    if (!project) return null;
    return (value) => {
      if (!Array.isArray(value)) return MISMATCH;
      const copy = new Array<unknown>(value.length);
      for (let index = 0; index < value.length; index++) {
        const projected = project(value[index]);
        if (projected === MISMATCH) return MISMATCH;
        copy[index] = projected;
      }
      return copy;
    };
  }
  if (items !== undefined) return null;
  const test = typeTest(schema);
  if (!test) return null;
  return new Function('M', `return function project(x) { return ${test} ? x : M; };`)(MISMATCH) as Project;
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

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod's JSON Schema, made plain for serializing: a union of simple types (`string | null`, `1 | 2`) becomes one
 * list of types, which fast-json-stringify writes by `typeof` instead of validating each alternative.
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
