import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import type { FieldValues } from 'react-hook-form';
import { BooleanInput, Form, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { CALENDAR_COLORS, AUTOMATIC_ENTRY_COLORS, type Calendar } from '@tourdesk/contracts/calendar.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { AppDialog } from '../../ui/app-dialog.tsx';

const Swatch = ({ color }: { color: string }) => (
  <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
);

type Props = {
  calendars: readonly Calendar[];
  hidden: ReadonlySet<number>;
  onToggle: (id: number) => void;
  canCreate: boolean;
  canShare: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** a calendar was made, changed or deleted */
  onChanged: () => void;
};

/**
 * A new calendar (`calendar` null) or one to rename and recolour (whether it is shared stays as made); a calendar
 * the user may delete — not the personal one every user has — is deleted from here, after a question.
 */
function CalendarDialog({
  calendar,
  onClose,
  onChanged,
  canShare,
  canDelete,
}: {
  calendar: Calendar | null;
  onClose: () => void;
  onChanged: () => void;
  canShare: boolean;
  canDelete: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (values: FieldValues) => {
    try {
      if (calendar) {
        const saved = await api<Calendar>(`/calendar/calendars/${calendar.id}`, {
          method: 'PATCH',
          body: { name: values.name as string, color: values.color as string },
        });
        notify('calendar.notifications.calendarSaved', { type: 'info', messageArgs: { name: saved.name } });
      } else {
        const made = await api<Calendar>('/calendar/calendars', { method: 'POST', body: values });
        notify('calendar.notifications.calendarCreated', { type: 'info', messageArgs: { name: made.name } });
      }
      onChanged();
      onClose();
      return undefined;
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 400)
        return (failure.body as { errors?: Record<string, string> } | null)?.errors;
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
      return undefined;
    }
  };
  const remove = async () => {
    if (!calendar) return;
    setBusy(true);
    try {
      await api(`/calendar/calendars/${calendar.id}`, { method: 'DELETE' });
      notify('calendar.notifications.calendarDeleted', { type: 'info', messageArgs: { name: calendar.name } });
      onChanged();
      onClose();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
      setBusy(false);
      setDeleting(false);
    }
  };
  const record = calendar
    ? { name: calendar.name, color: calendar.color }
    : { name: '', color: CALENDAR_COLORS[1], shared: false };
  return (
    <Dialog open onClose={onClose} aria-labelledby="calendar-dialog-title" fullWidth maxWidth="xs">
      <Form record={record} noValidate onSubmit={submit}>
        <DialogTitle id="calendar-dialog-title">
          {translate(calendar ? 'calendar.calendars.editTitle' : 'calendar.calendars.newTitle')}
        </DialogTitle>
        <DialogContent>
          <TextInput source="name" label="calendar.calendars.name" autoFocus helperText={false} />
          <SelectInput
            source="color"
            label="calendar.calendars.color"
            choices={CALENDAR_COLORS.map((color, index) => ({
              id: color,
              name: translate(`calendar.colors.${index}`),
            }))}
            translateChoice={false}
            optionText={(choice: { id: string; name: string }) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Swatch color={choice.id} />
                <span>{choice.name}</span>
              </Stack>
            )}
            helperText={false}
          />
          {canShare && !calendar ? (
            <BooleanInput
              source="shared"
              label="calendar.calendars.shared"
              helperText="calendar.calendars.sharedHelp"
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          {calendar && canDelete && !calendar.isDefault ? (
            <Button color="error" onClick={() => setDeleting(true)} sx={{ mr: 'auto' }}>
              {translate('ra.action.delete')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
      <AppDialog
        open={deleting}
        variant="delete"
        title={translate('calendar.calendars.deleteTitle', { name: calendar?.name ?? '' })}
        content={translate('calendar.calendars.deleteContent')}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(false)}
        busy={busy}
      />
    </Dialog>
  );
}

/** The calendars the user sees, each shown or hidden with a tick, and the automatic entries' colours. */
export function CalendarsPanel({
  calendars,
  hidden,
  onToggle,
  canCreate,
  canShare,
  canUpdate,
  canDelete,
  onChanged,
}: Props) {
  const translate = useTranslate();
  // null: a new calendar; a calendar: that one changed; undefined: no dialog
  const [open, setOpen] = useState<Calendar | null | undefined>(undefined);
  const group = (shared: boolean) => calendars.filter((calendar) => calendar.shared === shared);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('calendar.calendars.title')}
        </Typography>
        {[false, true].map((shared) =>
          group(shared).length > 0 ? (
            <Box key={String(shared)} sx={{ mb: 1 }}>
              <Typography variant="overline" color="text.secondary" component="p">
                {translate(shared ? 'calendar.calendars.sharedGroup' : 'calendar.calendars.personalGroup')}
              </Typography>
              {group(shared).map((calendar) => (
                <Stack key={calendar.id} direction="row" sx={{ alignItems: 'center' }}>
                  <FormControlLabel
                    sx={{ display: 'flex', mr: 0, flex: 1, minWidth: 0 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={!hidden.has(calendar.id)}
                        onChange={() => onToggle(calendar.id)}
                        sx={{ color: calendar.color, '&.Mui-checked': { color: calendar.color } }}
                      />
                    }
                    label={calendar.name}
                  />
                  {canUpdate && calendar.writable ? (
                    <IconButton
                      size="small"
                      aria-label={translate('calendar.calendars.edit', { name: calendar.name })}
                      onClick={() => setOpen(calendar)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  ) : null}
                </Stack>
              ))}
            </Box>
          ) : null,
        )}
        <Stack spacing={0.5} sx={{ mb: 1 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {translate('calendar.calendars.automatic')}
          </Typography>
          {(['departure', 'option'] as const).map((kind) => (
            <Stack key={kind} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Swatch color={AUTOMATIC_ENTRY_COLORS[kind]} />
              <Typography variant="body2">{translate(`calendar.kinds.${kind}`)}</Typography>
            </Stack>
          ))}
        </Stack>
        {canCreate ? (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(null)}>
            {translate('calendar.calendars.new')}
          </Button>
        ) : null}
      </CardContent>
      {open !== undefined ? (
        <CalendarDialog
          calendar={open}
          canShare={canShare}
          canDelete={canDelete}
          onClose={() => setOpen(undefined)}
          onChanged={onChanged}
        />
      ) : null}
    </Card>
  );
}
