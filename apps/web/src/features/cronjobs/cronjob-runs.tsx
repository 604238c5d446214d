import { useQuery } from '@tanstack/react-query';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { CronJob, CronJobRun } from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { formatDuration } from './cronjob-text.ts';
import { OutcomeChip } from './cronjob-outcome.tsx';

/** The recent runs of the job in the record context (GET /cronjobs/{id}/runs), newest first. */
export function RunHistory() {
  const job = useRecordContext<CronJob>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const runs = useQuery({
    queryKey: ['cronjob-runs', job?.id, job?.lastDate, job?.running],
    queryFn: () => api<{ data: CronJobRun[] }>(`/cronjobs/${encodeURIComponent(job?.id ?? '')}/runs`),
    enabled: job !== undefined,
    refetchInterval: job?.running ? 2_000 : false,
  });
  if (!job) return null;
  const rows = runs.data?.data ?? [];
  return (
    <Box sx={{ px: { xs: 1, md: 2 }, py: 1, overflowX: 'auto' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {translate('cronjobs.runs.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(runs.isPending ? 'cronjobs.runs.loading' : 'cronjobs.runs.empty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('cronjobs.runs.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('cronjobs.runs.started')}</TableCell>
              <TableCell>{translate('cronjobs.runs.duration')}</TableCell>
              <TableCell>{translate('cronjobs.runs.outcome')}</TableCell>
              <TableCell>{translate('cronjobs.runs.trigger')}</TableCell>
              <TableCell>{translate('cronjobs.runs.instance')}</TableCell>
              <TableCell>{translate('cronjobs.runs.error')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((run) => (
              <TableRow key={run.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.startedAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(run.durationMs, locale)}</TableCell>
                <TableCell>
                  <OutcomeChip outcome={run.outcome} />
                </TableCell>
                <TableCell>{translate(`cronjobs.trigger.${run.trigger}`)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>{run.instance}</TableCell>
                <TableCell sx={{ color: 'error.main', maxWidth: 360, overflowWrap: 'anywhere' }}>
                  {run.error ?? ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
