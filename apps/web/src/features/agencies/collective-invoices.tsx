import { Fragment, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { CollectiveInvoice, CollectiveInvoiceDetail } from '@tourdesk/contracts/agency-money.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { INVOICE_FORMATS, type InvoiceFormat } from '@tourdesk/contracts/invoices.schema';
import { ButtonSpinner } from '../../ui/button-spinner.tsx';
import { api, HttpError } from '../../lib/api-client.ts';
import { download } from '../../shared/manifest-downloads.tsx';
import { lastFullMonth, periodRange, type Period } from './commission-period.ts';
import { CommissionLines } from './commission-statement.tsx';
import { PeriodPicker } from './period-picker.tsx';

/** The renderings by their own names (the same in every language) and their file endings. */
const FORMAT_NAMES: Record<InvoiceFormat, string> = {
  pdf: 'PDF',
  'xrechnung-cii': 'XRechnung CII',
  'xrechnung-ubl': 'XRechnung UBL',
  facturx: 'Factur-X',
};
const FORMAT_EXTENSIONS: Record<InvoiceFormat, string> = {
  pdf: 'pdf',
  'xrechnung-cii': 'xml',
  'xrechnung-ubl': 'xml',
  facturx: 'pdf',
};

const listKey = (agencyId: number) => ['bulk-invoices', agencyId];

/** The bookings one collective invoice covers (?getBySammelRechnungNr=), loaded when it is opened. */
function InvoiceBookings({ number, summary = true }: { number: string; summary?: boolean }) {
  const translate = useTranslate();
  const { data, error } = useQuery({
    queryKey: ['bulk-invoice', number],
    queryFn: () =>
      api<CollectiveInvoiceDetail>(
        `/ratio/api/bulk-invoices/?${new URLSearchParams({ getBySammelRechnungNr: number }).toString()}`,
      ),
  });
  if (error) return <Alert severity="error">{translate(error.message)}</Alert>;
  if (!data) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  return (
    <Stack spacing={1}>
      {summary ? (
        <Typography variant="body2">
          {translate('agencies.invoices.summary', {
            travel: formatPrice(data.travelTotal),
            commission: formatPrice(data.commissionTotal),
          })}
        </Typography>
      ) : null}
      <CommissionLines
        lines={data.lines}
        travelTotal={data.travelTotal}
        commissionTotal={data.commissionTotal}
        showInvoice={false}
        label={translate('agencies.invoices.bookingsOf', { number })}
      />
    </Stack>
  );
}

/** The PDF at hand, the e-invoices (XRechnung CII and UBL, Factur-X) behind one menu so a row stays one line. */
function DownloadButtons({
  invoice,
  busy,
  onDownload,
}: {
  invoice: CollectiveInvoice;
  busy: string | null;
  onDownload: (invoice: CollectiveInvoice, format: InvoiceFormat) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = (format: InvoiceFormat) =>
    translate('agencies.invoices.downloadAs', { number: invoice.number, format: FORMAT_NAMES[format] });
  const menuId = `e-invoice-menu-${invoice.id}`;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={busy === `${invoice.id}.pdf` ? <ButtonSpinner size={14} /> : <DownloadIcon />}
        disabled={busy !== null}
        onClick={() => onDownload(invoice, 'pdf')}
        aria-label={label('pdf')}
      >
        PDF
      </Button>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        disabled={busy !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        // The visible name first, then which invoice (WCAG 2.5.3, label in name).
        aria-label={`${translate('agencies.invoices.eInvoice')} ${invoice.number}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('agencies.invoices.eInvoice')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {INVOICE_FORMATS.filter((format) => format !== 'pdf').map((format) => (
          <MenuItem
            key={format}
            aria-label={label(format)}
            onClick={() => {
              setAnchor(null);
              onDownload(invoice, format);
            }}
          >
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{FORMAT_NAMES[format]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}

/** The collective invoices of the agency, newest first: number, period, bookings, totals and the four downloads. */
function InvoiceList({ invoices }: { invoices: readonly CollectiveInvoice[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [busy, setBusy] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const fetchFile = async (invoice: CollectiveInvoice, format: InvoiceFormat) => {
    setBusy(`${invoice.id}.${format}`);
    try {
      await download(`/invoices/${invoice.id}/${format}`, `${invoice.number}-${format}.${FORMAT_EXTENSIONS[format]}`);
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const toggle = (number: string) => setOpen((current) => (current === number ? null : number));
  const expandLabel = (invoice: CollectiveInvoice) =>
    translate(open === invoice.number ? 'agencies.invoices.hideBookings' : 'agencies.invoices.showBookings', {
      number: invoice.number,
    });
  const shortLabel = (invoice: CollectiveInvoice) =>
    translate(open === invoice.number ? 'agencies.invoices.hideBookingsShort' : 'agencies.invoices.showBookingsShort');
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {invoices.map((invoice) => (
          <Card component="li" variant="outlined" key={invoice.id} data-testid={`collective-invoice-${invoice.number}`}>
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="subtitle1" component="h3">
                  {invoice.number}
                </Typography>
                <Typography variant="subtitle1" component="p" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(invoice.total)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {periodRange(invoice)} ·{' '}
                {translate('agencies.invoices.bookingCount', { smart_count: invoice.bookings })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('agencies.invoices.summary', {
                  travel: formatPrice(invoice.travelTotal),
                  commission: formatPrice(invoice.commissionTotal),
                })}
              </Typography>
              <DownloadButtons invoice={invoice} busy={busy} onDownload={(i, f) => void fetchFile(i, f)} />
              <Button
                size="small"
                sx={{ mt: 1 }}
                onClick={() => toggle(invoice.number)}
                startIcon={open === invoice.number ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                aria-expanded={open === invoice.number}
                aria-label={`${shortLabel(invoice)} ${invoice.number}`}
              >
                {shortLabel(invoice)}
              </Button>
              <Collapse in={open === invoice.number} unmountOnExit>
                {/* The card already says what the invoice adds up to. */}
                <InvoiceBookings number={invoice.number} summary={false} />
              </Collapse>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('agencies.invoices.title')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{translate('agencies.invoices.number')}</TableCell>
            <TableCell>{translate('agencies.invoices.period')}</TableCell>
            <TableCell>{translate('agencies.invoices.issuedAt')}</TableCell>
            <TableCell align="right">{translate('agencies.invoices.bookings')}</TableCell>
            <TableCell align="right">{translate('agencies.invoices.total')}</TableCell>
            <TableCell>{translate('agencies.invoices.files')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <Fragment key={invoice.id}>
              <TableRow data-testid={`collective-invoice-${invoice.number}`}>
                <TableCell padding="checkbox">
                  <IconButton
                    size="small"
                    onClick={() => toggle(invoice.number)}
                    aria-expanded={open === invoice.number}
                    aria-label={expandLabel(invoice)}
                  >
                    {open === invoice.number ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  </IconButton>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{periodRange(invoice)}</TableCell>
                <TableCell>{formatDate(invoice.issuedAt)}</TableCell>
                <TableCell align="right">{invoice.bookings}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 'bold' }}>
                  {formatPrice(invoice.total)}
                </TableCell>
                <TableCell>
                  <DownloadButtons invoice={invoice} busy={busy} onDownload={(i, f) => void fetchFile(i, f)} />
                </TableCell>
              </TableRow>
              {open === invoice.number ? (
                <TableRow>
                  <TableCell colSpan={7} sx={{ bgcolor: 'action.hover' }}>
                    <InvoiceBookings number={invoice.number} />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Staff: a collective invoice over the agency's bookings of a chosen period, after a confirmation naming the
 * period. When there is nothing left to invoice (409) it says so plainly.
 */
function CreateCollectiveInvoice({ agencyId, agencyName }: { agencyId: number; agencyName: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<Period>(() => lastFullMonth());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nothing, setNothing] = useState<string | null>(null);
  const create = async () => {
    setBusy(true);
    try {
      const invoice = await api<CollectiveInvoice>('/ratio/api/bulk-invoices', {
        method: 'POST',
        body: { agencyId, from: period.from, to: period.to },
      });
      setConfirming(false);
      setNothing(null);
      await queryClient.invalidateQueries({ queryKey: listKey(agencyId) });
      await queryClient.invalidateQueries({ queryKey: ['agency-commission', agencyId] });
      notify('agencies.invoices.created', { type: 'success', messageArgs: { number: invoice.number } });
    } catch (failure) {
      setConfirming(false);
      if (failure instanceof HttpError && failure.status === 409 && failure.message === 'error.nothingToInvoice') {
        setNothing(periodRange(period));
      } else {
        notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('agencies.invoices.createTitle')}
        </Typography>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'center' } }}>
          <PeriodPicker
            idPrefix="invoice-period"
            value={period}
            onChange={(next) => {
              setPeriod(next);
              setNothing(null);
            }}
          />
          <Box>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setConfirming(true)}>
              {translate('agencies.invoices.create')}
            </Button>
          </Box>
        </Stack>
        {nothing ? (
          <Alert severity="info" sx={{ mt: 2 }} role="status" onClose={() => setNothing(null)}>
            {translate('agencies.invoices.nothingToInvoice', { period: nothing })}
          </Alert>
        ) : null}
      </CardContent>
      <Dialog open={confirming} onClose={() => !busy && setConfirming(false)} aria-labelledby="collective-confirm">
        <DialogTitle id="collective-confirm">{translate('agencies.invoices.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('agencies.invoices.confirmText', { agency: agencyName, period: periodRange(period) })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {translate('app.dialog.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void create()} disabled={busy} autoFocus>
            {translate('agencies.invoices.create')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** An agency's collective invoices with their downloads; staff who may book also create new ones. */
export function CollectiveInvoicesView({
  agencyId,
  agencyName,
  canCreate,
}: {
  agencyId: number;
  agencyName: string;
  canCreate: boolean;
}) {
  const translate = useTranslate();
  const { data, error, isPending } = useQuery({
    queryKey: listKey(agencyId),
    queryFn: ({ signal }) => api<CollectiveInvoice[]>(`/ratio/api/bulk-invoices/?getByAgency=${agencyId}`, { signal }),
  });
  return (
    <Stack spacing={2}>
      {canCreate ? <CreateCollectiveInvoice agencyId={agencyId} agencyName={agencyName} /> : null}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h3" gutterBottom>
            {translate('agencies.invoices.title')}
          </Typography>
          {isPending ? (
            <CircularProgress aria-label={translate('ra.page.loading')} />
          ) : error || !data ? (
            <Alert severity="error">{translate(error instanceof Error ? error.message : 'error.unexpected')}</Alert>
          ) : data.length === 0 ? (
            <Typography color="text.secondary" role="status">
              {translate('agencies.invoices.empty')}
            </Typography>
          ) : (
            <InvoiceList invoices={data} />
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
