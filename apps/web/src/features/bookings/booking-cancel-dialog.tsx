import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { CancellationQuote, CancellationResult } from '@tourdesk/contracts/cancellations.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { activeParticipants, cancellationPath, participantName, quoteRest } from './booking-logic.ts';
import { useRefreshBooking } from './booking-queries.ts';

type Scope = 'booking' | 'participants';

/**
 * The two-step cancellation (spec §4): choose the whole booking or some participants, see the fee quote from
 * the journey's terms, then confirm. Nothing changes before the confirmation.
 */
export function BookingCancelDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshBooking(booking.id);
  const titleId = useId();
  const participants = activeParticipants(booking.teilnehmer);
  const all = participants.map((participant) => participant.nr);
  const [scope, setScope] = useState<Scope>('booking');
  const [chosen, setChosen] = useState<number[]>([]);
  const [quote, setQuote] = useState<CancellationQuote | null>(null);
  const [result, setResult] = useState<CancellationResult | null>(null);
  const [busy, setBusy] = useState(false);
  const selection = scope === 'booking' ? [] : chosen;
  const rest = quote ? quoteRest(quote) : null;

  const fail = (error: unknown) =>
    notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });

  const askQuote = async () => {
    setBusy(true);
    try {
      setQuote(await api<CancellationQuote>(cancellationPath('quote', booking.id, selection, all)));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await api<CancellationResult>(cancellationPath('cancel', booking.id, selection, all));
      // The outcome stays in the dialog (fee and credit note number) until the clerk closes it.
      setResult(answer);
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (nr: number) =>
    setChosen((current) => (current.includes(nr) ? current.filter((item) => item !== nr) : [...current, nr]));

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // on a phone the quote's three columns need the whole width
      sx={{ '& .MuiDialog-paper': { mx: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: undefined } } }}
    >
      <DialogTitle id={titleId}>
        {translate(result || !quote ? 'bookings.cancel.title' : 'bookings.cancel.quoteTitle', {
          nr: booking.vorgangnr,
        })}
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        {result ? (
          <Alert severity="success" role="status">
            {translate(result.creditNote ? 'bookings.cancel.doneWithCreditNote' : 'bookings.cancel.done', {
              nr: booking.vorgangnr,
              fee: formatPrice(result.quote.fee),
              creditNote: result.creditNote?.number,
            })}
          </Alert>
        ) : quote ? (
          <>
            <Table
              size="small"
              aria-label={translate('bookings.cancel.quoteTitle', { nr: booking.vorgangnr })}
              sx={{ '& td': { px: { xs: 0.75, sm: 2 } }, '& td[align="right"]': { whiteSpace: 'nowrap' } }}
            >
              <TableBody>
                {quote.participants.map((participant) => (
                  <TableRow key={participant.nr}>
                    <TableCell>{participant.name}</TableCell>
                    <TableCell align="right">{formatPrice(participant.price)}</TableCell>
                    <TableCell align="right">{formatPrice(participant.fee)}</TableCell>
                  </TableRow>
                ))}
                {rest ? (
                  <TableRow>
                    <TableCell>{translate('bookings.cancel.otherServices')}</TableCell>
                    <TableCell align="right">{formatPrice(rest.price)}</TableCell>
                    <TableCell align="right">{formatPrice(rest.fee)}</TableCell>
                  </TableRow>
                ) : null}
                <TableRow>
                  <TableCell colSpan={2}>
                    {translate('bookings.cancel.terms', {
                      days: quote.daysBefore,
                      date: formatDate(quote.departure),
                      percent: quote.percent,
                    })}
                  </TableCell>
                  <TableCell />
                </TableRow>
                <QuoteRow label={translate('bookings.cancel.cancelledPrice')} value={quote.cancelledPrice} />
                <QuoteRow label={translate('bookings.cancel.fee')} value={quote.fee} strong />
                <QuoteRow label={translate('bookings.cancel.newTotal')} value={quote.newTotal} />
                <QuoteRow label={translate('bookings.fields.paid')} value={quote.paid} />
                {quote.refund > 0 ? (
                  <QuoteRow label={translate('bookings.cancel.refund')} value={quote.refund} strong />
                ) : null}
              </TableBody>
            </Table>
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate(quote.scope === 'booking' ? 'bookings.cancel.confirmWhole' : 'bookings.cancel.confirmPart')}
            </Alert>
          </>
        ) : (
          <>
            <RadioGroup value={scope} onChange={(event) => setScope(event.target.value as Scope)}>
              <FormControlLabel value="booking" control={<Radio />} label={translate('bookings.cancel.whole')} />
              <FormControlLabel
                value="participants"
                control={<Radio />}
                label={translate('bookings.cancel.some')}
                disabled={participants.length < 2}
              />
            </RadioGroup>
            {scope === 'participants' ? (
              <FormGroup sx={{ pl: 4 }}>
                {participants.map((participant) => (
                  <FormControlLabel
                    key={participant.nr}
                    control={
                      <Checkbox checked={chosen.includes(participant.nr)} onChange={() => toggle(participant.nr)} />
                    }
                    label={participantName(participant)}
                  />
                ))}
              </FormGroup>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('bookings.cancel.stepOneHelp')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            {translate('app.dialog.close')}
          </Button>
        ) : quote ? (
          <>
            <Button onClick={() => setQuote(null)} disabled={busy}>
              {translate('bookings.cancel.back')}
            </Button>
            <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy}>
              {translate('bookings.cancel.confirm')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {translate('app.dialog.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void askQuote()}
              disabled={busy || (scope === 'participants' && chosen.length === 0)}
            >
              {translate('bookings.cancel.quote')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function QuoteRow({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <TableRow>
      <TableCell colSpan={2} sx={strong ? { fontWeight: 'bold' } : undefined}>
        {label}
      </TableCell>
      <TableCell align="right" sx={strong ? { fontWeight: 'bold', whiteSpace: 'nowrap' } : { whiteSpace: 'nowrap' }}>
        {formatPrice(value)}
      </TableCell>
    </TableRow>
  );
}
