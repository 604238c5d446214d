import { invoiceState } from './invoice-state.ts';
import { useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, useTranslate } from 'react-admin';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { INVOICE_FORMATS, type Invoice, type InvoiceFormat } from '@tourdesk/contracts/invoices.schema';
import { api } from '../../lib/api-client.ts';
import { download } from '../../shared/manifest-downloads.tsx';
import { INVOICE_FILE_EXTENSIONS, INVOICE_FORMAT_NAMES, invoiceFilePath } from './booking-logic.ts';
import { useInvoices, useRefreshBooking } from './booking-queries.ts';

function useRun() {
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** The issued invoices and credit notes, each with its PDF and e-invoice downloads. */
function InvoiceTable({
  invoices,
  busy,
  onDownload,
}: {
  invoices: Invoice[];
  busy: string | null;
  onDownload: (invoice: Invoice, format: InvoiceFormat) => void;
}) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('bookings.documents.invoices')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('bookings.documents.number')}</TableCell>
          <TableCell>{translate('bookings.documents.issuedAt')}</TableCell>
          <TableCell align="right">{translate('bookings.payments.amount')}</TableCell>
          <TableCell>{translate('bookings.documents.files')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id} data-testid={`invoice-${invoice.number}`}>
            <TableCell>
              {invoice.number}
              <Typography variant="caption" component="div" color="text.secondary">
                {translate(`bookings.documents.kinds.${invoice.kind}`)}
              </Typography>
            </TableCell>
            <TableCell>{formatDate(invoice.issuedAt)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatPrice(invoice.total)}
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {INVOICE_FORMATS.map((format) => (
                  <Button
                    key={format}
                    size="small"
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    disabled={busy !== null}
                    onClick={() => onDownload(invoice, format)}
                    aria-label={translate('bookings.documents.downloadInvoice', {
                      number: invoice.number,
                      format: INVOICE_FORMAT_NAMES[format],
                    })}
                  >
                    {INVOICE_FORMAT_NAMES[format]}
                  </Button>
                ))}
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Mailing chosen documents to the booker (with the XRechnung if wanted). */
function MailDocuments({ booking, invoices }: { booking: Booking; invoices: Invoice[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshBooking(booking.id);
  const { busy, run } = useRun();
  const [confirmation, setConfirmation] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const [eInvoice, setEInvoice] = useState(false);
  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  const send = () =>
    run('mail', async () => {
      await api(`/ratio_vorgang/${booking.id}/documents/mail`, {
        method: 'POST',
        body: { confirmation, invoices: chosen, eInvoice },
      });
      await refresh();
      notify('bookings.notifications.documentsMailed', {
        type: 'info',
        messageArgs: { to: booking.buchender?.email ?? '' },
      });
    });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h3">
          {translate('bookings.documents.mailTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {booking.buchender?.email
            ? translate('bookings.documents.mailTo', { to: booking.buchender.email })
            : translate('error.bookingNoEmail')}
        </Typography>
        <FormGroup>
          <FormControlLabel
            control={<Checkbox checked={confirmation} onChange={(event) => setConfirmation(event.target.checked)} />}
            label={translate('bookings.documents.confirmation')}
          />
          {invoices.map((invoice) => (
            <FormControlLabel
              key={invoice.id}
              control={<Checkbox checked={chosen.includes(invoice.id)} onChange={() => toggle(invoice.id)} />}
              label={`${translate(`bookings.documents.kinds.${invoice.kind}`)} ${invoice.number}`}
            />
          ))}
          {invoices.length > 0 ? (
            <FormControlLabel
              control={<Checkbox checked={eInvoice} onChange={(event) => setEInvoice(event.target.checked)} />}
              label={translate('bookings.documents.withEInvoice')}
            />
          ) : null}
        </FormGroup>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          sx={{ mt: 1 }}
          disabled={busy !== null || (!confirmation && chosen.length === 0)}
          onClick={() => void send()}
        >
          {translate('bookings.documents.send')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Confirmation PDF, issuing the invoice, the invoice list with PDF / XRechnung / Factur-X, mailing documents. */
export function BookingDocumentsTab({ booking, canUpdate }: { booking: Booking; canUpdate: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshBooking(booking.id);
  const { data: invoices = [], error } = useInvoices(booking.id);
  const { busy, run } = useRun();
  const confirmationPdf = () =>
    run('confirmation', () =>
      download(`/ratio_vorgang/${booking.id}/documents/confirmation.pdf`, `Reisebestaetigung-${booking.vorgangnr}.pdf`),
    );
  const issue = () =>
    run('issue', async () => {
      const invoice = await api<Invoice>(`/ratio_vorgang/${booking.id}/invoices`, { method: 'POST', body: {} });
      await refresh();
      notify('bookings.notifications.invoiceIssued', { type: 'info', messageArgs: { number: invoice.number } });
    });
  const invoiceFile = (invoice: Invoice, format: InvoiceFormat) =>
    void run(`${invoice.id}.${format}`, () =>
      download(invoiceFilePath(invoice.id, format), `${invoice.number}-${format}.${INVOICE_FILE_EXTENSIONS[format]}`),
    );
  const invoicing = invoiceState(invoices, booking.price);
  // A current invoice cannot be issued again; after a change the new one replaces it.
  const mayIssue = canUpdate && booking.status !== 'draft' && booking.status !== 'cancelled' && invoicing !== 'current';
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h3" gutterBottom>
            {translate('bookings.documents.title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={busy !== null}
              onClick={() => void confirmationPdf()}
            >
              {translate('bookings.documents.confirmationPdf')}
            </Button>
            {mayIssue ? (
              <Button
                variant="outlined"
                startIcon={<ReceiptIcon />}
                disabled={busy !== null}
                onClick={() => void issue()}
              >
                {translate(
                  invoicing === 'outdated' ? 'bookings.documents.reissueInvoice' : 'bookings.documents.issueInvoice',
                )}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <TableContainer component={Card}>
        <Typography variant="h6" component="h3" sx={{ px: 2, pt: 2 }}>
          {translate('bookings.documents.invoices')}
        </Typography>
        {error ? (
          <Typography role="alert" color="error" sx={{ px: 2, pb: 2 }}>
            {translate(error instanceof Error ? error.message : 'error.unexpected')}
          </Typography>
        ) : invoices.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {translate('bookings.documents.noInvoices')}
          </Typography>
        ) : (
          <InvoiceTable invoices={invoices} busy={busy} onDownload={invoiceFile} />
        )}
      </TableContainer>
      {canUpdate ? <MailDocuments booking={booking} invoices={invoices} /> : null}
    </Stack>
  );
}
