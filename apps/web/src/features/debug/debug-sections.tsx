import { useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { AuditPage, DebugHealth, DebugInfo } from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label → value rows (the overview's facts). */
export function FactTable({ rows, label }: { rows: Array<[string, ReactNode]>; label: string }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableBody>
          {rows.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ width: '40%', fontWeight: 500 }}>
                {name}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DataGrid({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than the phone's screen.
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, column) => (
                <TableCell key={column} sx={{ wordBreak: column === row.length - 1 ? 'break-word' : undefined }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const formatBytes = (bytes: number | null) => {
  if (bytes === null) return '–';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;
};

const STATUS_COLOURS = { ok: 'success', failing: 'error', notConfigured: 'default' } as const;

function HealthChip({ health }: { health: DebugHealth }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[health.status]} label={translate(`debug.status.${health.status}`)} />;
}

/** Everything GET /debug answers, as sections of tables. */
export function ServerSections() {
  const translate = useTranslate();
  const { data, error, refetch, isFetching } = useQuery({
    queryKey: ['debug'],
    queryFn: () => api<DebugInfo>('/debug'),
  });
  if (error) return <Alert severity="error">{translate(error.message)}</Alert>;
  if (!data) return <Typography sx={{ mb: 2 }}>{translate('debug.loading')}</Typography>;
  const t = (key: string) => translate(`debug.${key}`);
  return (
    <>
      <Section title={t('overview')}>
        <FactTable
          label={t('overview')}
          rows={[
            [t('version'), data.version],
            [t('node'), data.node],
            [t('instance'), data.instance],
            [t('startedAt'), formatDateTime(data.startedAt)],
            [t('engine'), `${data.database.engine} ${data.database.serverVersion ?? ''}`],
            [t('size'), formatBytes(data.database.sizeBytes)],
            [
              t('migrations'),
              translate('debug.migrationsCount', {
                applied: data.migrations.applied.length,
                pending: data.migrations.pending.length,
              }),
            ],
          ]}
        />
        <Button size="small" sx={{ mt: 1 }} onClick={() => void refetch()} disabled={isFetching}>
          {t('refresh')}
        </Button>
      </Section>
      <Section title={t('health')}>
        <DataGrid
          label={t('health')}
          head={[t('service'), t('status.title'), t('duration'), t('detail')]}
          rows={data.health.map((health) => [
            t(`services.${health.service}`),
            <HealthChip key="status" health={health} />,
            `${health.durationMs} ms`,
            [
              health.outcome && health.outcome !== 'ok' ? translate(`thirdparty.test.${health.outcome}`) : '',
              health.detail,
            ]
              .filter(Boolean)
              .join(' – ') || '–',
          ])}
        />
      </Section>
      <Section title={t('queues')}>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('mailQueue')}
        </Typography>
        <FactTable
          label={t('mailQueue')}
          rows={(['queued', 'dueNow', 'sending', 'failed', 'sent'] as const).map((key) => [
            t(`mail.${key}`),
            data.queues.mail[key].toLocaleString('de-DE'),
          ])}
        />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }} gutterBottom>
          {t('jobs')}
        </Typography>
        {data.queues.jobs.length === 0 ? (
          <Typography variant="body2">{t('none')}</Typography>
        ) : (
          <DataGrid
            label={t('jobs')}
            head={[t('job'), t('every'), t('lastRun'), t('runs'), t('lastError')]}
            rows={data.queues.jobs.map((job) => [
              job.running ? `${job.name} (${t('running')})` : job.name,
              `${Math.round(job.everyMs / 1000).toLocaleString('de-DE')} s`,
              job.lastFinishedAt ? formatDateTime(job.lastFinishedAt) : '–',
              `${job.runs} / ${job.failures}`,
              job.lastError ?? '–',
            ])}
          />
        )}
      </Section>
      <Section title={t('recentErrors')}>
        {data.recentErrors.length === 0 ? (
          <Typography variant="body2">{t('noErrors')}</Typography>
        ) : (
          <DataGrid
            label={t('recentErrors')}
            head={[t('at'), t('requestId'), t('request'), t('message')]}
            rows={data.recentErrors.map((entry) => [
              formatDateTime(entry.at),
              <code key="id">{entry.requestId}</code>,
              `${entry.statusCode} ${entry.method} ${entry.url}`,
              entry.message,
            ])}
          />
        )}
      </Section>
      <Accordion variant="outlined" sx={{ mb: 2 }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography component="h2" variant="subtitle1">
            {translate('debug.migrationList', { count: data.migrations.applied.length })}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          {data.migrations.pending.length > 0 ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t('pending')}: {data.migrations.pending.join(', ')}
            </Alert>
          ) : null}
          <DataGrid
            label={t('migrations')}
            head={[t('migration'), t('appliedAt')]}
            rows={[...data.migrations.applied]
              .reverse()
              .map((row) => [row.name, row.executedAt ? formatDateTime(row.executedAt) : '–'])}
          />
        </AccordionDetails>
      </Accordion>
    </>
  );
}

type AuditFilters = { action: string; user: string; from: string; to: string };

/** The audit log with filters (action, user, date range) and paging. */
export function AuditSection() {
  const translate = useTranslate();
  const t = (key: string) => translate(`debug.${key}`);
  const [filters, setFilters] = useState<AuditFilters>({ action: '', user: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const params = new URLSearchParams({ page: String(page + 1), perPage: String(perPage) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const { data, error } = useQuery({
    queryKey: ['debug-audit', params.toString()],
    queryFn: () => api<AuditPage>(`/debug/audit?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
  const change = (key: keyof AuditFilters) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(0);
  };
  return (
    <Section title={t('audit')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('action')}
          value={filters.action}
          onChange={(event) => change('action')(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('allActions')}</MenuItem>
          {(data?.actions ?? []).map((action) => (
            <MenuItem key={action} value={action}>
              {action}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('user')}
          value={filters.user}
          onChange={(event) => change('user')(event.target.value)}
        />
        <TextField
          size="small"
          type="date"
          label={t('from')}
          value={filters.from}
          onChange={(event) => change('from')(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('to')}
          value={filters.to}
          onChange={(event) => change('to')(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {error ? <Alert severity="error">{translate(error.message)}</Alert> : null}
      <DataGrid
        label={t('audit')}
        head={[t('at'), t('action'), t('user'), t('request'), t('detail')]}
        rows={(data?.data ?? []).map((entry) => [
          formatDateTime(entry.at),
          entry.action,
          entry.email ?? (entry.userId !== null ? `#${entry.userId}` : '–'),
          [entry.ip, entry.method, entry.url].filter(Boolean).join(' ') || '–',
          entry.detail ?? '–',
        ])}
      />
      {data && data.total === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('noEntries')}
        </Typography>
      ) : null}
      <Box>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={perPage}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[25, 50, 100]}
          labelRowsPerPage={t('perPage')}
          labelDisplayedRows={({ from, to, count }) => translate('debug.rows', { from, to, count })}
        />
      </Box>
    </Section>
  );
}
