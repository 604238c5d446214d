import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  CircularProgress,
  Divider,
  List,
  ListItem,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '@tourdesk/contracts/format';
import type { MenuInvoice } from '@tourdesk/contracts/travel-menu.schema';
import { api } from '../../lib/api-client.ts';
import { useT } from '../../lib/mobile.tsx';
import { euro } from './money.ts';

/**
 * /appuser/Consumption (+ /{bookingId}): what the traveller and their fellow travellers of the booking consumed
 * on board, and the bill with its VAT (spec §7 GET /journey/menu-invoice).
 */
function ConsumptionScreen() {
  const t = useT();
  const { id } = useParams();
  const query = useQuery({
    queryKey: ['menu-invoice', id ?? 'current'],
    queryFn: () => api<MenuInvoice>(`/journey/menu-invoice${id ? `?bookingId=${id}` : ''}`),
  });
  return (
    <Box>
      <Typography component="h1" variant="h5">
        {t('consumption.title')}
      </Typography>
      {query.isPending ? <CircularProgress aria-label={t('travelMenu.loading')} /> : null}
      {query.isError ? <Alert severity="error">{t('consumption.loadFailed')}</Alert> : null}
      {query.data ? <Bill invoice={query.data} /> : null}
    </Box>
  );
}

function Bill({ invoice }: { invoice: MenuInvoice }) {
  const t = useT();
  return (
    <>
      {invoice.journeyTitle ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {invoice.journeyTitle}
        </Typography>
      ) : null}
      {invoice.participants.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('consumption.empty')}
        </Alert>
      ) : null}
      {invoice.participants.map((participant) => (
        <Box component="section" key={participant.participantId} sx={{ mb: 3 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {participant.name}
          </Typography>
          <Paper variant="outlined">
            <List disablePadding aria-label={participant.name}>
              {participant.lines.map((line, index) => (
                <ListItem key={line.id} divider={index < participant.lines.length - 1}>
                  <ListItemText
                    primary={`${line.quantity} × ${line.name}`}
                    secondary={`${formatDateTime(line.createdAt)} · ${t('consumption.each', { price: euro(line.unitPrice) })}`}
                  />
                  <Typography sx={{ ml: 2, whiteSpace: 'nowrap' }}>{euro(line.total)}</Typography>
                </ListItem>
              ))}
            </List>
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 2, py: 1 }}>
              <Typography>{t('consumption.subtotal')}</Typography>
              <Typography sx={{ fontWeight: 500 }}>{euro(participant.total)}</Typography>
            </Box>
          </Paper>
        </Box>
      ))}
      {invoice.participants.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
            <Typography component="h2" variant="h6">
              {t('consumption.total')}
            </Typography>
            <Typography variant="h6" data-testid="consumption-total">
              {euro(invoice.total)}
            </Typography>
          </Box>
          <Table size="small" aria-label={t('consumption.vatTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('consumption.vatRate')}</TableCell>
                <TableCell align="right">{t('consumption.net')}</TableCell>
                <TableCell align="right">{t('consumption.vat')}</TableCell>
                <TableCell align="right">{t('consumption.gross')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.vat.map((line) => (
                <TableRow key={line.rate}>
                  <TableCell>{`${line.rate} %`}</TableCell>
                  <TableCell align="right">{euro(line.net)}</TableCell>
                  <TableCell align="right">{euro(line.vat)}</TableCell>
                  <TableCell align="right">{euro(line.gross)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('consumption.payNote')}
          </Typography>
        </Paper>
      ) : null}
    </>
  );
}

export const ConsumptionPage = ConsumptionScreen;
