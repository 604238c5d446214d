import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { isErrorKey, type FieldError } from '@tourdesk/contracts';
import { ApiError, fieldError, invalidField } from './errors.ts';

/** One uploaded file, read whole (uploads are bounded by the configured limit). */
export type UploadedFile = { buffer: Buffer; filename: string; mimetype: string };

export type Upload = { file: UploadedFile | null; fields: Record<string, string> };

/**
 * Declares routes that take an upload (read with `readUpload`) in a scope of their own, where @fastify/multipart
 * parses `multipart/form-data`; every other route answers such a body with 415. Registered for the whole
 * application, the plugin put two async hooks on every route (a listener on each response and a clean-up of
 * disk-mode temporary files, a mode `readUpload` never uses): about 3 µs on every API request, a list page's
 * included (bench/README.md, "5 December 2026 (thirty-fifth session)").
 */
export async function uploadRoutes(app: FastifyInstance, declare: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // The name as sent, path included: an upload whose name carries a path is refused, not silently renamed.
      preservePath: true,
      limits: { fileSize: app.config.uploadLimitBytes, files: 1 },
    });
    declare(scope);
  });
}

/** The multipart errors of @fastify/multipart that mean "too much". */
const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

export const uploadTooLarge = () => new ApiError(413, 'error.uploadSize', [fieldError('file', 'error.uploadSize')]);

/**
 * Reads a multipart request: at most one file (field `file`) of at most `maxBytes`, and a few short text fields,
 * in any order. Too big → 413 `error.uploadSize`; not multipart → 400 `error.empty`, a second file → 400 `error.invalid`. The file's name is
 * kept as sent (with any path), so the caller can refuse it.
 */
export async function readUpload(
  request: FastifyRequest,
  limits: { maxBytes: number; fields?: number },
): Promise<Upload> {
  if (!request.isMultipart()) throw invalidField('file', 'error.empty');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    const parts = request.parts({
      preservePath: true,
      limits: {
        fileSize: limits.maxBytes,
        files: 1,
        fields: limits.fields ?? 10,
        fieldSize: 4096,
        parts: (limits.fields ?? 10) + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        file = { buffer, filename: part.filename, mimetype: part.mimetype };
      } else if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (TOO_LARGE.has(code)) throw uploadTooLarge();
    if (code.startsWith('FST_')) throw invalidField('file', 'error.invalid');
    throw error;
  }
  return { file, fields };
}

/**
 * The text fields of a multipart request checked with their contract, as the JSON routes are: a 400 listing each
 * field with its message key.
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = new Map<string, FieldError>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (!errors.has(field))
      errors.set(field, fieldError(field, isErrorKey(issue.message) ? issue.message : 'error.invalid'));
  }
  throw new ApiError(400, 'error.badRequest', [...errors.values()]);
}
