import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DOCUMENT_TYPES, type DocumentSummary, type DocumentType } from '@tourdesk/contracts/documents-query.schema';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';

export const documentTypeChoices = DOCUMENT_TYPES.map((type) => ({ id: type, name: `documents.types.${type}` }));

const COLOURS: Record<DocumentType, 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'default'> = {
  confirmation: 'success',
  invoice: 'primary',
  creditNote: 'warning',
  manifest: 'info',
  mailAttachment: 'default',
  received: 'secondary',
};

/** The document's type as a small chip, in the reader's language. */
export function DocumentTypeChip({ type }: { type: DocumentType }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOURS[type]}
      sx={{ color: 'text.primary' }}
      label={translate(`documents.types.${type}`)}
    />
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A manifest is named by its kind and departure; other documents by their number or file name. */
export const documentTitle = (record: Pick<DocumentSummary, 'title' | 'manifestKind'>, translate: Translate) =>
  record.manifestKind
    ? `${translate(`documents.manifestKinds.${record.manifestKind}`)} · ${record.title}`
    : record.title;

/** A manifest belongs to its departure day; other documents were made or received at a moment. */
export const documentDate = (record: Pick<DocumentSummary, 'date' | 'type'>) =>
  record.type === 'manifest' ? formatDate(record.date) : formatDateTime(record.date);
