import { useState } from 'react';
import { IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import {
  AutocompleteInput,
  DataTable,
  FilterButton,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { DocumentSummary } from '@tourdesk/contracts/documents-query.schema';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { download } from '../../shared/manifest-downloads.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { DocumentTypeChip, documentDate, documentTitle, documentTypeChoices } from './document-type.tsx';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function useFilters() {
  const translate = useTranslate();
  const mayReadCustomers = useHasAnyPermission(['customers-read']);
  const mayReadTrips = useHasAnyPermission(['internet-read']);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('documents.list.searchHint')} />,
    <SelectInput key="type" source="type" label="documents.fields.type" choices={documentTypeChoices} alwaysOn />,
    ...(mayReadCustomers
      ? [
          <ReferenceInput key="customer" source="id_vc_card" reference="customers">
            <AutocompleteInput label="documents.fields.customer" optionText="name" filterToQuery={(q) => ({ q })} />
          </ReferenceInput>,
        ]
      : []),
    <NumberInput key="booking" source="id_booking" label="documents.fields.booking" min={1} />,
    ...(mayReadTrips
      ? [
          <ReferenceInput key="journey" source="id_jrn_journey" reference="internet/journeys">
            <AutocompleteInput label="documents.fields.journey" optionText="title" filterToQuery={(q) => ({ q })} />
          </ReferenceInput>,
        ]
      : []),
    <DateInput key="from" source="date.$gte" label="documents.list.dateFrom" />,
    <DateInput key="till" source="date.$lte" label="documents.list.dateTill" />,
  ];
}

/** The document's file, fetched with the user's login and saved under its own name. */
function DownloadButton({ record }: { record: DocumentSummary }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const label = translate('documents.actions.downloadFile', { name: record.filename });
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={busy}
          onClick={(event) => {
            event.stopPropagation();
            setBusy(true);
            download(`/documents/${record.id}/file`, record.filename)
              .catch((error: unknown) =>
                notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' }),
              )
              .finally(() => setBusy(false));
          }}
        >
          <DownloadIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

const belongsTo = (record: DocumentSummary) =>
  [record.id_booking ? `#${record.id_booking}` : null, record.customerName].filter(Boolean).join(' · ');

/**
 * /documents: every document the user may see, newest first — search (name, number, customer, journey), filters
 * for type, customer, booking, journey and date, a download in each row, a compact list on phones.
 */
export function DocumentList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const filters = useFilters();
  return (
    <List
      resource="documents"
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      sort={{ field: 'date', order: 'DESC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      title={translate('documents.list.title')}
    >
      {phone ? (
        <SimpleList<DocumentSummary>
          primaryText={(record) => documentTitle(record, translate)}
          secondaryText={(record) => [translate(`documents.types.${record.type}`), documentDate(record)].join(' · ')}
          tertiaryText={(record) => [belongsTo(record), record.journeyTitle].filter(Boolean).join(' · ')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col
            source="type"
            label="documents.fields.type"
            render={(record: DocumentSummary) => <DocumentTypeChip type={record.type} />}
          />
          <DataTable.Col
            source="title"
            label="documents.fields.title"
            render={(record: DocumentSummary) => documentTitle(record, translate)}
          />
          <DataTable.Col
            source="date"
            label="documents.fields.date"
            sx={NO_WRAP}
            render={(record: DocumentSummary) => documentDate(record)}
          />
          <DataTable.Col source="id_booking" label="documents.fields.booking" />
          <DataTable.Col source="customerName" label="documents.fields.customer" />
          <DataTable.Col source="journeyTitle" label="documents.fields.journey" />
          <DataTable.Col
            label="documents.fields.file"
            disableSort
            render={(record: DocumentSummary) => <DownloadButton record={record} />}
          />
        </DataTable>
      )}
    </List>
  );
}
