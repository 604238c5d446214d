import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List as MuiList,
  ListItem,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useDebounce } from 'use-debounce';
import { ZCronExpression, type CronJob, type CronPreview } from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';
import { effectiveSchedule, fallbackName, jobKey } from './cronjob-text.ts';

/** Whether the API refused `field` (lib/api-client.ts puts field errors into `body.errors`). */
function hasFieldError(error: unknown, field: string): boolean {
  if (!(error instanceof HttpError)) return false;
  const body: unknown = error.body;
  if (typeof body !== 'object' || body === null || !('errors' in body)) return false;
  const errors: unknown = body.errors;
  return typeof errors === 'object' && errors !== null && field in errors;
}

/** Waits this long after typing before asking the server for the next times. */
const PREVIEW_DELAY_MS = 300;

/**
 * Edits a job's cron expression (PUT /cronjobs/ with `schedule`): checked as it is typed, with the next five
 * times it would run (GET /cronjobs/preview); "use default" gives the job its own timing back.
 */
export function ScheduleDialog({ job, onClose }: { job: CronJob; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const name = translate(`${jobKey(job.id)}.name`, { _: fallbackName(job.id) });
  const [text, setText] = useState(effectiveSchedule(job) ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const [typed] = useDebounce(text.trim(), PREVIEW_DELAY_MS);
  const shapeOk = ZCronExpression.safeParse(typed).success;
  const preview = useQuery({
    queryKey: ['cronjob-preview', typed],
    queryFn: () => api<CronPreview>(`/cronjobs/preview?schedule=${encodeURIComponent(typed)}`),
    enabled: shapeOk,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (schedule: string | null) =>
      api<CronJob>('/cronjobs/', { method: 'PUT', body: { id: job.id, schedule } }),
    onSuccess: () => {
      notify('cronjobs.notifications.scheduleSaved', { type: 'info', messageArgs: { name } });
      refresh();
      onClose();
    },
    onError: (error) => {
      if (hasFieldError(error, 'schedule')) setServerError('cronjobs.invalidSchedule');
      else notify(error instanceof HttpError ? error.message : 'error.unexpected', { type: 'error' });
    },
  });
  const invalid = typed !== '' && (!shapeOk || preview.isError);
  const errorText = serverError ?? (invalid ? 'cronjobs.invalidSchedule' : null);
  const dates = shapeOk && preview.data?.schedule === typed ? preview.data.nextDates : [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="cronjob-schedule-title" fullWidth maxWidth="sm">
      <DialogTitle id="cronjob-schedule-title">{translate('cronjobs.scheduleDialog.title', { name })}</DialogTitle>
      <DialogContent>
        <form
          id="cronjob-schedule-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!invalid && text.trim() !== '') save.mutate(text.trim());
          }}
        >
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('cronjobs.scheduleDialog.expression')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setServerError(null);
            }}
            error={errorText !== null}
            helperText={translate(errorText ?? 'cronjobs.scheduleDialog.help')}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </form>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
          {translate('cronjobs.scheduleDialog.nextRuns')}
        </Typography>
        {dates.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('cronjobs.scheduleDialog.noPreview')}
          </Typography>
        ) : (
          <MuiList dense aria-label={translate('cronjobs.scheduleDialog.nextRuns')}>
            {dates.map((date) => (
              <ListItem key={date} disableGutters>
                {formatDateTime(date)}
              </ListItem>
            ))}
          </MuiList>
        )}
        {job.defaultSchedule === null && job.schedule === null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('cronjobs.scheduleDialog.intervalHint')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {job.schedule !== null && (
          <Button onClick={() => save.mutate(null)} disabled={save.isPending} sx={{ mr: 'auto' }}>
            {translate('cronjobs.scheduleDialog.useDefault')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('app.dialog.cancel')}</Button>
        <Button
          type="submit"
          form="cronjob-schedule-form"
          variant="contained"
          disabled={save.isPending || invalid || text.trim() === ''}
        >
          {translate('cronjobs.scheduleDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
