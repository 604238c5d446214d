import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, NumberInput, SelectInput, SimpleList, Title, useTranslate } from 'react-admin';
import { NEWSLETTER_RECIPIENT_STATUSES, type NewsletterQueueItem } from '@tourdesk/contracts';
import { DateTimeTextField } from '../../ui/formatted-fields.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';

const STATUS_COLOURS = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  bounced: 'error',
  failed: 'warning',
  skipped: 'default',
} as const;

function StatusChip({ status }: { status: NewsletterQueueItem['status'] }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status]} label={translate(`mailjet.status.${status}`)} />;
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="mailjet.fields.status"
    alwaysOn
    choices={NEWSLETTER_RECIPIENT_STATUSES.map((status) => ({ id: status, name: `mailjet.status.${status}` }))}
  />,
  <NumberInput key="campaignId" source="campaignId" label="mailjet.fields.campaignId" alwaysOn />,
];

/**
 * /mailjet/debug: the sending queue in detail — every recipient of every campaign with its status, the lease of
 * a mail being sent, attempts and the mail server's answer to a bounce or failure; filterable by status and campaign.
 */
export function QueuePage() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <Title title={translate('mailjet.debugTitle')} />
      <List
        resource="mailjet/debug"
        title={translate('mailjet.debugTitle')}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        pagination={<ListPagination />}
        exporter={false}
      >
        {phone ? (
          <SimpleList<NewsletterQueueItem>
            primaryText={(record) => record.email}
            secondaryText={(record) => `${record.campaignTitle} · ${translate(`mailjet.status.${record.status}`)}`}
            tertiaryText={(record) => record.lastError ?? ''}
            rowClick={false}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="campaignTitle" label="mailjet.fields.campaign" disableSort />
            <DataTable.Col source="email" label="mailjet.fields.email" />
            <DataTable.Col
              source="status"
              label="mailjet.fields.status"
              render={(record: NewsletterQueueItem) => <StatusChip status={record.status} />}
            />
            <DataTable.Col source="attempts" label="mailjet.fields.attempts" />
            <DataTable.Col source="nextAttemptAt" label="mailjet.fields.nextAttemptAt">
              <DateTimeTextField source="nextAttemptAt" />
            </DataTable.Col>
            <DataTable.Col source="lockedUntil" label="mailjet.fields.lockedUntil" disableSort>
              <DateTimeTextField source="lockedUntil" />
            </DataTable.Col>
            <DataTable.Col source="sentAt" label="mailjet.fields.sentAt">
              <DateTimeTextField source="sentAt" />
            </DataTable.Col>
            <DataTable.Col source="lastError" label="mailjet.fields.lastError" disableSort />
          </DataTable>
        )}
      </List>
    </>
  );
}
