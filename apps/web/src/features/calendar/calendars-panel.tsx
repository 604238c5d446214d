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
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { FieldValues } from 'react-hook-form';
import { BooleanInput, Form, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { CALENDAR_COLORS, AUTOMATIC_ENTRY_COLORS, type Calendar } from '@tourdesk/contracts/calendar.schema';
import { api, HttpError } from '../../lib/api-client.ts';

const Swatch = ({ color }: { color: string }) => (
  <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
);

type Props = {
  calendars: readonly Calendar[];
  hidden: ReadonlySet<number>;
  onToggle: (id: number) => void;
  canCreate: boolean;
  canShare: boolean;
  onCreated: () => void;
};

function NewCalendarDialog({
  onClose,
  onCreated,
  canShare,
}: {
  onClose: () => void;
  onCreated: () => void;
  canShare: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const submit = async (values: FieldValues) => {
    try {
      const made = await api<Calendar>('/calendar/calendars', { method: 'POST', body: values });
      notify('calendar.notifications.calendarCreated', { type: 'info', messageArgs: { name: made.name } });
      onCreated();
      onClose();
      return undefined;
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 400)
        return (failure.body as { errors?: Record<string, string> } | null)?.errors;
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
      return undefined;
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="calendar-new-title" fullWidth maxWidth="xs">
      <Form record={{ name: '', color: CALENDAR_COLORS[1], shared: false }} noValidate onSubmit={submit}>
        <DialogTitle id="calendar-new-title">{translate('calendar.calendars.newTitle')}</DialogTitle>
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
          {canShare ? (
            <BooleanInput
              source="shared"
              label="calendar.calendars.shared"
              helperText="calendar.calendars.sharedHelp"
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The calendars the user sees, each shown or hidden with a tick, and the automatic entries' colours. */
export function CalendarsPanel({ calendars, hidden, onToggle, canCreate, canShare, onCreated }: Props) {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
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
                <FormControlLabel
                  key={calendar.id}
                  sx={{ display: 'flex', mr: 0 }}
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
          <Button size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('calendar.calendars.new')}
          </Button>
        ) : null}
      </CardContent>
      {creating ? (
        <NewCalendarDialog canShare={canShare} onClose={() => setCreating(false)} onCreated={onCreated} />
      ) : null}
    </Card>
  );
}
