import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { MailLinkView } from '@tourdesk/contracts';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';

type CustomerHit = { id_vc_card: number; name: string; city?: string | null };

/** Links the message to a customer (found by name) or a booking (by number) and files its attachments. */
export function LinkDialog(props: {
  mailbox: number;
  folder: number;
  uid: number;
  onClose: () => void;
  onLinked: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const canSearch = useHasAnyPermission(['customers-read']);
  const [search, setSearch] = useState('');
  const [customer, setCustomer] = useState<CustomerHit | null>(null);
  const [booking, setBooking] = useState('');
  const [attachments, setAttachments] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const hits = useQuery({
    queryKey: ['mail-link-customers', search],
    queryFn: () =>
      api<{ data: CustomerHit[] }>(`/customers?$limit=8&lit-search=${encodeURIComponent(search.trim())}`).then(
        (answer) => answer.data,
      ),
    enabled: canSearch && search.trim().length >= 2,
  });
  const submit = async () => {
    const bookingId = /^\d+$/.test(booking.trim()) ? Number(booking.trim()) : undefined;
    if (booking.trim() !== '' && bookingId === undefined) return setError('error.invalid');
    try {
      await api<MailLinkView[]>(`/mail-folder/${props.folder}/messages/${props.uid}/links`, {
        method: 'POST',
        body: { mailbox: props.mailbox, customerId: customer?.id_vc_card, bookingId, attachments },
      });
      notify('email.link.done', { type: 'success' });
      props.onLinked();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="link-title">
      <DialogTitle id="link-title">{translate('email.link.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {canSearch ? (
            <TextField
              size="small"
              label={translate('email.link.customerSearch')}
              value={customer ? customer.name : search}
              onChange={(event) => {
                setCustomer(null);
                setSearch(event.target.value);
              }}
            />
          ) : null}
          {!customer && hits.data && hits.data.length > 0 ? (
            <List dense>
              {hits.data.map((hit) => (
                <ListItemButton key={hit.id_vc_card} onClick={() => setCustomer(hit)}>
                  <ListItemText primary={hit.name} secondary={hit.city ?? undefined} />
                </ListItemButton>
              ))}
            </List>
          ) : null}
          <TextField
            size="small"
            label={translate('email.link.bookingNumber')}
            value={booking}
            error={error !== null}
            helperText={error ? translate(error) : ' '}
            onChange={(event) => {
              setError(null);
              setBooking(event.target.value);
            }}
          />
          <FormControlLabel
            control={<Switch checked={attachments} onChange={(event) => setAttachments(event.target.checked)} />}
            label={translate('email.link.fileAttachments')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!customer && booking.trim() === ''} onClick={() => void submit()}>
          {translate('email.link.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
