import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useQueryClient } from '@tanstack/react-query';
import type { RatioParticipant, ZustiegBody } from '@tourdesk/contracts/bookings.schema';
import type { Departure, SeatMap } from '@tourdesk/contracts/departures.schema';
import type { StopDirection } from '@tourdesk/contracts/journeys.schema';
import type { SeatCell } from '@tourdesk/contracts/seat-plans.schema';
import { api } from '../../lib/api-client.ts';
import { SeatGrid } from '../../shared/seat-grid.tsx';
import { RICHTUNG_OF } from './departure-form-logic.ts';
import { departureKey, participantsKey, seatMapKey, useParticipants, useSeatMap } from './departure-queries.ts';

type Notice = { severity: 'success' | 'error'; text: string };
type Transport = SeatMap['transports'][number];

/** A participant's seat, coach (position) and stop number in one direction. */
const placeOf = (participant: RatioParticipant, direction: StopDirection) =>
  direction === 'outbound'
    ? { seat: participant.sitzhin, bus: participant.bushin, stop: participant.zustieghin }
    : { seat: participant.sitzrueck, bus: participant.busrueck, stop: participant.zustiegrueck };

/** The date's participants grouped by booking, each a button that selects who is to be moved. */
function ParticipantList({
  participants,
  direction,
  selected,
  onSelect,
}: {
  participants: RatioParticipant[];
  direction: StopDirection;
  selected: number | null;
  onSelect: (participant: RatioParticipant) => void;
}) {
  const translate = useTranslate();
  const bookings = [...new Set(participants.map((participant) => participant.vorgangnr))];
  if (participants.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('departures.seats.noParticipants')}
      </Typography>
    );
  return (
    <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
      {bookings.map((booking) => (
        <Box key={booking} component="section" aria-labelledby={`booking-${booking}`}>
          <Typography id={`booking-${booking}`} variant="overline" component="h3" color="text.secondary">
            {translate('departures.seats.booking', { nr: booking })}
          </Typography>
          <List dense disablePadding>
            {participants
              .filter((participant) => participant.vorgangnr === booking)
              .map((participant) => {
                const place = placeOf(participant, direction);
                return (
                  <ListItem key={participant.nr} disablePadding>
                    <ListItemButton
                      selected={participant.nr === selected}
                      aria-pressed={participant.nr === selected}
                      onClick={() => onSelect(participant)}
                    >
                      <ListItemText
                        primary={participant.name}
                        secondary={
                          place.seat
                            ? translate('departures.seats.onSeat', { seat: place.seat })
                            : translate('departures.seats.noSeat')
                        }
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
          </List>
        </Box>
      ))}
    </Box>
  );
}

/** One coach of the direction, in pick mode: a free seat takes the selected participant. */
function CoachSeats({
  transport,
  booking,
  selectedSeat,
  onPick,
}: {
  transport: Transport;
  booking: number | null;
  selectedSeat: string | null;
  onPick: (transport: Transport, cell: SeatCell) => void;
}) {
  const headingId = useId();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {transport.name}
        </Typography>
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <SeatGrid
            layout={transport.layout}
            blockedSeats={transport.blocked_seats}
            occupants={transport.occupants.map((occupant) => ({
              seat: occupant.seat,
              name: occupant.name,
              mine: booking !== null && occupant.id_booking === booking,
            }))}
            selected={selectedSeat ? [selectedSeat] : []}
            mode="pick"
            labelledBy={headingId}
            onCellClick={(cell) => onPick(transport, cell)}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Tab "seats": the seat map of the date per direction and coach. Choose a participant (their party's seats are
 * marked as "mine"), then click a free seat to move them there, or choose their stop; each change is one
 * PUT /ratio/api/zustiege/{booking}. A seat taken meanwhile is announced and the map reloaded.
 */
export function SeatPicker({ departure }: { departure: Departure }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const seatMap = useSeatMap(departure.nr);
  const participants = useParticipants(departure.nr);
  const [direction, setDirection] = useState<StopDirection>('outbound');
  const [selectedNr, setSelectedNr] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const stopId = useId();
  if (seatMap.isPending || participants.isPending) return <PageLoading />;
  if (seatMap.error || participants.error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate((seatMap.error ?? participants.error)?.message ?? 'error.unexpected')}
      </Alert>
    );
  const selected = participants.data.find((participant) => participant.nr === selectedNr) ?? null;
  const place = selected ? placeOf(selected, direction) : null;
  const coaches = seatMap.data.transports
    .filter((transport) => transport.direction === direction)
    .sort((a, b) => a.position - b.position);
  const stops = departure.travelStops
    .filter((stop) => stop.direction === direction)
    .sort((a, b) => a.knotenhaltnr - b.knotenhaltnr);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: seatMapKey(departure.nr) }),
      queryClient.invalidateQueries({ queryKey: participantsKey(departure.nr) }),
      queryClient.invalidateQueries({ queryKey: departureKey(departure.nr) }),
    ]);

  const change = async (participant: RatioParticipant, body: ZustiegBody, success: string) => {
    setBusy(true);
    try {
      await api(`/ratio/api/zustiege/${participant.vorgangnr}`, { method: 'PUT', body });
      setNotice({ severity: 'success', text: success });
    } catch (failure) {
      setNotice({ severity: 'error', text: translate((failure as Error).message || 'error.unexpected') });
    } finally {
      await reload();
      setBusy(false);
    }
  };

  const pick = (transport: Transport, cell: SeatCell) => {
    if (!cell.isSeat || busy) return;
    if (!selected || !place) {
      setNotice({ severity: 'error', text: translate('departures.seats.chooseFirst') });
      return;
    }
    if (place.seat === cell.txt && (place.bus ?? 1) === transport.position) return;
    void change(
      selected,
      {
        teilnehmerNr: selected.nr,
        richtung: RICHTUNG_OF[direction],
        platznummer: cell.txt,
        bus: transport.position,
        ...(place.stop ? { knotenhaltnr: place.stop } : {}),
      },
      translate('departures.seats.moved', { name: selected.name, seat: cell.txt }),
    );
  };

  const changeStop = (knotenhaltnr: number) => {
    if (!selected || !place) return;
    void change(
      selected,
      {
        teilnehmerNr: selected.nr,
        richtung: RICHTUNG_OF[direction],
        knotenhaltnr,
        ...(place.seat ? { platznummer: place.seat } : {}),
        ...(place.bus ? { bus: place.bus } : {}),
      },
      translate('departures.seats.stopChanged', { name: selected.name }),
    );
  };

  return (
    <Box sx={{ pt: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('departures.seats.participants')}
            </Typography>
            <ParticipantList
              participants={participants.data}
              direction={direction}
              selected={selectedNr}
              onSelect={(participant) => {
                setSelectedNr(participant.nr);
                setNotice(null);
              }}
            />
          </CardContent>
        </Card>
        <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={direction}
            onChange={(_event, value: StopDirection | null) => value && setDirection(value)}
            aria-label={translate('departures.seats.direction')}
          >
            <ToggleButton value="outbound">{translate('departures.directions.outbound')}</ToggleButton>
            <ToggleButton value="return">{translate('departures.directions.return')}</ToggleButton>
          </ToggleButtonGroup>
          <Box aria-live="polite">
            {notice ? (
              <Alert severity={notice.severity} onClose={() => setNotice(null)}>
                {notice.text}
              </Alert>
            ) : null}
          </Box>
          {selected && place ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Typography sx={{ flexGrow: 1 }}>
                {translate('departures.seats.selected', { name: selected.name, seat: place.seat ?? '—' })}
              </Typography>
              <TextField
                id={stopId}
                select
                size="small"
                label={translate('departures.fields.stop')}
                value={place.stop ?? ''}
                disabled={busy || stops.length === 0}
                onChange={(event) => changeStop(Number(event.target.value))}
                sx={{ minWidth: 240 }}
              >
                {stops.map((stop) => (
                  <MenuItem key={stop.id} value={stop.knotenhaltnr}>
                    {`${stop.knotenhaltnr} · ${stop.name}${stop.time ? ` (${stop.time})` : ''}`}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          ) : (
            <Typography color="text.secondary">{translate('departures.seats.chooseFirst')}</Typography>
          )}
          {coaches.length === 0 ? (
            <Typography color="text.secondary">{translate('departures.coaches.none')}</Typography>
          ) : null}
          {coaches.map((transport) => (
            <CoachSeats
              key={transport.id}
              transport={transport}
              booking={selected?.vorgangnr ?? null}
              selectedSeat={place && (place.bus ?? 1) === transport.position ? place.seat : null}
              onPick={pick}
            />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
