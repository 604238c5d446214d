import type { Generated } from 'kysely';
import type { DocumentType, ManifestKind } from '@tourdesk/contracts';

/**
 * The documents query's registry (docs/adr/0029): one row per document, filled by the indexer
 * (documents-query.repository.ts) from invoices, mailed attachments, received documents and departures.
 */
export type DocumentIndexTable = {
  id: Generated<number>;
  /** `invoice:12`, `mail-attachment:5`, `received:3`, `manifest:77:boarding` */
  source_key: string;
  source: 'invoice' | 'mail-attachment' | 'received' | 'manifest';
  source_id: number;
  doc_type: DocumentType;
  manifest_kind: ManifestKind | null;
  title: string;
  filename: string;
  content_type: string;
  doc_date: string | Date;
  id_booking: number | null;
  id_vc_card: number | null;
  customer_name: string | null;
  id_jrn_journey: number | null;
  journey_title: string | null;
  id_jrn_date: number | null;
  id_organization: number | null;
  id_mail: number | null;
  search_text: Generated<string>;
};
