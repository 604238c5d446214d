import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * List answers are the largest the API sends (20 records with their contact rows, up to 1,000 with
 * `$limit=-1`), and zod checked and copied every field of every row on the way out. For a list endpoint's
 * response (`ZListResponse`: a page or a plain array) this compiles the contract's JSON Schema with
 * fast-json-stringify instead: the same fields in the same order, nothing undeclared, byte for byte the JSON zod
 * would write (see list-query.routes.test.ts). Every other response keeps zod's serializer.
 */
export const listAwareSerializerCompiler: typeof serializerCompiler = (route) => {
  const lists = listResponseParts(route.schema);
  if (!lists) return serializerCompiler(route);
  const page = fastJson(jsonSchemaOf(lists.page));
  const array = fastJson(jsonSchemaOf(lists.array));
  return (data) => (Array.isArray(data) ? array(data) : page(data));
};

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
