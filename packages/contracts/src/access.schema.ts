import { z } from 'zod';
import { normalizeAccess } from './permissions.ts';

/** `access` as the API answers it: area → action → granted. */
export const ZAccessMap = z.record(z.string(), z.record(z.string(), z.boolean()));

/** `access` as a client sends it; unknown areas and actions are dropped. */
export const ZAccess = ZAccessMap.transform((raw) => normalizeAccess(raw));
