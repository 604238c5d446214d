import { indexDocuments } from '../features/documents/documents-query.service.ts';
import type { DbContext } from '../types.ts';

/**
 * The documents query's registry over the demo data (issue #17, docs/adr/0029): nothing made up — the demo's
 * invoices, mailed confirmations and departures' manifests are indexed as the indexer finds them, so /documents
 * lists them from the first start.
 */
export async function seedDemoDocuments(ctx: DbContext): Promise<void> {
  await indexDocuments(ctx);
}
