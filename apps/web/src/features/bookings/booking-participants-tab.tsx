import {
  Button,
  Card,
  Chip,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { TravelStop } from '@tourdesk/contracts/departures.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { participantName } from './booking-logic.ts';
import { useBookingDeparture } from './booking-queries.ts';

/** The participants with their personal data; a participant cancelled on their own is marked. */
export function BookingParticipantsTab({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  const column = (name: string) => translate(`bookings.participant.${name}`);
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label={translate('bookings.tabs.participants')}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{column('name')}</TableCell>
            <TableCell>{column('birthday')}</TableCell>
            <TableCell>{column('nation')}</TableCell>
            <TableCell>{column('contact')}</TableCell>
            <TableCell>{column('insurance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {booking.teilnehmer.map((participant) => (
            <TableRow key={participant.nr} data-testid={`participant-${participant.nr}`}>
              <TableCell>{participant.position}</TableCell>
              <TableCell>
                {[participant.anrede, participantName(participant)].filter(Boolean).join(' ')}
                {participant.cancelledAt ? (
                  <Chip
                    size="small"
                    color="error"
                    variant="outlined"
                    sx={{ ml: 1 }}
                    label={translate('bookings.participant.cancelled')}
                  />
                ) : null}
              </TableCell>
              <TableCell>{formatDate(participant.geburtstag)}</TableCell>
              <TableCell>{participant.nation}</TableCell>
              <TableCell>
                {participant.telefon ? (
                  <MuiLink href={`tel:${participant.telefon.replace(/[^\d+]/g, '')}`}>{participant.telefon}</MuiLink>
                ) : null}
                {participant.telefon && participant.email ? <br /> : null}
                {participant.email ? <MuiLink href={`mailto:${participant.email}`}>{participant.email}</MuiLink> : null}
              </TableCell>
              <TableCell>{participant.insurance ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const stopText = (stops: readonly TravelStop[], nr: number | null) => {
  if (nr === null) return '';
  const stop = stops.find((candidate) => candidate.knotenhaltnr === nr);
  return stop ? `${stop.name}${stop.time ? ` (${stop.time.slice(0, 5)})` : ''}` : `#${nr}`;
};

/** Each participant's travel stop and seat per direction; seats are changed in the departure's seat picker. */
export function BookingSeatsTab({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  const mayReadTrips = useHasAnyPermission(['internet-read']);
  const { data: departure } = useBookingDeparture(booking.termin, mayReadTrips);
  const stops = departure?.travelStops ?? [];
  const column = (name: string) => translate(`bookings.participant.${name}`);
  return (
    <>
      <TableContainer component={Card}>
        <Table size="small" aria-label={translate('bookings.tabs.seats')}>
          <TableHead>
            <TableRow>
              <TableCell>{column('name')}</TableCell>
              <TableCell>{column('stopOut')}</TableCell>
              <TableCell>{column('seatOut')}</TableCell>
              <TableCell>{column('stopBack')}</TableCell>
              <TableCell>{column('seatBack')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {booking.teilnehmer.map((participant) => (
              <TableRow key={participant.nr}>
                <TableCell>{participantName(participant)}</TableCell>
                <TableCell>{stopText(stops, participant.zustieghin)}</TableCell>
                <TableCell>{participant.sitzhin ?? ''}</TableCell>
                <TableCell>{stopText(stops, participant.zustiegrueck)}</TableCell>
                <TableCell>{participant.sitzrueck ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {mayReadTrips && booking.status !== 'cancelled' ? (
        <Button
          component={Link}
          to={`/internet/journeys/${booking.id_jrn_journey}/dates/${booking.termin}/seats`}
          startIcon={<EventSeatIcon />}
          sx={{ mt: 2 }}
        >
          {translate('bookings.detail.seatPicker')}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('bookings.detail.seatsReadOnly')}
        </Typography>
      )}
    </>
  );
}
