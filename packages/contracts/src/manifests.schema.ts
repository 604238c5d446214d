import { z } from 'zod';
import { LANGUAGES } from './account.schema.ts';
import { MAX_ID } from './fields.ts';
import { STOP_DIRECTIONS } from './journeys.schema.ts';

/**
 * Manifests of a departure (issue #10 item 6): the boarding list per travel stop, the seat manifest (the coach's
 * seat plan with names), the participant list and the rooming list, each as PDF or CSV, in the reader's
 * language: `GET /departures/{nr}/manifests/{kind}.{format}?direction=&lang=`.
 */
export const MANIFEST_KINDS = ['boarding', 'seats', 'participants', 'rooming'] as const;
export type ManifestKind = (typeof MANIFEST_KINDS)[number];
export const MANIFEST_FORMATS = ['pdf', 'csv'] as const;
export type ManifestFormat = (typeof MANIFEST_FORMATS)[number];
/** Kinds that list one direction's coach and stops; the others cover the whole departure. */
export const DIRECTED_MANIFEST_KINDS: readonly ManifestKind[] = ['boarding', 'seats'];

export const ZManifestParams = z.object({
  nr: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid'),
  kind: z.enum(MANIFEST_KINDS, { error: 'error.invalid' }),
  format: z.enum(MANIFEST_FORMATS, { error: 'error.invalid' }),
});
export type ManifestParams = z.infer<typeof ZManifestParams>;

export const ZManifestQuery = z.object({
  direction: z.enum(STOP_DIRECTIONS, { error: 'error.invalid' }).default('outbound'),
  /** the document's language; the user's own when not given */
  lang: z.enum(LANGUAGES, { error: 'error.invalid' }).optional(),
});
export type ManifestQuery = z.infer<typeof ZManifestQuery>;

/** The API path of one manifest (relative to /api/v1). */
export const manifestPath = (nr: number, kind: ManifestKind, format: ManifestFormat) =>
  `/departures/${nr}/manifests/${kind}.${format}`;
