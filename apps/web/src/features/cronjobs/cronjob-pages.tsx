import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Collapse,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  DataTable,
  List,
  RecordContextProvider,
  useExpanded,
  useListContext,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { CronJob } from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';
import { effectiveSchedule, fallbackName, intervalParts, jobKey } from './cronjob-text.ts';
import { OutcomeChip } from './cronjob-outcome.tsx';
import { RunHistory } from './cronjob-runs.tsx';
import { ScheduleDialog } from './cronjob-schedule-dialog.tsx';

/** While a run is asked for or running, the list asks again every two seconds. */
const BUSY_REFETCH_MS = 2_000;

const isBusy = (jobs: readonly Partial<CronJob>[] | undefined) =>
  (jobs ?? []).some((job) => job.running === true || job.runRequested === true);

/** /system/cronjobs: every job of the scheduler, its timing, its last run and its switch (spec §3, §4). */
export function CronJobList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      pagination={false}
      perPage={500}
      exporter={false}
      actions={false}
      sort={{ field: 'id', order: 'ASC' }}
      queryOptions={{
        refetchInterval: (query) => (isBusy(query.state.data?.data) ? BUSY_REFETCH_MS : false),
      }}
    >
      {phone ? (
        <CronJobCards />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} expand={<RunHistory />} hover={false}>
          <DataTable.Col label="cronjobs.fields.name" disableSort>
            <JobName />
          </DataTable.Col>
          <DataTable.Col label="cronjobs.fields.schedule" disableSort>
            <ScheduleCell />
          </DataTable.Col>
          <DataTable.Col label="cronjobs.fields.lastDate" disableSort>
            <LastRun />
          </DataTable.Col>
          <DataTable.Col label="cronjobs.fields.nextDate" disableSort>
            <NextRun />
          </DataTable.Col>
          <DataTable.Col label="cronjobs.fields.active" disableSort>
            <ActiveSwitch />
          </DataTable.Col>
          <DataTable.Col label="cronjobs.fields.actions" disableSort>
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <RunNowButton />
              <HistoryButton />
            </Stack>
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** The job's translated name, or a readable form of its technical name. */
export function useJobName() {
  const translate = useTranslate();
  return (id: string) => translate(`${jobKey(id)}.name`, { _: fallbackName(id) });
}

function JobName() {
  const job = useRecordContext<CronJob>();
  const translate = useTranslate();
  const name = useJobName();
  if (!job) return null;
  const description = translate(`${jobKey(job.id)}.description`, { _: '' });
  return (
    <Box sx={{ minWidth: 180, maxWidth: 360 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {name(job.id)}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {job.id}
      </Typography>
    </Box>
  );
}

/** "every 5 minutes" or the cron expression, marked when an admin changed it. */
export function ScheduleText({ job }: { job: CronJob }) {
  const translate = useTranslate();
  const cron = effectiveSchedule(job);
  const interval = intervalParts(job.everyMs);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {cron ? (
        <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
          {cron}
        </Typography>
      ) : (
        <Typography variant="body2">
          {translate(`cronjobs.every.${interval.unit}`, { smart_count: interval.count })}
        </Typography>
      )}
      {job.schedule !== null && <Chip size="small" variant="outlined" label={translate('cronjobs.customSchedule')} />}
    </Stack>
  );
}

function ScheduleCell() {
  const job = useRecordContext<CronJob>();
  const translate = useTranslate();
  const name = useJobName();
  const [open, setOpen] = useState(false);
  if (!job) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <ScheduleText job={job} />
      <Tooltip title={translate('cronjobs.editSchedule')}>
        <IconButton
          size="small"
          onClick={() => setOpen(true)}
          aria-label={`${translate('cronjobs.editSchedule')}: ${name(job.id)}`}
        >
          <EditCalendarIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <ScheduleDialog job={job} onClose={() => setOpen(false)} />}
    </Stack>
  );
}

function LastRun() {
  const job = useRecordContext<CronJob>();
  const translate = useTranslate();
  if (!job) return null;
  const outcome = job.running ? 'running' : job.lastOutcome;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">
        {job.lastDate ? formatDateTime(job.lastDate) : translate('cronjobs.never')}
      </Typography>
      <OutcomeChip outcome={outcome} />
    </Stack>
  );
}

function NextRun() {
  const job = useRecordContext<CronJob>();
  const translate = useTranslate();
  if (!job) return null;
  if (!job.active) return <Typography variant="body2">{translate('cronjobs.off')}</Typography>;
  return (
    <Typography variant="body2">{job.nextDate ? formatDateTime(job.nextDate) : translate('cronjobs.soon')}</Typography>
  );
}

/**
 * Reads the job list again (react-admin's queries are keyed [resource, 'getList', …]). A mutation returns it from
 * `onSuccess` and so stays pending until the list shows its change: in between, the record still holds the old state,
 * and a switch would flip back or a button be offered again for a moment.
 */
function useRereadJobs() {
  const resource = useResourceContext() ?? 'system/cronjobs';
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [resource] });
}

function ActiveSwitch({ withLabel = false }: { withLabel?: boolean }) {
  const job = useRecordContext<CronJob>();
  const translate = useTranslate();
  const name = useJobName();
  const notify = useNotify();
  const rereadJobs = useRereadJobs();
  const toggle = useMutation({
    mutationFn: (active: boolean) => api<CronJob>('/cronjobs/', { method: 'PUT', body: { id: job?.id, active } }),
    onSuccess: async (saved) => {
      notify(saved.active ? 'cronjobs.notifications.activated' : 'cronjobs.notifications.deactivated', {
        type: 'info',
        messageArgs: { name: name(saved.id) },
      });
      await rereadJobs();
    },
    onError: (error) => notify(error instanceof HttpError ? error.message : 'error.unexpected', { type: 'error' }),
  });
  if (!job) return null;
  const control = (
    <Switch
      checked={toggle.isPending ? toggle.variables : job.active}
      disabled={toggle.isPending}
      onChange={(event) => toggle.mutate(event.target.checked)}
      slotProps={{ input: { 'aria-label': `${translate('cronjobs.fields.active')}: ${name(job.id)}` } }}
    />
  );
  return withLabel ? <FormControlLabel control={control} label={translate('cronjobs.fields.active')} /> : control;
}

/** Asks for a run now; busy from the click until the list says the run is over. */
export function RunNowButton() {
  const job = useRecordContext<CronJob>();
  const translate = useTranslate();
  const name = useJobName();
  const notify = useNotify();
  const rereadJobs = useRereadJobs();
  const run = useMutation({
    mutationFn: () => api<CronJob>(`/cronjobs/${encodeURIComponent(job?.id ?? '')}/run`, { method: 'POST' }),
    onSuccess: async (saved) => {
      notify('cronjobs.notifications.requested', { type: 'info', messageArgs: { name: name(saved.id) } });
      await rereadJobs();
    },
    onError: (error) => notify(error instanceof HttpError ? error.message : 'error.unexpected', { type: 'error' }),
  });
  if (!job) return null;
  const busy = job.running || job.runRequested || run.isPending;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<PlayArrowIcon />}
      disabled={busy}
      onClick={() => run.mutate()}
      aria-label={`${translate(busy ? 'cronjobs.running' : 'cronjobs.runNow')}: ${name(job.id)}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(busy ? 'cronjobs.running' : 'cronjobs.runNow')}
    </Button>
  );
}

/** Opens the row's run history (the table's own chevron is hidden from the keyboard and screen readers). */
function HistoryButton() {
  const job = useRecordContext<CronJob>();
  const resource = useResourceContext() ?? 'system/cronjobs';
  const translate = useTranslate();
  const name = useJobName();
  const [expanded, toggle] = useExpanded(resource, job?.id ?? '');
  if (!job) return null;
  const label = translate(expanded ? 'cronjobs.hideRuns' : 'cronjobs.showRuns');
  return (
    <Button
      size="small"
      onClick={toggle}
      aria-expanded={expanded}
      aria-label={`${label}: ${name(job.id)}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}

/** The phone layout: one card per job with the same controls, its runs folded away. */
function CronJobCards() {
  const { data } = useListContext<CronJob>();
  return (
    <Stack spacing={1.5} sx={{ p: 1 }}>
      {(data ?? []).map((job) => (
        <CronJobCard key={job.id} job={job} />
      ))}
    </Stack>
  );
}

function CronJobCard({ job }: { job: CronJob }) {
  const translate = useTranslate();
  const [showRuns, setShowRuns] = useState(false);
  return (
    <RecordContextProvider value={job}>
      <Card variant="outlined">
        <CardContent sx={{ pb: 1 }}>
          <JobName />
          <Box sx={{ mt: 1 }}>
            <ScheduleCell />
          </Box>
          <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('cronjobs.fields.lastDate')}
              </Typography>
              <LastRun />
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('cronjobs.fields.nextDate')}
              </Typography>
              <NextRun />
            </Box>
          </Stack>
        </CardContent>
        <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <ActiveSwitch withLabel />
          <RunNowButton />
          <Button size="small" onClick={() => setShowRuns((shown) => !shown)} aria-expanded={showRuns}>
            {translate(showRuns ? 'cronjobs.hideRuns' : 'cronjobs.showRuns')}
          </Button>
        </CardActions>
        <Collapse in={showRuns} unmountOnExit>
          <RunHistory />
        </Collapse>
      </Card>
    </RecordContextProvider>
  );
}
