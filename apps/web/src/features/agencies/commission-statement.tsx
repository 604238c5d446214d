import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { CommissionLine, CommissionStatement } from '@tourdesk/contracts/agency-money.schema';
import type { BookingStatus } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { ButtonSpinner } from '../../ui/button-spinner.tsx';
import { api } from '../../lib/api-client.ts';
import { BookingStatusChip } from '../../shared/booking-status.tsx';
import { download } from '../../shared/manifest-downloads.tsx';
import { lastFullMonth, periodQuery, type Period } from './commission-period.ts';
import { formatPercent } from './commission-rates.ts';
import { PeriodPicker } from './period-picker.tsx';

const journeyOf = (line: CommissionLine) =>
  line.termincode ? `${line.journeyTitle} (${line.termincode})` : line.journeyTitle;

/** The bookings of a statement (or of a collective invoice) with travel price, rate and commission, and the totals. */
export function CommissionLines({
  lines,
  travelTotal,
  commissionTotal,
  showInvoice = true,
  label,
}: {
  lines: readonly CommissionLine[];
  travelTotal: number;
  commissionTotal: number;
  showInvoice?: boolean;
  label: string;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (phone) {
    return (
      <Stack divider={<Divider />} aria-label={label} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {lines.map((line) => (
          <Box component="li" key={line.vorgangnr} sx={{ py: 1.5 }} data-testid={`commission-line-${line.vorgangnr}`}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {line.vorgangnr} · {journeyOf(line)}
              </Typography>
              <Typography variant="subtitle2" component="p" sx={{ whiteSpace: 'nowrap' }}>
                {formatPrice(line.commission)}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {[formatDate(line.dateFrom), line.booker].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('agencies.commission.lineSummary', {
                price: formatPrice(line.travelPrice),
                rate: formatPercent(line.rate),
              })}
              {showInvoice && line.collectiveInvoiceNumber ? ` · ${line.collectiveInvoiceNumber}` : ''}
            </Typography>
          </Box>
        ))}
        <Box component="li" sx={{ py: 1.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="p">
              {translate('agencies.commission.totals')} ({formatPrice(travelTotal)})
            </Typography>
            <Typography variant="subtitle2" component="p" data-testid="commission-total" sx={{ whiteSpace: 'nowrap' }}>
              {formatPrice(commissionTotal)}
            </Typography>
          </Stack>
        </Box>
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('agencies.commission.booking')}</TableCell>
            <TableCell>{translate('agencies.commission.journey')}</TableCell>
            <TableCell>{translate('agencies.commission.departure')}</TableCell>
            <TableCell>{translate('agencies.commission.booker')}</TableCell>
            <TableCell align="right">{translate('agencies.commission.travelPrice')}</TableCell>
            <TableCell align="right">{translate('agencies.commission.rate')}</TableCell>
            <TableCell align="right">{translate('agencies.commission.commission')}</TableCell>
            {showInvoice ? <TableCell>{translate('agencies.commission.collectiveInvoice')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.vorgangnr} data-testid={`commission-line-${line.vorgangnr}`}>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <span>{line.vorgangnr}</span>
                  <BookingStatusChip status={line.status as BookingStatus} />
                </Stack>
              </TableCell>
              <TableCell>
                {line.journeyTitle}
                {line.termincode ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {line.termincode}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{formatDate(line.dateFrom)}</TableCell>
              <TableCell>{line.booker ?? ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPrice(line.travelPrice)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPercent(line.rate)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPrice(line.commission)}
              </TableCell>
              {showInvoice ? (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.collectiveInvoiceNumber ?? '–'}</TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 'bold', color: 'text.primary' }}>
              {translate('agencies.commission.totals')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold', color: 'text.primary', whiteSpace: 'nowrap' }}>
              {formatPrice(travelTotal)}
            </TableCell>
            <TableCell />
            <TableCell
              align="right"
              sx={{ fontWeight: 'bold', color: 'text.primary', whiteSpace: 'nowrap' }}
              data-testid="commission-total"
            >
              {formatPrice(commissionTotal)}
            </TableCell>
            {showInvoice ? <TableCell /> : null}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/**
 * An agency's commission statement for a period (default: the last full month): each booking departing in it with
 * travel price, rate, commission and the collective invoice that settled it, the totals, and PDF and CSV downloads.
 * The same for the agency's own users (/agencies/provision) and for staff on the agency's page.
 */
export function CommissionStatementView({ agencyId, own }: { agencyId: number; own: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [period, setPeriod] = useState<Period>(() => lastFullMonth());
  const [busy, setBusy] = useState<string | null>(null);
  const query = periodQuery(agencyId, period);
  const { data, error, isPending } = useQuery({
    queryKey: ['agency-commission', agencyId, period.from, period.to],
    queryFn: ({ signal }) => api<CommissionStatement>(`/agency-commission?${query}`, { signal }),
  });
  const fetchFile = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await download(`/agency-commission.${format}?${query}`, `Provision-${period.from}-${period.to}.${format}`);
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
          >
            <PeriodPicker idPrefix="commission-period" value={period} onChange={setPeriod} />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(['pdf', 'csv'] as const).map((format) => (
                <Button
                  key={format}
                  variant="outlined"
                  startIcon={busy === format ? <ButtonSpinner /> : <DownloadIcon />}
                  disabled={busy !== null || !data}
                  onClick={() => void fetchFile(format)}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {translate(`agencies.commission.download.${format}`)}
                </Button>
              ))}
            </Stack>
          </Stack>
          {isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={translate('ra.page.loading')} />
            </Box>
          ) : error || !data ? (
            <Alert severity="error">{translate(error instanceof Error ? error.message : 'error.unexpected')}</Alert>
          ) : data.lines.length === 0 ? (
            <Typography color="text.secondary" role="status">
              {translate(own ? 'agencies.commission.empty' : 'agencies.commission.emptyForStaff')}
            </Typography>
          ) : (
            <CommissionLines
              lines={data.lines}
              travelTotal={data.travelTotal}
              commissionTotal={data.commissionTotal}
              label={translate('agencies.commission.tableLabel', { agency: data.agencyName })}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
