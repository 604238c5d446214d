import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import type { Ticket } from '@tourdesk/contracts/driver-app.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { useT } from '../../lib/mobile.tsx';
import { errorKey, useTickets } from './driver-queries.ts';
import { qrMatrix, qrPath } from './qr.ts';

/** One ticket: the QR code big, black on white in either theme (readable in sunlight), and what it is for. */
function TicketCard({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const matrix = qrMatrix(ticket.token);
  const size = matrix.length;
  const rows: Array<[string, string | null]> = [
    [t('driverApp.tickets.date'), formatDate(ticket.dateFrom)],
    [t('driverApp.tickets.coach'), ticket.coach],
    [t('driverApp.tickets.seat'), ticket.seat],
    [t('driverApp.tickets.stop'), ticket.stop ? `${ticket.stop.time ?? ''} ${ticket.stop.name}`.trim() : null],
  ];
  return (
    <Box
      component="article"
      aria-labelledby={`ticket-${ticket.participantId}`}
      sx={{ bgcolor: '#fff', color: '#000', borderRadius: 2, p: 2, border: '1px solid #000' }}
    >
      <Typography id={`ticket-${ticket.participantId}`} component="h2" variant="h5" sx={{ fontWeight: 'bold' }}>
        {ticket.name}
      </Typography>
      <Typography sx={{ mb: 1 }}>{ticket.journeyTitle}</Typography>
      <Box
        component="svg"
        role="img"
        aria-label={t('driverApp.tickets.qr', { name: ticket.name })}
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
        sx={{ display: 'block', width: '100%', maxWidth: 360, mx: 'auto', bgcolor: '#fff' }}
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={qrPath(matrix)} fill="#000" />
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
      >
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 'bold' }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0, fontSize: '1.2rem' }}>
                {value}
              </Box>
            </Box>
          ))}
      </Box>
    </Box>
  );
}

/** /appuser/tickets/{bookingId}: a QR ticket per participant of the traveller's booking (when QR tickets are on). */
function TicketsScreenContent() {
  const t = useT();
  const bookingId = Number(useParams().bookingId);
  const { data, error, isPending } = useTickets(bookingId);
  if (isPending) return <CircularProgress aria-label={t('driverApp.loading')} />;
  const missing = error && errorKey(error) === 'error.notFound';
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('driverApp.tickets.title')}
      </Typography>
      {error ? (
        <Alert severity={missing ? 'info' : 'error'}>{t(missing ? 'driverApp.tickets.none' : errorKey(error))}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('driverApp.tickets.hint')}</Typography>
          <Stack spacing={3}>
            {data.tickets.map((ticket) => (
              <TicketCard key={ticket.participantId} ticket={ticket} />
            ))}
          </Stack>
        </>
      )}
    </>
  );
}

export const TicketsScreen = TicketsScreenContent;
