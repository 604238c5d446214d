import { useState } from 'react';
import { Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { BooleanInput, Confirm, Form, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import type { Calendar, CalendarEvent } from '@tourdesk/contracts/calendar.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { bodyOf, REMINDER_CHOICES, switchAllDay, type EventFormValues } from './calendar-logic.ts';

type Props = {
  /** the event being edited, or null for a new one */
  eventId: number | null;
  values: EventFormValues;
  calendars: readonly Calendar[];
  canDelete: boolean;
  onClose: () => void;
  onSaved: () => void;
};

function reminderLabel(minutes: number, translate: ReturnType<typeof useTranslate>): string {
  if (minutes === 0) return translate('calendar.reminder.atStart');
  if (minutes % 1440 === 0) return translate('calendar.reminder.days', { smart_count: minutes / 1440 });
  if (minutes % 60 === 0) return translate('calendar.reminder.hours', { smart_count: minutes / 60 });
  return translate('calendar.reminder.minutes', { smart_count: minutes });
}

/** Start and end: days for an all-day event, Berlin date and time otherwise; ticking "all day" keeps the days. */
function TimeFields() {
  const { setValue, getValues } = useFormContext<EventFormValues>();
  const allDay = useWatch<EventFormValues, 'allDay'>({ name: 'allDay' });
  return (
    <>
      <BooleanInput
        source="allDay"
        label="calendar.fields.allDay"
        helperText={false}
        onChange={(event: { target: { checked: boolean } }) => {
          const times = switchAllDay(getValues(), event.target.checked);
          setValue('start', times.start, { shouldDirty: true });
          setValue('end', times.end, { shouldDirty: true });
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {allDay ? (
          <>
            <DateInput source="start" label="calendar.fields.startDay" helperText={false} />
            <DateInput source="end" label="calendar.fields.endDay" helperText={false} />
          </>
        ) : (
          <>
            <TextInput
              source="start"
              type="datetime-local"
              label="calendar.fields.start"
              helperText={false}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextInput
              source="end"
              type="datetime-local"
              label="calendar.fields.end"
              helperText={false}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
      </Stack>
    </>
  );
}

/** Create or change an event of a calendar the user may write to; delete it with a confirmation. */
export function EventDialog({ eventId, values, calendars, canDelete, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const writable = calendars.filter((calendar) => calendar.writable);

  const submit = async (raw: FieldValues) => {
    const body = bodyOf(raw as EventFormValues);
    try {
      const saved = await api<CalendarEvent>(eventId === null ? '/calendar/events' : `/calendar/events/${eventId}`, {
        method: eventId === null ? 'POST' : 'PATCH',
        body,
      });
      notify('calendar.notifications.saved', { type: 'info', messageArgs: { title: saved.title } });
      onSaved();
      return undefined;
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 400) {
        const errors = (failure.body as { errors?: Record<string, string> } | null)?.errors;
        if (errors && Object.keys(errors).length > 0) return errors;
      }
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
      return undefined;
    }
  };

  const remove = async () => {
    if (eventId === null) return;
    setDeleting(true);
    try {
      await api(`/calendar/events/${eventId}`, { method: 'DELETE' });
      notify('calendar.notifications.deleted', { type: 'info', messageArgs: { title: values.title } });
      onSaved();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="calendar-event-title" fullWidth maxWidth="sm">
      <Form record={values} noValidate onSubmit={submit}>
        <DialogTitle id="calendar-event-title">
          {translate(eventId === null ? 'calendar.dialog.createTitle' : 'calendar.dialog.editTitle')}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <TextInput source="title" label="calendar.fields.title" autoFocus helperText={false} />
            <TimeFields />
            <SelectInput
              source="calendarId"
              label="calendar.fields.calendar"
              choices={writable.map((calendar) => ({ id: calendar.id, name: calendar.name }))}
              translateChoice={false}
              helperText={false}
            />
            <TextInput source="location" label="calendar.fields.location" helperText={false} />
            <TextInput
              source="description"
              label="calendar.fields.description"
              multiline
              minRows={2}
              helperText={false}
            />
            <SelectInput
              source="reminderMinutes"
              label="calendar.fields.reminder"
              choices={REMINDER_CHOICES.map((minutes) => ({ id: minutes, name: reminderLabel(minutes, translate) }))}
              translateChoice={false}
              emptyText="calendar.reminder.none"
              helperText={false}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
          <Box>
            {eventId !== null && canDelete ? (
              <MuiButton color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
                {translate('ra.action.delete')}
              </MuiButton>
            ) : null}
          </Box>
          <Stack direction="row" spacing={1}>
            <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
            <SaveButton alwaysEnable />
          </Stack>
        </DialogActions>
      </Form>
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="calendar.dialog.deleteTitle"
        content={translate('calendar.dialog.deleteContent', { title: values.title })}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}
