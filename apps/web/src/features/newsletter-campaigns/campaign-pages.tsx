import { Box, Chip, LinearProgress, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  BooleanInput,
  Button,
  CheckboxGroupInput,
  Create,
  DataTable,
  Edit,
  List,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useGetOne,
  useRecordContext,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import {
  CAMPAIGN_STATUSES,
  EDITABLE_CAMPAIGN_STATUSES,
  ZCreateCampaignBody,
  ZUpdateCampaignBody,
  type CampaignChoices,
  type CampaignStatus,
  type NewsletterCampaign,
} from '@tourdesk/contracts/newsletter-campaigns.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const RESOURCE = 'newsletter/campaigns';
const campaignTitle = (record: NewsletterCampaign) => record.title;
const createResolver = zodResolver(ZCreateCampaignBody);
const updateResolver = zodResolver(ZUpdateCampaignBody);
/** After saving, the campaign's review page (the spec's `id_save`): test send, schedule, send. */
const toReview = (_resource?: string, id?: unknown) => `newsletter/campaigns/id_save/${String(id)}`;

const STATUS_COLOURS: Record<CampaignStatus, 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary'> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  sent: 'success',
  cancelled: 'error',
};

export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[status]}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      label={translate(`campaigns.status.${status}`)}
    />
  );
}

/** Sent (and bounced, failed) of all recipients, as a bar and in words. */
export function CampaignProgress({ campaign }: { campaign: NewsletterCampaign }) {
  const translate = useTranslate();
  const { progress, recipients } = campaign;
  if (recipients === 0) return null;
  const done = progress.sent + progress.bounced + progress.failed + progress.skipped;
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (done / recipients) * 100)}
        aria-label={translate('campaigns.fields.progress')}
      />
      <Typography variant="caption">
        {translate('campaigns.progressText', { sent: progress.sent, total: recipients })}
      </Typography>
    </Box>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="campaigns.fields.status"
    choices={CAMPAIGN_STATUSES.map((status) => ({ id: status, name: `campaigns.status.${status}` }))}
  />,
];

function ReviewButton() {
  const record = useRecordContext<NewsletterCampaign>();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={`/newsletter/campaigns/id_save/${record.id}`}
      label="campaigns.review.open"
      onClick={(event) => event.stopPropagation()}
    >
      <FactCheckIcon />
    </Button>
  );
}

/** /newsletter/campaigns: status chips and progress, refreshed every few seconds while something is sending. */
export function CampaignList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
      exporter={false}
      queryOptions={{ refetchInterval: 5000 }}
    >
      {phone ? (
        <SimpleList<NewsletterCampaign>
          primaryText={(record) => record.title}
          secondaryText={(record) =>
            `${translate(`campaigns.status.${record.status}`)} · ${record.progress.sent}/${record.recipients}`
          }
          tertiaryText={(record) => formatDateTime(record.scheduled_at ?? record.started_at)}
          linkType={(record) =>
            EDITABLE_CAMPAIGN_STATUSES.includes(record.status) ? 'edit' : `/newsletter/campaigns/id_save/${record.id}`
          }
        />
      ) : (
        <DataTable
          rowClick={(id, _resource, record) =>
            EDITABLE_CAMPAIGN_STATUSES.includes((record as NewsletterCampaign).status)
              ? 'edit'
              : `/newsletter/campaigns/id_save/${id}`
          }
          bulkActionButtons={false}
        >
          <DataTable.Col source="id" label="campaigns.fields.id" />
          <DataTable.Col source="title" label="campaigns.fields.title" />
          <DataTable.Col
            source="status"
            label="campaigns.fields.status"
            render={(record: NewsletterCampaign) => <CampaignStatusChip status={record.status} />}
          />
          <DataTable.Col
            source="scheduled_at"
            label="campaigns.fields.scheduled_at"
            render={(record: NewsletterCampaign) => formatDateTime(record.scheduled_at ?? record.started_at)}
          />
          <DataTable.Col
            source="progress"
            label="campaigns.fields.progress"
            disableSort
            render={(record: NewsletterCampaign) => <CampaignProgress campaign={record} />}
          />
          <DataTable.Col label="" disableSort>
            <Stack direction="row">
              <ReviewButton />
              <CopyButton />
            </Stack>
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

export const useCampaignChoices = () =>
  useQuery({
    queryKey: ['newsletter-campaign-choices'],
    queryFn: () => api<CampaignChoices>('/newsletter/campaign-choices'),
  });

function CampaignForm(props: Omit<SimpleFormProps, 'children'>) {
  const translate = useTranslate();
  const { data } = useCampaignChoices();
  const lists = (data?.lists ?? []).map((list) => ({
    id: list.id,
    name:
      list.certified && list.active
        ? list.name
        : `${list.name} (${translate(list.active ? 'campaigns.list.uncertified' : 'campaigns.list.inactive')})`,
    disabled: !(list.certified && list.active),
  }));
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="title" label="campaigns.fields.title" isRequired />
        <TextInput source="subject" label="campaigns.fields.subject" helperText="campaigns.help.subject" />
      </Box>
      <Box sx={formRow}>
        <TextInput source="sender_name" label="campaigns.fields.sender_name" />
        <TextInput
          source="sender_email"
          label="campaigns.fields.sender_email"
          type="email"
          helperText="campaigns.help.sender_email"
        />
      </Box>
      <SelectInput
        source="id_template"
        label="campaigns.fields.id_template"
        choices={data?.templates ?? []}
        emptyText=" "
        isLoading={!data}
      />
      <CheckboxGroupInput
        source="list_ids"
        label="campaigns.fields.list_ids"
        choices={lists}
        disableValue="disabled"
        row={false}
        helperText="campaigns.help.lists"
      />
      <BooleanInput
        source="tracking"
        label="campaigns.fields.tracking"
        defaultValue
        helperText="campaigns.help.tracking"
      />
    </SimpleForm>
  );
}

export function CampaignCreate() {
  const saved = useSavedNotice('campaigns.notifications.saved', campaignTitle, toReview);
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <CampaignForm resolver={createResolver} defaultValues={{ list_ids: [], tracking: true }} />
    </Create>
  );
}

const copyOf = (campaign: NewsletterCampaign, suffix: string) => ({
  title: `${campaign.title} (${suffix})`,
  subject: campaign.subject,
  sender_name: campaign.sender_name,
  sender_email: campaign.sender_email,
  id_template: campaign.id_template,
  list_ids: campaign.list_ids,
  tracking: campaign.tracking,
});

/** /newsletter/campaigns/copy/{id}: a new draft prefilled from an existing campaign (also a sent one). */
export function CampaignCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('campaigns.notifications.saved', campaignTitle, toReview);
  const { data, isPending } = useGetOne<NewsletterCampaign>(
    RESOURCE,
    { id: Number(id) },
    { enabled: id !== undefined },
  );
  if (id !== undefined && isPending) return null;
  return (
    <Create
      resource={RESOURCE}
      record={data ? copyOf(data, translate('app.actions.copy')) : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <CampaignForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

/** Only drafts and scheduled campaigns are edited; others show their review page instead. */
function EditOrReview() {
  const record = useRecordContext<NewsletterCampaign>();
  const translate = useTranslate();
  if (!record) return null;
  if (EDITABLE_CAMPAIGN_STATUSES.includes(record.status))
    return <CampaignForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <CampaignStatusChip status={record.status} />
      <Typography>{translate('error.campaignNotEditable')}</Typography>
      <Box>
        <Button component={Link} to={`/newsletter/campaigns/id_save/${record.id}`} label="campaigns.review.open" />
      </Box>
    </Stack>
  );
}

export function CampaignEdit() {
  const saved = useSavedNotice('campaigns.notifications.saved', campaignTitle, toReview);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <EditOrReview />
    </Edit>
  );
}
