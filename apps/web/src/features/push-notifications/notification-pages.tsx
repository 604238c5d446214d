import { useState } from 'react';
import {
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ScheduleIcon from '@mui/icons-material/Schedule';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  Confirm,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleList,
  Toolbar,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { formatDateTime } from '@tourdesk/contracts/format';
import type { Page } from '@tourdesk/contracts/list';
import { PUSH_NOTIFICATION_STATUSES, type PushNotificationStatus } from '@tourdesk/contracts/push-core';
import {
  ZCreatePushNotificationBody,
  ZUpdatePushNotificationBody,
  type PushNotification,
  type PushReceiver,
} from '@tourdesk/contracts/push-notifications.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { CopySaveToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { DeleteWithDialogButton } from '../../ui/delete-with-dialog.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { ChannelMessageButton } from './channel-message-dialog.tsx';
import { NotificationForm, PhonePreview, groupChoices, useReceiverCount, targetOf } from './notification-form.tsx';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'app/pushnotifications';
const titleOf = (record: PushNotification) => record.title;

const STATUS_COLORS: Record<PushNotificationStatus, 'default' | 'info' | 'success'> = {
  draft: 'default',
  scheduled: 'info',
  sent: 'success',
};

export function StatusChip({ status }: { status: PushNotificationStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`pushNotifications.status.${status}`)} />;
}

function GroupText({ record }: { record: PushNotification }) {
  const translate = useTranslate();
  const group = translate(`pushNotifications.groups.${record.receiver_group}`);
  const detail =
    record.receiver_group === 'topic'
      ? record.topic
      : record.receiver_labels.length === 1
        ? record.receiver_labels[0]!.label
        : record.receiver_labels.length > 1
          ? translate('pushNotifications.list.selected', { smart_count: record.receiver_labels.length })
          : null;
  return (
    <Box>
      <Typography variant="body2">
        {group}
        {record.channel ? (
          <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate('pushNotifications.list.quick')} />
        ) : null}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="pushNotifications.fields.status"
    choices={PUSH_NOTIFICATION_STATUSES.map((id) => ({ id, name: `pushNotifications.status.${id}` }))}
  />,
  <SelectInput
    key="group"
    source="receiver_group"
    label="pushNotifications.fields.receiver_group"
    choices={groupChoices}
  />,
];

function ListActions() {
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCE, action: 'create' });
  const maySend = useHasAnyPermission(['pushmessage-send']);
  return (
    <TopToolbar>
      {maySend ? <ChannelMessageButton /> : null}
      {canCreate ? <CreateButton /> : null}
    </TopToolbar>
  );
}

/** /app/pushnotifications: the messages, newest first, with their status and how many they reached. */
export function NotificationList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      sort={{ field: 'created', order: 'DESC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList<PushNotification>
          primaryText={(record) => record.title}
          secondaryText={(record) => translate(`pushNotifications.groups.${record.receiver_group}`)}
          tertiaryText={(record) => translate(`pushNotifications.status.${record.status}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="title" label="pushNotifications.fields.title" />
          <DataTable.Col
            source="receiver_group"
            label="pushNotifications.fields.receiver_group"
            render={(record: PushNotification) => <GroupText record={record} />}
          />
          <DataTable.Col
            source="status"
            label="pushNotifications.fields.status"
            render={(record: PushNotification) => <StatusChip status={record.status} />}
          />
          <DataTable.Col
            source="sentAt"
            label="pushNotifications.fields.sentAt"
            render={(record: PushNotification) =>
              record.sentAt
                ? formatDateTime(record.sentAt)
                : record.scheduledAt
                  ? translate('pushNotifications.list.plannedFor', { at: formatDateTime(record.scheduledAt) })
                  : ''
            }
          />
          <DataTable.NumberCol source="receivers" label="pushNotifications.fields.receivers" disableSort />
          <DataTable.NumberCol source="read" label="pushNotifications.fields.read" disableSort />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

export function NotificationCreate() {
  const saved = useSavedNotice('pushNotifications.notifications.saved', titleOf, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <NotificationForm resolver={zodResolver(ZCreatePushNotificationBody)} />
    </Create>
  );
}

/** /app/pushnotifications/copy/{id}: a new draft with the texts and receivers of another message. */
export function NotificationCopy() {
  const translate = useTranslate();
  const saved = useSavedNotice('pushNotifications.notifications.saved', titleOf, 'edit');
  const { source: data, ready, copyName } = useCopySource<PushNotification>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={
        data
          ? {
              title: copyName(data.title, 120),
              short: data.short,
              message: data.message,
              link: data.link,
              id_topics: data.id_topics,
              receiver_group: data.receiver_group,
              receiver_ids: data.receiver_ids,
              receiver_labels: data.receiver_labels,
              surveys: data.surveys,
            }
          : undefined
      }
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <NotificationForm resolver={zodResolver(ZCreatePushNotificationBody)} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

/** Tomorrow 09:00 as the scheduling field's first proposal (local time, as the field shows it). */
function tomorrowMorning(): string {
  const date = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:00`;
}

/** Save, send now, schedule (or unschedule) and delete of a saved draft; sending waits until changes are saved. */
function DraftToolbar() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext<PushNotification>();
  const { isDirty } = useFormState();
  const maySend = useHasAnyPermission(['pushmessage-send']);
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  const [dialog, setDialog] = useState<'send' | 'schedule' | null>(null);
  const [at, setAt] = useState(tomorrowMorning);
  const [busy, setBusy] = useState(false);
  const count = useReceiverCount(record ? targetOf(record) : null);
  if (!record) return null;

  const post = async (action: string, body: unknown, success: string) => {
    setBusy(true);
    try {
      await api<PushNotification>(`/app/pushnotifications/${record.id}/${action}`, { method: 'POST', body });
      notify(success, { type: 'info' });
      setDialog(null);
      refresh();
    } catch (cause) {
      notify(cause instanceof HttpError ? cause.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const receivers = count.data?.receivers ?? 0;
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SaveButton />
        {maySend ? (
          <>
            <MuiButton
              variant="contained"
              color="success"
              startIcon={<SendIcon />}
              disabled={isDirty || busy}
              onClick={() => setDialog('send')}
            >
              {translate('pushNotifications.actions.sendNow')}
            </MuiButton>
            {record.status === 'scheduled' ? (
              <MuiButton
                startIcon={<EventBusyIcon />}
                disabled={isDirty || busy}
                onClick={() => void post('unschedule', {}, 'pushNotifications.notifications.unscheduled')}
              >
                {translate('pushNotifications.actions.unschedule')}
              </MuiButton>
            ) : (
              <MuiButton startIcon={<ScheduleIcon />} disabled={isDirty || busy} onClick={() => setDialog('schedule')}>
                {translate('pushNotifications.actions.schedule')}
              </MuiButton>
            )}
            {isDirty ? (
              <Typography variant="caption" color="text.secondary">
                {translate('pushNotifications.help.saveFirst')}
              </Typography>
            ) : null}
          </>
        ) : null}
      </Stack>
      {canDelete ? <DeleteWithDialogButton /> : null}
      <Confirm
        isOpen={dialog === 'send'}
        loading={busy}
        title="pushNotifications.confirm.title"
        content={translate('pushNotifications.confirm.content', {
          title: record.title,
          receivers,
          onDevices: translate('pushNotifications.count.onDevices', { smart_count: count.data?.devices ?? 0 }),
          smart_count: receivers,
        })}
        confirm="pushNotifications.actions.sendNow"
        onConfirm={() => void post('send', {}, 'pushNotifications.notifications.sent')}
        onClose={() => setDialog(null)}
      />
      <Dialog open={dialog === 'schedule'} onClose={() => setDialog(null)} aria-labelledby="push-schedule-title">
        <DialogTitle id="push-schedule-title">{translate('pushNotifications.schedule.title')}</DialogTitle>
        <DialogContent>
          <TextField
            type="datetime-local"
            label={translate('pushNotifications.schedule.at')}
            value={at}
            onChange={(event) => setAt(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mt: 1 }}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setDialog(null)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={busy || !at}
            onClick={() =>
              void post('send', { at: new Date(at).toISOString() }, 'pushNotifications.notifications.scheduled')
            }
          >
            {translate('pushNotifications.actions.scheduleConfirm')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </Toolbar>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 120 }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
      </CardContent>
    </Card>
  );
}

const DELIVERY_COLORS = { sent: 'success', queued: 'info', failed: 'error', gone: 'warning' } as const;

function ReceiversTable({ id }: { id: number }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(25);
  const { data } = useQuery({
    queryKey: ['push-receivers-list', id, page, rows],
    queryFn: () =>
      api<Page<PushReceiver>>(`/app/pushnotifications/${id}/receivers?$limit=${rows}&$skip=${page * rows}`),
  });
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={translate('pushNotifications.tabs.receivers')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('pushNotifications.receivers.name')}</TableCell>
              <TableCell>{translate('pushNotifications.receivers.email')}</TableCell>
              <TableCell>{translate('pushNotifications.receivers.delivery')}</TableCell>
              <TableCell>{translate('pushNotifications.receivers.readAt')}</TableCell>
              <TableCell>{translate('pushNotifications.receivers.openedAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.data ?? []).map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>
                  {row.delivery ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={DELIVERY_COLORS[row.delivery]}
                      label={translate(`pushNotifications.delivery.${row.delivery}`)}
                    />
                  ) : (
                    translate('pushNotifications.delivery.none')
                  )}
                </TableCell>
                <TableCell>{formatDateTime(row.read_at)}</TableCell>
                <TableCell>{formatDateTime(row.opened_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={rows}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRows(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      />
    </Box>
  );
}

/** A sent message: read-only, with its figures and (second tab) who received it. */
function SentView() {
  const translate = useTranslate();
  const record = useRecordContext<PushNotification>();
  const [tab, setTab] = useState(0);
  if (!record) return null;
  const group = translate(`pushNotifications.groups.${record.receiver_group}`);
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {record.title}
        </Typography>
        <StatusChip status={record.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pushNotifications.sent.summary', { at: formatDateTime(record.sentAt), group })}
      </Typography>
      <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} sx={{ mb: 2 }}>
        <Tab label={translate('pushNotifications.tabs.overview')} id="push-tab-0" aria-controls="push-panel-0" />
        <Tab label={translate('pushNotifications.tabs.receivers')} id="push-tab-1" aria-controls="push-panel-1" />
      </Tabs>
      {tab === 0 ? (
        <Box role="tabpanel" id="push-panel-0" aria-labelledby="push-tab-0">
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 3 }}>
            <Figure label={translate('pushNotifications.fields.receivers')} value={record.receivers} />
            <Figure label={translate('pushNotifications.fields.read')} value={record.read} />
            <Figure label={translate('pushNotifications.fields.opened')} value={record.opened} />
            <Figure label={translate('pushNotifications.delivery.sent')} value={record.deliveries.sent} />
            <Figure label={translate('pushNotifications.delivery.queued')} value={record.deliveries.queued} />
            <Figure label={translate('pushNotifications.delivery.failed')} value={record.deliveries.failed} />
            <Figure label={translate('pushNotifications.delivery.gone')} value={record.deliveries.gone} />
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
              gap: 4,
            }}
          >
            <Stack spacing={1.5}>
              {record.short ? <Typography sx={{ fontWeight: 600 }}>{record.short}</Typography> : null}
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{record.message}</Typography>
              {record.link ? (
                <Typography variant="body2">
                  {translate('pushNotifications.fields.link')}: {record.link}
                </Typography>
              ) : null}
              {record.topic ? (
                <Typography variant="body2">
                  {translate('pushNotifications.fields.topic')}: {record.topic}
                </Typography>
              ) : null}
              <Typography variant="body2">
                {translate('pushNotifications.fields.receiver_group')}: {group}
                {record.receiver_labels.length > 0
                  ? ` – ${record.receiver_labels.map((entry) => entry.label).join(', ')}`
                  : ''}
              </Typography>
            </Stack>
            <PhonePreview title={record.title} short={record.short ?? ''} />
          </Box>
        </Box>
      ) : (
        <Box role="tabpanel" id="push-panel-1" aria-labelledby="push-tab-1">
          <ReceiversTable id={record.id} />
        </Box>
      )}
    </Box>
  );
}

function EditBody() {
  const record = useRecordContext<PushNotification>();
  if (!record) return null;
  if (record.sent) return <SentView />;
  return <NotificationForm resolver={zodResolver(ZUpdatePushNotificationBody)} toolbar={<DraftToolbar />} />;
}

/** /app/pushnotifications/{id}: a draft or scheduled message to edit and send; a sent one read-only. */
export function NotificationEdit() {
  const saved = useSavedNotice('pushNotifications.notifications.saved', titleOf);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} actions={false}>
      <EditBody />
    </Edit>
  );
}
