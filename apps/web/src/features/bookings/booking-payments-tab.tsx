import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import MailIcon from '@mui/icons-material/Mail';
import { useNotify, useTranslate } from 'react-admin';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatDateTime, formatPrice, parsePriceInput } from '@tourdesk/contracts/format';
import {
  PAYMENT_METHODS,
  type BookingAccount,
  type Payment,
  type PaymentMethod,
} from '@tourdesk/contracts/payments.schema';
import { api } from '../../lib/api-client.ts';

/** Narrower cells on a phone, so the amounts stay on the screen. */
const COMPACT = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
import { AppDialog } from '../../ui/app-dialog.tsx';
import { formatDateInput, parseDateInput } from '../../ui/german-date.ts';
import { berlinToday, participantName } from './booking-logic.ts';
import { useAccount, useRefreshBooking } from './booking-queries.ts';

type FieldErrors = Partial<Record<'amount' | 'paid_on' | 'method' | 'reference', string>>;
type Failure = { message?: string; body?: { errors?: FieldErrors } };

/** Every price line of the booking and the total (Σ lines). */
function PriceLines({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  // a phone leaves out the traveller column: each line's description names the traveller already
  const phone = usePhone();
  const nameOf = (nr: number | null) => {
    const participant = booking.teilnehmer.find((candidate) => candidate.nr === nr);
    return participant ? participantName(participant) : '';
  };
  return (
    <TableContainer component={Card}>
      <Typography variant="h6" component="h3" sx={{ px: 2, pt: 2 }}>
        {translate('bookings.payments.priceLines')}
      </Typography>
      <Table size="small" aria-label={translate('bookings.payments.priceLines')} sx={COMPACT}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('bookings.payments.description')}</TableCell>
            {phone ? null : <TableCell>{translate('bookings.payments.participant')}</TableCell>}
            <TableCell align="right">{translate('bookings.payments.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {booking.priceLines.map((line, index) => (
            <TableRow key={`${line.kind}-${index}`}>
              <TableCell>{line.description}</TableCell>
              {phone ? null : <TableCell>{nameOf(line.teilnehmerNr)}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPrice(line.amount)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={phone ? 1 : 2} sx={{ fontWeight: 'bold' }}>
              {translate('bookings.fields.price')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold', whiteSpace: 'nowrap' }}>
              {formatPrice(booking.price)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Deposit and balance with their due dates and what the payments cover. */
function Schedule({ account }: { account: BookingAccount }) {
  const translate = useTranslate();
  return (
    <TableContainer component={Card}>
      <Typography variant="h6" component="h3" sx={{ px: 2, pt: 2 }}>
        {translate('bookings.payments.schedule')}
      </Typography>
      {account.schedule.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('bookings.payments.noSchedule')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('bookings.payments.schedule')} sx={COMPACT}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('bookings.payments.instalment')}</TableCell>
              <TableCell>{translate('bookings.payments.dueDate')}</TableCell>
              <TableCell align="right">{translate('bookings.payments.amount')}</TableCell>
              <TableCell align="right">{translate('bookings.fields.open')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {account.schedule.map((due) => (
              <TableRow key={due.kind}>
                <TableCell>{translate(`bookings.payments.dueKinds.${due.kind}`)}</TableCell>
                <TableCell>
                  {formatDate(due.due_date)}
                  {due.overdue ? (
                    <Chip size="small" color="error" sx={{ ml: 1 }} label={translate('bookings.payments.overdue')} />
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(due.amount)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(due.open)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TableContainer>
  );
}

/** The form to record a payment received; the server's field errors show at their fields. */
function PaymentForm({ booking, open }: { booking: Booking; open: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshBooking(booking.id);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(() => formatDateInput(berlinToday()));
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parsePriceInput(amount);
    const date = parseDateInput(paidOn);
    const local: FieldErrors = {};
    if (value === null || value <= 0) local.amount = amount.trim() ? 'error.float' : 'error.empty';
    if (!date) local.paid_on = paidOn.trim() ? 'error.invalid' : 'error.empty';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      await api<BookingAccount>(`/ratio_vorgang/${booking.id}/payments`, {
        method: 'POST',
        body: { amount: value, paid_on: date, method, reference: reference.trim() || null },
      });
      await refresh();
      notify('bookings.notifications.paymentRecorded', {
        type: 'info',
        messageArgs: { amount: formatPrice(value), nr: booking.vorgangnr },
      });
      setAmount('');
      setReference('');
    } catch (error) {
      const { message, body } = error as Failure;
      setErrors(body?.errors ?? {});
      notify(message ?? 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const helper = (field: keyof FieldErrors) => (errors[field] ? translate(errors[field]) : undefined);
  return (
    <Card>
      <CardContent component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="pay-title">
        <Typography id="pay-title" variant="h6" component="h3" gutterBottom>
          {translate('bookings.payments.record')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <TextField
            label={translate('bookings.payments.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(errors.amount)}
            helperText={helper('amount') ?? translate('bookings.payments.openHint', { open: formatPrice(open) })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
          />
          <TextField
            label={translate('bookings.payments.paidOn')}
            value={paidOn}
            placeholder={translate('app.date.placeholder')}
            onChange={(event) => setPaidOn(event.target.value)}
            error={Boolean(errors.paid_on)}
            helperText={helper('paid_on')}
            required
          />
          <TextField
            select
            label={translate('bookings.payments.method')}
            value={method}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
            error={Boolean(errors.method)}
            helperText={helper('method')}
          >
            {PAYMENT_METHODS.map((item) => (
              <MenuItem key={item} value={item}>
                {translate(`bookings.payments.methods.${item}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('bookings.payments.reference')}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            error={Boolean(errors.reference)}
            helperText={helper('reference')}
          />
        </Box>
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
          {translate('bookings.payments.save')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The payments received; a wrongly recorded one can be deleted (after asking). */
function Payments({ booking, account, canUpdate }: { booking: Booking; account: BookingAccount; canUpdate: boolean }) {
  const translate = useTranslate();
  const phone = usePhone();
  const notify = useNotify();
  const refresh = useRefreshBooking(booking.id);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/ratio_vorgang/${booking.id}/payments/${deleting.id}`, { method: 'DELETE' });
      await refresh();
      notify('bookings.notifications.paymentDeleted', {
        type: 'info',
        messageArgs: { amount: formatPrice(deleting.amount) },
      });
      setDeleting(null);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <TableContainer component={Card}>
      <Typography variant="h6" component="h3" sx={{ px: 2, pt: 2 }}>
        {translate('bookings.payments.received')}
      </Typography>
      {account.payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('bookings.payments.none')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('bookings.payments.received')} sx={COMPACT}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('bookings.payments.paidOn')}</TableCell>
              <TableCell align="right">{translate('bookings.payments.amount')}</TableCell>
              <TableCell>{translate('bookings.payments.method')}</TableCell>
              <TableCell>{translate('bookings.payments.reference')}</TableCell>
              {phone ? null : <TableCell>{translate('bookings.payments.recordedBy')}</TableCell>}
              {canUpdate ? <TableCell /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {account.payments.map((payment) => (
              <TableRow key={payment.id} data-testid={`payment-${payment.id}`}>
                <TableCell>{formatDate(payment.paid_on)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(payment.amount)}
                </TableCell>
                <TableCell>{translate(`bookings.payments.methods.${payment.method}`)}</TableCell>
                <TableCell>{payment.reference}</TableCell>
                {phone ? null : (
                  <TableCell>
                    {payment.createdByName} {formatDateTime(payment.createdAt)}
                  </TableCell>
                )}
                {canUpdate ? (
                  <TableCell>
                    <IconButton
                      aria-label={translate('bookings.payments.delete', { amount: formatPrice(payment.amount) })}
                      onClick={() => setDeleting(payment)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AppDialog
        open={deleting !== null}
        variant="delete"
        title={translate('bookings.payments.deleteTitle')}
        content={
          deleting
            ? translate('bookings.payments.deleteContent', {
                amount: formatPrice(deleting.amount),
                date: formatDate(deleting.paid_on),
              })
            : undefined
        }
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </TableContainer>
  );
}

/** The reminder level (Mahnstufe) and sending the next reminder now. */
function Dunning({ booking, account, canUpdate }: { booking: Booking; account: BookingAccount; canUpdate: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshBooking(booking.id);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await api(`/ratio_vorgang/${booking.id}/dunning`, { method: 'POST', body: {} });
      await refresh();
      notify('bookings.notifications.reminderSent', { type: 'info', messageArgs: { nr: booking.vorgangnr } });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flexGrow: 1 }}>
            {translate('bookings.payments.dunningLevel', { level: account.dunningLevel })}
            {account.dunnedAt ? ` · ${formatDateTime(account.dunnedAt)}` : ''}
          </Typography>
          {canUpdate && account.open > 0 ? (
            <Button variant="outlined" startIcon={<MailIcon />} disabled={busy} onClick={() => void send()}>
              {translate('bookings.payments.sendReminder')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Price lines, payment schedule, payments received, recording and deleting payments, reminders. */
export function BookingPaymentsTab({ booking, canUpdate }: { booking: Booking; canUpdate: boolean }) {
  const translate = useTranslate();
  const { data: account, error } = useAccount(booking.id);
  return (
    <Stack spacing={2}>
      <PriceLines booking={booking} />
      {error ? (
        <Typography role="alert" color="error">
          {translate(error instanceof Error ? error.message : 'error.unexpected')}
        </Typography>
      ) : null}
      {account ? (
        <>
          <Schedule account={account} />
          <Payments booking={booking} account={account} canUpdate={canUpdate} />
          {canUpdate && booking.status !== 'cancelled' ? <PaymentForm booking={booking} open={account.open} /> : null}
          <Dunning booking={booking} account={account} canUpdate={canUpdate} />
        </>
      ) : null}
    </Stack>
  );
}
