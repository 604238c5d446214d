import { useState } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import ChatIcon from '@mui/icons-material/Chat';
import { useForm, FormProvider, useWatch } from 'react-hook-form';
import { Button, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { PushChannel } from '@tourdesk/contracts/push-core';
import type { PushNotification } from '@tourdesk/contracts/push-notifications.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { BusPicker } from './receiver-pickers.tsx';

type Values = { channel: PushChannel; receiver_ids: number[]; message: string };

const MAX_LENGTH = 1000;

function DialogBody({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const form = useForm<Values>({ defaultValues: { channel: 'all', receiver_ids: [], message: '' } });
  const channel = useWatch({ control: form.control, name: 'channel' });
  const message = useWatch({ control: form.control, name: 'message' });
  const ids = useWatch({ control: form.control, name: 'receiver_ids' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = message.trim().length > 0 && (channel === 'all' || ids.length === 1);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const sent = await api<PushNotification>('/app/channel-messages', {
        method: 'POST',
        body: { channel, message, ...(channel === 'bus' ? { id_transport: ids[0] } : {}) },
      });
      notify('pushNotifications.quick.sent', { type: 'info', messageArgs: { smart_count: sent.receivers } });
      refresh();
      onClose();
    } catch (cause) {
      setError(cause instanceof HttpError ? cause.message : 'error.unexpected');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...form}>
      <DialogTitle id="push-quick-title">{translate('pushNotifications.quick.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RadioGroup
            row
            aria-label={translate('pushNotifications.quick.to')}
            value={channel}
            onChange={(event) => form.setValue('channel', event.target.value as PushChannel)}
          >
            <FormControlLabel value="all" control={<Radio />} label={translate('pushNotifications.quick.all')} />
            <FormControlLabel value="bus" control={<Radio />} label={translate('pushNotifications.quick.bus')} />
          </RadioGroup>
          {channel === 'bus' ? <BusPicker labels={[]} /> : null}
          <TextField
            label={translate('pushNotifications.quick.message')}
            multiline
            minRows={3}
            value={message}
            onChange={(event) => form.setValue('message', event.target.value.slice(0, MAX_LENGTH))}
            helperText={error ? translate(error) : `${message.length} / ${MAX_LENGTH}`}
            error={error !== null}
            required
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={!ready || busy} onClick={() => void send()}>
          {translate('pushNotifications.quick.send')}
        </MuiButton>
      </DialogActions>
    </FormProvider>
  );
}

/** "Schnellnachricht": a short message to everybody or to one coach, sent at once (POST /app/channel-messages). */
export function ChannelMessageButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="pushNotifications.quick.button" onClick={() => setOpen(true)}>
        <ChatIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="push-quick-title" fullWidth maxWidth="md">
        {open ? <DialogBody onClose={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
