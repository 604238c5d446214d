import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DataTable,
  List,
  SelectInput,
  SimpleList,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { MailDetail } from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { DateTimeTextField } from '../../ui/formatted-fields.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';

const STATUS_COLOURS = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' } as const;

function StatusChip({ status }: { status: keyof typeof STATUS_COLOURS }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status]} label={translate(`mail.status.${status}`)} />;
}

/** One mail: the rendered HTML (sandboxed), the text part, every attempt, and resend for failed mails. */
function MailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'html' | 'text' | 'attempts'>('html');
  const { data: mail } = useQuery({
    queryKey: ['mail-outbox', id],
    queryFn: () => api<MailDetail>(`/mail-outbox/${id}`),
  });
  const resend = async () => {
    try {
      await api(`/mail-outbox/${id}/resend`, { method: 'POST' });
      notify('mail.resent', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['mail-outbox', id] });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 860 } } }}
    >
      <DialogTitle>{mail?.subject ?? '…'}</DialogTitle>
      <DialogContent dividers>
        {mail ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <StatusChip status={mail.status} />
              <Typography variant="body2">
                {translate('mail.fields.to')}: {mail.to} · {translate('mail.fields.attempts')}: {mail.attempts}
              </Typography>
            </Box>
            {mail.lastError ? (
              <Typography variant="body2" color="error" sx={{ mb: 1 }}>
                {mail.lastError}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('mail.codesHidden')}
            </Typography>
            <Tabs value={tab} onChange={(_event, value: typeof tab) => setTab(value)} sx={{ mb: 1 }}>
              <Tab value="html" label={translate('mail.tabs.html')} />
              <Tab value="text" label={translate('mail.tabs.text')} />
              <Tab value="attempts" label={translate('mail.tabs.attempts')} />
            </Tabs>
            {tab === 'html' ? (
              <Box
                component="iframe"
                title={mail.subject}
                sandbox=""
                srcDoc={mail.html}
                sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
              />
            ) : null}
            {tab === 'text' ? (
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 13, m: 0 }}>
                {mail.text}
              </Box>
            ) : null}
            {tab === 'attempts' ? (
              mail.attemptLog.length === 0 ? (
                <Typography color="text.secondary">{translate('mail.noAttempts')}</Typography>
              ) : (
                mail.attemptLog.map((attempt) => (
                  <Typography key={attempt.at} variant="body2" color={attempt.ok ? 'success.main' : 'error.main'}>
                    {formatDateTime(attempt.at)} · {translate(attempt.ok ? 'mail.attemptOk' : 'mail.attemptFailed')}
                    {attempt.detail ? ` · ${attempt.detail}` : ''}
                  </Typography>
                ))
              )
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {mail?.status === 'failed' ? (
          <Button startIcon={<ReplayIcon />} onClick={() => void resend()}>
            {translate('mail.resend')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{translate('app.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="mail.fields.status"
    alwaysOn
    choices={['queued', 'sending', 'sent', 'failed'].map((status) => ({ id: status, name: `mail.status.${status}` }))}
  />,
];

/**
 * /email/debug (administrators): the outbox. Without SMTP_URL this is where mails wait; with it, where
 * delivery problems show and failed mails are sent again.
 */
export function EmailDebugPage() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState<number | null>(null);
  const show = (record: RaRecord) => {
    setOpen(Number(record.id));
    return false as const;
  };
  return (
    <>
      <List
        resource="email/debug"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={20}
        pagination={<ListPagination />}
        exporter={false}
      >
        {phone ? (
          <SimpleList
            primaryText={(record) => record.subject}
            secondaryText={(record) => record.to}
            tertiaryText={(record) => record.status}
            rowClick={(id, _resource, record) => show(record)}
          />
        ) : (
          <DataTable rowClick={(_id, _resource, record) => show(record)} bulkActionButtons={false}>
            <DataTable.Col source="createdAt" label="mail.fields.createdAt">
              <DateTimeTextField source="createdAt" />
            </DataTable.Col>
            <DataTable.Col source="to" label="mail.fields.to" />
            <DataTable.Col source="subject" label="mail.fields.subject" disableSort />
            <DataTable.Col source="template" label="mail.fields.template" />
            <DataTable.Col
              source="status"
              label="mail.fields.status"
              render={(record) => <StatusChip status={record.status} />}
            />
            <DataTable.Col source="attempts" label="mail.fields.attempts" />
            <DataTable.Col source="lastError" label="mail.fields.lastError" disableSort />
          </DataTable>
        )}
      </List>
      {open !== null ? <MailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
